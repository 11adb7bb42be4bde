import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../routes';

/**
 * the header's search box (docs/search.md): Enter opens /app/search?q=. On a phone it sits in a row the header's
 * search button opens (PhoneSearch): `onClose` is then called after a search and on Escape, and the box takes the focus.
 */
export function HeaderSearch(props: { onClose?: () => void; id?: string } = {}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const { onClose } = props;
  useEffect(() => {
    if (onClose) input.current?.focus();
  }, [onClose]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = q.trim();
    if (!text) return;
    navigate(`${ROUTES.search}?${new URLSearchParams({ q: text }).toString()}`);
    onClose?.();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && onClose) {
      e.preventDefault();
      onClose();
    }
  };
  return (
    <form className="header-search" role="search" onSubmit={submit} onKeyDown={onKeyDown} id={props.id} data-testid="header-search">
      <i className="pi pi-search header-search__icon" aria-hidden="true" />
      <input
        ref={input}
        type="search"
        className="header-search__input p-inputtext p-component"
        value={q}
        maxLength={200}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('header.search')}
        aria-label={t('header.search')}
        data-testid="header-search-input"
      />
    </form>
  );
}

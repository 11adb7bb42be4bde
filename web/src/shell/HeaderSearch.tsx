import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../routes';

/** the header's search box (docs/search.md): Enter opens /app/search?q= */
export function HeaderSearch() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = q.trim();
    if (!text) return;
    navigate(`${ROUTES.search}?${new URLSearchParams({ q: text }).toString()}`);
  };
  return (
    <form className="header-search" role="search" onSubmit={submit} data-testid="header-search">
      <i className="pi pi-search header-search__icon" aria-hidden="true" />
      <input
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

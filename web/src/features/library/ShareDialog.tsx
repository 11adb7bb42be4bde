import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { notify } from '../../api/notify';
import type { SharedWith } from '../../api/library';
import type { Ref } from '../../api/users';
import { ErrorState } from '../../components/ErrorState';
import { formatDateTime } from '../../lib/dates';
import { useUserOptions } from '../organization/pickers';

/**
 * Share a file or folder with people of the organization; lists who already has it. The server takes the whole
 * list, so the people it had stay in what is sent.
 */
export function ShareDialog(props: {
  name: string | null;
  onHide(): void;
  /** who it is shared with now */
  load(): Promise<SharedWith[]>;
  /** the new list of who it is shared with; answers the server's message */
  save(users: { user_id: number; can_edit: boolean; expires_at?: string }[]): Promise<string | null>;
  onSaved?(): void;
}) {
  const { t, i18n } = useTranslation('library');
  const visible = props.name !== null;
  const users = useUserOptions(visible);
  const [current, setCurrent] = useState<SharedWith[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [picked, setPicked] = useState<number[]>([]);
  /** the last day of access for the people picked now (YYYY-MM-DD, to the end of that day); empty: until removed */
  const [until, setUntil] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!visible) return;
    setPicked([]);
    setUntil('');
    setError(null);
    setCurrent(null);
    setLoadError(null);
    props.load().then(setCurrent, setLoadError);
    // load is a new function on each render of the page; the dialog reloads when it opens for another item
  }, [visible, props.name]);

  const submit = async () => {
    if (picked.length === 0) {
      setError(t('shareRequired'));
      return;
    }
    setBusy(true);
    try {
      // the people it had keep their permission and expiry; the server decides whether an expiry is valid
      const keep = (current ?? []).map((c) => ({ user_id: c.user_id, can_edit: c.can_edit, ...(c.expires_at ? { expires_at: c.expires_at } : {}) }));
      const expires = until ? { expires_at: `${until} 23:59:59` } : {};
      const message = await props.save([...keep, ...picked.map((user_id) => ({ user_id, can_edit: false, ...expires }))]);
      // the toast names who now has the file (it said only "Shared.")
      const names = picked.map((id) => users.data?.find((u) => u.id === id)?.name).filter((n): n is string => !!n);
      notify('success', message ?? t('shared'), names.length ? t('sharedNames', { item: props.name ?? '', names: names.join(', '), count: names.length }) : undefined);
      props.onSaved?.();
      props.onHide();
    } catch (e) {
      // the request layer has shown the catalogue's toast; the dialog stays open to try again
      console.warn('share', e);
    } finally {
      setBusy(false);
    }
  };

  const options = (users.data ?? []).filter((u) => !current?.some((c) => c.user_id === u.id));
  return (
    <Dialog header={t('shareTitle', { name: props.name ?? '' })} visible={visible} onHide={props.onHide} style={{ width: 480 }} data-testid="share-dialog">
      <label htmlFor="share-users" className="field-label">
        {t('shareWith')}
      </label>
      <MultiSelect
        inputId="share-users"
        value={picked}
        options={options}
        optionLabel="name"
        optionValue="id"
        filter
        display="chip"
        className="w-full"
        placeholder={t('sharePlaceholder')}
        onChange={(e) => {
          setPicked(e.value as number[]);
          setError(null);
        }}
        itemTemplate={(o: Ref) => <span data-testid={`share-option-${o.id}`}>{o.name}</span>}
        data-testid="share-users"
      />
      {error && (
        <small className="p-error" data-testid="share-users-error">
          {error}
        </small>
      )}
      <label htmlFor="share-until" className="field-label">
        {t('shareUntil')}
      </label>
      <InputText id="share-until" type="date" value={until} onChange={(e) => setUntil(e.target.value)} className="w-full" aria-describedby="share-until-help" data-testid="share-until" />
      <small id="share-until-help" className="muted block">
        {t('shareUntilHelp')}
      </small>
      <h4>{t('sharedWith')}</h4>
      {loadError ? (
        <ErrorState error={loadError} compact />
      ) : current === null ? null : current.length === 0 ? (
        <p className="empty-state__text" data-testid="share-none">
          {t('sharedWithNobody')}
        </p>
      ) : (
        <ul className="share-current" data-testid="share-current">
          {current.map((u) => (
            <li key={u.user_id}>
              <Tag value={u.expires_at ? t('sharedUntil', { name: u.name, date: formatDateTime(u.expires_at, i18n.language) }) : u.name} rounded data-testid={`share-current-${u.user_id}`} />
            </li>
          ))}
        </ul>
      )}
      <div className="pdf-note-actions">
        <Button type="button" text label={t('cancel')} onClick={props.onHide} />
        <Button type="button" icon="pi pi-share-alt" label={t('share')} loading={busy} onClick={() => void submit()} data-testid="share-submit" />
      </div>
    </Dialog>
  );
}

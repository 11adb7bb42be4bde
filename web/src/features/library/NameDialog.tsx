import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';

/** New folder and rename: one required name (folder name and file name are required). */
export function NameDialog(props: { open: boolean; title: string; label: string; initial?: string; onHide(): void; onSubmit(name: string): Promise<void>; testId: string }) {
  const { t } = useTranslation('library');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (props.open) {
      setName(props.initial ?? '');
      setError(null);
    }
  }, [props.open, props.initial]);

  const submit = async () => {
    if (!name.trim()) {
      setError(t('nameRequired'));
      return;
    }
    setBusy(true);
    try {
      await props.onSubmit(name.trim());
    } catch (e) {
      // a field error of the answer is shown under the input; the catalogue toast has been shown already
      if (e instanceof ApiError) setError(e.fieldErrors.name ?? Object.values(e.fieldErrors)[0] ?? null);
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog header={props.title} visible={props.open} onHide={props.onHide} style={{ width: 420 }} data-testid={props.testId}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={`${props.testId}-name`} className="field-label">
          {props.label}
        </label>
        <InputText id={`${props.testId}-name`} value={name} onChange={(e) => setName(e.target.value)} className={`w-full${error ? ' p-invalid' : ''}`} autoFocus data-testid={`${props.testId}-name`} />
        {error && (
          <small className="p-error" data-testid={`${props.testId}-name-error`}>
            {error}
          </small>
        )}
        <div className="pdf-note-actions">
          <Button type="button" text label={t('cancel')} onClick={props.onHide} />
          <Button type="submit" label={t('save')} loading={busy} data-testid={`${props.testId}-submit`} />
        </div>
      </form>
    </Dialog>
  );
}

import { Routes } from '@app/contracts';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCommand } from '../../../api/client';
import type { LibraryItem } from '../../../api/library';
import { notify } from '../../../api/notify';
import { useMessage } from '../../../i18n';
import { LibraryPicker } from '../../library/LibraryPicker';
import { alertText } from '../details/Dialogs';

/**
 * The upload-minutes control (docs/minutes.md#the-web): a PDF chosen in the library picker becomes the next minutes
 * version (POST /api/meetings/{id}/upload_mom {id, library_id}). A refusal shows the closable alert titled with the
 * meetings error label. The card offers it to who may (`permissions.upload`) on local and test hosts.
 */
export function UploadMinutes(props: { meetingId: number; onUploaded(): void }) {
  const { t } = useTranslation('minutes');
  const { t: tm } = useTranslation('meeting');
  const m = useMessage();
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (files: LibraryItem[]) => {
    const file = files[0];
    setPicking(false);
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const r = await apiCommand(Routes.uploadMinutes, { params: { id: props.meetingId }, body: { id: props.meetingId, library_id: file.id } });
      notify('success', r.message ?? t('uploaded'));
      props.onUploaded();
    } catch (e) {
      // a refused file names the reason in its field error ('Choose only pdf'); anything else as the meeting page shows it
      const fields = Object.values((e as { fieldErrors?: Record<string, string> }).fieldErrors ?? {});
      setError(fields[0] ?? (alertText(e) || t('failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button type="button" icon="pi pi-upload" label={t('upload')} outlined loading={busy} disabled={busy} onClick={() => setPicking(true)} data-testid="minutes-upload" />
      {error && (
        <div className="closable-alert" role="alert" data-testid="minutes-upload-error">
          <Message severity="error" text={`${tm('error')}: ${m(error)}`} />
          <Button type="button" icon="pi pi-times" text rounded size="small" aria-label={tm('close')} onClick={() => setError(null)} data-testid="minutes-upload-error-close" />
        </div>
      )}
      {picking && <LibraryPicker visible={picking} onHide={() => setPicking(false)} onPick={(files) => void upload(files)} pdfOnly multiple={false} />}
    </>
  );
}

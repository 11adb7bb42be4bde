import type { Attachment } from '@app/contracts';
import { Button } from 'primereact/button';
import { Chip } from 'primereact/chip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileChip } from '../../library/FileChip';
import { fileKind, KIND_ICON, viewerPath } from '../../library/file-kinds';
import { LibraryPicker } from '../../library/LibraryPicker';

/** a file on an item being edited: its library id and name, and its type when the picker gave it */
export type AttachmentChip = Pick<Attachment, 'library_id' | 'name'> & { type?: string | null };

/** the icon classes of a file's kind (pdf, word, excel, powerpoint, audio, e-mail, text): by its type, else by its name */
export function attachmentIcon(a: { name?: string | null; type?: string | null }): string {
  const kind = fileKind(a.type ?? null, a.name ?? '');
  return `${KIND_ICON[kind]} file-icon file-icon--${kind}`;
}

/**
 * An item's files as removable chips with the icon of their kind, and the library picker to add more (talking
 * points, sub-points, decisions, actions). `pdfOnly`: decisions and actions take PDFs only — the picker refuses
 * other files ('Choose only pdf'), and the server checks again. `canAdd` false (the item's `can_add_attachments`: a
 * decision after its deadline, a locked action): the files are listed without the picker and cannot be removed.
 */
export function AttachmentChips(props: { items: AttachmentChip[]; onChange(v: AttachmentChip[]): void; testId: string; pdfOnly?: boolean; canAdd?: boolean }) {
  const canAdd = props.canAdd !== false;
  const { t } = useTranslation('meeting');
  const [picking, setPicking] = useState(false);
  const add = (files: { id: number; name: string; type?: string | null }[]) => {
    const known = new Set(props.items.map((a) => a.library_id));
    props.onChange([...props.items, ...files.filter((f) => !known.has(f.id)).map((f) => ({ library_id: f.id, name: f.name, type: f.type ?? null }))]);
    setPicking(false);
  };
  return (
    <div className="attachment-chips" data-testid={props.testId}>
      {canAdd && <Button type="button" size="small" text icon="pi pi-paperclip" label={t('tp.addFiles')} onClick={() => setPicking(true)} data-testid={`${props.testId}-add`} />}
      {canAdd && <LibraryPicker visible={picking} onHide={() => setPicking(false)} onPick={add} pdfOnly={props.pdfOnly} />}
      {props.items.map((a) => (
        <Chip
          key={a.library_id}
          label={a.name ?? String(a.library_id)}
          icon={attachmentIcon(a)}
          removable={canAdd}
          onRemove={() => {
            props.onChange(props.items.filter((x) => x.library_id !== a.library_id));
            return true;
          }}
        />
      ))}
    </div>
  );
}

/** where an attached file opens: its viewer, within the meeting, with a guest's token */
export function attachmentPath(a: Pick<Attachment, 'library_id' | 'name'> & { library?: { name: string | null } }, meetingId: number | null, guestToken?: string): string {
  const name = a.name ?? a.library?.name ?? '';
  const path = viewerPath(fileKind(null, name), a.library_id, { meetingId, name }) ?? '';
  return guestToken ? `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(guestToken)}` : path;
}

/** Only PDFs are presented live (the presentation renders a PDF's pages as slides). */
export function isPresentable(a: Pick<Attachment, 'name'> & { library?: { name: string | null } }): boolean {
  return fileKind(null, a.name ?? a.library?.name ?? '') === 'pdf';
}

/** An item's files as chips (type icon, name, size) that open the file in its viewer. */
export function AttachmentLinks(props: { items: Attachment[]; meetingId: number | null; guestToken?: string; testId?: string }) {
  if (!props.items.length) return null;
  return (
    <div className="attachment-chips" data-testid={props.testId ?? 'attachment-links'}>
      {props.items.map((a) => (
        <FileChip key={a.id} name={a.name ?? a.library.name ?? String(a.library_id)} type={null} size={a.size ?? a.library.size} to={attachmentPath(a, props.meetingId, props.guestToken)} testId="attachment-link" />
      ))}
    </div>
  );
}

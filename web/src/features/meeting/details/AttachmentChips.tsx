import type { Attachment } from '@app/contracts';
import { Button } from 'primereact/button';
import { Chip } from 'primereact/chip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LibraryPicker } from '../../library/LibraryPicker';

export type AttachmentChip = Pick<Attachment, 'library_id' | 'name'>;

/**
 * An item's files as removable chips, and the library picker to add more (talking points, sub-points, decisions,
 * actions). `pdfOnly`: decisions and actions take PDFs only — the picker refuses other files ('Choose only pdf'),
 * and the server checks again. `canAdd` false (the item's `can_add_attachments`: a decision after its deadline, a
 * locked action): the files are listed without the picker and cannot be removed.
 */
export function AttachmentChips(props: { items: AttachmentChip[]; onChange(v: AttachmentChip[]): void; testId: string; pdfOnly?: boolean; canAdd?: boolean }) {
  const canAdd = props.canAdd !== false;
  const { t } = useTranslation('meeting');
  const [picking, setPicking] = useState(false);
  const add = (files: { id: number; name: string }[]) => {
    const known = new Set(props.items.map((a) => a.library_id));
    props.onChange([...props.items, ...files.filter((f) => !known.has(f.id)).map((f) => ({ library_id: f.id, name: f.name }))]);
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
          icon="pi pi-file-pdf"
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

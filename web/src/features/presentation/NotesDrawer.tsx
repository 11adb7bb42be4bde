import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { InputTextarea } from 'primereact/inputtextarea';
import { Sidebar } from 'primereact/sidebar';
import { useTranslation } from 'react-i18next';
import { addPresentationNote, deletePresentationNote, listPresentationNotes } from '../../api/presentation';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { useApi } from '../../hooks/use-api';

/** The notes drawer (550): the notes of the slide shown, mine and the public ones; add (text required) and delete mine. */
export function NotesDrawer(p: { visible: boolean; onHide(): void; meetingId: number; fileId: number; slide: number; rtl: boolean }) {
  const { t } = useTranslation('presentation');
  const notes = useApi(p.visible ? 'presentation-notes' : null, [p.meetingId, p.fileId], () => listPresentationNotes(p.meetingId, p.fileId));
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(true);
  const [sending, setSending] = useState(false);
  const onSlide = (notes.data ?? []).filter((n) => n.slide_id === p.slide);

  const add = async () => {
    if (!text.trim() || sending) return;
    setSending(true);
    try {
      await addPresentationNote({ id: p.fileId, meeting_id: p.meetingId, annotation: text.trim(), is_private: isPrivate ? 1 : 0, type: 'note', slide_id: p.slide });
      setText('');
      await notes.mutate();
    } catch (e) {
      // the request layer has shown the message; the text stays for another try
      console.warn('presentation: note not saved', e);
    } finally {
      setSending(false);
    }
  };
  const remove = async (id: number) => {
    await deletePresentationNote(id);
    await notes.mutate();
  };

  return (
    <Sidebar visible={p.visible} onHide={p.onHide} position={p.rtl ? 'left' : 'right'} style={{ width: 550 }} header={t('notes.title', { slide: p.slide + 1 })} data-testid="notes-drawer">
      <div className="notes-drawer__form">
        <InputTextarea value={text} onChange={(e) => setText(e.target.value)} rows={3} autoResize maxLength={5000} placeholder={t('notes.placeholder')} data-testid="note-text" style={{ width: '100%', maxHeight: '7.5em' }} />
        <div className="notes-drawer__row">
          <label className="notes-drawer__private">
            <InputSwitch checked={isPrivate} onChange={(e) => setPrivate(!!e.value)} data-testid="note-private" />
            <span>{isPrivate ? t('notes.private') : t('notes.public')}</span>
          </label>
          <Button type="button" label={t('notes.add')} icon="pi pi-plus" size="small" disabled={!text.trim() || sending} loading={sending} onClick={() => void add()} data-testid="note-add" />
        </div>
      </div>
      {notes.error ? (
        <ErrorState error={notes.error} onRetry={() => void notes.mutate()} compact />
      ) : !notes.data ? (
        <Loading />
      ) : onSlide.length === 0 ? (
        <EmptyState icon="pi pi-comment" title={t('notes.empty')} description={t('notes.emptyText')} compact testId="notes-empty" />
      ) : (
        <ul className="notes-drawer__list" data-testid="notes-list">
          {onSlide.map((n) => (
            <li key={n.id} className="notes-drawer__note" data-testid="note">
              <div className="notes-drawer__meta">
                <strong>{n.user.name ?? ''}</strong> · <span>{n.created_at}</span> · <i className={n.is_private ? 'pi pi-lock' : 'pi pi-users'} title={n.is_private ? t('notes.private') : t('notes.public')} />
              </div>
              <p>{n.annotation}</p>
              {n.mine && <Button type="button" icon="pi pi-trash" text size="small" severity="danger" aria-label={t('notes.delete')} onClick={() => void remove(n.id)} data-testid="note-delete" />}
            </li>
          ))}
        </ul>
      )}
    </Sidebar>
  );
}

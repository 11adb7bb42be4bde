import { Routes, type BookState, type MeetingDetails } from '@app/contracts';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { notify } from '../../../api/notify';
import { saveBlob } from '../../../lib/download';
import { ROUTES } from '../../../routes';
import { copyDate } from '../../offline/keys';
import { makeOffline, removeOffline } from '../../offline/offline-book';
import { offlineSupported, type OfflineCopy } from '../../offline/store';
import { useOfflineCopy } from '../../offline/use-offline';
import { BookChangesList } from './BookChanges';
import { BookSummary } from './BookSummary';

const working = (b: BookState | null) => !!b && (b.status === 'queued' || b.status === 'merging');

/** the viewer's address for a merged book (the spec's /doc-view?doc=&id=&e=0, with the meeting for its members) */
export function bookViewerHref(b: Pick<BookState, 'agenda_merged_file' | 'library_id'>, meetingId: number): string {
  const q = new URLSearchParams({ doc: b.agenda_merged_file ?? '', id: String(b.library_id ?? ''), e: '0', meeting_id: String(meetingId) });
  return `${ROUTES.docView}?${q.toString()}`;
}

/**
 * The offline copy's part of the card: "Make available offline" once the book is made, then the copy's date and
 * "Remove offline copy" (docs/minutes.md#offline-board-book).
 */
export function OfflineBookActions(props: { meetingId: number; book: BookState | null; copy: OfflineCopy | null | undefined }) {
  const { t } = useTranslation('minutes');
  const [busy, setBusy] = useState(false);
  if (!offlineSupported() || props.copy === undefined) return null;
  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      notify('success', done);
    } catch (e) {
      console.error('offline copy', e);
      notify('error', t('offline.failed'));
    } finally {
      setBusy(false);
    }
  };
  if (props.copy)
    return (
      <div className="create-buttons" data-testid="book-offline">
        <small className="muted" data-testid="book-offline-date"><i className="pi pi-check-circle" aria-hidden="true" /> {t('offline.since', { date: copyDate(props.copy.savedAt) })}</small>
        <Button type="button" icon="pi pi-trash" text severity="danger" label={t('offline.remove')} loading={busy} disabled={busy} onClick={() => void run(() => removeOffline(props.meetingId), t('offline.removed'))} data-testid="book-offline-remove" />
      </div>
    );
  const book = props.book;
  if (book?.status !== 'done' || !book.library_id) return null;
  return (
    <Button type="button" icon="pi pi-cloud-download" outlined label={t('offline.make')} loading={busy} disabled={busy} onClick={() => void run(() => makeOffline(props.meetingId, book), t('offline.made'))} data-testid="book-offline-make" />
  );
}

/**
 * The merged-agenda card: asks for the meeting's board book (made by a job when the agenda changed), shows its
 * progress, then opens it in the viewer or downloads it. The book comes from GET /api/meetings/actions/merge_files/{id}.
 */
export function BookCard(props: { meeting: MeetingDetails }) {
  const { t } = useTranslation('minutes');
  const id = props.meeting.id;
  const [book, setBook] = useState<BookState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const copy = useOfflineCopy({ meetingId: id });

  const ask = async () => {
    setError(null);
    try {
      let b = await api(Routes.mergeFiles, { params: { id } });
      setBook(b);
      while (working(b)) {
        await new Promise((r) => setTimeout(r, 1000));
        b = await api(Routes.mergeFiles, { params: { id } });
        setBook(b);
      }
      if (b.status === 'failed') setError(t('failed'));
    } catch (e) {
      setError(e instanceof Error ? e.message : t('failed'));
    }
  };
  const download = async () => {
    if (!book?.library_id) return;
    try {
      saveBlob(await api(Routes.downloadBook, { params: { docId: book.library_id } }), book.outlines_data.libraryName);
    } catch (e) {
      notify('error', e instanceof Error ? e.message : t('failed'));
    }
  };

  return (
    <section className="surface-card" id="board-book" data-testid="book-card">
      <h2 className="section-title">{t('book.title')}</h2>
      {error && <Message severity="error" text={error} data-testid="book-error" />}
      {working(book) && <ProgressBar value={book!.progress} data-testid="book-progress" />}
      {book?.status === 'done' ? (
        <div className="create-buttons">
          <small className="muted" data-testid="book-files">{t('book.files', { count: book.number_of_files_merged })}</small>
          <a className="p-button p-button-outlined" href={bookViewerHref(book, id)} target="_blank" rel="noreferrer" data-testid="book-open">{t('open')}</a>
          <Button type="button" icon="pi pi-download" outlined label={t('book.download')} onClick={() => void download()} data-testid="book-download" />
        </div>
      ) : (
        <Button type="button" icon="pi pi-book" label={t('book.make')} onClick={() => void ask()} disabled={working(book)} data-testid="book-make" />
      )}
      <OfflineBookActions meetingId={id} book={book} copy={copy} />
      <BookChangesList meetingId={id} revision={book?.status === 'done' ? book.library_id : null} />
      <BookSummary meetingId={id} revision={book?.status === 'done' ? book.library_id : null} />
    </section>
  );
}

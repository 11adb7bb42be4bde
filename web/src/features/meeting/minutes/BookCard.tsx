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

const working = (b: BookState | null) => !!b && (b.status === 'queued' || b.status === 'merging');

/** the viewer's address for a merged book (the spec's /doc-view?doc=&id=&e=0, with the meeting for its members) */
export function bookViewerHref(b: Pick<BookState, 'agenda_merged_file' | 'library_id'>, meetingId: number): string {
  const q = new URLSearchParams({ doc: b.agenda_merged_file ?? '', id: String(b.library_id ?? ''), e: '0', meeting_id: String(meetingId) });
  return `${ROUTES.docView}?${q.toString()}`;
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
      saveBlob((await api(Routes.downloadBook, { params: { docId: book.library_id } })) as unknown as Blob, book.outlines_data.libraryName);
    } catch (e) {
      notify('error', e instanceof Error ? e.message : t('failed'));
    }
  };

  return (
    <section className="surface-card" data-testid="book-card">
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
    </section>
  );
}

import { Routes, type BookSummary as BookSummaryState, type SummarySentence } from '@app/contracts';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../api/client';
import { useApi } from '../../../hooks/use-api';
import { citationHref, dirOf, summaryPolling, summaryShown, summaryWorking } from './book-summary-rules';
import './book-summary.css';

/** the summary of the meeting's board book, or null when the meeting has no book (404) */
async function fetchSummary(meetingId: number): Promise<BookSummaryState | null> {
  try {
    return await api(Routes.getBookSummary, { params: { id: meetingId }, notify: false });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

export interface BookSummaryProps {
  meetingId: number;
  /** in the book viewer: the book shown (the summary is shown only when it is of this book) and how to open one of its pages */
  book?: { libraryId: number; openPage(page: number): void };
  /** asked again every this many ms while the summary is made (tests shorten it) */
  pollMs?: number;
  /** changes when a new book was made (the meeting page's book card): the summary is asked for again */
  revision?: number | null;
}

/**
 * The board book's summary (docs/book-summary.md): each sentence with its citation (the file and page; on the
 * meeting page a link to the file's viewer at that page, in the book viewer a button to that page of the book),
 * marked machine-made, in the book's language. The whole book, then each agenda item with files. While the job
 * makes it: its progress; a meeting without a book shows nothing.
 */
export function BookSummary(props: BookSummaryProps) {
  const { t } = useTranslation('minutes');
  const s = useApi('book-summary', [props.meetingId, props.revision ?? null], () => fetchSummary(props.meetingId), {
    refreshInterval: (d) => (summaryPolling(d) ? (props.pollMs ?? 2000) : 0),
    revalidateOnFocus: false,
  });
  const data = s.data;
  if (s.error) return <Message severity="error" text={t('summary.failed')} data-testid="book-summary-error" />;
  if (!data) return null;
  if (props.book && data.book_library_id !== null && data.book_library_id !== props.book.libraryId) return null;

  const cite = (x: SummarySentence, key: string) => {
    const label = t('summary.cite', { name: x.cite.name, page: x.cite.page });
    if (props.book) {
      const open = props.book.openPage;
      return (
        <button type="button" className="book-summary__cite" onClick={() => open(x.cite.book_page)} data-testid={`book-summary-cite-${key}`}>
          <bdi>{label}</bdi>
        </button>
      );
    }
    const href = citationHref(x.cite, props.meetingId);
    return href ? (
      <a className="book-summary__cite" href={href} data-testid={`book-summary-cite-${key}`}>
        <bdi>{label}</bdi>
      </a>
    ) : (
      <span className="book-summary__cite">
        <bdi>{label}</bdi>
      </span>
    );
  };
  const list = (sentences: SummarySentence[], prefix: string, stale = false) =>
    stale ? (
      <p className="muted" data-testid={`book-summary-stale-${prefix}`}>{t('summary.staleItem')}</p>
    ) : sentences.length === 0 ? (
      <p className="muted">{t('summary.nothing')}</p>
    ) : (
      <ul className="book-summary__list" lang={data.lang} dir={dirOf(data.lang)}>
        {sentences.map((x, i) => (
          <li key={`${prefix}-${i}`} data-testid={`book-summary-sentence-${prefix}-${i}`}>
            {x.text} {cite(x, `${prefix}-${i}`)}
          </li>
        ))}
      </ul>
    );

  return (
    <section className="book-summary" aria-labelledby={`book-summary-title-${props.meetingId}`} data-testid="book-summary" data-status={data.status}>
      <div className="book-summary__head">
        <h3 id={`book-summary-title-${props.meetingId}`} className="section-title">{t('summary.title')}</h3>
        <Tag value={t('summary.machine')} severity="info" icon="pi pi-sparkles" data-testid="book-summary-machine" />
      </div>
      {summaryWorking(data) && (
        <div data-testid="book-summary-progress">
          <small className="muted">{t('summary.making')}</small>
          <ProgressBar value={data.progress} aria-label={t('summary.making')} />
        </div>
      )}
      {data.status === 'failed' && <Message severity="error" text={t('summary.failed')} data-testid="book-summary-failed" />}
      {data.stale && <Message className="book-summary__stale" severity="warn" text={t('summary.stale')} data-testid="book-summary-stale" />}
      {summaryShown(data) && (
        <>
          <small className="muted" data-testid="book-summary-method">{t(data.method === 'abstractive' ? 'summary.abstractive' : 'summary.extractive')}</small>
          {list(data.book, 'book')}
          {data.items.map((item, i) => (
            <details key={`${item.title}-${i}`} className="book-summary__item" data-testid={`book-summary-item-${i}`}>
              <summary>
                <bdi>{item.title}</bdi>
              </summary>
              {list(item.sentences, `item${i}`, !!item.stale)}
            </details>
          ))}
        </>
      )}
    </section>
  );
}

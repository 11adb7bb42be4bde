import { Routes, type BookChanges as BookChangesState } from '@app/contracts';
import { Tag } from 'primereact/tag';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../api/client';
import { useApi } from '../../../hooks/use-api';
import { changeKey, markedItems, markKey, markSeverity, type BookMark } from './book-changes-rules';
import './book-summary.css';

async function fetchChanges(meetingId: number, token?: string): Promise<BookChangesState | null> {
  try {
    return await api(Routes.getBookChanges, { params: { id: meetingId }, token, notify: false });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** what changed in the meeting's newest board book for this reader (asked again when `revision`, the book, changes); a guest reads with their link's token */
export function useBookChanges(meetingId: number | null, revision: number | null, token?: string) {
  return useApi(meetingId ? 'book-changes' : null, [meetingId, revision, token ?? null], () => fetchChanges(meetingId!, token), { revalidateOnFocus: false });
}

/**
 * What changed in the board book as the meeting page shows it: one answer for the board book card and the agenda list
 * (SWR shares it by its key); a new book made on the page (`revision`, its library id) asks again for both.
 */
export function useMeetingBookChanges(meetingId: number | null, revision: number | null = null) {
  const r = useApi(meetingId ? 'book-changes' : null, [meetingId, 'meeting'], () => fetchChanges(meetingId!), { revalidateOnFocus: false });
  const last = useRef(revision);
  const { mutate } = r;
  useEffect(() => {
    if (revision === null || last.current === revision) return;
    last.current = revision;
    void mutate();
  }, [revision, mutate]);
  return r;
}

/** The mark of an agenda item: "New", "Changed since you last opened", "Changed since the previous publication", "Removed". */
export function BookMarkTag(props: { mark: BookMark; testId?: string }) {
  const { t } = useTranslation('minutes');
  return <Tag className="book-mark" value={t(markKey[props.mark])} severity={markSeverity[props.mark]} data-testid={props.testId} data-mark={props.mark} />;
}

/**
 * The book viewer records that the reader (a guest too, by their token) opened this book (POST
 * /api/meetings/{id}/book/opened) once its changes were read, so the marks shown now are counted from it next time.
 */
export function useMarkBookOpened(meetingId: number | null, libraryId: number | null, ready: boolean, token?: string) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!meetingId || !libraryId || !ready) return;
    const key = `${meetingId}:${libraryId}`;
    if (sent.current === key) return;
    sent.current = key;
    api(Routes.markBookOpened, { params: { id: meetingId }, body: { library_id: libraryId }, token, notify: false }).catch((e) => console.error('book opened', e));
  }, [meetingId, libraryId, ready, token]);
}

/**
 * On the meeting page's board book card (docs/minutes.md#what-changed-in-the-book): the agenda items of the newest
 * book that are new, changed or removed since the book the reader last opened (or the publication before), each
 * with its mark and what changed (an attachment added, removed, at a new version; the title). Nothing when nothing
 * changed or there is nothing to compare with.
 */
export function BookChangesList(props: { meetingId: number; revision: number | null }) {
  const { t } = useTranslation('minutes');
  const c = useMeetingBookChanges(props.meetingId, props.revision);
  const items = markedItems(c.data);
  if (!items.length) return null;
  return (
    <section className="book-changes" aria-labelledby={`book-changes-title-${props.meetingId}`} data-testid="book-changes">
      <h3 id={`book-changes-title-${props.meetingId}`} className="section-title">{t('changes.title')}</h3>
      <ul className="book-changes__list">
        {items.map((i) => (
          <li key={i.key} className="book-changes__item" data-testid={`book-change-${i.key}`} data-mark={i.mark}>
            <div className="book-changes__head">
              <bdi className="book-changes__title">{i.title}</bdi>
              <BookMarkTag mark={i.mark} testId={`book-change-mark-${i.key}`} />
            </div>
            {i.status !== 'removed' && i.changes.length > 0 && (
              <ul className="book-changes__what">
                {i.changes.map((x, j) => (
                  <li key={`${x.kind}-${x.library_id ?? j}`}>
                    {t(changeKey[x.kind], { name: x.name ?? '', version: x.version ?? '', from: x.from_version ?? '', title: x.old_title ?? '' })}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

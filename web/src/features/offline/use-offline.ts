import { useEffect, useState } from 'react';
import { offlineBook, offlineCopy, onOfflineChange } from './offline-book';
import type { OfflineCopy } from './store';

/**
 * The signed-in user's offline copy of a meeting (by meeting id) or of a book (by its docId): undefined while it is
 * read, null when there is none. Read again when a copy is made or removed.
 */
export function useOfflineCopy(by: { meetingId: number } | { docId: number } | null): OfflineCopy | null | undefined {
  const [copy, setCopy] = useState<OfflineCopy | null | undefined>(undefined);
  const id = by === null ? null : 'meetingId' in by ? `m${by.meetingId}` : `d${by.docId}`;
  useEffect(() => {
    if (by === null) {
      setCopy(null);
      return undefined;
    }
    let live = true;
    const read = () =>
      ('meetingId' in by ? offlineCopy(by.meetingId) : offlineBook(by.docId))
        .then((c) => live && setCopy(c))
        .catch((e: unknown) => {
          console.warn('offline copy not read', e);
          if (live) setCopy(null);
        });
    void read();
    const off = onOfflineChange(() => void read());
    return () => {
      live = false;
      off();
    };
    // `by` is a new object on each render; its id says what to read
  }, [id]);
  return copy;
}

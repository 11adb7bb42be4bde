/**
 * The offline copies in the browser's IndexedDB (docs/minutes.md#offline-board-book): one record per (user, meeting)
 * with the board book's bytes, its outline and the meeting's agenda as GET /api/meetings/{id} answered it.
 * IndexedDB rather than Cache Storage: a copy is structured (the agenda, the outline, the owner, the date) and
 * found by owner and by book id, and the PDF is kept as bytes beside them.
 */
import type { MeetingDetails, OutlineEntry } from '@app/contracts';
import { copyKey } from './keys';

export const OFFLINE_DB = 'board-offline';
const VERSION = 1;
const BOOKS = 'books';

export interface OfflineCopy {
  /** copyKey(owner, meetingId) */
  key: string;
  owner: string;
  meetingId: number;
  /** the book's library id (its docId) */
  docId: number;
  /** ISO instant the copy was made */
  savedAt: string;
  /** outlines_data.libraryName */
  name: string;
  /** outlines_data.entries */
  entries: OutlineEntry[];
  meeting: MeetingDetails;
  pdf: ArrayBuffer;
}

/** the copy without its bytes (lists, the card's state) */
export type OfflineCopyInfo = Omit<OfflineCopy, 'pdf' | 'meeting'>;
/** a copy as the offline list of meetings shows it */
export type OfflineMeeting = OfflineCopyInfo & { title: string; start_date: MeetingDetails['start_date']; committee: string | null };

export function offlineSupported(): boolean {
  return typeof indexedDB !== 'undefined';
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(OFFLINE_DB, VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(BOOKS)) {
        const s = db.createObjectStore(BOOKS, { keyPath: 'key' });
        s.createIndex('owner', 'owner');
        s.createIndex('doc', ['owner', 'docId']);
      }
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

async function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await open();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(BOOKS, mode);
      const req = fn(tx.objectStore(BOOKS));
      let result: T | undefined;
      if (req) req.onsuccess = () => (result = req.result);
      tx.oncomplete = () => resolve(result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

const info = ({ pdf: _pdf, meeting: _meeting, ...rest }: OfflineCopy): OfflineCopyInfo => rest;

export const offlineStore = {
  /** keep (or replace) the copy of a meeting for its owner */
  async put(copy: Omit<OfflineCopy, 'key'>): Promise<OfflineCopyInfo> {
    const rec: OfflineCopy = { ...copy, key: copyKey(copy.owner, copy.meetingId) };
    await run('readwrite', (s) => s.put(rec));
    return info(rec);
  },
  async get(owner: string, meetingId: number): Promise<OfflineCopy | null> {
    return ((await run<OfflineCopy>('readonly', (s) => s.get(copyKey(owner, meetingId)) as IDBRequest<OfflineCopy>)) ?? null);
  },
  /** the copy holding book `docId` (the viewer knows the book, not the meeting) */
  async byDoc(owner: string, docId: number): Promise<OfflineCopy | null> {
    return ((await run<OfflineCopy>('readonly', (s) => s.index('doc').get([owner, docId]) as IDBRequest<OfflineCopy>)) ?? null);
  },
  async list(owner: string): Promise<OfflineCopyInfo[]> {
    const all = (await run<OfflineCopy[]>('readonly', (s) => s.index('owner').getAll(owner) as IDBRequest<OfflineCopy[]>)) ?? [];
    return all.map(info).sort((a, b) => a.meetingId - b.meetingId);
  },
  /** the owner's copies with what a list of meetings shows of each (title, date, committee), without the bytes */
  async meetings(owner: string): Promise<OfflineMeeting[]> {
    const all = (await run<OfflineCopy[]>('readonly', (s) => s.index('owner').getAll(owner) as IDBRequest<OfflineCopy[]>)) ?? [];
    return all
      .map((c) => ({ ...info(c), title: c.meeting.title, start_date: c.meeting.start_date, committee: c.meeting.committee?.name ?? null }))
      .sort((a, b) => String(b.start_date).localeCompare(String(a.start_date)) || a.meetingId - b.meetingId);
  },
  async remove(owner: string, meetingId: number): Promise<void> {
    await run('readwrite', (s) => s.delete(copyKey(owner, meetingId)));
  },
  /** every copy of one owner (sign-out) */
  async removeOwner(owner: string): Promise<number> {
    const keys = (await run<IDBValidKey[]>('readonly', (s) => s.index('owner').getAllKeys(owner))) ?? [];
    if (keys.length) await run('readwrite', (s) => void keys.forEach((k) => s.delete(k)));
    return keys.length;
  },
};

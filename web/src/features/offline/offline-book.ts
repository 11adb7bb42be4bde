/**
 * Make a meeting's board book and agenda available offline, find them again, remove them
 * (docs/minutes.md#offline-board-book). The bytes come from GET /api/downolad/{docId}, the agenda from
 * GET /api/meetings/{id}: the same answers the pages read online, kept for the signed-in user only.
 */
import { Routes, type BookState, type MeetingDetails } from '@app/contracts';
import { api } from '../../api/client';
import { onSessionEnd, session } from '../../api/session';
import { currentOrgSlug } from '../../lib/host';
import { offlineOwner } from './keys';
import { offlineStore, offlineSupported, type OfflineCopy, type OfflineCopyInfo, type OfflineMeeting } from './store';

/** the signed-in user's owner key on this organization (null: nothing is kept) */
export function currentOwner(): string | null {
  return session.token() ? offlineOwner(currentOrgSlug(), session.email()) : null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
/** the cards and banners re-read when a copy is made or removed */
export function onOfflineChange(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
const changed = () => [...listeners].forEach((l) => l());

/** a blob's bytes (Blob.arrayBuffer where the browser has it, a FileReader elsewhere) */
export function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result as ArrayBuffer);
    r.onerror = () => reject(r.error ?? new Error('the file could not be read'));
    r.readAsArrayBuffer(blob);
  });
}

/** keep the book (done) and the meeting's details for the signed-in user; replaces an older copy */
export async function makeOffline(meetingId: number, book: Pick<BookState, 'library_id' | 'outlines_data'>): Promise<OfflineCopyInfo> {
  const owner = currentOwner();
  if (!owner || !offlineSupported()) throw new Error('offline copies need a signed-in user and IndexedDB');
  if (!book.library_id) throw new Error('the board book is not ready');
  const [blob, meeting] = await Promise.all([
    api(Routes.downloadBook, { params: { docId: book.library_id } }),
    api(Routes.getMeeting, { params: { id: meetingId } }) as Promise<MeetingDetails>,
  ]);
  const saved = await offlineStore.put({
    owner, meetingId, docId: book.library_id, savedAt: new Date().toISOString(),
    name: book.outlines_data.libraryName, entries: book.outlines_data.entries, meeting, pdf: await bytesOf(blob),
  });
  changed();
  return saved;
}

export async function removeOffline(meetingId: number): Promise<void> {
  const owner = currentOwner();
  if (!owner || !offlineSupported()) return;
  await offlineStore.remove(owner, meetingId);
  changed();
}

export async function offlineCopy(meetingId: number): Promise<OfflineCopy | null> {
  const owner = currentOwner();
  return owner && offlineSupported() ? offlineStore.get(owner, meetingId) : null;
}

export async function offlineBook(docId: number): Promise<OfflineCopy | null> {
  const owner = currentOwner();
  return owner && offlineSupported() ? offlineStore.byDoc(owner, docId) : null;
}

/**
 * Sign-out (and idle logout, and a refused token) removes the signed-out user's copies. Registered once at start-up
 * (main.tsx); returns the unregister function for tests.
 */
export function registerOfflineCleanup(): () => void {
  return onSessionEnd(({ email }) => {
    const owner = offlineOwner(currentOrgSlug(), email);
    if (!owner || !offlineSupported()) return;
    offlineStore
      .removeOwner(owner)
      .then(changed)
      .catch((e: unknown) => console.error('offline copies not removed on sign-out', e));
  });
}

/** the signed-in user's meetings kept on this device, newest meeting first (none for guests and signed-out pages) */
export async function offlineMeetings(): Promise<OfflineMeeting[]> {
  const owner = currentOwner();
  if (!owner || !offlineSupported()) return [];
  return offlineStore.meetings(owner);
}

import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { session } from '../../api/session';
import { aMeeting } from '../meeting/decisions/fixtures';
import { installFetch, jsonResponse, on, type FakeResponse } from '../../test/fetch';
import { copyDate, copyKey, isNetworkFailure, offlineOwner } from './keys';
import { currentOwner, makeOffline, offlineBook, offlineCopy, registerOfflineCleanup, removeOffline } from './offline-book';
import { offlineStore } from './store';

/**
 * The offline board book's keys and storage (docs/minutes.md#offline-board-book) over IndexedDB (fake-indexeddb:
 * the IndexedDB API in memory, as jsdom has none; the browser journey runs the real one in Chromium).
 */
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 1, 2, 3]);
const book = { library_id: 77, outlines_data: { libraryName: 'Board meeting - board book.pdf', entries: [{ name: 'Board meeting', start: 1, end: 1 }, { name: 'budget.pdf', start: 3, end: 5 }] } };

function pdfResponse(): FakeResponse {
  return {
    ok: true,
    status: 200,
    headers: { get: (n: string) => (n.toLowerCase() === 'content-type' ? 'application/pdf' : null) },
    text: async () => '',
    blob: async () => new Blob([PDF], { type: 'application/pdf' }),
  };
}
const serve = () =>
  installFetch(
    on('GET', '/api/downolad/77', pdfResponse),
    on('GET', '/api/meetings/1', () => jsonResponse(200, { success: true, data: aMeeting({ id: 1, title: 'Board meeting' }) })),
  );
const bytes = (b: ArrayBuffer) => Array.from(new Uint8Array(b));

let unregister: () => void = () => undefined;
beforeEach(() => {
  // a fresh database for each test
  (globalThis as unknown as { indexedDB: IDBFactory }).indexedDB = new IDBFactory();
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'Ada@Example.com' });
  unregister = registerOfflineCleanup();
});
afterEach(() => unregister());

describe('who a copy belongs to and its key', () => {
  it.each<[string, string | null | undefined, string | null]>([
    ['demo', 'Ada@Example.com', 'demo|ada@example.com'],
    ['Demo', ' ada@example.com ', 'demo|ada@example.com'],
    ['acme', 'ada@example.com', 'acme|ada@example.com'],
    ['', 'ada@example.com', '|ada@example.com'],
    ['demo', null, null],
    ['demo', '', null],
    ['demo', 'not-an-email', null],
  ])('org %p, e-mail %p: %p', (org, email, owner) => expect(offlineOwner(org, email)).toBe(owner));

  it.each<[string, number, string | null]>([
    ['demo|ada@example.com', 1, 'demo|ada@example.com|meeting:1'],
    ['demo|bob@example.com', 1, 'demo|bob@example.com|meeting:1'],
    ['demo|ada@example.com', 0, null],
    ['demo|ada@example.com', 1.5, null],
  ])('owner %p, meeting %p: %p', (owner, meeting, key) => {
    if (key === null) expect(() => copyKey(owner, meeting)).toThrow(RangeError);
    else expect(copyKey(owner, meeting)).toBe(key);
  });

  it.each<[string, unknown, boolean]>([
    ['the request layer lost the network (status 0)', { name: 'ApiError', status: 0 }, true],
    ["fetch's own TypeError", new TypeError('Failed to fetch'), true],
    ['a 404', { name: 'ApiError', status: 404 }, false],
    ['a 401', { name: 'ApiError', status: 401 }, false],
    ['a timeout (508)', { name: 'ApiError', status: 508 }, false],
    ['anything else', new Error('x'), false],
    ['nothing', null, false],
  ])('%s: falls back to the copy = %p', (_case, err, expected) => expect(isNetworkFailure(err)).toBe(expected));

  it('the banner date is the local date and time of the copy', () => {
    const d = new Date(2026, 10, 24, 9, 5);
    expect(copyDate(d.toISOString())).toBe('2026-11-24 09:05');
    expect(copyDate('garbage')).toBe('garbage');
  });
});

describe('the offline copies', () => {
  it('make available offline keeps the book bytes, its outline and the agenda for the signed-in user, found by meeting and by book', async () => {
    const calls = serve();
    const saved = await makeOffline(1, book);
    expect(calls.map((c) => c.path).sort()).toEqual(['/api/downolad/77', '/api/meetings/1']);
    expect(saved).toMatchObject({ owner: '|ada@example.com', meetingId: 1, docId: 77, name: 'Board meeting - board book.pdf' });
    expect(currentOwner()).toBe('|ada@example.com');
    const copy = await offlineCopy(1);
    expect(copy?.meeting.title).toBe('Board meeting');
    expect(copy?.entries).toEqual(book.outlines_data.entries);
    expect(bytes(copy!.pdf)).toEqual(Array.from(PDF));
    expect((await offlineBook(77))?.meetingId).toBe(1);
    expect(await offlineBook(78)).toBeNull();
  });

  it('another user of the same browser sees none of them; a second copy of the same meeting replaces the first', async () => {
    serve();
    await makeOffline(1, book);
    const first = (await offlineCopy(1))!.savedAt;
    await new Promise((r) => setTimeout(r, 5));
    await makeOffline(1, book);
    expect(await offlineStore.list('|ada@example.com')).toHaveLength(1);
    expect((await offlineCopy(1))!.savedAt > first).toBe(true);
    unregister();
    session.signIn({ token: 'tok2', email: 'bob@example.com' });
    expect(await offlineCopy(1)).toBeNull();
    expect(await offlineBook(77)).toBeNull();
  });

  it('remove offline copy removes that meeting only', async () => {
    serve();
    await makeOffline(1, book);
    await offlineStore.put({ owner: '|ada@example.com', meetingId: 2, docId: 88, savedAt: new Date().toISOString(), name: 'b.pdf', entries: [], meeting: aMeeting({ id: 2 }), pdf: PDF.buffer.slice(0) });
    await removeOffline(1);
    expect(await offlineCopy(1)).toBeNull();
    expect((await offlineCopy(2))?.docId).toBe(88);
  });

  it("sign-out removes the signed-out user's copies and leaves another user's", async () => {
    serve();
    await makeOffline(1, book);
    await offlineStore.put({ owner: '|bob@example.com', meetingId: 1, docId: 77, savedAt: new Date().toISOString(), name: 'b.pdf', entries: [], meeting: aMeeting({ id: 1 }), pdf: PDF.buffer.slice(0) });
    session.clear();
    await new Promise((r) => setTimeout(r, 50));
    expect(await offlineStore.list('|ada@example.com')).toEqual([]);
    expect(await offlineStore.list('|bob@example.com')).toHaveLength(1);
  });

  it('nothing is kept without a signed-in user, and a book that is not made cannot be kept', async () => {
    serve();
    await expect(makeOffline(1, { ...book, library_id: null })).rejects.toThrow('not ready');
    session.clear();
    expect(currentOwner()).toBeNull();
    await expect(makeOffline(1, book)).rejects.toThrow('signed-in user');
    expect(await offlineCopy(1)).toBeNull();
  });

  it('a failed download keeps nothing', async () => {
    installFetch(on('GET', '/api/meetings/1', () => jsonResponse(200, { success: true, data: aMeeting({ id: 1 }) })), on('GET', '/api/downolad/77', () => jsonResponse(404, { success: false, message: 'Not Found' })));
    await expect(makeOffline(1, book)).rejects.toThrow();
    expect(await offlineStore.list('|ada@example.com')).toEqual([]);
  });
});

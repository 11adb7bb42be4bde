import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../../api/session';
import { installFetch, jsonResponse, on, type FakeResponse } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { offlineStore } from '../../offline/store';
import { DocumentPage } from '../../viewers/DocumentPage';
import { aDecision, aMeeting, ok } from '../decisions/fixtures';
import { MeetingDetailsPage } from '../MeetingDetailsPage';
import { MeetingsPage } from '../MeetingsPage';
import { BookCard } from './BookCard';

jest.setTimeout(20_000);

/** The offline board book on the pages (docs/minutes.md#offline-board-book): the card's buttons and the fallbacks. */
const OWNER = '|grace@example.com';
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 9, 9]);
const doneBook = {
  meeting_id: 1, status: 'done', progress: 100, library_id: 77, agenda_merged_file: 'http://s3.test/book.pdf', number_of_files_merged: 1, error: null,
  outlines_data: { libraryName: 'Board meeting - board book.pdf', entries: [{ name: 'Board meeting', start: 1, end: 1 }, { name: 'budget.pdf', start: 3, end: 4 }] },
};
const pdfResponse = (): FakeResponse => ({
  ok: true, status: 200, headers: { get: (n: string) => (n.toLowerCase() === 'content-type' ? 'application/pdf' : null) }, text: async () => '', blob: async () => new Blob([PDF], { type: 'application/pdf' }),
});
const networkDown = (path: string | RegExp) => on('GET', path, () => Promise.reject(new TypeError('Failed to fetch')));
const meeting = () => aMeeting({ id: 1, title: 'Board meeting', agendas: [{ agenda_type: 'decision', agenda_type_id: 11, row_num: 1, data: [aDecision({ id: 11, title: 'Budget 2027' })] }] });

async function keepCopy(savedAt = new Date(2026, 10, 24, 9, 30).toISOString()) {
  await offlineStore.put({ owner: OWNER, meetingId: 1, docId: 77, savedAt, name: doneBook.outlines_data.libraryName, entries: doneBook.outlines_data.entries, meeting: meeting(), pdf: PDF.buffer.slice(0) });
}

beforeEach(() => {
  (globalThis as unknown as { indexedDB: IDBFactory }).indexedDB = new IDBFactory();
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'grace@example.com' });
});

describe('the board book card: make available offline, remove', () => {
  it('once the book is made a member keeps it offline; the card then shows the copy and removes it', async () => {
    const calls = installFetch(
      on('GET', '/api/meetings/actions/merge_files/1', () => jsonResponse(200, ok(doneBook))),
      on('GET', '/api/downolad/77', pdfResponse),
      on('GET', '/api/meetings/1', () => jsonResponse(200, ok(meeting()))),
    );
    renderWithApp(<BookCard meeting={meeting()} />);
    fireEvent.click(screen.getByTestId('book-make'));
    fireEvent.click(await screen.findByTestId('book-offline-make'));
    expect(await screen.findByTestId('book-offline-date')).toHaveTextContent('Available offline (copy from');
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/api/downolad/77', '/api/meetings/1']));
    const copy = await offlineStore.get(OWNER, 1);
    expect(copy?.docId).toBe(77);
    expect(Array.from(new Uint8Array(copy!.pdf))).toEqual(Array.from(PDF));
    fireEvent.click(screen.getByTestId('book-offline-remove'));
    expect(await screen.findByTestId('book-offline-make')).toBeInTheDocument();
    expect(await offlineStore.get(OWNER, 1)).toBeNull();
  });
});

describe('the meeting page and the book viewer with the network cut', () => {
  it('the meeting page shows the offline copy with its banner, the agenda and the book link', async () => {
    await keepCopy();
    installFetch(networkDown(/.*/));
    renderWithApp(<MeetingDetailsPage />, { path: '/app/activity/meetings/1', route: '/app/activity/meetings/:meetingId' });
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent('You are offline: offline copy from 2026-11-24 09:30');
    expect(screen.getByTestId('meeting-page')).toHaveAttribute('data-offline', '1');
    expect(screen.getByTestId('meeting-title')).toHaveTextContent('Board meeting');
    expect(screen.getByText('Budget 2027')).toBeInTheDocument();
    expect(screen.getByTestId('book-open')).toHaveAttribute('href', '/doc-view?doc=&id=77&e=0&meeting_id=1');
    expect(screen.getByTestId('book-offline-remove')).toBeInTheDocument();
  });

  it('without a copy, or when the server refuses, the page shows its error as before', async () => {
    await keepCopy();
    installFetch(on('GET', '/api/meetings/1', () => jsonResponse(404, { success: false, message: 'Not Found' })));
    renderWithApp(<MeetingDetailsPage />, { path: '/app/activity/meetings/1', route: '/app/activity/meetings/:meetingId' });
    expect(await screen.findByTestId('meeting-error')).toBeInTheDocument();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it("another user's copy is not shown", async () => {
    await keepCopy();
    session.signIn({ token: 'tok2', email: 'bob@example.com' });
    installFetch(networkDown(/.*/));
    renderWithApp(<MeetingDetailsPage />, { path: '/app/activity/meetings/1', route: '/app/activity/meetings/:meetingId' });
    expect(await screen.findByTestId('meeting-error')).toBeInTheDocument();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('the book viewer opens the copy of the book with its banner', async () => {
    await keepCopy();
    installFetch(networkDown(/.*/));
    renderWithApp(<DocumentPage route="docView" />, { path: '/doc-view?doc=&id=77&e=0&meeting_id=1' });
    await waitFor(() => expect(screen.getByTestId('book-viewer')).toBeInTheDocument());
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('offline copy from 2026-11-24 09:30');
    expect(screen.getByTestId('document-name')).toHaveTextContent('Board meeting - board book.pdf');
  });
});

describe('the meetings list with the network cut', () => {
  it('lists the meetings kept on this device, each opening its copy, instead of an error', async () => {
    await keepCopy();
    installFetch(networkDown(/.*/));
    renderWithApp(<MeetingsPage />, { path: '/app/activity/meetings' });
    const link = await screen.findByTestId('offline-meeting-1');
    expect(link).toHaveTextContent('Board meeting');
    expect(link).toHaveAttribute('href', '/app/activity/meetings/1');
    expect(screen.getByTestId('offline-meetings')).toHaveTextContent('Available offline (copy from 2026-11-24 09:30)');
    expect(screen.queryByTestId('meetings-error')).toBeNull();
  });

  it('none kept: says so and how to keep one; another user\'s copies are not listed', async () => {
    await keepCopy();
    session.signIn({ token: 'tok2', email: 'bob@example.com' });
    installFetch(networkDown(/.*/));
    renderWithApp(<MeetingsPage />, { path: '/app/activity/meetings' });
    expect(await screen.findByTestId('offline-meetings-empty')).toHaveTextContent('No meeting is kept on this device');
    expect(screen.queryByTestId('offline-meeting-1')).toBeNull();
  });

  it('a refusal from the server is not an outage: the error shows as before', async () => {
    await keepCopy();
    installFetch(on('GET', /\/api\/meetings/, () => jsonResponse(500, { success: false, message: 'Internal Server Error' })));
    renderWithApp(<MeetingsPage />, { path: '/app/activity/meetings' });
    expect(await screen.findByTestId('meetings-error')).toBeInTheDocument();
    expect(screen.queryByTestId('offline-meetings')).toBeNull();
  });
});

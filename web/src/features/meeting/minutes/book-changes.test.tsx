import type { BookChanges } from '@app/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../../api/session';
import { changeLanguage } from '../../../i18n';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { BookChangesList } from './BookChanges';
import { bookKey, markedItems, markOf, marksByKey, marksByTitle } from './book-changes-rules';

const none = { library_id: null, name: null, version: null, from_version: null, old_title: null };
function changes(over: Partial<BookChanges> = {}): BookChanges {
  return {
    meeting_id: 7, book_library_id: 91, since_library_id: 90, since: 'opened',
    items: [
      { key: 'tp:1', title: '1. Budget', status: 'unchanged', changes: [] },
      { key: 'tp:2', title: '2. Audit', status: 'changed', changes: [{ ...none, kind: 'new_version', library_id: 11, name: 'audit.pdf', version: 2, from_version: 1 }] },
      { key: 'tp:3', title: '3. Venue', status: 'new', changes: [{ ...none, kind: 'file_added', library_id: 12, name: 'venue.pdf', version: 1 }] },
      { key: 'tp:4', title: '3. People', status: 'removed', changes: [{ ...none, kind: 'file_removed', library_id: 13, name: 'people.pdf', from_version: 1 }] },
    ],
    ...over,
  };
}

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});
afterEach(() => act(() => changeLanguage('en')));

describe('book changes rules', () => {
  it.each<[string, BookChanges['items'][number]['status'], BookChanges['since'], string | null]>([
    ['unchanged: no mark', 'unchanged', 'opened', null],
    ['changed since the reader opened the book', 'changed', 'opened', 'changed-opened'],
    ['changed since the previous publication (never opened)', 'changed', 'previous', 'changed-previous'],
    ['new', 'new', 'previous', 'new'],
    ['removed', 'removed', 'opened', 'removed'],
    ['nothing to compare with: no mark', 'new', null, null],
  ])('markOf: %s', (_n, status, since, expected) => expect(markOf({ status }, since)).toBe(expected));

  it('markedItems leaves the unchanged out; marksByTitle names the sections the book viewer shows (not the removed)', () => {
    expect(markedItems(changes()).map((i) => [i.key, i.mark])).toEqual([['tp:2', 'changed-opened'], ['tp:3', 'new'], ['tp:4', 'removed']]);
    expect([...marksByTitle(changes()).entries()]).toEqual([['2. Audit', 'changed-opened'], ['3. Venue', 'new']]);
    expect(markedItems(null)).toEqual([]);
  });
});

describe('BookChangesList (the board book card)', () => {
  it('marks the items: "Changed since you last opened" with what changed, "New", "Removed"; the unchanged are not listed', async () => {
    installFetch(on('GET', '/api/meetings/7/book/changes', () => jsonResponse(200, { success: true, data: changes() })));
    renderWithApp(<BookChangesList meetingId={7} revision={91} />);
    const box = await screen.findByTestId('book-changes');
    expect(within(box).getByRole('heading', { name: 'What changed in the book' })).toBeInTheDocument();
    expect(screen.queryByTestId('book-change-tp:1')).toBeNull();
    const audit = screen.getByTestId('book-change-tp:2');
    expect(within(audit).getByTestId('book-change-mark-tp:2')).toHaveTextContent('Changed since you last opened');
    expect(audit).toHaveTextContent('New version of audit.pdf (version 1 → 2)');
    expect(screen.getByTestId('book-change-mark-tp:3')).toHaveTextContent('New');
    expect(screen.getByTestId('book-change-tp:3')).toHaveTextContent('Attachment added: venue.pdf');
    expect(screen.getByTestId('book-change-mark-tp:4')).toHaveTextContent('Removed');
  });

  it('never opened: "Changed since the previous publication"; a rename says the old title', async () => {
    const data = changes({ since: 'previous', items: [{ key: 'tp:1', title: '1. Budget 2027', status: 'changed', changes: [{ ...none, kind: 'renamed', old_title: 'Budget' }] }] });
    installFetch(on('GET', '/api/meetings/7/book/changes', () => jsonResponse(200, { success: true, data })));
    renderWithApp(<BookChangesList meetingId={7} revision={91} />);
    expect(await screen.findByTestId('book-change-mark-tp:1')).toHaveTextContent('Changed since the previous publication');
    expect(screen.getByTestId('book-change-tp:1')).toHaveTextContent('Renamed from “Budget”');
  });

  it('nothing changed, or no book (404): nothing shown', async () => {
    const calls = installFetch(on('GET', '/api/meetings/7/book/changes', () => jsonResponse(200, { success: true, data: changes({ items: [{ key: 'tp:1', title: '1. Budget', status: 'unchanged', changes: [] }] }) })));
    renderWithApp(<BookChangesList meetingId={7} revision={91} />);
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByTestId('book-changes')).toBeNull();
    const missing = installFetch();
    renderWithApp(<BookChangesList meetingId={8} revision={1} />);
    await waitFor(() => expect(missing.length).toBe(1));
    expect(screen.queryByTestId('book-changes')).toBeNull();
  });

  it('in Arabic and in Russian: the marks translated, the page right to left in Arabic', async () => {
    installFetch(on('GET', '/api/meetings/7/book/changes', () => jsonResponse(200, { success: true, data: changes() })));
    await act(() => changeLanguage('ar'));
    renderWithApp(<BookChangesList meetingId={7} revision={91} />);
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByTestId('book-change-mark-tp:2')).toHaveTextContent('تغيّر منذ آخر فتح لك');
    expect(screen.getByTestId('book-change-mark-tp:3')).toHaveTextContent('جديد');
    expect(screen.getByRole('heading', { name: 'ما الذي تغيّر في الكتاب' })).toBeInTheDocument();
    await act(() => changeLanguage('ru'));
    expect(document.documentElement.dir).toBe('ltr');
    expect(await screen.findByText('Изменено с вашего последнего просмотра')).toBeInTheDocument();
  });
});

describe('the book keys of agenda items (issue 29: the agenda list marks by them)', () => {
  it.each<[Parameters<typeof bookKey>[0], number, string]>([
    ['talking_point', 5, 'tp:5'],
    ['subpoint', 60, 'sp:60'],
    ['decision', 11, 'd:11'],
    ['action', 21, 'a:21'],
  ])('bookKey(%s, %d) is %s, as the publication records it', (type, id, key) => expect(bookKey(type, id)).toBe(key));

  it('marksByKey: every marked item by its key, the removed too; the unchanged not', () => {
    expect([...marksByKey(changes()).entries()]).toEqual([['tp:2', 'changed-opened'], ['tp:3', 'new'], ['tp:4', 'removed']]);
    expect(marksByKey(changes({ since: null })).size).toBe(0);
    expect(marksByKey(undefined).size).toBe(0);
  });
});

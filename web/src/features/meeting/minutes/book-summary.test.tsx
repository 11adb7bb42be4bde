import type { BookSummary as BookSummaryState } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../../api/session';
import { changeLanguage } from '../../../i18n';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { BookSummary } from './BookSummary';
import { citationHref, dirOf, summaryWorking } from './book-summary-rules';

const cite = (over: Partial<BookSummaryState['book'][number]['cite']> = {}) => ({ library_id: 11, name: 'budget.pdf', file_kind: 'pdf' as const, page: 2, book_page: 4, ...over });
function aSummary(over: Partial<BookSummaryState> = {}): BookSummaryState {
  return {
    meeting_id: 1, book_library_id: 90, status: 'done', progress: 100, method: 'extractive', machine_made: true, lang: 'en',
    book: [{ text: 'The finance team proposed a reserve of ten percent.', cite: cite() }],
    items: [
      { title: '1. Budget', sentences: [{ text: 'The reserve will be reviewed every quarter.', cite: cite({ page: 1, book_page: 3 }) }] },
      { title: '2. Audit', sentences: [] },
    ],
    error: null, made_at: '2026-11-28T05:00:00.000Z',
    ...over,
  };
}

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});
afterEach(() => act(() => changeLanguage('en')));

describe('book summary rules', () => {
  it.each<[string, Parameters<typeof citationHref>[0], string | null]>([
    ['a PDF opens in the PDF viewer at the page, through the meeting', cite(), '/doc-view?id=11&doc=budget.pdf&meeting_id=7&page=2'],
    ['an office file opens in its viewer at the page', cite({ file_kind: 'word', library_id: 12, page: 3 }), '/viewer/7/12?page=3'],
  ])('citationHref: %s', (_n, c, expected) => expect(citationHref(c, 7)).toBe(expected));

  it.each<[string, BookSummaryState | null, boolean]>([
    ['queued', aSummary({ status: 'queued' }), true],
    ['running', aSummary({ status: 'running' }), true],
    ['done', aSummary(), false],
    ['failed', aSummary({ status: 'failed' }), false],
    ['no book', null, false],
  ])('summaryWorking: %s', (_n, s, expected) => expect(summaryWorking(s)).toBe(expected));

  it('dirOf: Arabic right to left, the others left to right', () => {
    expect([dirOf('ar'), dirOf('en'), dirOf('ru'), dirOf('fr')]).toEqual(['rtl', 'ltr', 'ltr', 'ltr']);
  });
});

describe('BookSummary', () => {
  it('on the meeting page: machine-made, the sentences with citations that open the file at the page, the items folded', async () => {
    installFetch(on('GET', '/api/meetings/7/book/summary', () => jsonResponse(200, { success: true, data: aSummary({ meeting_id: 7 }) })));
    renderWithApp(<BookSummary meetingId={7} />);
    const box = await screen.findByTestId('book-summary');
    expect(screen.getByTestId('book-summary-machine')).toHaveTextContent('Machine-made');
    expect(screen.getByRole('heading', { name: 'Summary of the board book' })).toBeInTheDocument();
    expect(screen.getByTestId('book-summary-method')).toHaveTextContent('Sentences taken from the documents');
    const first = screen.getByTestId('book-summary-sentence-book-0');
    expect(first).toHaveTextContent('The finance team proposed a reserve of ten percent. budget.pdf, p. 2');
    expect(within(first).getByRole('link', { name: 'budget.pdf, p. 2' })).toHaveAttribute('href', '/doc-view?id=11&doc=budget.pdf&meeting_id=7&page=2');
    expect(first.closest('ul')).toHaveAttribute('lang', 'en');
    expect(first.closest('ul')).toHaveAttribute('dir', 'ltr');
    const item = screen.getByTestId('book-summary-item-0');
    expect(item.tagName).toBe('DETAILS');
    expect(within(item).getByText('1. Budget')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'budget.pdf, p. 1', hidden: true })).toHaveAttribute('href', expect.stringContaining('page=1'));
    expect(within(screen.getByTestId('book-summary-item-1')).getByText('Nothing to summarize in these documents.')).toBeInTheDocument();
    expect(box).toHaveAttribute('data-status', 'done');
  });

  it('a summary of an older book (a file has a new version): marked out of date, the changed item without sentences, asked again', async () => {
    let n = 0;
    const stale = aSummary({ meeting_id: 7, status: 'running', progress: 60, stale: true, items: [{ title: '1. Budget', sentences: [], stale: true }, { title: '2. Audit', sentences: [{ text: 'The auditors found no weakness.', cite: cite({ library_id: 12, name: 'audit.pdf', page: 1, book_page: 5 }) }] }] });
    installFetch(on('GET', '/api/meetings/7/book/summary', () => jsonResponse(200, { success: true, data: (n += 1) < 2 ? stale : aSummary({ meeting_id: 7, stale: false }) })));
    renderWithApp(<BookSummary meetingId={7} pollMs={50} />);
    expect(await screen.findByTestId('book-summary-stale')).toHaveTextContent('The documents changed since this summary was made');
    expect(within(screen.getByTestId('book-summary-item-0')).getByTestId('book-summary-stale-item0')).toHaveTextContent('This item changed: its summary is being made again.');
    expect(within(screen.getByTestId('book-summary-item-1')).getByRole('link', { name: 'audit.pdf, p. 1', hidden: true })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('book-summary-stale')).toBeNull());
    expect(within(screen.getByTestId('book-summary-item-0')).getByRole('link', { name: 'budget.pdf, p. 1', hidden: true })).toBeInTheDocument();
  });

  it('an Arabic book reads right to left in Arabic; an abstractive summary says it was checked', async () => {
    installFetch(on('GET', '/api/meetings/7/book/summary', () => jsonResponse(200, { success: true, data: aSummary({ lang: 'ar', method: 'abstractive', book: [{ text: 'وافق المجلس على تعيين مدققين.', cite: cite({ name: 'hr.pdf', page: 1 }) }] }) })));
    renderWithApp(<BookSummary meetingId={7} />);
    const s = await screen.findByTestId('book-summary-sentence-book-0');
    expect(s.closest('ul')).toHaveAttribute('lang', 'ar');
    expect(s.closest('ul')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByTestId('book-summary-method')).toHaveTextContent('each sentence was checked against the page it cites');
  });

  it('shows the progress while the job makes it and asks again until it is done', async () => {
    let n = 0;
    const calls = installFetch(on('GET', '/api/meetings/7/book/summary', () => jsonResponse(200, { success: true, data: n++ < 1 ? aSummary({ status: 'running', progress: 40, book: [], items: [], method: null }) : aSummary() })));
    renderWithApp(<BookSummary meetingId={7} pollMs={20} />);
    expect(await screen.findByTestId('book-summary-progress')).toHaveTextContent('Making the summary…');
    await waitFor(() => expect(screen.getByTestId('book-summary')).toHaveAttribute('data-status', 'done'));
    expect(screen.queryByTestId('book-summary-progress')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/meetings/7/book/summary').length).toBeGreaterThanOrEqual(2);
  });

  it('nothing when the meeting has no book (404), without an error toast; a failed summary says so', async () => {
    installFetch(on('GET', '/api/meetings/7/book/summary', () => jsonResponse(404, { success: false, message: 'Not Found', code: 'NOT_FOUND' })));
    const { container } = renderWithApp(<BookSummary meetingId={7} />);
    await waitFor(() => expect(container.querySelector('.p-toast-message')).toBeNull());
    expect(screen.queryByTestId('book-summary')).toBeNull();
    expect(screen.queryByTestId('book-summary-error')).toBeNull();
  });

  it('a failed summary', async () => {
    installFetch(on('GET', '/api/meetings/7/book/summary', () => jsonResponse(200, { success: true, data: aSummary({ status: 'failed', book: [], items: [], error: 'x' }) })));
    renderWithApp(<BookSummary meetingId={7} />);
    expect(await screen.findByTestId('book-summary-failed')).toHaveTextContent('The summary could not be made.');
  });

  it('in the book viewer: a citation opens that page of the book; the summary of another book is not shown', async () => {
    installFetch(on('GET', '/api/meetings/7/book/summary', () => jsonResponse(200, { success: true, data: aSummary() })));
    const opened: number[] = [];
    const { unmount } = renderWithApp(<BookSummary meetingId={7} book={{ libraryId: 90, openPage: (p) => opened.push(p) }} />);
    fireEvent.click(await screen.findByTestId('book-summary-cite-book-0'));
    expect(opened).toEqual([4]);
    unmount();
    renderWithApp(<BookSummary meetingId={7} book={{ libraryId: 55, openPage: (p) => opened.push(p) }} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('book-summary')).toBeNull();
  });

  it.each(['ar', 'ru'])('its texts in %s', async (lng) => {
    installFetch(on('GET', '/api/meetings/7/book/summary', () => jsonResponse(200, { success: true, data: aSummary() })));
    await act(() => changeLanguage(lng));
    renderWithApp(<BookSummary meetingId={7} />);
    await screen.findByTestId('book-summary');
    const tag = screen.getByTestId('book-summary-machine').textContent ?? '';
    expect(tag).not.toBe('Machine-made');
    expect(tag).not.toContain('summary.');
    expect(screen.getByTestId('book-summary-method').textContent).not.toContain('Sentences taken');
  });
});

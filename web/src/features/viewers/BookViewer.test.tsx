import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Providers } from '../../App';
import { session } from '../../api/session';
import { changeLanguage } from '../../i18n';
import { installFetch, jsonResponse, on } from '../../test/fetch';
import { BookMarkTag } from '../meeting/minutes/BookChanges';
import { BookViewer } from './BookViewer';
import type { PdfBookmark, PdfHandle, PdfOpener } from './pdf-engine';

jest.setTimeout(20_000);

/**
 * The board book viewer over a document drawn by this test (jsdom has no canvas; pdf.js itself is driven by the
 * browser journey test/browser/minutes.e2e-spec.ts).
 */
const entries = [
  { name: 'Board meeting', start: 1, end: 1 },
  { name: 'Agenda', start: 2, end: 2 },
  { name: 'budget.pdf', start: 3, end: 5 },
  { name: 'forecast.pdf', start: 6, end: 6 },
  { name: 'hr-policy.pdf', start: 7, end: 9 },
];
const bookmarks: PdfBookmark[] = [
  { title: 'Board meeting', page: 1, items: [] },
  { title: 'Agenda', page: 2, items: [] },
  { title: 'Budget 2027', page: 3, items: [{ title: 'budget.pdf', page: 3, items: [] }, { title: 'forecast.pdf', page: 6, items: [] }] },
  { title: 'HR policy', page: 7, items: [{ title: 'hr-policy.pdf', page: 7, items: [] }] },
];

function book(pages = 9, outline: PdfBookmark[] = bookmarks) {
  const rendered: { n: number; rotation: number; main: boolean }[] = [];
  const opened: { url: string; data?: ArrayBuffer }[] = [];
  const handle: PdfHandle = {
    pages,
    size: async () => ({ width: 600, height: 800 }),
    render: async (n, canvas, _scale, rotation) => void rendered.push({ n, rotation, main: canvas.dataset.testid === 'book-canvas' }),
    outline: async () => outline,
    destroy: () => undefined,
  };
  const opener: PdfOpener = async (o) => {
    opened.push({ url: o.url, data: o.data });
    o.onProgress?.(100, 100);
    return handle;
  };
  return { opener, rendered, opened };
}

function show(props: Partial<Parameters<typeof BookViewer>[0]> = {}) {
  const onDownload = jest.fn();
  const doc = book();
  render(
    <Providers>
      <BookViewer url="https://s3.test/book.pdf" name="Board meeting - board book.pdf" entries={entries} onDownload={onDownload} opener={doc.opener} {...props} />
    </Providers>,
  );
  return { onDownload, ...doc };
}

const viewer = () => screen.getByTestId('book-viewer');
const page = () => Number(viewer().getAttribute('data-page'));
const rotation = () => Number(viewer().getAttribute('data-rotation'));

const cleanups: (() => void)[] = [];
const afterThis = (fn: () => void) => cleanups.push(fn);
afterEach(() => cleanups.splice(0).forEach((fn) => fn()));

describe('board book viewer', () => {
  it('the outline: the book bookmarks hold the files of outlines_data, each with its page range; sections collapse', async () => {
    show();
    await screen.findByText('Budget 2027');
    const outline = screen.getByTestId('book-outline');
    expect(within(outline).getAllByRole('listitem').filter((li) => li.dataset.testid?.startsWith('book-section-')).map((li) => li.querySelector('[data-testid^="book-section-open"]')!.textContent)).toEqual([
      'Board meetingpp. 1–1',
      'Agendapp. 2–2',
      'Budget 2027pp. 3–6',
      'HR policypp. 7–9',
    ]);
    expect(screen.getByTestId('book-entry-2-0')).toHaveTextContent('budget.pdfpp. 3–5');
    expect(screen.getByTestId('book-entry-2-1')).toHaveTextContent('forecast.pdfpp. 6–6');
    // the cover and the agenda are their own entries: nothing to collapse
    expect(screen.queryByTestId('book-section-toggle-0')).toBeNull();
    const toggle = screen.getByTestId('book-section-toggle-2');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('book-entry-2-0')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByTestId('book-entry-2-1')).toBeInTheDocument();
  });

  it('an outline entry opens its first page and highlights its section and file', async () => {
    show();
    fireEvent.click(await screen.findByTestId('book-entry-2-1'));
    expect(page()).toBe(6);
    expect(screen.getByTestId('book-jump')).toHaveValue('6');
    expect(screen.getByTestId('book-section-2')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('book-entry-2-1')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('book-entry-2-0')).not.toHaveAttribute('aria-current');
    fireEvent.click(screen.getByTestId('book-section-open-3'));
    expect(page()).toBe(7);
    expect(screen.getByTestId('book-section-3')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('book-section-2')).not.toHaveAttribute('aria-current');
  });

  it('following an entry scrolls the thumbnail strip only, never the page (the toolbar stays in view)', async () => {
    const intoView = jest.fn();
    const before = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = intoView;
    afterThis(() => (Element.prototype.scrollIntoView = before));
    show();
    fireEvent.click(await screen.findByTestId('book-entry-2-1'));
    const strip = screen.getByTestId('book-strip');
    const thumb = await screen.findByTestId('book-thumb-6');
    const box = (left: number, width: number) => ({ left, width, right: left + width, top: 0, bottom: 100, height: 100, x: left, y: 0, toJSON: () => ({}) });
    strip.getBoundingClientRect = () => box(0, 400);
    thumb.getBoundingClientRect = () => box(700, 100);
    fireEvent.click(screen.getByTestId('book-next'));
    fireEvent.click(screen.getByTestId('book-prev'));
    await waitFor(() => expect(strip.scrollLeft).toBeGreaterThan(0));
    expect(intoView).not.toHaveBeenCalled();
  });

  it('previous / next, rotate through 0, 90, 180, 270 and back, reset on a page change; the page is drawn rotated', async () => {
    const { rendered } = show();
    await waitFor(() => expect(viewer()).toHaveAttribute('data-rendered', '1'));
    expect(screen.getByTestId('book-prev')).toBeDisabled();
    for (const r of [90, 180, 270, 0, 90]) {
      fireEvent.click(screen.getByTestId('book-rotate'));
      expect(rotation()).toBe(r);
    }
    await waitFor(() => expect(rendered.filter((x) => x.main).at(-1)).toEqual({ n: 1, rotation: 90, main: true }));
    fireEvent.click(screen.getByTestId('book-next'));
    expect(page()).toBe(2);
    expect(rotation()).toBe(0);
    fireEvent.click(screen.getByTestId('book-rotate'));
    fireEvent.click(screen.getByTestId('book-prev'));
    expect([page(), rotation()]).toEqual([1, 0]);
    fireEvent.change(screen.getByTestId('book-jump'), { target: { value: '9' } });
    fireEvent.keyDown(screen.getByTestId('book-jump'), { key: 'Enter' });
    expect(page()).toBe(9);
    expect(screen.getByTestId('book-next')).toBeDisabled();
    fireEvent.change(screen.getByTestId('book-jump'), { target: { value: '12' } });
    fireEvent.keyDown(screen.getByTestId('book-jump'), { key: 'Enter' });
    expect(page()).toBe(9);
  });

  it('the thumbnail strip shows every page, marks the current one and opens a page', async () => {
    const { rendered } = show();
    const strip = await screen.findByTestId('book-strip');
    expect(within(strip).getAllByRole('button')).toHaveLength(9);
    await waitFor(() => expect(rendered.filter((x) => !x.main).length).toBe(9));
    fireEvent.click(screen.getByTestId('book-thumb-4'));
    expect(page()).toBe(4);
    expect(screen.getByTestId('book-thumb-4')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('book-section-2')).toHaveAttribute('aria-current', 'true');
    fireEvent.click(screen.getByTestId('book-strip-toggle'));
    expect(screen.queryByTestId('book-strip')).toBeNull();
  });

  it('download asks the page for the book; an offline copy opens from its bytes with its banner', async () => {
    const data = new Uint8Array([1, 2, 3]).buffer;
    const { onDownload, opened } = show({ url: null, data, banner: <div data-testid="the-banner">offline</div> });
    await screen.findByTestId('book-section-0');
    expect(opened[0].data).toBe(data);
    expect(screen.getByTestId('the-banner')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('book-download'));
    expect(onDownload).toHaveBeenCalledTimes(1);
  });

  it('the sections that changed since the reader last opened the book carry their mark (BookMarkTag by the printed title)', async () => {
    const marks = new Map([['HR policy', 'changed-opened' as const]]);
    show({ marks: (title, i) => { const m = marks.get(title); return m ? <BookMarkTag mark={m} testId={`book-section-mark-${i}`} /> : null; } });
    await screen.findByText('HR policy');
    const hr = screen.getByTestId('book-section-3');
    expect(hr).toHaveTextContent('HR policy');
    expect(within(hr).getByTestId('book-section-mark-3')).toHaveTextContent('Changed since you last opened');
    expect(within(screen.getByTestId('book-section-2')).queryByTestId('book-section-mark-2')).toBeNull();
  });

  it('without bookmarks each entry of outlines_data is a section of its own', async () => {
    const doc = book(9, []);
    render(
      <Providers>
        <BookViewer url="https://s3.test/book.pdf" name="b.pdf" entries={entries} onDownload={jest.fn()} opener={doc.opener} />
      </Providers>,
    );
    await screen.findByTestId('book-section-4');
    expect(screen.getByTestId('book-section-open-2')).toHaveTextContent('budget.pdfpp. 3–5');
    expect(screen.queryByTestId('book-section-5')).toBeNull();
  });

  it('the shared annotations of the book file: a toolbar button opens the panel, an entry opens its page, the page has the overlay', async () => {
    session.signIn({ token: 'tok', email: 'mona@example.com' });
    afterThis(() => session.clear());
    const calls = installFetch(
      on('GET', '/api/library/41/annotations', () => jsonResponse(200, { success: true, data: { annotations: [{
        id: 5, library_id: 41, parent_id: null, page: 4, kind: 'highlight', geometry: { rects: [{ x: 0.1, y: 0.1, w: 0.3, h: 0.02 }] }, quote: 'Budget 2027', text: 'Look', color: '#ffdd00',
        visibility: 'committee', people: [], author: { id: 3, name: 'Mark Member' }, version: 1, orphaned: false, presented_in: null, mine: false, can_edit: false, can_delete: false,
        created_at: '2026-11-28 10:00:00', updated_at: '2026-11-28 10:00:00', replies: [],
      }] } })),
    );
    show({ shared: { itemId: 41, meetingId: 9 } });
    await waitFor(() => expect(viewer()).toHaveAttribute('data-rendered', '1'));
    expect(screen.getByTestId('book-overlay')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('book-ann-toggle'));
    const item = await screen.findByTestId('ann-item');
    expect(item).toHaveAttribute('data-visibility', 'committee');
    expect(item).toHaveTextContent('Budget 2027');
    expect(calls.some((c) => c.url.includes('/api/library/41/annotations') && c.url.includes('meeting_id=9'))).toBe(true);
    fireEvent.click(within(item).getByRole('button', { name: /4/ }));
    await waitFor(() => expect(page()).toBe(4));
  });

  it("the source files' marks: painted on their book page, listed under the file's name, read-only, a link to the file at its page", async () => {
    session.signIn({ token: 'tok', email: 'mona@example.com' });
    afterThis(() => session.clear());
    const src = (id: number, page: number, filePage: number, text: string) => ({
      id, library_id: 12, parent_id: null, page, kind: 'highlight', geometry: { rects: [{ x: 0.1, y: 0.1, w: 0.3, h: 0.02 }] }, quote: null, text, color: '#ffdd00',
      visibility: 'committee', people: [], author: { id: 3, name: 'Mark Member' }, version: 2, orphaned: false, presented_in: null, mine: false, can_edit: false, can_delete: false,
      created_at: '2026-11-28 10:00:00', updated_at: '2026-11-28 10:00:00', replies: [{ id: id + 100, library_id: 12, parent_id: id, page, kind: 'reply', geometry: null, quote: null, text: 'Agreed', color: '#ffdd00', visibility: 'committee', people: [], author: { id: 4, name: 'Rita Reader' }, version: 2, orphaned: false, presented_in: null, mine: false, can_edit: false, can_delete: false, created_at: '2026-11-28 10:00:00', updated_at: '2026-11-28 10:00:00' }],
      source: { library_id: 12, version: 2, name: 'budget.pdf', page: filePage },
    });
    const calls = installFetch(
      on('GET', '/api/library/42/annotations', () => jsonResponse(200, { success: true, data: { annotations: [] } })),
      on('GET', '/api/meetings/9/book/annotations', () => jsonResponse(200, { success: true, data: { meeting_id: 9, book_library_id: 42, annotations: [src(7, 3, 1, 'On the first page'), src(8, 4, 2, 'Check the reserve')], files: [{ library_id: 12, version: 2, name: 'budget.pdf', start: 3, end: 5 }], pages_known: true } })),
    );
    show({ shared: { itemId: 42, meetingId: 9 }, startPage: 4 });
    await waitFor(() => expect(viewer()).toHaveAttribute('data-rendered', '4'));
    // painted by the same overlay on the book's page 4 (budget.pdf's page 2), not on another page
    await waitFor(() => expect(screen.getByTestId('book-overlay')).toHaveAttribute('data-marks', '1'));
    expect(calls.some((c) => c.path === '/api/meetings/9/book/annotations?book=42')).toBe(true);
    // the book's live channel of its source files is opened with the meeting and the book
    await waitFor(() => expect(calls.some((c) => c.path === '/api/meetings/9/book/live?book=42')).toBe(true));
    expect(screen.queryByTestId('ann-sources-unknown')).toBeNull();
    fireEvent.click(screen.getByTestId('book-next'));
    await waitFor(() => expect(screen.getByTestId('book-overlay')).toHaveAttribute('data-marks', '0'));

    fireEvent.click(screen.getByTestId('book-ann-toggle'));
    const items = await screen.findAllByTestId('ann-source-item');
    expect(items.map((i) => [i.getAttribute('data-id'), i.getAttribute('data-page')])).toEqual([['7', '3'], ['8', '4']]);
    const item = items[1];
    expect(within(item).getByTestId('ann-source-name')).toHaveTextContent('From budget.pdf, page 2');
    expect(item).toHaveTextContent('Check the reserve');
    expect(item).toHaveTextContent('Rita Reader Agreed');
    // read-only: no reply box, no share or delete
    expect(within(item).queryByRole('textbox')).toBeNull();
    expect(within(item).queryByTestId('ann-delete-8')).toBeNull();
    expect(screen.queryByTestId('ann-reply-text-8')).toBeNull();
    expect(within(item).getByTestId('ann-source-open-8')).toHaveAttribute('href', '/doc-view?id=12&doc=budget.pdf&meeting_id=9&page=2');
    // the book's own list stays as it was (empty), the source's mark is not in it
    expect(screen.getByTestId('ann-empty')).toBeInTheDocument();
    fireEvent.click(within(item).getByRole('button', { name: /4/ }));
    await waitFor(() => expect(page()).toBe(4));
  });

  it("the source files' section in Arabic", async () => {
    session.signIn({ token: 'tok', email: 'mona@example.com' });
    afterThis(() => session.clear());
    await act(() => changeLanguage('ar'));
    installFetch(
      on('GET', '/api/library/42/annotations', () => jsonResponse(200, { success: true, data: { annotations: [] } })),
      on('GET', '/api/meetings/9/book/annotations', () => jsonResponse(200, { success: true, data: { meeting_id: 9, book_library_id: 42, annotations: [{
        id: 8, library_id: 12, parent_id: null, page: 3, kind: 'note', geometry: { x: 0.5, y: 0.5 }, quote: null, text: 'ملاحظة', color: '#ffdd00',
        visibility: 'committee', people: [], author: { id: 3, name: 'Mark Member' }, version: 1, orphaned: false, presented_in: null, mine: false, can_edit: false, can_delete: false,
        created_at: '2026-11-28 10:00:00', updated_at: '2026-11-28 10:00:00', replies: [], source: { library_id: 12, version: 1, name: 'budget.pdf', page: 1 },
      }], files: [{ library_id: 12, version: 1, name: 'budget.pdf', start: 3, end: 3 }], pages_known: true } })),
    );
    show({ shared: { itemId: 42, meetingId: 9 } });
    await waitFor(() => expect(viewer()).toHaveAttribute('data-rendered', '1'));
    fireEvent.click(screen.getByTestId('book-ann-toggle'));
    const section = await screen.findByTestId('ann-sources');
    expect(section).toHaveTextContent('من الملفات المرفقة');
    expect(within(section).getByTestId('ann-source-name')).toHaveTextContent('من budget.pdf، الصفحة 1');
    await act(() => changeLanguage('en'));
  });

  it.each(['en', 'ar'] as const)("a book made before its files were recorded says its source files' marks cannot be shown (%s)", async (lang) => {
    session.signIn({ token: 'tok', email: 'mona@example.com' });
    afterThis(() => session.clear());
    await act(() => changeLanguage(lang));
    installFetch(
      on('GET', '/api/library/42/annotations', () => jsonResponse(200, { success: true, data: { annotations: [] } })),
      on('GET', '/api/meetings/9/book/annotations', () => jsonResponse(200, { success: true, data: { meeting_id: 9, book_library_id: 42, annotations: [], files: [], pages_known: false } })),
    );
    show({ shared: { itemId: 42, meetingId: 9 } });
    await waitFor(() => expect(viewer()).toHaveAttribute('data-rendered', '1'));
    fireEvent.click(screen.getByTestId('book-ann-toggle'));
    const note = await screen.findByTestId('ann-sources-unknown');
    expect(note).toHaveTextContent(lang === 'en' ? 'This book was made before the pages of its attached files were recorded' : 'أُعدّ هذا الكتاب قبل تسجيل صفحات ملفاته المرفقة');
    expect(screen.queryByTestId('ann-sources')).toBeNull();
    await act(() => changeLanguage('en'));
  });

  it('without a signed-in reader (the offline copy) there is no annotations button', async () => {
    show();
    await waitFor(() => expect(viewer()).toHaveAttribute('data-rendered', '1'));
    expect(screen.queryByTestId('book-ann-toggle')).toBeNull();
    expect(screen.queryByTestId('book-overlay')).toBeNull();
  });
});

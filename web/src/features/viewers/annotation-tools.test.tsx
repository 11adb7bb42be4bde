import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../../App';
import { session } from '../../api/session';
import { changeLanguage } from '../../i18n';
import type { SharedAnnotation } from '../../api/annotations';
import { installFetch, jsonResponse, on, type Call, type FakeResponse } from '../../test/fetch';
import { annotatedName } from './annotations';
import { BookViewer } from './BookViewer';
import type { PdfHandle, PdfOpener } from './pdf-engine';
import { PdfViewer } from './PdfViewer';

jest.setTimeout(20_000);

/**
 * The annotation layer both viewers share (AnnotationTools.tsx, docs/annotations.md#the-viewer): the export button
 * (Download with annotations: busy, saved, a failure said, hidden when view only) and the drawing tools, the same in
 * the PDF viewer and the board book viewer. The pages are drawn by a stand-in (jsdom has no canvas).
 */
const handle = (pages: number): PdfHandle => ({
  pages,
  size: async () => ({ width: 600, height: 800 }),
  render: async () => undefined,
  outline: async () => [],
  destroy: () => undefined,
});
const opener: PdfOpener = async (o) => {
  o.onProgress?.(100, 100);
  return handle(3);
};
const entries = [
  { name: 'Board meeting', start: 1, end: 1 },
  { name: 'budget.pdf', start: 2, end: 3 },
];

const pdfAnswer = (release?: Promise<void>): Promise<FakeResponse> =>
  (release ?? Promise.resolve()).then(() => ({
    ok: true,
    status: 200,
    headers: { get: (n: string) => (n.toLowerCase() === 'content-type' ? 'application/pdf' : null) },
    text: async () => '%PDF-1.7',
    blob: async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
  }));

const list = () => jsonResponse(200, { success: true, data: { annotations: [] } });

/** POST .../annotations: the saved annotation as the service answers it (the body's mark, the caller's own) */
let nextId = 100;
const created = (c: Call) => {
  const body = c.body as Pick<SharedAnnotation, 'page' | 'kind' | 'geometry' | 'color' | 'visibility'> & { text?: string; quote?: string; people?: number[] };
  const mark: SharedAnnotation = {
    id: nextId++, library_id: Number(c.path.split('/')[3]), parent_id: null, page: body.page, kind: body.kind, geometry: body.geometry, quote: body.quote ?? null, text: body.text ?? '',
    color: body.color ?? '#ffdd00', visibility: body.visibility, people: body.people ?? [], author: { id: 2, name: 'Mona Member' }, version: 1, orphaned: false, presented_in: null,
    mine: true, can_edit: true, can_delete: true, created_at: '2026-11-28 10:00:00', updated_at: '2026-11-28 10:00:00', replies: [],
  };
  return jsonResponse(200, { success: true, message: 'Saved', data: mark });
};

let saved: string[] = [];
let restoreClick: () => void = () => undefined;
beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'mona@example.com' });
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:annotated');
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  restoreClick = () => click.mockRestore();
});
afterEach(() => {
  restoreClick();
  session.clear();
  jest.restoreAllMocks();
});

function pdf(props: Partial<Parameters<typeof PdfViewer>[0]> = {}) {
  return render(
    <Providers>
      <PdfViewer url="https://s3.test/a.pdf" name="Board pack.pdf" opener={opener} shared={{ itemId: 41, meetingId: 9 }} {...props} />
    </Providers>,
  );
}
function bookViewer(props: Partial<Parameters<typeof BookViewer>[0]> = {}) {
  return render(
    <Providers>
      <BookViewer url="https://s3.test/book.pdf" name="Board book.pdf" entries={entries} onDownload={jest.fn()} opener={opener} shared={{ itemId: 77, meetingId: 9 }} {...props} />
    </Providers>,
  );
}

/** jsdom has no PointerEvent: React reads pointer events from mouse events of the same name */
const pointer = (el: Element, type: string, x: number, y: number) => act(() => void el.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: x, clientY: y, button: 0 })));

/** the overlay's box: jsdom lays nothing out */
function boxed(el: HTMLElement) {
  el.getBoundingClientRect = () => ({ left: 0, top: 0, width: 600, height: 800, right: 600, bottom: 800, x: 0, y: 0, toJSON: () => ({}) });
  return el;
}

describe('annotated export', () => {
  it('names the copy as the API does', () => {
    const cases: [string, string][] = [
      ['Board pack.pdf', 'Board pack (annotated).pdf'],
      ['Board pack.PDF', 'Board pack (annotated).pdf'],
      ['Minutes', 'Minutes (annotated).pdf'],
      ['  ', 'document (annotated).pdf'],
    ];
    for (const [name, want] of cases) expect(annotatedName(name)).toBe(want);
  });

  /** the export job's routes: started queued, then running at `writing`, then done with a presigned URL of the copy */
  const jobRoutes = (itemId: number, gate?: Promise<void>) => {
    let asked = 0;
    const state = (o: object) => jsonResponse(200, { success: true, data: { id: 'annexp-2-abc', status: 'queued', stage: 'queued', progress: 0, name: null, url: null, annotations: null, skipped: null, error: null, ...o } });
    return [
      on('POST', `/api/library/${itemId}/annotations/export_jobs`, () => state({})),
      on('GET', '/api/library/annotated_exports/annexp-2-abc', async () => {
        asked += 1;
        if (asked === 1) return state({ status: 'running', stage: 'writing', progress: 40 });
        await gate;
        return state({ status: 'done', stage: 'done', progress: 100, name: 'x (annotated).pdf', url: 'https://s3.test/org/annotated/copy.pdf?X-Amz-Signature=1', annotations: 2, skipped: 0 });
      }),
      on('GET', '/org/annotated/copy.pdf', () => pdfAnswer()),
    ];
  };

  it('the PDF viewer: starts the export job with the meeting, shows its stage and percent while busy, then saves the copy from its URL as "<name> (annotated).pdf"', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const calls = installFetch(on('GET', '/api/library/41/annotations', list), ...jobRoutes(41, gate));
    pdf();
    const button = await screen.findByTestId('pdf-ann-export');
    expect(button).toHaveAccessibleName('Download with annotations');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('pdf-ann-export')).toBeDisabled());
    expect(screen.getByTestId('pdf-ann-export')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByTestId('pdf-ann-export-stage', {}, { timeout: 4000 })).toHaveTextContent('Waiting to start');
    await waitFor(() => expect(screen.getByTestId('pdf-ann-export-stage')).toHaveTextContent('Writing the annotations'), { timeout: 4000 });
    expect(screen.getByRole('progressbar', { name: 'Preparing the annotated copy: 40%' })).toBeInTheDocument();
    await act(async () => release());
    await waitFor(() => expect(saved).toEqual(['Board pack (annotated).pdf']), { timeout: 4000 });
    await waitFor(() => expect(screen.getByTestId('pdf-ann-export')).not.toBeDisabled());
    expect(screen.queryByTestId('pdf-ann-export-progress')).toBeNull();
    const start = calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/library/41/annotations/export_jobs'));
    expect(start).toHaveLength(1);
    expect(start[0].url).toContain('meeting_id=9');
    expect(start[0].headers.token).toBe('tok');
    expect(calls.some((c) => c.url === 'https://s3.test/org/annotated/copy.pdf?X-Amz-Signature=1')).toBe(true);
    expect(screen.queryByTestId('pdf-ann-export-error')).toBeNull();
  });

  it("a refused export says so beside the button (the server's message), and nothing is saved", async () => {
    installFetch(
      on('GET', '/api/library/41/annotations', list),
      on('POST', '/api/library/41/annotations/export_jobs', () => jsonResponse(409, { success: false, message: 'This file has no PDF to export with annotations' })),
    );
    pdf();
    fireEvent.click(await screen.findByTestId('pdf-ann-export'));
    expect(await screen.findByTestId('pdf-ann-export-error')).toHaveTextContent('This file has no PDF to export with annotations');
    expect(screen.getByRole('alert')).toBe(screen.getByTestId('pdf-ann-export-error'));
    expect(saved).toEqual([]);
  });

  it('a failed job says so beside the button, and nothing is saved', async () => {
    installFetch(
      on('GET', '/api/library/41/annotations', list),
      on('POST', '/api/library/41/annotations/export_jobs', () => jsonResponse(200, { success: true, data: { id: 'annexp-2-f', status: 'queued', stage: 'queued', progress: 0, name: null, url: null, annotations: null, skipped: null, error: null } })),
      on('GET', '/api/library/annotated_exports/annexp-2-f', () => jsonResponse(200, { success: true, data: { id: 'annexp-2-f', status: 'failed', stage: 'reading', progress: 10, name: null, url: null, annotations: null, skipped: null, error: 'PAYLOAD_TOO_LARGE' } })),
    );
    pdf();
    fireEvent.click(await screen.findByTestId('pdf-ann-export'));
    expect(await screen.findByTestId('pdf-ann-export-error', {}, { timeout: 4000 })).toHaveTextContent('The annotated copy could not be made. Try again.');
    expect(saved).toEqual([]);
  });

  it('is not offered where the document is view only, nor without shared annotations (a guest link)', async () => {
    installFetch(on('GET', '/api/library/41/annotations', list));
    const { unmount } = pdf({ room: { canDownload: false, watermark: null } });
    await screen.findByTestId('pdf-ann-toggle');
    expect(screen.queryByTestId('pdf-ann-export')).toBeNull();
    expect(screen.queryByTestId('pdf-download')).toBeNull();
    unmount();
    const second = pdf({ shared: undefined });
    await screen.findByTestId('pdf-download');
    expect(screen.queryByTestId('pdf-ann-export')).toBeNull();
    second.unmount();
    bookViewer({ room: { canDownload: false, watermark: null } });
    await screen.findByTestId('book-ann-toggle');
    expect(screen.queryByTestId('book-ann-export')).toBeNull();
  });

  it('the book viewer exports the book file the same way, in Arabic too', async () => {
    const calls = installFetch(on('GET', '/api/library/77/annotations', list), ...jobRoutes(77));
    await act(() => changeLanguage('ar'));
    try {
      bookViewer();
      const button = await screen.findByTestId('book-ann-export');
      expect(button).toHaveAccessibleName('تنزيل مع التعليقات التوضيحية');
      fireEvent.click(button);
      expect(await screen.findByTestId('book-ann-export-stage', {}, { timeout: 4000 })).toHaveTextContent('في انتظار البدء');
      await waitFor(() => expect(saved).toEqual(['Board book (annotated).pdf']), { timeout: 5000 });
      expect(calls.some((c) => c.path.startsWith('/api/library/77/annotations/export_jobs?') && c.url.includes('meeting_id=9'))).toBe(true);
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});

describe('drawing tools in the book viewer (the same layer as the PDF viewer)', () => {
  it('a drawing dragged on the book page becomes a shared drawing of that page with the chosen visibility and colour', async () => {
    const calls = installFetch(
      on('GET', '/api/library/77/annotations', list),
      on('POST', '/api/library/77/annotations', created),
    );
    bookViewer();
    await waitFor(() => expect(screen.getByTestId('book-viewer')).toHaveAttribute('data-rendered', '1'));
    // who sees it: the panel's choice
    fireEvent.click(screen.getByTestId('book-ann-toggle'));
    fireEvent.click(await screen.findByTestId('ann-visibility-committee'));
    for (const k of ['note', 'draw', 'highlight']) expect(screen.getByTestId(`book-ann-${k}`)).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByTestId('book-ann-draw'));
    expect(screen.getByTestId('book-ann-draw')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Colour #2293FB' }));
    const overlay = boxed(screen.getByTestId('book-overlay'));
    expect(overlay).toHaveClass('pdf-overlay--active');
    pointer(overlay, 'pointerdown', 60, 80);
    pointer(overlay, 'pointermove', 300, 400);
    pointer(overlay, 'pointerup', 300, 400);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toContain('meeting_id=9');
    expect(post.body).toEqual({ page: 1, kind: 'drawing', geometry: { paths: [{ points: [[0.1, 0.1], [0.5, 0.5]] }], width: 0.003 }, color: '#2293FB', visibility: 'committee' });
  });

  it('a note clicked on a book page goes through the note dialog; a highlight is a dragged rectangle; the PDF viewer makes the same bodies', async () => {
    const calls = installFetch(
      on('GET', '/api/library/77/annotations', list),
      on('POST', '/api/library/77/annotations', created),
      on('GET', '/api/library/41/annotations', list),
      on('POST', '/api/library/41/annotations', created),
    );
    const bodies = async (prefix: 'book' | 'pdf', path: string) => {
      fireEvent.click(await screen.findByTestId(`${prefix}-ann-note`));
      const overlay = boxed(screen.getByTestId(`${prefix}-overlay`));
      pointer(overlay, 'pointerdown', 300, 200);
      fireEvent.change(await screen.findByTestId(`${prefix}-note-text`), { target: { value: 'Check this figure' } });
      fireEvent.click(screen.getByTestId(`${prefix}-note-add`));
      fireEvent.click(screen.getByTestId(`${prefix}-ann-highlight`));
      pointer(overlay, 'pointerdown', 60, 80);
      pointer(overlay, 'pointermove', 240, 120);
      pointer(overlay, 'pointerup', 240, 120);
      await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path.split('?')[0] === path)).toHaveLength(2));
      return calls.filter((c) => c.method === 'POST' && c.path.split('?')[0] === path).map((c) => c.body);
    };
    const want = [
      { page: 1, kind: 'note', geometry: { x: 0.5, y: 0.25 }, text: 'Check this figure', visibility: 'private' },
      { page: 1, kind: 'highlight', geometry: { rects: [{ x: 0.1, y: 0.1, w: 0.3, h: 0.05 }] }, visibility: 'private' },
    ];
    const b = bookViewer();
    await waitFor(() => expect(screen.getByTestId('book-viewer')).toHaveAttribute('data-rendered', '1'));
    const fromBook = await bodies('book', '/api/library/77/annotations');
    b.unmount();
    pdf();
    await waitFor(() => expect(screen.getByTestId('pdf-viewer')).toHaveAttribute('data-rendered', '1'));
    const fromPdf = await bodies('pdf', '/api/library/41/annotations');
    for (const got of [fromBook, fromPdf]) {
      expect(got[0]).toEqual(want[0]);
      const h = got[1] as { geometry: { rects: { x: number; y: number; w: number; h: number }[] } };
      expect(h).toMatchObject({ page: 1, kind: 'highlight', visibility: 'private' });
      const r = h.geometry.rects[0];
      expect([r.x, r.y, r.w, r.h].map((n) => Math.round(n * 1000) / 1000)).toEqual([0.1, 0.1, 0.3, 0.05]);
    }
  });

  it('the offline copy (no signed-in reader) has no tools and no export', async () => {
    bookViewer({ shared: undefined });
    await waitFor(() => expect(screen.getByTestId('book-viewer')).toHaveAttribute('data-rendered', '1'));
    for (const id of ['book-ann-note', 'book-ann-draw', 'book-ann-highlight', 'book-ann-export', 'book-overlay']) expect(screen.queryByTestId(id)).toBeNull();
  });
});

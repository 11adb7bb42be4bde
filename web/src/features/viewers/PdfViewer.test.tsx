import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../../App';
import { onNotify } from '../../api/notify';
import type { PdfBookmark, PdfHandle, PdfOpener } from './pdf-engine';
import { PdfViewer } from './PdfViewer';

// the screens render many PrimeReact parts; on a loaded test machine a test can take several seconds
jest.setTimeout(20_000);

/**
 * The viewer's own behaviour (navigation, jump rules, rotation, panels, states) over a document whose pages
 * are drawn by this test instead of pdf.js: jsdom has no canvas. pdf.js itself is driven by the browser journey.
 */
interface FakeDoc {
  opener: PdfOpener;
  rendered: { n: number; rotation: number; scale: number }[];
  progress(loaded: number, total: number): void;
  finish(): void;
  fail(reason: string): void;
}

function fakeDoc(pages: number, opts: { failPages?: number[]; outline?: PdfBookmark[] } = {}): FakeDoc {
  const rendered: FakeDoc['rendered'] = [];
  let onProgress: ((l: number, t: number | undefined) => void) | undefined;
  let resolve: (h: PdfHandle) => void = () => undefined;
  let reject: (e: Error) => void = () => undefined;
  const handle: PdfHandle = {
    pages,
    size: async () => ({ width: 600, height: 800 }),
    render: async (n, canvas, scale, rotation) => {
      if (canvas.parentElement?.classList.contains('pdf-page')) rendered.push({ n, rotation, scale });
      if (opts.failPages?.includes(n)) throw new Error('bad page');
    },
    outline: async () => opts.outline ?? [],
    destroy: () => undefined,
  };
  return {
    rendered,
    opener: (o) => {
      onProgress = o.onProgress;
      return new Promise<PdfHandle>((res, rej) => {
        resolve = res;
        reject = rej;
      });
    },
    progress: (l, t) => onProgress?.(l, t),
    finish: () => resolve(handle),
    fail: (reason) => reject(new Error(reason)),
  };
}

function show(doc: FakeDoc, props: Partial<Parameters<typeof PdfViewer>[0]> = {}) {
  return render(
    <Providers>
      <PdfViewer url="https://s3.test/a.pdf" name="Board pack.pdf" opener={doc.opener} {...props} />
    </Providers>,
  );
}

const viewer = () => screen.getByTestId('pdf-viewer');
const pageNow = () => Number(viewer().getAttribute('data-page'));
const rotationNow = () => Number(viewer().getAttribute('data-rotation'));

async function opened(doc: FakeDoc) {
  await act(async () => doc.finish());
  await waitFor(() => expect(screen.queryByTestId('pdf-progress')).toBeNull());
}

describe('PDF viewer', () => {
  beforeEach(() => {
    // jsdom has no 2D canvas (it logs "not implemented"); the overlay then draws nothing, as the viewer allows
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('shows a progress bar while the file loads, then the page count', async () => {
    const doc = fakeDoc(4);
    show(doc);
    expect(screen.getByTestId('pdf-progress')).toBeInTheDocument();
    act(() => doc.progress(50, 200));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Loading the document' })).toHaveAttribute('aria-valuenow', '25'));
    await opened(doc);
    expect(screen.getByTestId('pdf-page-count')).toHaveTextContent('of 4');
    await waitFor(() => expect(doc.rendered.some((r) => r.n === 1)).toBe(true));
  });

  it('says that a document over 50 pages may take a moment', async () => {
    const seen: string[] = [];
    const off = onNotify((n) => seen.push(n.summary));
    const small = fakeDoc(50);
    const { unmount } = show(small);
    await opened(small);
    expect(seen).toEqual([]);
    unmount();
    const large = fakeDoc(51);
    show(large);
    await opened(large);
    expect(seen).toEqual(['This document has many pages; processing may take a moment.']);
    off();
  });

  it("says 'Failed to process {file}: {reason}' when the file cannot be opened", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const doc = fakeDoc(1);
    show(doc);
    await act(async () => doc.fail('Invalid PDF structure'));
    expect(logged).toHaveBeenCalledWith('pdf open', expect.any(Error));
    expect(await screen.findByTestId('pdf-load-error')).toHaveTextContent('Failed to process Board pack.pdf: Invalid PDF structure');
  });

  it('moves with previous/next and the arrow keys, within the first and the last page', async () => {
    const doc = fakeDoc(3);
    show(doc);
    await opened(doc);
    expect(screen.getByTestId('pdf-prev')).toBeDisabled();
    fireEvent.click(screen.getByTestId('pdf-next'));
    expect(pageNow()).toBe(2);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(pageNow()).toBe(3);
    expect(screen.getByTestId('pdf-next')).toBeDisabled();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(pageNow()).toBe(3);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(pageNow()).toBe(2);
    await waitFor(() => expect(doc.rendered.some((r) => r.n === 3)).toBe(true));
  });

  it('jumps on Enter; 0, a negative number or more than the page count keep the current page', async () => {
    const doc = fakeDoc(5);
    show(doc);
    await opened(doc);
    const jump = screen.getByTestId('pdf-jump') as HTMLInputElement;
    const enter = (v: string) => {
      fireEvent.change(jump, { target: { value: v } });
      fireEvent.keyDown(jump, { key: 'Enter' });
    };
    enter('4');
    expect(pageNow()).toBe(4);
    for (const bad of ['0', '-2', '6', 'x']) {
      enter(bad);
      expect(pageNow()).toBe(4);
      expect(jump.value).toBe('4');
    }
    enter('1');
    expect(pageNow()).toBe(1);
  });

  it('rotates 0, 90, 180, 270, 0 and resets the rotation on a page change', async () => {
    const doc = fakeDoc(2);
    show(doc);
    await opened(doc);
    const seen: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      fireEvent.click(screen.getByTestId('pdf-rotate'));
      seen.push(rotationNow());
    }
    expect(seen).toEqual([90, 180, 270, 0]);
    fireEvent.click(screen.getByTestId('pdf-rotate'));
    await waitFor(() => expect(doc.rendered.some((r) => r.n === 1 && r.rotation === 90)).toBe(true));
    fireEvent.click(screen.getByTestId('pdf-next'));
    expect(rotationNow()).toBe(0);
    await waitFor(() => expect(doc.rendered.at(-1)).toEqual(expect.objectContaining({ n: 2, rotation: 0 })));
  });

  it('zooms in and out by steps', async () => {
    const doc = fakeDoc(1);
    show(doc);
    await opened(doc);
    fireEvent.click(screen.getByTestId('pdf-zoom-in'));
    expect(screen.getByTestId('pdf-zoom')).toHaveTextContent('125%');
    fireEvent.click(screen.getByTestId('pdf-zoom-out'));
    fireEvent.click(screen.getByTestId('pdf-zoom-out'));
    expect(screen.getByTestId('pdf-zoom')).toHaveTextContent('75%');
  });

  it("shows 'The PDF page could not be processed' for a page that fails, and the other pages still open", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const doc = fakeDoc(3, { failPages: [2] });
    show(doc);
    await opened(doc);
    fireEvent.click(screen.getByTestId('pdf-next'));
    expect(await screen.findByTestId('pdf-page-failed')).toHaveTextContent('The PDF page could not be processed');
    fireEvent.click(screen.getByTestId('pdf-next'));
    await waitFor(() => expect(screen.queryByTestId('pdf-page-failed')).toBeNull());
    expect(screen.getByTestId('pdf-canvas')).toBeVisible();
    expect(logged).toHaveBeenCalledWith('pdf page 2', expect.any(Error));
  });

  it('lists thumbnails of every page; a thumbnail opens its page', async () => {
    const doc = fakeDoc(3);
    show(doc);
    await opened(doc);
    fireEvent.click(screen.getByTestId('pdf-thumbs-toggle'));
    expect(await screen.findByTestId('pdf-thumb-3')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^\d$/ })).toHaveLength(3);
    fireEvent.click(screen.getByTestId('pdf-thumb-3'));
    expect(pageNow()).toBe(3);
    expect(screen.getByTestId('pdf-thumb-3')).toHaveAttribute('aria-current', 'page');
  });

  it("shows the document's outline and the merged sections; an entry opens its page", async () => {
    const doc = fakeDoc(6, { outline: [{ title: 'Financials', page: 4, items: [{ title: 'Cash flow', page: 5, items: [] }] }] });
    show(doc, { sections: [{ name: 'Minutes', start: 2, end: 3 }] });
    await opened(doc);
    fireEvent.click(screen.getByTestId('pdf-outline-toggle'));
    fireEvent.click(await screen.findByText('Cash flow'));
    expect(pageNow()).toBe(5);
    fireEvent.click(screen.getByText('Minutes'));
    expect(pageNow()).toBe(2);
  });

  it('offers pen, highlight, text note and save only when editable', async () => {
    const doc = fakeDoc(1);
    const { unmount } = show(doc);
    await opened(doc);
    expect(screen.queryByTestId('pdf-tool-pen')).toBeNull();
    expect(screen.queryByTestId('pdf-save')).toBeNull();
    unmount();
    const doc2 = fakeDoc(1);
    show(doc2, { editable: true, onSave: jest.fn() });
    await opened(doc2);
    for (const k of ['pen', 'highlight', 'note']) expect(screen.getByTestId(`pdf-tool-${k}`)).toBeInTheDocument();
    // nothing drawn yet: nothing to save
    expect(screen.getByTestId('pdf-save')).toBeDisabled();
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../../App';
import type { OpenOptions, PdfHandle } from './pdf-engine';
import { usePdfPages, type PdfPagesOptions } from './use-pdf-pages';

jest.setTimeout(20_000);

/**
 * The paging and drawing both PDF viewers share, through a bare page view of this test's own (the viewers' own
 * tests check their toolbars over it): a document whose pages this test draws (jsdom has no canvas).
 */
function fakeDocument(pages: number, failPages: number[] = []) {
  const drawn: { n: number; scale: number; rotation: number }[] = [];
  const handle: PdfHandle = {
    pages,
    size: async () => ({ width: 600, height: 800 }),
    render: async (n, _canvas, scale, rotation) => {
      drawn.push({ n, scale, rotation });
      if (failPages.includes(n)) throw new Error('bad page');
    },
    outline: async () => [],
    destroy: jest.fn(),
  };
  return { handle, drawn };
}

function Pages(props: PdfPagesOptions) {
  const p = usePdfPages(props);
  return (
    <div data-testid="view" data-page={p.view.page} data-rotation={p.view.rotation} data-pages={p.pages} data-rendered={p.renderedPage} data-percent={p.percent} data-failed={p.pageFailed}>
      {p.loadError && <p role="alert">{p.loadError}</p>}
      <input aria-label="page" value={p.jump} onChange={(e) => p.setJump(e.target.value)} onKeyDown={(e) => p.onJumpKey(e.key)} />
      <button type="button" onClick={() => p.goTo(p.view.page + 1)}>next</button>
      <button type="button" onClick={() => p.goTo(99)}>far</button>
      <button type="button" onClick={p.rotate}>rotate</button>
      <div ref={p.stageRef}>{p.handle && <canvas ref={p.canvasRef} />}</div>
    </div>
  );
}

const view = () => screen.getByTestId('view');
const at = (name: string) => view().getAttribute(`data-${name}`);

function show(props: Partial<PdfPagesOptions> & { opener: PdfPagesOptions['opener'] }) {
  const all: PdfPagesOptions = { url: 'https://s3.test/a.pdf', name: 'a.pdf', label: 'test', ...props };
  const r = render(
    <Providers>
      <Pages {...all} />
    </Providers>,
  );
  return { ...r, again: (more: Partial<PdfPagesOptions>) => r.rerender(<Providers><Pages {...all} {...more} /></Providers>) };
}

describe('usePdfPages: the viewers’ paging and drawing', () => {
  it('opens the document with its progress, then draws the first page fitted to the stage (times the zoom)', async () => {
    const doc = fakeDocument(3);
    let resolve: (h: PdfHandle) => void = () => undefined;
    let progress: OpenOptions['onProgress'];
    const opener = jest.fn((o: OpenOptions) => {
      progress = o.onProgress;
      return new Promise<PdfHandle>((res) => (resolve = res));
    });
    show({ opener, zoom: 1.5 });
    expect(opener).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://s3.test/a.pdf' }));
    act(() => progress?.(50, 200));
    expect(at('percent')).toBe('25');
    await act(async () => resolve(doc.handle));
    await waitFor(() => expect(at('rendered')).toBe('1'));
    expect(at('percent')).toBe('100');
    expect(at('pages')).toBe('3');
    // jsdom's stage is 0 wide: the page keeps its natural width, times the zoom
    expect(doc.drawn).toEqual([{ n: 1, scale: 1.5, rotation: 0 }]);
  });

  it('turns pages within the document; another page shows unrotated, rotate cycles on the same page', async () => {
    const doc = fakeDocument(3);
    show({ opener: async () => doc.handle });
    await waitFor(() => expect(at('rendered')).toBe('1'));
    fireEvent.click(screen.getByText('rotate'));
    fireEvent.click(screen.getByText('rotate'));
    await waitFor(() => expect(at('rendered')).toBe('1'));
    expect(at('rotation')).toBe('180');
    fireEvent.click(screen.getByText('next'));
    await waitFor(() => expect(at('rendered')).toBe('2'));
    expect(at('rotation')).toBe('0');
    expect((screen.getByLabelText('page') as HTMLInputElement).value).toBe('2');
    fireEvent.click(screen.getByText('far'));
    await waitFor(() => expect(at('rendered')).toBe('3'));
    expect((screen.getByLabelText('page') as HTMLInputElement).value).toBe('3');
    expect(doc.drawn.map((d) => [d.n, d.rotation])).toEqual([[1, 0], [1, 90], [1, 180], [2, 0], [3, 0]]);
  });

  it('the page input goes to a valid page on Enter and resets otherwise; arrow keys turn pages except while typing', async () => {
    const doc = fakeDocument(5);
    show({ opener: async () => doc.handle });
    await waitFor(() => expect(at('rendered')).toBe('1'));
    const input = screen.getByLabelText('page') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(at('page')).toBe('4'));
    fireEvent.change(input, { target: { value: '9' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('4');
    fireEvent.keyDown(input, { key: 'ArrowRight' });
    expect(at('page')).toBe('4');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(at('page')).toBe('5'));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(at('page')).toBe('5');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(at('page')).toBe('4'));
  });

  it('a page that fails says so and the next one draws again; a document that cannot open names the file', async () => {
    const doc = fakeDocument(3, [2]);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const pages = show({ opener: async () => doc.handle });
    await waitFor(() => expect(at('rendered')).toBe('1'));
    fireEvent.click(screen.getByText('next'));
    await waitFor(() => expect(at('failed')).toBe('true'));
    fireEvent.click(screen.getByText('next'));
    await waitFor(() => expect(at('rendered')).toBe('3'));
    expect(at('failed')).toBe('false');
    expect(errors).toHaveBeenCalledWith('test page 2', expect.any(Error));
    pages.unmount();

    show({ opener: async () => Promise.reject(new Error('403 Forbidden')), name: 'Minutes.pdf' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Minutes.pdf');
    expect(screen.getByRole('alert')).toHaveTextContent('403 Forbidden');
    errors.mockRestore();
  });

  it("a new version reopens on the page last drawn with reopenAt 'same' (within its pages), on the first page otherwise", async () => {
    const first = fakeDocument(5);
    const second = fakeDocument(3);
    const opener = jest.fn(async (o: OpenOptions) => (o.url.endsWith('v2.pdf') ? second.handle : first.handle));
    const same = show({ opener, reopenAt: 'same' });
    await waitFor(() => expect(at('rendered')).toBe('1'));
    fireEvent.click(screen.getByText('far'));
    await waitFor(() => expect(at('rendered')).toBe('5'));
    same.again({ url: 'https://s3.test/v2.pdf' });
    await waitFor(() => expect(at('pages')).toBe('3'));
    await waitFor(() => expect(at('rendered')).toBe('3'));
    expect(first.handle.destroy).toHaveBeenCalled();
    same.unmount();

    const book = show({ opener });
    await waitFor(() => expect(at('rendered')).toBe('1'));
    fireEvent.click(screen.getByText('far'));
    await waitFor(() => expect(at('rendered')).toBe('5'));
    book.again({ url: 'https://s3.test/v2.pdf' });
    await waitFor(() => expect(at('pages')).toBe('3'));
    await waitFor(() => expect(at('rendered')).toBe('1'));
  });

  it('opens the bytes of an offline copy instead of the URL, named after the document', async () => {
    const doc = fakeDocument(2);
    const data = new ArrayBuffer(8);
    const opener = jest.fn(async () => doc.handle);
    show({ opener, url: null, data, name: 'book.pdf' });
    await waitFor(() => expect(at('rendered')).toBe('1'));
    expect(opener).toHaveBeenCalledWith(expect.objectContaining({ url: 'book.pdf', data }));
  });
});

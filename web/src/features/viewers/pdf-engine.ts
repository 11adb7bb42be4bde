/**
 * pdf.js behind a small interface: the viewer asks for a document, pages and the outline; the worker is
 * served at /pdf.worker.min.js (vite.config.ts copies it there). pdf.js is loaded on first use, so the
 * screens that never show a PDF do not carry it.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { Rotation } from './pdf-rules';

export const PDF_WORKER_URL = '/pdf.worker.min.js';

export interface PdfBookmark {
  title: string;
  /** page number from 1, null when the entry has no page */
  page: number | null;
  items: PdfBookmark[];
}

export interface PdfHandle {
  pages: number;
  /** width and height in points of page `n` (from 1), unrotated */
  size(n: number): Promise<{ width: number; height: number }>;
  /** draw page `n` (from 1) into the canvas at `scale` and `rotation`; rejects when the page cannot be drawn */
  render(n: number, canvas: HTMLCanvasElement, scale: number, rotation: Rotation): Promise<void>;
  outline(): Promise<PdfBookmark[]>;
  destroy(): void;
}

export interface OpenOptions {
  /** where the bytes are; with `data` this only names the document */
  url: string;
  /** the bytes themselves (an offline copy): opened from memory, no request */
  data?: ArrayBuffer;
  /** headers the request needs (the API's own routes); presigned S3 URLs need none */
  headers?: Record<string, string>;
  onProgress?(loaded: number, total: number | undefined): void;
}

export type PdfOpener = (opts: OpenOptions) => Promise<PdfHandle>;

/** a drawing that pdf.js cancelled because a newer one of the same canvas began: not a failure */
export function isCancel(e: unknown): boolean {
  return !!e && typeof e === 'object' && (e as { name?: string }).name === 'RenderingCancelledException';
}

async function outlineOf(doc: PDFDocumentProxy): Promise<PdfBookmark[]> {
  const raw = (await doc.getOutline()) ?? [];
  const pageOf = async (dest: unknown): Promise<number | null> => {
    try {
      const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : (dest as unknown[] | null);
      if (!explicit || !explicit[0]) return null;
      const ref = explicit[0];
      if (typeof ref === 'number') return ref + 1;
      return (await doc.getPageIndex(ref as Parameters<PDFDocumentProxy['getPageIndex']>[0])) + 1;
    } catch (e) {
      // an outline entry pointing nowhere is shown without a page rather than hiding the whole outline
      console.warn('outline destination', e);
      return null;
    }
  };
  const walk = async (items: typeof raw): Promise<PdfBookmark[]> =>
    Promise.all(items.map(async (i) => ({ title: i.title, page: await pageOf(i.dest), items: await walk(i.items ?? []) })));
  return walk(raw);
}

const running = new WeakMap<HTMLCanvasElement, { cancel(): void; promise: Promise<void> }>();

/** Open a PDF with pdf.js (the browser's implementation of PdfOpener). */
export const openPdf: PdfOpener = async ({ url, data, headers, onProgress }) => {
  const pdfjs = await import('pdfjs-dist');
  if (pdfjs.GlobalWorkerOptions.workerSrc !== PDF_WORKER_URL) pdfjs.GlobalWorkerOptions.workerSrc = PDF_WORKER_URL;
  // pdf.js hands `data` to its worker (the buffer is transferred): it gets a copy, the caller keeps its own
  // isEvalSupported false: the Content-Security-Policy forbids eval, and pdf.js would otherwise try `new Function`
  // (a CSP violation) before falling back to its interpreter
  const task = data
    ? pdfjs.getDocument({ data: new Uint8Array(data.slice(0)), isEvalSupported: false })
    : pdfjs.getDocument({ url, httpHeaders: headers, withCredentials: false, isEvalSupported: false });
  task.onProgress = (p: { loaded: number; total?: number }) => onProgress?.(p.loaded, p.total);
  const doc = await task.promise;
  return {
    pages: doc.numPages,
    async size(n) {
      const page = await doc.getPage(n);
      const vp = page.getViewport({ scale: 1 });
      return { width: vp.width, height: vp.height };
    },
    async render(n, canvas, scale, rotation) {
      // one drawing per canvas at a time: a newer request cancels the one still running
      running.get(canvas)?.cancel();
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale, rotation: (page.rotate + rotation) % 360 });
      running.get(canvas)?.cancel();
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      const task = page.render({ canvas, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined });
      running.set(canvas, task);
      try {
        await task.promise;
      } finally {
        if (running.get(canvas) === task) running.delete(canvas);
      }
    },
    outline: () => outlineOf(doc),
    destroy: () => void task.destroy(),
  };
};

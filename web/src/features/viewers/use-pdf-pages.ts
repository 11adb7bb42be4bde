import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../api/notify';
import { rotate, turnTo, type PageView } from './book-rules';
import { isCancel, openPdf, type PdfHandle, type PdfOpener } from './pdf-engine';
import { fitScale, jumpTarget, loadPercent, stepPage } from './pdf-rules';

/** documents over 50 pages say that processing may take a moment */
export const LARGE_DOCUMENT_PAGES = 50;

export interface PdfPagesOptions {
  /** where the bytes are (a short-lived URL); null while it is asked for */
  url: string | null;
  /** the bytes themselves (an offline copy): opened instead of the URL */
  data?: ArrayBuffer | null;
  /** the document's name: labels the fetch-failure message (and names the document opened from `data`) */
  name: string;
  /** pdf.js by default; tests pass a document of their own */
  opener?: PdfOpener;
  /** what the console messages call the document ('pdf', 'book') */
  label: string;
  /** a new source (a new version of the file) opens on the page last drawn ('same') or on the first page */
  reopenAt?: 'same' | 'first';
  /** the toolbar's zoom (1 = the page fitted to the stage's width) */
  zoom?: number;
  /** the page the document first opens at (a search result's `?page=`); past the end: the last page */
  startPage?: number;
}

export interface PdfDocumentOptions {
  /** where the bytes are (a short-lived URL); null while it is asked for (no document meanwhile) */
  url: string | null;
  /** the bytes themselves (an offline copy): opened instead of the URL */
  data?: ArrayBuffer | null;
  /** names the document opened from `data` */
  name: string;
  /** pdf.js by default; tests pass a document of their own */
  opener?: PdfOpener;
  /** what the console messages call the document ('pdf', 'book', 'placement pdf') */
  label: string;
  /** the document came (before it is shown) */
  onOpened?(handle: PdfHandle): void;
}

/**
 * A PDF opened from its URL (or bytes), again for a new source, the old one destroyed: the handle (null while
 * it opens), the progress in percent and why it failed (`failure`, the error's message: the caller words it).
 * The open of `usePdfPages` and of the signature placement step (PlacementStep).
 */
export function usePdfDocument(opts: PdfDocumentOptions) {
  const opener = opts.opener ?? openPdf;
  const [handle, setHandle] = useState<PdfHandle | null>(null);
  const [percent, setPercent] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const source = opts.data ?? opts.url;

  // open the document; a new source (a new version, the offline copy) opens again
  useEffect(() => {
    setHandle(null);
    setFailure(null);
    setPercent(0);
    if (!source) return undefined;
    let live = true;
    let opened: PdfHandle | null = null;
    opener({ url: opts.url ?? opts.name, ...(opts.data ? { data: opts.data } : {}), onProgress: (loaded, total) => live && setPercent(loadPercent(loaded, total)) })
      .then((h) => {
        opened = h;
        if (!live) return h.destroy();
        setPercent(100);
        setHandle(h);
        opts.onOpened?.(h);
      })
      .catch((e: unknown) => {
        console.error(`${opts.label} open`, e);
        if (live) setFailure(e instanceof Error ? e.message : String(e));
      });
    return () => {
      live = false;
      opened?.destroy();
    };
    // the name only labels the message; the source decides what to open
  }, [source, opener]);

  return { handle, percent, failure };
}

/**
 * The paging and drawing the PDF viewers share (PdfViewer, BookViewer; docs/library-web.md#viewers): opens the
 * document (progress in percent, the fetch-failure message, the many-pages note), keeps the page view (going to
 * another page resets the rotation: `turnTo`), the page-jump input and its Enter rule, the arrow keys (not while
 * typing), and draws the page into `canvasRef` fitted to the width of `stageRef` (times `zoom`), again when the
 * stage is resized. `renderedPage` is the page whose drawing finished (0 while one is drawn): journeys wait for it.
 */
export function usePdfPages(opts: PdfPagesOptions) {
  const { t } = useTranslation('viewer');
  const zoom = opts.zoom ?? 1;
  const [view, setView] = useState<PageView>({ page: 1, rotation: 0 });
  const [jump, setJump] = useState('1');
  const [pageFailed, setPageFailed] = useState(false);
  const [renderedPage, setRenderedPage] = useState(0);
  /** the drawn page's size in CSS pixels (an overlay follows it) */
  const [drawn, setDrawn] = useState<{ w: number; h: number } | null>(null);
  const [stageWidth, setStageWidth] = useState(0);
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  /** the page last drawn: a new version of the same file opens on it (reopenAt 'same') */
  const lastPage = useRef(1);
  /** the first document opened goes to `startPage`; later sources follow `reopenAt` */
  const firstOpen = useRef(true);

  const { handle, percent, failure } = usePdfDocument({
    url: opts.url, data: opts.data, name: opts.name, opener: opts.opener, label: opts.label,
    onOpened: (h) => {
      if (h.pages > LARGE_DOCUMENT_PAGES) notify('info', t('manyPages'));
      const want = firstOpen.current ? (opts.startPage ?? 1) : opts.reopenAt === 'same' ? lastPage.current : 1;
      firstOpen.current = false;
      const page = Math.min(Math.max(1, want), h.pages);
      setView({ page, rotation: 0 });
      setJump(String(page));
    },
  });
  const loadError = failure === null ? null : t('fetchFailed', { file: opts.name, reason: failure });

  const pages = handle?.pages ?? 0;

  /** go to page `n` (kept within the document); another page shows unrotated */
  const goTo = useCallback(
    (n: number) => {
      setView((v) => turnTo(v, n, pages));
      setJump(String(stepPage(n, 0, pages)));
    },
    [pages],
  );

  /** the rotate button: 0, 90, 180, 270 and back, on the same page */
  const rotatePage = useCallback(() => setView(rotate), []);

  /** the page-jump input's keys: Enter goes to a valid page, anything else resets the input to the current page */
  const onJumpKey = (key: string) => {
    if (key !== 'Enter' || !handle) return;
    const n = jumpTarget(jump, view.page, pages);
    if (n === view.page) setJump(String(view.page));
    else goTo(n);
  };

  // arrow keys turn the page, except while typing
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (!handle || (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable))) return;
      if (e.key === 'ArrowRight') goTo(view.page + 1);
      else if (e.key === 'ArrowLeft') goTo(view.page - 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [handle, view.page, goTo]);

  // the stage's width decides the fitted scale
  useEffect(() => {
    const el = stageRef.current;
    if (!el) return undefined;
    const measure = () => setStageWidth(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [handle]);

  // draw the page
  useEffect(() => {
    if (!handle || !canvasRef.current) return undefined;
    let live = true;
    const canvas = canvasRef.current;
    const { page, rotation } = view;
    lastPage.current = page;
    setPageFailed(false);
    setRenderedPage(0);
    (async () => {
      const size = await handle.size(page);
      const shown = rotation === 90 || rotation === 270 ? size.height : size.width;
      await handle.render(page, canvas, fitScale(shown, stageWidth || shown + 32) * zoom, rotation);
      if (live) {
        setDrawn({ w: parseFloat(canvas.style.width) || canvas.width, h: parseFloat(canvas.style.height) || canvas.height });
        setRenderedPage(page);
      }
    })().catch((e: unknown) => {
      if (isCancel(e)) return;
      console.error(`${opts.label} page ${page}`, e);
      if (live) setPageFailed(true);
    });
    return () => {
      live = false;
    };
  }, [handle, view.page, view.rotation, zoom, stageWidth]);

  return { handle, pages, percent, loadError, view, goTo, rotate: rotatePage, jump, setJump, onJumpKey, stageRef, canvasRef, pageFailed, renderedPage, drawn };
}

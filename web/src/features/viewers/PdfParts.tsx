import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCancel, type PdfHandle } from './pdf-engine';

/** The pieces of a page view the PDF viewers share (PdfViewer, BookViewer); the paging itself is `usePdfPages`. */

/**
 * A page's thumbnail. `lazy` draws it only once it scrolls into view (a long book's strip); without an
 * IntersectionObserver (old browsers, jsdom) it draws at once.
 */
export function Thumb(props: { handle: PdfHandle; n: number; active: boolean; onOpen(n: number): void; lazy?: boolean; testId?: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLButtonElement>(null);
  const [failed, setFailed] = useState(false);
  const [seen, setSeen] = useState(!props.lazy || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !box.current) return undefined;
    const io = new IntersectionObserver((list) => {
      if (list.some((e) => e.isIntersecting)) setSeen(true);
    });
    io.observe(box.current);
    return () => io.disconnect();
  }, [seen]);
  useEffect(() => {
    if (!seen) return undefined;
    let live = true;
    (async () => {
      const { width } = await props.handle.size(props.n);
      if (live && ref.current) await props.handle.render(props.n, ref.current, 110 / width, 0);
    })().catch((e) => {
      if (!isCancel(e)) {
        console.warn(`thumbnail ${props.n}`, e);
        if (live) setFailed(true);
      }
    });
    return () => {
      live = false;
    };
  }, [props.handle, props.n, seen]);
  return (
    <button ref={box} type="button" className={`pdf-thumb${props.active ? ' pdf-thumb--active' : ''}`} onClick={() => props.onOpen(props.n)} data-testid={`${props.testId ?? 'pdf-thumb'}-${props.n}`} aria-current={props.active ? 'page' : undefined}>
      {failed ? <span className="pdf-thumb__failed pi pi-exclamation-triangle" aria-hidden="true" /> : <canvas ref={ref} />}
      <span className="pdf-thumb__n">{props.n}</span>
    </button>
  );
}

/** in place of a page that could not be drawn (the canvas stays mounted, hidden: the next page draws into it) */
export function PageFailed() {
  const { t } = useTranslation('viewer');
  return (
    <div className="pdf-page__failed" role="alert" data-testid="pdf-page-failed">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      {t('pageFailed')}
    </div>
  );
}

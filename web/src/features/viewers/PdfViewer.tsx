import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { notify } from '../../api/notify';
import { drawAnnotations, flattenAnnotations, PEN_COLORS, toPage, type Annotation, type Point, type Stroke, type Tool } from './annotations';
import { openPdf, type OutlineEntry, type PdfHandle, type PdfOpener } from './pdf-engine';
import { canGoBack, canGoForward, fitScale, jumpTarget, loadPercent, nextRotation, stepPage, zoomIn, zoomOut, type Rotation } from './pdf-rules';
import './viewers.css';

/** Sections of a merged document (the library's outlines_data): a name and its first and last page. */
export interface OutlineSection {
  name: string;
  start: number;
  end: number;
}

export interface PdfViewerProps {
  /** where the bytes are (a short-lived presigned URL); null while it is being asked for */
  url: string | null;
  /** the file's name: the title, the download name and the {file} of the fetch-failure message */
  name: string;
  sections?: OutlineSection[];
  /** e=1 and the caller may edit: pen, highlight and text notes, and Save */
  editable?: boolean;
  /** receives the edited PDF (a new version of the file) */
  onSave?(pdf: Blob): Promise<void>;
  /** pdf.js by default; tests pass a document of their own */
  opener?: PdfOpener;
}

type SidePanel = 'thumbs' | 'outline' | null;

/** documents over 50 pages say that processing may take a moment */
export const LARGE_DOCUMENT_PAGES = 50;

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

export function isCancel(e: unknown): boolean {
  return !!e && typeof e === 'object' && (e as { name?: string }).name === 'RenderingCancelledException';
}

function OutlineList(props: { items: OutlineEntry[]; onOpen(n: number): void }) {
  return (
    <ul className="pdf-outline">
      {props.items.map((o, i) => (
        <li key={`${o.title}-${i}`}>
          <button type="button" className="pdf-outline__item" disabled={o.page === null} onClick={() => o.page !== null && props.onOpen(o.page)}>
            {o.title}
            {o.page !== null && <span className="pdf-outline__page">{o.page}</span>}
          </button>
          {o.items.length > 0 && <OutlineList items={o.items} onOpen={props.onOpen} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * The PDF viewer and editor (docs/library-web.md#viewers): page navigation, the page-jump rules, rotation that
 * resets on page change, thumbnails, outline, zoom, arrow keys, a progress bar while loading, a placeholder
 * for a page that fails, download; with `editable`, pen, highlight and text notes saved as a new version.
 */
export function PdfViewer(props: PdfViewerProps) {
  const { t } = useTranslation('viewer');
  const opener = props.opener ?? openPdf;
  const [handle, setHandle] = useState<PdfHandle | null>(null);
  const [percent, setPercent] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [page, setPageState] = useState(1);
  const [jump, setJump] = useState('1');
  const [rotation, setRotation] = useState<Rotation>(0);
  const [zoom, setZoom] = useState(1);
  const [panel, setPanel] = useState<SidePanel>(null);
  const [outline, setOutline] = useState<OutlineEntry[] | null>(null);
  const [pageFailed, setPageFailed] = useState(false);
  const [tool, setTool] = useState<Tool>('none');
  const [color, setColor] = useState<string>(PEN_COLORS[0]);
  const [items, setItems] = useState<Annotation[]>([]);
  const [draft, setDraft] = useState<Stroke | null>(null);
  const [noteAt, setNoteAt] = useState<Point | null>(null);
  const [noteText, setNoteText] = useState('');
  const [saving, setSaving] = useState(false);
  const [drawn, setDrawn] = useState<{ w: number; h: number } | null>(null);
  /** the page whose drawing finished (0 while one is being drawn): journeys wait for it before a screenshot */
  const [renderedPage, setRenderedPage] = useState(0);
  /** a new version of the same file opens on the page the user was on */
  const pageRef = useRef(1);
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const [stageWidth, setStageWidth] = useState(0);
  const editable = !!props.editable;

  // open the document; a new URL (a new version) opens again
  useEffect(() => {
    if (!props.url) return undefined;
    let live = true;
    let opened: PdfHandle | null = null;
    setHandle(null);
    setLoadError(null);
    setPercent(0);
    opener({ url: props.url, onProgress: (loaded, total) => live && setPercent(loadPercent(loaded, total)) })
      .then((h) => {
        opened = h;
        if (!live) return h.destroy();
        setPercent(100);
        setHandle(h);
        if (h.pages > LARGE_DOCUMENT_PAGES) notify('info', t('manyPages'));
        const keep = Math.min(Math.max(1, pageRef.current), h.pages);
        setPageState(keep);
        setJump(String(keep));
        setRotation(0);
      })
      .catch((e: unknown) => {
        console.error('pdf open', e);
        if (live) setLoadError(t('fetchFailed', { file: props.name, reason: e instanceof Error ? e.message : String(e) }));
      });
    return () => {
      live = false;
      opened?.destroy();
    };
    // the name only labels the message; the URL decides what to open
  }, [props.url, opener]);

  const pages = handle?.pages ?? 0;

  /** going to another page resets the rotation (docs/library-web.md#viewers) */
  const goTo = useCallback(
    (n: number) => {
      setPageState((cur) => {
        if (n !== cur) setRotation(0);
        return n;
      });
      setJump(String(n));
    },
    [setPageState],
  );

  // arrow keys move one page, except while typing
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      if (!handle) return;
      if (e.key === 'ArrowRight') goTo(stepPage(page, 1, handle.pages));
      else if (e.key === 'ArrowLeft') goTo(stepPage(page, -1, handle.pages));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [handle, page, goTo]);

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
    pageRef.current = page;
    setPageFailed(false);
    setRenderedPage(0);
    (async () => {
      const size = await handle.size(page);
      const shownWidth = rotation === 90 || rotation === 270 ? size.height : size.width;
      const scale = fitScale(shownWidth, stageWidth || shownWidth + 32) * zoom;
      await handle.render(page, canvas, scale, rotation);
      if (live) {
        const w = parseFloat(canvas.style.width) || canvas.width;
        const h = parseFloat(canvas.style.height) || canvas.height;
        setDrawn({ w, h });
        setRenderedPage(page);
      }
    })().catch((e: unknown) => {
      if (isCancel(e)) return;
      console.error(`pdf page ${page}`, e);
      if (live) setPageFailed(true);
    });
    return () => {
      live = false;
    };
  }, [handle, page, rotation, zoom, stageWidth]);

  // the outline: pdf.js's own, asked for once when the panel opens
  useEffect(() => {
    if (panel !== 'outline' || !handle || outline) return;
    handle
      .outline()
      .then(setOutline)
      .catch((e: unknown) => {
        console.warn('pdf outline', e);
        setOutline([]);
      });
  }, [panel, handle, outline]);

  const pageItems = useMemo(() => items.filter((a) => a.page === page), [items, page]);

  // the annotation overlay follows the drawn page
  useEffect(() => {
    const overlay = overlayRef.current;
    if (!overlay || !drawn) return;
    overlay.width = Math.round(drawn.w);
    overlay.height = Math.round(drawn.h);
    const ctx = overlay.getContext('2d');
    if (!ctx) return;
    drawAnnotations(ctx, draft ? [...pageItems, draft] : pageItems, overlay.width, overlay.height, rotation);
  }, [drawn, pageItems, draft, rotation]);

  const pointOf = (e: ReactPointerEvent<HTMLCanvasElement>): Point => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = Math.min(1, Math.max(0, (e.clientX - r.left) / (r.width || 1)));
    const y = Math.min(1, Math.max(0, (e.clientY - r.top) / (r.height || 1)));
    return toPage([x, y], rotation);
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!editable || tool === 'none') return;
    const p = pointOf(e);
    if (tool === 'note') {
      setNoteAt(p);
      setNoteText('');
      return;
    }
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDraft({ kind: tool, page, color, points: [p] });
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!draft) return;
    const p = pointOf(e);
    setDraft((d) => (d ? { ...d, points: [...d.points, p] } : d));
  };
  const onPointerUp = () => {
    if (!draft) return;
    setItems((list) => [...list, draft]);
    setDraft(null);
  };

  const addNote = () => {
    const text = noteText.trim();
    if (!noteAt || !text) return;
    setItems((list) => [...list, { kind: 'note', page, at: noteAt, text }]);
    setNoteAt(null);
    setNoteText('');
  };

  const save = async () => {
    if (!props.url || !props.onSave || items.length === 0) return;
    setSaving(true);
    notify('info', t('saving'));
    try {
      const original = await (await fetch(props.url)).arrayBuffer();
      const bytes = await flattenAnnotations(original, items);
      await props.onSave(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
      setItems([]);
    } catch (e) {
      // the catalogue: a failed save in the viewer is only logged (the request layer has already shown its toast)
      console.error('pdf save', e);
    } finally {
      setSaving(false);
    }
  };

  const download = async () => {
    if (!props.url) return;
    const a = document.createElement('a');
    a.href = props.url;
    a.download = props.name;
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
  };

  const onJumpKey = (key: string) => {
    if (key !== 'Enter' || !handle) return;
    const n = jumpTarget(jump, page, handle.pages);
    if (n === page) setJump(String(page));
    else goTo(n);
  };

  if (loadError) {
    return (
      <div className="pdf-viewer" data-testid="pdf-viewer">
        <div className="pdf-banner pdf-banner--error" role="alert" data-testid="pdf-load-error">
          {loadError}
        </div>
      </div>
    );
  }

  return (
    <div className="pdf-viewer" data-testid="pdf-viewer" data-page={page} data-pages={pages} data-rotation={rotation} data-rendered={renderedPage}>
      {!handle && (
        <div className="pdf-progress" data-testid="pdf-progress">
          <ProgressBar value={percent} aria-label={t('loading')} />
        </div>
      )}
      <div className="pdf-toolbar" role="toolbar" aria-label={props.name}>
        <Button type="button" text size="small" icon="pi pi-images" tooltip={t('thumbnails')} aria-label={t('thumbnails')} aria-pressed={panel === 'thumbs'} onClick={() => setPanel(panel === 'thumbs' ? null : 'thumbs')} data-testid="pdf-thumbs-toggle" />
        <Button type="button" text size="small" icon="pi pi-list" tooltip={t('outline')} aria-label={t('outline')} aria-pressed={panel === 'outline'} onClick={() => setPanel(panel === 'outline' ? null : 'outline')} data-testid="pdf-outline-toggle" />
        <span className="pdf-toolbar__sep" />
        <Button type="button" text size="small" icon="pi pi-chevron-left" className="pdf-flip" aria-label={t('previous')} disabled={!handle || !canGoBack(page)} onClick={() => goTo(stepPage(page, -1, pages))} data-testid="pdf-prev" />
        <span className="pdf-pageinfo">
          <label htmlFor="pdf-jump">{t('page')}</label>
          <InputText id="pdf-jump" className="pdf-jump" value={jump} inputMode="numeric" onChange={(e) => setJump(e.target.value)} onKeyDown={(e) => onJumpKey(e.key)} onBlur={() => setJump(String(page))} disabled={!handle} data-testid="pdf-jump" />
          <span data-testid="pdf-page-count">{t('of', { count: pages })}</span>
        </span>
        <Button type="button" text size="small" icon="pi pi-chevron-right" className="pdf-flip" aria-label={t('next')} disabled={!handle || !canGoForward(page, pages)} onClick={() => goTo(stepPage(page, 1, pages))} data-testid="pdf-next" />
        <span className="pdf-toolbar__sep" />
        <Button type="button" text size="small" icon="pi pi-search-minus" aria-label={t('zoomOut')} disabled={!handle} onClick={() => setZoom(zoomOut(zoom))} data-testid="pdf-zoom-out" />
        <span className="pdf-zoom" data-testid="pdf-zoom">{Math.round(zoom * 100)}%</span>
        <Button type="button" text size="small" icon="pi pi-search-plus" aria-label={t('zoomIn')} disabled={!handle} onClick={() => setZoom(zoomIn(zoom))} data-testid="pdf-zoom-in" />
        <Button type="button" text size="small" icon="pi pi-refresh" aria-label={t('rotate')} tooltip={t('rotate')} disabled={!handle} onClick={() => setRotation(nextRotation(rotation))} data-testid="pdf-rotate" />
        <Button type="button" text size="small" icon="pi pi-download" aria-label={t('download')} tooltip={t('download')} disabled={!props.url} onClick={() => void download()} data-testid="pdf-download" />
        {editable && (
          <>
            <span className="pdf-toolbar__sep" />
            {(['pen', 'highlight', 'note'] as const).map((k) => (
              <Button
                key={k}
                type="button"
                size="small"
                text={tool !== k}
                icon={k === 'pen' ? 'pi pi-pencil' : k === 'highlight' ? 'pi pi-bookmark' : 'pi pi-comment'}
                aria-label={t(`tool.${k}`)}
                tooltip={t(`tool.${k}`)}
                aria-pressed={tool === k}
                onClick={() => setTool(tool === k ? 'none' : k)}
                data-testid={`pdf-tool-${k}`}
              />
            ))}
            {tool === 'pen' &&
              PEN_COLORS.map((c) => (
                <button key={c} type="button" className={`pdf-color${color === c ? ' pdf-color--active' : ''}`} style={{ background: c }} aria-label={t('color', { color: c })} aria-pressed={color === c} onClick={() => setColor(c)} />
              ))}
            <Button type="button" text size="small" icon="pi pi-undo" aria-label={t('undo')} disabled={items.length === 0} onClick={() => setItems((l) => l.slice(0, -1))} data-testid="pdf-undo" />
            <Button type="button" size="small" icon="pi pi-save" label={t('save')} loading={saving} disabled={items.length === 0 || saving} onClick={() => void save()} data-testid="pdf-save" />
          </>
        )}
      </div>
      <div className="pdf-body">
        {panel && handle && (
          <aside className="pdf-side" data-testid={`pdf-side-${panel}`}>
            {panel === 'thumbs' ? (
              Array.from({ length: pages }, (_, i) => <Thumb key={i + 1} handle={handle} n={i + 1} active={page === i + 1} onOpen={goTo} />)
            ) : (
              <>
                {props.sections && props.sections.length > 0 && (
                  <ul className="pdf-outline" data-testid="pdf-sections">
                    {props.sections.map((s) => (
                      <li key={`${s.name}-${s.start}`}>
                        <button type="button" className="pdf-outline__item" onClick={() => goTo(stepPage(s.start, 0, pages))}>
                          {s.name}
                          <span className="pdf-outline__page">
                            {s.start}–{s.end}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
                {outline === null ? null : outline.length > 0 ? <OutlineList items={outline} onOpen={goTo} /> : !props.sections?.length && <p className="pdf-side__empty">{t('noOutline')}</p>}
              </>
            )}
          </aside>
        )}
        <div className="pdf-stage" ref={stageRef}>
          {handle && (
            <div className="pdf-page" data-testid="pdf-page">
              {pageFailed && (
                <div className="pdf-page__failed" role="alert" data-testid="pdf-page-failed">
                  <i className="pi pi-exclamation-triangle" aria-hidden="true" />
                  {t('pageFailed')}
                </div>
              )}
              {/* the canvases stay mounted: the next page draws into them again */}
              <canvas ref={canvasRef} hidden={pageFailed} data-testid="pdf-canvas" />
              <canvas
                ref={overlayRef}
                hidden={pageFailed}
                className={`pdf-overlay${editable && tool !== 'none' ? ' pdf-overlay--active' : ''}`}
                style={drawn ? { width: drawn.w, height: drawn.h } : undefined}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerLeave={onPointerUp}
                data-testid="pdf-overlay"
              />
            </div>
          )}
        </div>
      </div>
      <Dialog header={t('note.title')} visible={noteAt !== null} onHide={() => setNoteAt(null)} style={{ width: 420 }} data-testid="pdf-note-dialog">
        <InputTextarea value={noteText} onChange={(e) => setNoteText(e.target.value)} rows={3} autoResize className="w-full" aria-label={t('note.text')} data-testid="pdf-note-text" autoFocus />
        <div className="pdf-note-actions">
          <Button type="button" text label={t('cancel')} onClick={() => setNoteAt(null)} />
          <Button type="button" label={t('note.add')} disabled={!noteText.trim()} onClick={addNote} data-testid="pdf-note-add" />
        </div>
      </Dialog>
    </div>
  );
}

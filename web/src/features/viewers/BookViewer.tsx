import type { OutlineEntry } from '@app/contracts';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { AnnotationsPanel } from './AnnotationsPanel';
import { AnnotationOverlay, ExportAnnotatedButton, SharedToolButtons, useSharedLayer } from './AnnotationTools';
import { bookSections, sectionAt, type BookMark } from './book-rules';
import type { PdfOpener } from './pdf-engine';
import { canGoBack, canGoForward } from './pdf-rules';
import { PageFailed, Thumb } from './PdfParts';
import { RoomNotice, useNoPrint, WatermarkOverlay, type RoomRules } from './room';
import { usePdfPages } from './use-pdf-pages';
import './viewers.css';

export interface BookViewerProps {
  /** where the book is (a short-lived URL); null while it is asked for */
  url: string | null;
  /** the book's bytes (an offline copy): opened instead of the URL */
  data?: ArrayBuffer | null;
  /** the book's name (outlines_data.libraryName) */
  name: string;
  /** outlines_data.entries: each file with its first and last page */
  entries: OutlineEntry[];
  /** the download button (GET /api/downolad/{docId}, or the offline copy's bytes) */
  onDownload(): Promise<void> | void;
  /** shown above the toolbar (the offline copy's banner) */
  banner?: ReactNode;
  /** pdf.js by default; tests pass a document of their own */
  opener?: PdfOpener;
  /** the page it opens at (a search result's `?page=`) */
  startPage?: number;
  /** the download policy: no download button and no print when view only; the watermark over every page */
  room?: RoomRules;
  /** marks of the outline's sections by their title ("New", "Changed since you last opened": docs/minutes.md#what-changed-in-the-book) */
  marks?: (sectionName: string, index: number) => ReactNode;
  /** the book's summary (docs/book-summary.md), given the way to open a page of the book; a toolbar button shows it */
  summary?: (openPage: (page: number) => void) => ReactNode;
  /**
   * the shared annotations of the book file itself (docs/annotations.md#the-board-book): a toolbar button opens the
   * panel, the current page's shared marks are drawn over it. With the meeting, the marks the reader may see on the
   * book's source files too, at their pages in the book, read-only (listed under their file's name in the panel).
   * Signed-in readers only (not the offline copy).
   */
  shared?: { itemId: number; meetingId: number | null };
}

/**
 * The merged-agenda book viewer (docs/minutes.md#the-book-viewer): the outline of collapsible sections with their
 * page ranges (an entry opens its first page; the current section and file are highlighted), the page view with
 * previous / next, the page-jump input and rotate (0, 90, 180, 270, reset on a page change: `turnTo`, `rotate`),
 * a thumbnail strip and the download button. Pages are drawn by pdf.js (pdf-engine).
 */
export function BookViewer(props: BookViewerProps) {
  const { t } = useTranslation('viewer');
  const { handle, pages, percent, loadError, view, goTo, rotate, jump, setJump, onJumpKey, stageRef, canvasRef, pageFailed, renderedPage, drawn } = usePdfPages({
    url: props.url, data: props.data, name: props.name, opener: props.opener, label: 'book', startPage: props.startPage,
  });
  const [marks, setMarks] = useState<BookMark[]>([]);
  const [closed, setClosed] = useState<Record<number, boolean>>({});
  const [outlineOpen, setOutlineOpen] = useState(true);
  const [stripOpen, setStripOpen] = useState(true);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);
  // the book file's own marks, and its source files' marks at their pages in the book (docs/annotations.md#the-board-book)
  const layer = useSharedLayer(props.shared, view.page, { bookSources: true });
  const stripRef = useRef<HTMLDivElement>(null);
  const source = props.data ?? props.url;
  const canDownload = props.room?.canDownload ?? true;
  useNoPrint(!canDownload);

  // the book's own bookmarks name the sections that hold the files of outlines_data
  useEffect(() => {
    if (!handle) return undefined;
    let live = true;
    handle
      .outline()
      .then((o) => live && setMarks(o.map((x) => ({ title: x.title, page: x.page }))))
      .catch((e: unknown) => console.warn('book outline', e));
    return () => {
      live = false;
    };
  }, [handle]);

  const sections = useMemo(() => bookSections(props.entries, marks), [props.entries, marks]);
  const current = sectionAt(sections, view.page);

  // the strip keeps the current page's thumbnail in view by scrolling itself only: scrollIntoView scrolled the page
  // as well, and the toolbar went out of view under the header after an outline entry was followed
  useEffect(() => {
    const strip = stripRef.current;
    const thumb = strip?.querySelector<HTMLElement>(`[data-testid="book-thumb-${view.page}"]`);
    if (!strip || !thumb) return;
    const s = strip.getBoundingClientRect();
    const t = thumb.getBoundingClientRect();
    strip.scrollLeft += t.left + t.width / 2 - (s.left + s.width / 2);
  }, [view.page]);

  if (loadError) {
    return (
      <div className="pdf-viewer book-viewer" data-testid="book-viewer">
        {props.banner}
        <div className="pdf-banner pdf-banner--error" role="alert" data-testid="pdf-load-error">
          {loadError}
        </div>
      </div>
    );
  }

  return (
    <div className="pdf-viewer book-viewer" data-testid="book-viewer" data-page={view.page} data-pages={pages} data-rotation={view.rotation} data-rendered={renderedPage} data-section={current}>
      {props.banner}
      {!handle && (
        <div className="pdf-progress" data-testid="pdf-progress">
          <ProgressBar value={percent} aria-label={t('loading')} />
        </div>
      )}
      <div className="pdf-toolbar" role="toolbar" aria-label={props.name}>
        <Button type="button" text size="small" icon="pi pi-list" tooltip={t('outline')} aria-label={t('outline')} aria-pressed={outlineOpen} onClick={() => setOutlineOpen((o) => !o)} data-testid="book-outline-toggle" />
        <Button type="button" text size="small" icon="pi pi-images" tooltip={t('thumbnails')} aria-label={t('thumbnails')} aria-pressed={stripOpen} onClick={() => setStripOpen((o) => !o)} data-testid="book-strip-toggle" />
        <span className="pdf-toolbar__sep" />
        <Button type="button" text size="small" icon="pi pi-chevron-left" className="pdf-flip" aria-label={t('previous')} disabled={!handle || !canGoBack(view.page)} onClick={() => goTo(view.page - 1)} data-testid="book-prev" />
        <span className="pdf-pageinfo">
          <label htmlFor="book-jump">{t('page')}</label>
          <InputText id="book-jump" className="pdf-jump" value={jump} inputMode="numeric" onChange={(e) => setJump(e.target.value)} onKeyDown={(e) => onJumpKey(e.key)} onBlur={() => setJump(String(view.page))} disabled={!handle} data-testid="book-jump" />
          <span data-testid="book-page-count">{t('of', { count: pages })}</span>
        </span>
        <Button type="button" text size="small" icon="pi pi-chevron-right" className="pdf-flip" aria-label={t('next')} disabled={!handle || !canGoForward(view.page, pages)} onClick={() => goTo(view.page + 1)} data-testid="book-next" />
        <span className="pdf-toolbar__sep" />
        <Button type="button" text size="small" icon="pi pi-refresh" aria-label={t('rotate')} tooltip={t('rotate')} disabled={!handle} onClick={rotate} data-testid="book-rotate" />
        {canDownload && <Button type="button" text size="small" icon="pi pi-download" aria-label={t('download')} tooltip={t('download')} disabled={!source} onClick={() => void props.onDownload()} data-testid="book-download" />}
        {props.summary && <Button type="button" text size="small" icon="pi pi-sparkles" tooltip={t('book.summary')} aria-label={t('book.summary')} aria-pressed={summaryOpen} aria-controls={summaryOpen ? "book-summary-panel" : undefined} onClick={() => setSummaryOpen((o) => !o)} data-testid="book-summary-toggle" />}
        {props.shared && (
          <>
            <span className="pdf-toolbar__sep" />
            <Button type="button" text={!notesOpen} size="small" icon="pi pi-comments" aria-label={t('ann.title')} tooltip={t('ann.title')} aria-pressed={notesOpen} onClick={() => { if (!notesOpen) layer.reloadSources(); setNotesOpen((o) => !o); }} data-testid="book-ann-toggle" />
            <SharedToolButtons layer={layer} disabled={!handle} prefix="book" />
            {canDownload && <ExportAnnotatedButton itemId={props.shared.itemId} meetingId={props.shared.meetingId} name={props.name} prefix="book" />}
          </>
        )}
        <RoomNotice rules={props.room} />
      </div>
      {props.summary && summaryOpen && (
        <div className="book-summary-panel" id="book-summary-panel" data-testid="book-summary-panel">
          {props.summary((page) => goTo(page))}
        </div>
      )}
      <div className="pdf-body">
        {notesOpen && props.shared && (
          <AnnotationsPanel shared={layer.shared} page={view.page} visibility={layer.visibility} onVisibility={layer.setVisibility} people={layer.people} onPeople={layer.setPeople} onOpen={(n) => goTo(Math.min(Math.max(1, n), pages || 1))} onClose={() => setNotesOpen(false)} sources={{ items: layer.sources, meetingId: props.shared.meetingId, known: layer.sourcesKnown }} />
        )}
        {outlineOpen && (
          <nav className="pdf-side book-outline" aria-label={t('outline')} data-testid="book-outline">
            {sections.length === 0 && <p className="pdf-side__empty">{t('noOutline')}</p>}
            <ul className="pdf-outline">
              {sections.map((s, i) => {
                const open = s.entries.length > 0 && !closed[i];
                const here = i === current;
                const file = here ? sectionAt(s.entries, view.page) : -1;
                return (
                  <li key={`${s.name}-${s.start}`} className={here ? 'book-section book-section--current' : 'book-section'} data-testid={`book-section-${i}`} aria-current={here ? 'true' : undefined}>
                    <div className="book-section__head">
                      {s.entries.length > 0 ? (
                        <button type="button" className="book-section__toggle" aria-expanded={open} aria-label={t(open ? 'book.collapse' : 'book.expand', { name: s.name })} onClick={() => setClosed((c) => ({ ...c, [i]: !c[i] }))} data-testid={`book-section-toggle-${i}`}>
                          <i className={`pi ${open ? 'pi-chevron-down' : 'pi-chevron-right'} pdf-flip`} aria-hidden="true" />
                        </button>
                      ) : (
                        <span className="book-section__toggle" aria-hidden="true" />
                      )}
                      <button type="button" className="pdf-outline__item" onClick={() => goTo(s.start)} data-testid={`book-section-open-${i}`}>
                        <span>{s.name}</span>
                        <span className="pdf-outline__page">{t('book.range', { start: s.start, end: s.end })}</span>
                      </button>
                      {props.marks?.(s.name, i)}
                    </div>
                    {open && (
                      <ul className="pdf-outline book-section__entries">
                        {s.entries.map((e, j) => (
                          <li key={`${e.name}-${e.start}`}>
                            <button type="button" className={`pdf-outline__item${j === file ? ' book-entry--current' : ''}`} aria-current={j === file ? 'true' : undefined} onClick={() => goTo(e.start)} data-testid={`book-entry-${i}-${j}`}>
                              <span>{e.name}</span>
                              <span className="pdf-outline__page">{t('book.range', { start: e.start, end: e.end })}</span>
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
        {/* a page wider than a phone scrolls here: the keyboard reaches it too (axe scrollable-region-focusable) */}
        <div className="pdf-stage" ref={stageRef} tabIndex={0} role="region" aria-label={t('page')}>
          {handle && (
            <div className="pdf-page" data-testid="book-page">
              {pageFailed && <PageFailed />}
              <canvas ref={canvasRef} hidden={pageFailed} data-testid="book-canvas" />
              {props.shared && (
                <AnnotationOverlay
                  drawn={drawn}
                  rotation={view.rotation}
                  page={view.page}
                  hidden={pageFailed}
                  prefix="book"
                  marks={layer.onPage}
                  input={layer.tool !== 'none' ? { mode: 'shared', tool: layer.tool, color: layer.color } : null}
                  onShared={layer.add}
                />
              )}
              <WatermarkOverlay watermark={props.room?.watermark ?? null} />
            </div>
          )}
        </div>
      </div>
      {stripOpen && handle && (
        <div className="book-strip" ref={stripRef} data-testid="book-strip">
          {Array.from({ length: pages }, (_, i) => (
            <Thumb key={i + 1} handle={handle} n={i + 1} active={view.page === i + 1} onOpen={goTo} lazy testId="book-thumb" />
          ))}
        </div>
      )}
    </div>
  );
}

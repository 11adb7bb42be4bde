import type { OutlineEntry } from '@app/contracts';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { notify } from '../../api/notify';
import { flattenAnnotations, PEN_COLORS, type Annotation, type Tool } from './annotations';
import { AnnotationsPanel } from './AnnotationsPanel';
import { AnnotationOverlay, ColorButtons, ExportAnnotatedButton, SharedToolButtons, useSharedLayer } from './AnnotationTools';
import type { PdfBookmark, PdfOpener } from './pdf-engine';
import { PageFailed, Thumb } from './PdfParts';
import { canGoBack, canGoForward, stepPage, zoomIn, zoomOut } from './pdf-rules';
import { RoomNotice, useNoPrint, WatermarkOverlay, type RoomRules } from './room';
import { usePdfPages } from './use-pdf-pages';
import './viewers.css';

export interface PdfViewerProps {
  /** where the bytes are (a short-lived presigned URL); null while it is being asked for */
  url: string | null;
  /** the file's name: the title, the download name and the {file} of the fetch-failure message */
  name: string;
  /** sections of a merged document (the library's outlines_data.entries): a name and its first and last page */
  sections?: OutlineEntry[];
  /** e=1 and the caller may edit: pen, highlight and text notes, and Save */
  editable?: boolean;
  /** receives the edited PDF (a new version of the file) */
  onSave?(pdf: Blob): Promise<void>;
  /** pdf.js by default; tests pass a document of their own */
  opener?: PdfOpener;
  /** the page it opens at (a search result's `?page=`) */
  startPage?: number;
  /** the download policy: no download button and no print when view only; the watermark over every page */
  room?: RoomRules;
  /** the download (the library's, which applies the policy); without it, the file's own URL */
  onDownload?(): Promise<void>;
  /** a library file a signed-in reader sees: its shared annotations (panel, marks on the page, live; docs/annotations.md) */
  shared?: { itemId: number; meetingId: number | null };
  /** what changed since the version the reader opened before (docs/library.md#what-changed), given the page shown and a way to turn to another */
  changes?: (view: { page: number; goTo(page: number): void }) => ReactNode;
}

type SidePanel = 'thumbs' | 'outline' | 'notes' | null;

function OutlineList(props: { items: PdfBookmark[]; onOpen(n: number): void }) {
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
  const [zoom, setZoom] = useState(1);
  const { handle, pages, percent, loadError, view, goTo, rotate, jump, setJump, onJumpKey, stageRef, canvasRef, pageFailed, renderedPage, drawn } = usePdfPages({
    url: props.url, name: props.name, opener: props.opener, label: 'pdf', reopenAt: 'same', zoom, startPage: props.startPage,
  });
  const { page, rotation } = view;
  const [panel, setPanel] = useState<SidePanel>(null);
  const [outline, setOutline] = useState<PdfBookmark[] | null>(null);
  const [tool, setTool] = useState<Tool>('none');
  const [color, setColor] = useState<string>(PEN_COLORS[0]);
  const [items, setItems] = useState<Annotation[]>([]);
  const [saving, setSaving] = useState(false);
  const editable = !!props.editable;
  const layer = useSharedLayer(props.shared, page);

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

  const canDownload = props.room?.canDownload ?? true;
  useNoPrint(!canDownload);
  const download = async () => {
    if (props.onDownload) return props.onDownload();
    if (!props.url) return;
    const a = document.createElement('a');
    a.href = props.url;
    a.download = props.name;
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
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
        <Button type="button" text size="small" icon="pi pi-refresh" aria-label={t('rotate')} tooltip={t('rotate')} disabled={!handle} onClick={rotate} data-testid="pdf-rotate" />
        {canDownload && <Button type="button" text size="small" icon="pi pi-download" aria-label={t('download')} tooltip={t('download')} disabled={!props.url} onClick={() => void download()} data-testid="pdf-download" />}
        <RoomNotice rules={props.room} />
        {props.shared && (
          <>
            <span className="pdf-toolbar__sep" />
            <Button type="button" text={panel !== 'notes'} size="small" icon="pi pi-comments" aria-label={t('ann.title')} tooltip={t('ann.title')} aria-pressed={panel === 'notes'} onClick={() => setPanel(panel === 'notes' ? null : 'notes')} data-testid="pdf-ann-toggle" />
            <SharedToolButtons layer={layer} disabled={!handle} prefix="pdf" onPick={() => setTool('none')} />
            {canDownload && <ExportAnnotatedButton itemId={props.shared.itemId} meetingId={props.shared.meetingId} name={props.name} prefix="pdf" />}
          </>
        )}
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
                onClick={() => {
                  layer.setTool('none');
                  setTool(tool === k ? 'none' : k);
                }}
                data-testid={`pdf-tool-${k}`}
              />
            ))}
            {tool === 'pen' && <ColorButtons color={color} onColor={setColor} />}
            <Button type="button" text size="small" icon="pi pi-undo" aria-label={t('undo')} disabled={items.length === 0} onClick={() => setItems((l) => l.slice(0, -1))} data-testid="pdf-undo" />
            <Button type="button" size="small" icon="pi pi-save" label={t('save')} loading={saving} disabled={items.length === 0 || saving} onClick={() => void save()} data-testid="pdf-save" />
          </>
        )}
      </div>
      {props.changes?.({ page, goTo })}
      <div className="pdf-body">
        {panel === 'notes' && props.shared && (
          <AnnotationsPanel shared={layer.shared} page={page} visibility={layer.visibility} onVisibility={layer.setVisibility} people={layer.people} onPeople={layer.setPeople} onOpen={(n) => goTo(stepPage(n, 0, pages))} onClose={() => setPanel(null)} />
        )}
        {panel && panel !== 'notes' && handle && (
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
        {/* a page wider than a phone scrolls here: the keyboard reaches it too (axe scrollable-region-focusable) */}
        <div className="pdf-stage" ref={stageRef} tabIndex={0} role="region" aria-label={t('page')}>
          {handle && (
            <div className="pdf-page" data-testid="pdf-page">
              {pageFailed && <PageFailed />}
              {/* the canvases stay mounted: the next page draws into them again */}
              <canvas ref={canvasRef} hidden={pageFailed} data-testid="pdf-canvas" />
              <AnnotationOverlay
                drawn={drawn}
                rotation={rotation}
                page={page}
                hidden={pageFailed}
                prefix="pdf"
                marks={layer.onPage}
                local={pageItems}
                input={layer.enabled && layer.tool !== 'none' ? { mode: 'shared', tool: layer.tool, color: layer.color } : editable && tool !== 'none' ? { mode: 'editor', tool, color } : null}
                onShared={layer.add}
                onLocal={(a) => setItems((list) => [...list, a])}
              />
              <WatermarkOverlay watermark={props.room?.watermark ?? null} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

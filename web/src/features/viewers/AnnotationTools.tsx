import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { annotationsApi, type AnnotatedExportState, type AnnotationVisibility, type BookSourceAnnotations, type NewAnnotation, type SharedAnnotation } from '../../api/annotations';
import { openBookLive } from '../../api/live';
import { useApi } from '../../hooks/use-api';
import { useReportJob } from '../../hooks/use-report-job';
import { saveBlob } from '../../lib/download';
import { annotatedName, drawAnnotations, drawHighlightRects, PEN_COLORS, rectOf, sharedToDrawn, toPage, type Annotation, type Point, type Stroke, type Tool } from './annotations';
import { useSharedAnnotations } from './AnnotationsPanel';
import type { Rotation } from './pdf-rules';

/**
 * The annotation layer both page viewers use (docs/annotations.md#the-viewer): the PDF viewer (a library file) and
 * the board book viewer (the book file) get the same toolbar tools, the same overlay that paints the page's marks
 * and takes new ones, the same note dialog and the same export button. One implementation, two viewers.
 */

/** the shared-annotation tools: a note at a point, a drawing, a highlight dragged over the text */
export type SharedTool = 'none' | 'note' | 'draw' | 'highlight';

/** which viewer's test ids (`pdf-…`, `book-…`) */
export type ViewerPrefix = 'pdf' | 'book';

/** a new shared mark as the overlay makes it; the viewer adds who sees it */
export type NewMark = Omit<NewAnnotation, 'visibility'>;

/**
 * The shared annotations of the file a viewer shows: the list and its live channel, the marks of the current page,
 * the tool in hand, the visibility new marks get, and `add` (which gives a new mark that visibility).
 */
export function useSharedLayer(ref: { itemId: number; meetingId: number | null } | undefined, page: number, opts: { bookSources?: boolean } = {}) {
  const shared = useSharedAnnotations(ref?.itemId ?? null, ref?.meetingId ?? null);
  const sourcesOf = useBookSources(opts.bookSources && ref?.meetingId ? { meetingId: ref.meetingId, bookId: ref.itemId } : null);
  const [tool, setTool] = useState<SharedTool>('none');
  const [color, setColor] = useState<string>(PEN_COLORS[0]);
  const [visibility, setVisibility] = useState<AnnotationVisibility>('private');
  const [people, setPeople] = useState<number[]>([]);
  const enabled = !!ref;
  const sources = useMemo(() => sourcesOf.data?.annotations ?? [], [sourcesOf.data]);
  // a book made before its files were recorded cannot place their marks (the panel says so)
  const sourcesKnown = sourcesOf.data?.pages_known ?? true;
  // the page's marks: the file's own, then (a board book) its source files' at their pages in the book, painted alike
  const onPage = useMemo(
    () => (enabled ? [...shared.items.filter((a) => a.page === page && !a.orphaned), ...sources.filter((a) => a.page === page)] : []),
    [enabled, shared.items, sources, page],
  );
  /** a new mark gets the chosen visibility; shared with named people only once someone is picked (the panel says so) */
  const add = (body: NewMark) => {
    if (visibility === 'people' && people.length === 0) return;
    void shared.add({ ...body, visibility, ...(visibility === 'people' ? { people } : {}) }).catch((e: unknown) => console.error('annotation', e));
  };
  return { enabled, shared, sources, sourcesKnown, reloadSources: () => void sourcesOf.mutate(), tool, setTool, color, setColor, visibility, setVisibility, people, setPeople, onPage, add };
}

/** how soon a burst of the source files' changes reloads the book's list (one load for several) */
const SOURCES_DEBOUNCE_MS = 150;

/**
 * A board book's source files' marks (docs/annotations.md#the-board-book): what the reader may see on each attached
 * file's version the book holds, at its pages in the book, read-only (GET /api/meetings/{id}/book/annotations?book=).
 * Live as the book's own marks are (docs/annotations.md#live): the book's channel (GET /api/meetings/{id}/book/live)
 * says when a mark the reader may see changed on one of the files, and the list is loaded again.
 */
export function useBookSources(ref: { meetingId: number; bookId: number } | null) {
  const list = useApi<BookSourceAnnotations>(ref ? 'book/source-annotations' : null, [ref?.meetingId, ref?.bookId], () => annotationsApi.bookSources(ref!.meetingId, ref!.bookId), { revalidateOnFocus: false });
  const { mutate } = list;
  const meetingId = ref?.meetingId ?? null;
  const bookId = ref?.bookId ?? null;
  useEffect(() => {
    if (!meetingId || !bookId) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const close = openBookLive(meetingId, bookId, (m) => {
      if (m.type === 'annotation' || (m.type === 'ready' && m.resync)) {
        if (timer) return;
        timer = setTimeout(() => {
          timer = null;
          void mutate();
        }, SOURCES_DEBOUNCE_MS);
      }
    });
    return () => {
      if (timer) clearTimeout(timer);
      close();
    };
  }, [meetingId, bookId, mutate]);
  return list;
}

export type SharedLayer = ReturnType<typeof useSharedLayer>;

/** the pen colours, as toggle buttons */
export function ColorButtons(props: { color: string; onColor(c: string): void }) {
  const { t } = useTranslation('viewer');
  return (
    <>
      {PEN_COLORS.map((c) => (
        <button key={c} type="button" className={`pdf-color${props.color === c ? ' pdf-color--active' : ''}`} style={{ background: c }} aria-label={t('color', { color: c })} aria-pressed={props.color === c} onClick={() => props.onColor(c)} />
      ))}
    </>
  );
}

/** the toolbar's three shared tools (note, drawing, highlight), and the pen colours while drawing */
export function SharedToolButtons(props: { layer: SharedLayer; disabled: boolean; prefix: ViewerPrefix; onPick?(): void }) {
  const { t } = useTranslation('viewer');
  const { tool, setTool } = props.layer;
  return (
    <>
      {(['note', 'draw', 'highlight'] as const).map((k) => (
        <Button
          key={k}
          type="button"
          size="small"
          text={tool !== k}
          icon={k === 'note' ? 'pi pi-comment' : k === 'draw' ? 'pi pi-pencil' : 'pi pi-bookmark'}
          aria-label={t(`ann.tool.${k}`)}
          tooltip={t(`ann.tool.${k}`)}
          aria-pressed={tool === k}
          disabled={props.disabled}
          onClick={() => {
            props.onPick?.();
            setTool(tool === k ? 'none' : k);
          }}
          data-testid={`${props.prefix}-ann-${k}`}
        />
      ))}
      {tool === 'draw' && <ColorButtons color={props.layer.color} onColor={props.layer.setColor} />}
    </>
  );
}

/**
 * "Download with annotations" (docs/annotations.md#export): starts the export job (POST …/annotations/export_jobs),
 * asks for its state every second and shows its stage and percent beside the button (a labelled progress bar and a
 * polite status line), then fetches the copy from its presigned URL and saves it as `<name> (annotated).pdf`. A
 * failure (403, 409 no PDF, 413 past the bound, a failed job, the network) is said beside it. The viewer shows it only
 * where the reader may download (a view-only document stays in the room).
 */
export function ExportAnnotatedButton(props: { itemId: number; meetingId: number | null; name: string; prefix: ViewerPrefix; pollMs?: number }) {
  const { t } = useTranslation('viewer');
  const job = useReportJob<AnnotatedExportState>({
    start: () => annotationsApi.startExport(props.itemId, props.meetingId),
    get: (id) => annotationsApi.exportState(String(id)),
    done: async (r) => {
      if (!r.url) throw new Error(t('ann.exportFailed'));
      const res = await fetch(r.url);
      if (!res.ok) throw new Error(t('ann.exportFailed'));
      saveBlob(await res.blob(), annotatedName(props.name));
    },
    failed: t('ann.exportFailed'),
    pollMs: props.pollMs,
    inline: true,
  });
  const [saving, setSaving] = useState(false);
  const run = async () => {
    setSaving(true);
    try {
      await job.run();
    } finally {
      setSaving(false);
    }
  };
  const busy = saving || job.busy;
  const r = job.report;
  return (
    <>
      <Button
        type="button"
        text
        size="small"
        icon="pi pi-file-export"
        loading={busy}
        disabled={busy}
        aria-label={t('ann.export')}
        tooltip={t('ann.export')}
        aria-busy={busy}
        onClick={() => void run()}
        data-testid={`${props.prefix}-ann-export`}
      />
      {busy && r && (
        <span className="pdf-toolbar__progress" data-testid={`${props.prefix}-ann-export-progress`}>
          <small role="status" data-testid={`${props.prefix}-ann-export-stage`}>
            {t(`ann.exportStage.${r.stage}`)}
          </small>
          <ProgressBar value={Math.round(r.progress)} showValue={false} aria-label={t('ann.exportProgress', { percent: Math.round(r.progress) })} style={{ height: 6, width: 80 }} />
        </span>
      )}
      {job.error && (
        <span className="pdf-toolbar__error" role="alert" data-testid={`${props.prefix}-ann-export-error`}>
          {job.error}
        </span>
      )}
    </>
  );
}

/** what a pointer on the overlay makes: shared marks (the layer's tool) or the editor's own marks (saved as a new version) */
export type OverlayInput = { mode: 'shared'; tool: SharedTool; color: string } | { mode: 'editor'; tool: Tool; color: string } | null;

/**
 * The canvas over the drawn page: paints the page's shared marks, the editor's marks and the stroke being drawn;
 * with an input tool it takes a note (a click, then the note dialog), a drawing (a drag) or a highlight (a dragged
 * rectangle, or the editor's highlighter stroke). Points are kept on the unrotated page (`toPage`).
 */
export function AnnotationOverlay(props: {
  drawn: { w: number; h: number } | null;
  rotation: Rotation;
  page: number;
  hidden: boolean;
  prefix: ViewerPrefix;
  marks: readonly SharedAnnotation[];
  local?: readonly Annotation[];
  input: OverlayInput;
  onShared?(mark: NewMark): void;
  onLocal?(a: Annotation): void;
}) {
  const { t } = useTranslation('viewer');
  const ref = useRef<HTMLCanvasElement>(null);
  const [draft, setDraft] = useState<Stroke | null>(null);
  const [noteAt, setNoteAt] = useState<Point | null>(null);
  const [noteText, setNoteText] = useState('');
  const { drawn, rotation, marks, local, input } = props;
  const rectDraft = input?.mode === 'shared' && input.tool === 'highlight';
  const active = !!input && input.tool !== 'none';

  useEffect(() => {
    const overlay = ref.current;
    if (!overlay || !drawn) return;
    overlay.width = Math.round(drawn.w);
    overlay.height = Math.round(drawn.h);
    const ctx = overlay.getContext('2d');
    if (!ctx) return;
    const m = sharedToDrawn(marks);
    drawAnnotations(ctx, [...m.items, ...(local ?? []), ...(draft && !rectDraft ? [draft] : [])], overlay.width, overlay.height, rotation);
    drawHighlightRects(ctx, [...m.rects, ...(draft && rectDraft ? [rectOf(draft.points)] : [])], overlay.width, overlay.height, rotation);
  }, [drawn, marks, local, draft, rotation, rectDraft]);

  const pointOf = (e: ReactPointerEvent<HTMLCanvasElement>): Point => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = Math.min(1, Math.max(0, (e.clientX - r.left) / (r.width || 1)));
    const y = Math.min(1, Math.max(0, (e.clientY - r.top) / (r.height || 1)));
    return toPage([x, y], rotation);
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!input || input.tool === 'none') return;
    const p = pointOf(e);
    if (input.tool === 'note') {
      setNoteAt(p);
      setNoteText('');
      return;
    }
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const kind = input.tool === 'draw' || input.tool === 'pen' ? 'pen' : 'highlight';
    setDraft({ kind, page: props.page, color: kind === 'pen' ? input.color : '#ffdd00', points: [p] });
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!draft) return;
    const p = pointOf(e);
    setDraft((d) => (d ? { ...d, points: [...d.points, p] } : d));
  };
  const onPointerUp = () => {
    if (!draft) return;
    const d = draft;
    setDraft(null);
    if (input?.mode === 'shared') {
      if (d.kind === 'pen') props.onShared?.({ page: d.page, kind: 'drawing', geometry: { paths: [{ points: d.points.slice(0, 2000).map(([x, y]) => [x, y] as [number, number]) }], width: 0.003 }, color: d.color });
      else {
        const r = rectOf(d.points);
        if (r.w > 0.005 && r.h > 0.003) props.onShared?.({ page: d.page, kind: 'highlight', geometry: { rects: [r] } });
      }
      return;
    }
    props.onLocal?.(d);
  };

  const addNote = () => {
    const text = noteText.trim();
    if (!noteAt || !text) return;
    if (input?.mode === 'shared') props.onShared?.({ page: props.page, kind: 'note', geometry: { x: noteAt[0], y: noteAt[1] }, text });
    else props.onLocal?.({ kind: 'note', page: props.page, at: noteAt, text });
    setNoteAt(null);
    setNoteText('');
  };

  return (
    <>
      <canvas
        ref={ref}
        hidden={props.hidden}
        className={`pdf-overlay${active ? ' pdf-overlay--active' : ''}`}
        style={drawn ? { width: drawn.w, height: drawn.h } : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={onPointerUp}
        aria-hidden="true"
        data-testid={`${props.prefix}-overlay`}
        data-marks={marks.length}
      />
      <Dialog header={t('note.title')} visible={noteAt !== null} onHide={() => setNoteAt(null)} style={{ width: 420 }} data-testid={`${props.prefix}-note-dialog`}>
        <InputTextarea value={noteText} onChange={(e) => setNoteText(e.target.value)} rows={3} autoResize className="w-full" aria-label={t('note.text')} data-testid={`${props.prefix}-note-text`} autoFocus />
        <div className="pdf-note-actions">
          <Button type="button" text label={t('cancel')} onClick={() => setNoteAt(null)} />
          <Button type="button" label={t('note.add')} disabled={!noteText.trim()} onClick={addNote} data-testid={`${props.prefix}-note-add`} />
        </div>
      </Dialog>
    </>
  );
}

/**
 * Annotations drawn in the PDF editor (pen, highlight, text note). Points are kept relative to the
 * unrotated page (0..1 on both axes, origin top-left), so rotating or zooming the view never moves them;
 * saving flattens them onto the pages of a new PDF version.
 */
import type { Rotation } from './pdf-rules';

export type Tool = 'none' | 'pen' | 'highlight' | 'note';
export type Point = readonly [number, number];

export interface Stroke {
  kind: 'pen' | 'highlight';
  page: number;
  color: string;
  points: Point[];
  /** a shared drawing's own line width (a fraction of the page's shorter side) and see-through-ness (a highlighter's) */
  width?: number;
  opacity?: number;
}
export interface Note {
  kind: 'note';
  page: number;
  at: Point;
  text: string;
}
export type Annotation = Stroke | Note;

/** pen colours of the product: black, blue, indigo */
export const PEN_COLORS = ['#000000', '#2293FB', '#4636E3'] as const;
export const HIGHLIGHT_COLOR = 'rgba(255, 221, 0, 0.4)';

/** A point of the displayed (rotated) page, 0..1, to the unrotated page. */
export function toPage([x, y]: Point, rotation: Rotation): Point {
  switch (rotation) {
    case 90:
      return [y, 1 - x];
    case 180:
      return [1 - x, 1 - y];
    case 270:
      return [1 - y, x];
    default:
      return [x, y];
  }
}

/** A point of the unrotated page to the displayed (rotated) page, 0..1. */
export function toDisplay([u, v]: Point, rotation: Rotation): Point {
  switch (rotation) {
    case 90:
      return [1 - v, u];
    case 180:
      return [1 - u, 1 - v];
    case 270:
      return [v, 1 - u];
    default:
      return [u, v];
  }
}

/** Line width in pixels for a page drawn `width` pixels wide. */
export function strokeWidth(kind: Stroke['kind'], width: number): number {
  return Math.max(1, (kind === 'highlight' ? 0.018 : 0.003) * width);
}

/**
 * Draw the annotations of one page into a 2D context of `width` × `height` pixels showing the page at
 * `rotation` (the overlay of the viewer, and the unrotated image saved into the PDF).
 */
export function drawAnnotations(ctx: CanvasRenderingContext2D, items: readonly Annotation[], width: number, height: number, rotation: Rotation): void {
  ctx.clearRect(0, 0, width, height);
  const px = (p: Point): [number, number] => {
    const [x, y] = toDisplay(p, rotation);
    return [x * width, y * height];
  };
  for (const a of items) {
    if (a.kind === 'note') {
      const [x, y] = px(a.at);
      const size = Math.max(10, Math.round(width * 0.016));
      ctx.font = `${size}px sans-serif`;
      const lines = a.text.split('\n');
      const w = Math.max(...lines.map((l) => ctx.measureText(l).width)) + size;
      const h = lines.length * size * 1.3 + size * 0.6;
      ctx.fillStyle = 'rgba(255, 244, 160, 0.95)';
      ctx.strokeStyle = '#c9a800';
      ctx.lineWidth = 1;
      ctx.fillRect(x, y, w, h);
      ctx.strokeRect(x, y, w, h);
      ctx.fillStyle = '#222';
      ctx.textBaseline = 'top';
      lines.forEach((l, i) => ctx.fillText(l, x + size / 2, y + size * 0.3 + i * size * 1.3));
      continue;
    }
    if (a.points.length === 0) continue;
    ctx.save();
    ctx.beginPath();
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.globalAlpha = a.opacity ?? 1;
    ctx.strokeStyle = a.kind === 'highlight' ? HIGHLIGHT_COLOR : a.color;
    ctx.lineWidth = a.width !== undefined ? Math.max(1, a.width * Math.min(width, height)) : strokeWidth(a.kind, Math.min(width, height));
    const [x0, y0] = px(a.points[0]);
    ctx.moveTo(x0, y0);
    if (a.points.length === 1) ctx.lineTo(x0 + 0.1, y0 + 0.1);
    for (const p of a.points.slice(1)) ctx.lineTo(...px(p));
    ctx.stroke();
    ctx.restore();
  }
}

/** Pages that carry at least one annotation, in order. */
export function annotatedPages(items: readonly Annotation[]): number[] {
  return [...new Set(items.map((a) => a.page))].sort((a, b) => a - b);
}

/**
 * A new PDF: the original bytes with each annotated page's drawings laid over it as an image (pdf-lib).
 * `drawPage` paints the annotations of a page onto a canvas of the given size (the browser does it).
 */
export async function flattenAnnotations(original: ArrayBuffer, items: readonly Annotation[]): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const pdf = await PDFDocument.load(original, { ignoreEncryption: true });
  const pages = pdf.getPages();
  for (const n of annotatedPages(items)) {
    const page = pages[n - 1];
    if (!page) continue;
    const box = page.getMediaBox();
    const canvas = document.createElement('canvas');
    // twice the page's size in points keeps pen lines sharp when printed
    canvas.width = Math.ceil(box.width * 2);
    canvas.height = Math.ceil(box.height * 2);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    drawAnnotations(ctx, items.filter((a) => a.page === n), canvas.width, canvas.height, 0);
    const png = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas export failed'))), 'image/png'));
    const image = await pdf.embedPng(await png.arrayBuffer());
    page.drawImage(image, { x: box.x, y: box.y, width: box.width, height: box.height });
  }
  return pdf.save();
}

/** a rectangle of the page (0..1) */
export interface PageRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** the rectangle two or more points span (a dragged highlight) */
export function rectOf(points: readonly Point[]): PageRect {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/** highlight rectangles of the unrotated page filled on the displayed (rotated) page */
export function drawHighlightRects(ctx: CanvasRenderingContext2D, rects: readonly PageRect[], width: number, height: number, rotation: Rotation): void {
  ctx.fillStyle = HIGHLIGHT_COLOR;
  for (const r of rects) {
    const a = toDisplay([r.x, r.y], rotation);
    const b = toDisplay([r.x + r.w, r.y + r.h], rotation);
    ctx.fillRect(Math.min(a[0], b[0]) * width, Math.min(a[1], b[1]) * height, Math.abs(b[0] - a[0]) * width, Math.abs(b[1] - a[1]) * height);
  }
}

interface SharedMark {
  page: number;
  kind: string;
  geometry: unknown;
  text: string;
  color: string;
}

/**
 * Shared annotations (docs/annotations.md) as the overlay draws them: notes and drawings as the editor's marks,
 * highlights as rectangles. A geometry that is not the kind's is skipped.
 */
export function sharedToDrawn(marks: readonly SharedMark[]): { items: Annotation[]; rects: PageRect[] } {
  const items: Annotation[] = [];
  const rects: PageRect[] = [];
  for (const m of marks) {
    const g = m.geometry as Record<string, unknown> | null;
    if (!g) continue;
    if (m.kind === 'note' && typeof g.x === 'number' && typeof g.y === 'number') items.push({ kind: 'note', page: m.page, at: [g.x, g.y], text: m.text });
    else if (m.kind === 'drawing' && Array.isArray(g.paths)) {
      // a drawing keeps its width and, a highlighter's, its opacity (docs/annotations.md#the-presenters-drawing)
      const look = { ...(typeof g.width === 'number' ? { width: g.width } : {}), ...(typeof g.opacity === 'number' && g.opacity < 1 ? { opacity: g.opacity } : {}) };
      for (const p of g.paths as { points?: unknown }[]) if (Array.isArray(p.points)) items.push({ kind: 'pen', page: m.page, color: m.color, points: p.points as Point[], ...look });
    }
    if (m.kind === 'highlight' && Array.isArray(g.rects)) rects.push(...(g.rects as PageRect[]));
  }
  return { items, rects };
}

/** the name the annotated copy is saved under: the file's name without `.pdf`, then ` (annotated).pdf` (as the API names it) */
export function annotatedName(name: string): string {
  const base = name.trim().replace(/\.pdf$/i, '') || 'document';
  return `${base} (annotated).pdf`;
}

/** where a source mark is edited: the source file's PDF viewer at the file's page, through the meeting */
export function sourceHref(a: { source: { library_id: number; name: string; page: number } }, meetingId: number | null): string {
  const q = new URLSearchParams({ id: String(a.source.library_id), doc: a.source.name });
  if (meetingId) q.set('meeting_id', String(meetingId));
  q.set('page', String(a.source.page));
  return `/doc-view?${q.toString()}`;
}

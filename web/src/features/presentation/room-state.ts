/**
 * What a presentation page shows, as a pure reducer of the server's frames (docs/product/presentation.md).
 * The socket hook feeds it; the tests feed it tables of frames.
 */
import type { DrawOperation, Presenter, ServerFrame } from '@app/contracts';

export interface RoomView {
  document: number;
  /** from 0 */
  slide: number;
  scale: number;
  presenter: Presenter | null;
  youPresent: boolean;
  /** drawing of every slide, in order */
  operations: { slide: number; operation: DrawOperation }[];
  /** the presenter's pointer, as fractions of the slide; null when hidden */
  pointer: { x: number; y: number } | null;
  /** the last refusal or error the server sent (shown, then cleared by the page) */
  error: string | null;
  /** people who joined while the page was open */
  joined: string[];
  /** the presenter moved everyone to another document */
  movedTo: number | null;
}

export const initialView = (document: number): RoomView => ({
  document, slide: 0, scale: 1, presenter: null, youPresent: false, operations: [], pointer: null, error: null, joined: [], movedTo: null,
});

export function reduceFrame(v: RoomView, f: ServerFrame, myUserId: number | null): RoomView {
  switch (f.type) {
    case 'history':
      return { ...v, document: f.history.document, slide: f.history.slide, scale: f.history.scale, presenter: f.history.presenter, youPresent: isMe(f.history.presenter, myUserId), operations: f.history.operations, pointer: null };
    case 'current_presenter':
      return { ...v, presenter: f.presenter, youPresent: f.you_present };
    case 'presenter_changed':
      return { ...v, presenter: f.presenter, youPresent: isMe(f.presenter, myUserId), pointer: null };
    case 'document_changed':
      return f.document === v.document ? { ...v, slide: f.slide } : { ...v, movedTo: f.document };
    case 'error':
      return { ...v, error: f.message };
    case 'actions': {
      const a = f.action;
      switch (a.type) {
        case 'SLIDE_CHANGE':
          return { ...v, slide: a.slide, pointer: null };
        case 'SCALE_CANVAS':
          return { ...v, scale: a.scale };
        case 'POINTER':
          return { ...v, pointer: a.visible ? { x: a.x, y: a.y } : null };
        case 'OPERATION':
          return { ...v, operations: [...v.operations, ...a.operations.map((operation) => ({ slide: a.slide, operation }))] };
        case 'joinUser':
          return a.user.user_id != null && a.user.user_id === myUserId ? v : { ...v, joined: [...v.joined.slice(-19), a.user.name] };
      }
    }
  }
  return v;
}

const isMe = (p: Presenter | null, me: number | null) => !!p && me != null && p.user_id === me;

/** The drawing to show on one slide: its operations after the last `clear`. */
export function drawingOf(operations: RoomView['operations'], slide: number): DrawOperation[] {
  const mine = operations.filter((o) => o.slide === slide).map((o) => o.operation);
  const lastClear = mine.map((o) => o.kind).lastIndexOf('clear');
  return mine.slice(lastClear + 1);
}

/** How each tool paints: pen solid, highlighter wide and see-through, eraser removes what is under it. */
export const TOOL_STYLE = Object.freeze({
  pen: { alpha: 1, widthFactor: 1, composite: 'source-over' },
  highlighter: { alpha: 0.35, widthFactor: 4, composite: 'multiply' },
  eraser: { alpha: 1, widthFactor: 6, composite: 'destination-out' },
} as const);

/** A point on the slide as fractions of its box, clamped to the slide, 4 decimals. */
export function toUnit(clientX: number, clientY: number, box: { left: number; top: number; width: number; height: number }): [number, number] {
  const f = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;
  if (box.width <= 0 || box.height <= 0) return [0, 0];
  return [f((clientX - box.left) / box.width), f((clientY - box.top) / box.height)];
}

/** Close codes of the room (libs/contracts PRESENTATION_CLOSE) -> the reason shown, or null to reconnect. */
export function refusalOf(code: number): 'unauthorized' | 'disabled' | 'notFound' | null {
  if (code === 4401) return 'unauthorized';
  if (code === 4403) return 'disabled';
  if (code === 4404) return 'notFound';
  return null;
}

/** Reconnect delays: 0.5 s doubling to 8 s. */
export const reconnectDelay = (attempt: number): number => Math.min(8000, 500 * 2 ** Math.max(0, attempt));

/** what one drawing annotation holds at most (libs/contracts ANNOTATION_LIMITS: paths per drawing) */
const PATHS_PER_ANNOTATION = 50;

/** one shared drawing annotation of a slide's strokes (the body of POST /api/library/{id}/annotations) */
export interface SlideDrawing {
  page: number;
  kind: 'drawing';
  geometry: { paths: { points: [number, number][] }[]; width: number; opacity?: number };
  color: string;
  visibility: 'committee';
  /** recorded as presented in the meeting (the room's ?meeting_id=): the next save of the slide finds and replaces it, after a reload too */
  presented: true;
}

type Pt = [number, number];
/** what one path of a drawing holds at most (libs/contracts ANNOTATION_LIMITS: points per path) */
const POINTS_PER_PATH = 2000;

/** the distance from p to the segment a-b, with y scaled by the slide's aspect (height / width) so both axes are in widths */
function segmentDistance(p: Pt, a: Pt, b: Pt, aspect: number): number {
  const [px, py, ax, ay, bx, by] = [p[0], p[1] * aspect, a[0], a[1] * aspect, b[0], b[1] * aspect];
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / len));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** points every `step` (in widths) along a path, so an eraser crossing between two far points still cuts it */
function densify(points: readonly Pt[], step: number, aspect: number): Pt[] {
  const out: Pt[] = [];
  points.forEach((p, i) => {
    if (i > 0) {
      const a = points[i - 1];
      const n = Math.floor(Math.hypot(p[0] - a[0], (p[1] - a[1]) * aspect) / step);
      for (let k = 1; k < n; k++) out.push([Math.round((a[0] + ((p[0] - a[0]) * k) / n) * 10_000) / 10_000, Math.round((a[1] + ((p[1] - a[1]) * k) / n) * 10_000) / 10_000]);
    }
    out.push([p[0], p[1]]);
  });
  return out;
}

/**
 * One eraser stroke applied to paths drawn before it, as the slide shows it (the eraser paints out what lies within
 * half its width of its path): the points it covers are removed, a path it crosses is cut in two, a path it covers
 * whole is gone. `radius` is half the eraser's width in widths of the slide.
 */
export function erasePaths(paths: readonly Pt[][], eraser: readonly Pt[], radius: number, aspect = 1): Pt[][] {
  if (eraser.length === 0) return paths.map((p) => [...p]);
  const segs: [Pt, Pt][] = eraser.length === 1 ? [[eraser[0], eraser[0]]] : eraser.slice(1).map((b, i) => [eraser[i], b]);
  const minX = Math.min(...eraser.map((p) => p[0])) - radius;
  const maxX = Math.max(...eraser.map((p) => p[0])) + radius;
  const minY = Math.min(...eraser.map((p) => p[1])) - radius / aspect;
  const maxY = Math.max(...eraser.map((p) => p[1])) + radius / aspect;
  const out: Pt[][] = [];
  for (const path of paths) {
    const near = path.some((p, i) => {
      const q = path[Math.max(0, i - 1)];
      return Math.max(p[0], q[0]) >= minX && Math.min(p[0], q[0]) <= maxX && Math.max(p[1], q[1]) >= minY && Math.min(p[1], q[1]) <= maxY;
    });
    if (!near) {
      out.push([...path]);
      continue;
    }
    let piece: Pt[] = [];
    for (const p of densify(path, radius / 2, aspect)) {
      if (segs.some(([a, b]) => segmentDistance(p, a, b, aspect) <= radius)) {
        if (piece.length) out.push(piece);
        piece = [];
      } else piece.push(p);
    }
    if (piece.length) out.push(piece);
  }
  return out;
}

/**
 * The presenter's drawing on a slide as shared annotations of the document's page (docs/annotations.md#the-presenters-drawing):
 * the pen and highlighter strokes after the last clear, with each eraser stroke applied to the strokes drawn before it
 * (`erasePaths`: what the slide shows is what is saved), one drawing per tool, colour and width (a drawing has one
 * colour and one width), at most 50 paths of at most 2,000 points each, shared with the committee. A highlighter's
 * drawing keeps the highlighter's see-through look (`opacity`, TOOL_STYLE). The slide's points are already fractions
 * of the unrotated page, as the annotations' are; the width is the stroke's on a page 1,000 wide, bounded as the API
 * bounds it. `aspect` is the slide's height / width (the eraser's reach is round on the slide).
 */
export function slideDrawingAnnotations(drawing: readonly DrawOperation[], slide: number, aspect = 1): SlideDrawing[] {
  const strokes: { tool: 'pen' | 'highlighter'; colour: string; width: number; paths: Pt[][] }[] = [];
  for (const op of drawing) {
    if (op.kind !== 'stroke' || op.points.length === 0) continue;
    if (op.tool === 'eraser') {
      const radius = (op.width * TOOL_STYLE.eraser.widthFactor) / 1000 / 2;
      const eraser = op.points.map(([x, y]) => [x, y] as Pt);
      for (const s of strokes) s.paths = erasePaths(s.paths, eraser, radius, aspect);
      continue;
    }
    strokes.push({ tool: op.tool, colour: op.colour, width: op.width, paths: [op.points.map(([x, y]) => [x, y] as Pt)] });
  }
  const groups = new Map<string, SlideDrawing[]>();
  const out: SlideDrawing[] = [];
  for (const s of strokes) {
    const key = `${s.tool}:${s.colour}:${s.width}`;
    const list = groups.get(key) ?? [];
    for (const whole of s.paths)
      for (let i = 0; i < whole.length; i += POINTS_PER_PATH) {
        let last = list[list.length - 1];
        if (!last || last.geometry.paths.length >= PATHS_PER_ANNOTATION) {
          const width = Math.round(Math.min(0.05, Math.max(0.0005, (s.width * TOOL_STYLE[s.tool].widthFactor) / 1000)) * 10_000) / 10_000;
          const alpha = TOOL_STYLE[s.tool].alpha;
          last = { page: slide + 1, kind: 'drawing', geometry: { paths: [], width, ...(alpha < 1 ? { opacity: alpha } : {}) }, color: s.colour, visibility: 'committee', presented: true };
          list.push(last);
          out.push(last);
          groups.set(key, list);
        }
        last.geometry.paths.push({ points: whole.slice(i, i + POINTS_PER_PATH) });
      }
  }
  return out;
}

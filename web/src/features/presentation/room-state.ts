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
  geometry: { paths: { points: [number, number][] }[]; width: number };
  color: string;
  visibility: 'committee';
}

/**
 * The presenter's drawing on a slide as shared annotations of the document's page (docs/annotations.md#the-presenters-drawing):
 * the pen and highlighter strokes after the last clear, one drawing per tool, colour and width (a drawing has one colour
 * and one width), at most 50 paths each, shared with the committee. The slide's points are already fractions of
 * the unrotated page, as the annotations' are. Eraser strokes are left out (an annotation cannot erase another);
 * the width is the stroke's on a page 1,000 wide, bounded as the API bounds it.
 */
export function slideDrawingAnnotations(drawing: readonly DrawOperation[], slide: number): SlideDrawing[] {
  const groups = new Map<string, SlideDrawing[]>();
  const out: SlideDrawing[] = [];
  for (const op of drawing) {
    if (op.kind !== 'stroke' || op.tool === 'eraser' || op.points.length === 0) continue;
    const key = `${op.tool}:${op.colour}:${op.width}`;
    const list = groups.get(key) ?? [];
    let last = list[list.length - 1];
    if (!last || last.geometry.paths.length >= PATHS_PER_ANNOTATION) {
      const width = Math.round(Math.min(0.05, Math.max(0.0005, (op.width * TOOL_STYLE[op.tool].widthFactor) / 1000)) * 10_000) / 10_000;
      last = { page: slide + 1, kind: 'drawing', geometry: { paths: [], width }, color: op.colour, visibility: 'committee' };
      list.push(last);
      out.push(last);
      groups.set(key, list);
    }
    last.geometry.paths.push({ points: op.points.map(([x, y]) => [x, y] as [number, number]) });
  }
  return out;
}

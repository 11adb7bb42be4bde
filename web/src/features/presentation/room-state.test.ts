import type { Presenter, ServerFrame } from '@app/contracts';
import { drawingOf, erasePaths, initialView, reconnectDelay, reduceFrame, refusalOf, slideDrawingAnnotations, toUnit, type RoomView } from './room-state';

const chair: Presenter = { id: 1, user_id: 7, user: { name: 'Chair', image: null }, user_email: 'c@x.test', color: '#e53935', docs: [5] };
const stroke = { kind: 'stroke' as const, id: 'a', tool: 'pen' as const, colour: '#000000' as const, width: 2, points: [[0, 0]] as [number, number][] };

describe('reduceFrame', () => {
  const cases: Array<[string, RoomView, ServerFrame, number | null, Partial<RoomView>]> = [
    ['history sets everything and says whether I present', initialView(5),
      { type: 'history', history: { document: 5, slide: 3, scale: 1.5, presenter: chair, operations: [{ slide: 3, operation: stroke }] } }, 7,
      { slide: 3, scale: 1.5, presenter: chair, youPresent: true, operations: [{ slide: 3, operation: stroke }] }],
    ['a viewer gets the same history but does not present', initialView(5),
      { type: 'history', history: { document: 5, slide: 1, scale: 1, presenter: chair, operations: [] } }, 8, { slide: 1, youPresent: false }],
    ['slide change moves the slide and hides the pointer', { ...initialView(5), pointer: { x: 0.1, y: 0.1 } },
      { type: 'actions', action: { type: 'SLIDE_CHANGE', slide: 4 } }, 8, { slide: 4, pointer: null }],
    ['a pointer shows; a hidden one clears', initialView(5), { type: 'actions', action: { type: 'POINTER', x: 0.5, y: 0.25, visible: true } }, 8, { pointer: { x: 0.5, y: 0.25 } }],
    ['drawing is appended', initialView(5), { type: 'actions', action: { type: 'OPERATION', slide: 0, operations: [stroke, stroke] } }, 8, { operations: [{ slide: 0, operation: stroke }, { slide: 0, operation: stroke }] }],
    ['a hand-over to me makes me the presenter', initialView(5), { type: 'presenter_changed', presenter: chair }, 7, { presenter: chair, youPresent: true }],
    ['another document: the page must move there', initialView(5), { type: 'document_changed', document: 9, slide: 0 }, 8, { movedTo: 9, slide: 0 }],
    ['the same document: only the slide', initialView(5), { type: 'document_changed', document: 5, slide: 2 }, 8, { movedTo: null, slide: 2 }],
    ['an error frame is kept to show', initialView(5), { type: 'error', code: 'NOT_PRESENTER', message: 'Only the presenter can do this' }, 8, { error: 'Only the presenter can do this' }],
    ['someone else joining is listed', initialView(5), { type: 'actions', action: { type: 'joinUser', user: { user_id: 3, name: 'Mona', guest: false } } }, 8, { joined: ['Mona'] }],
    ['my own join is not', initialView(5), { type: 'actions', action: { type: 'joinUser', user: { user_id: 8, name: 'Me', guest: false } } }, 8, { joined: [] }],
  ];
  it.each(cases)('%s', (_name, before, frame, me, expected) => {
    expect(reduceFrame(before, frame, me)).toMatchObject(expected);
  });
});

describe('drawingOf', () => {
  it.each([
    ['only the slide asked for', [{ slide: 0, operation: stroke }, { slide: 1, operation: stroke }], 1, 1],
    ['nothing after a clear', [{ slide: 0, operation: stroke }, { slide: 0, operation: { kind: 'clear' as const } }], 0, 0],
    ['what follows the last clear', [{ slide: 0, operation: { kind: 'clear' as const } }, { slide: 0, operation: stroke }, { slide: 0, operation: stroke }], 0, 2],
  ])('%s', (_n, ops, slide, count) => expect(drawingOf(ops, slide)).toHaveLength(count));
});

describe('toUnit, refusals, reconnect delays', () => {
  it.each([
    [[50, 25], [0.5, 0.25]],
    [[-10, 500], [0, 1]],
    [[33.333, 0], [0.3333, 0]],
  ])('toUnit(%j) = %j on a 100x100 box', (xy, expected) => expect(toUnit(xy[0], xy[1], { left: 0, top: 0, width: 100, height: 100 })).toEqual(expected));
  it.each([[4401, 'unauthorized'], [4403, 'disabled'], [4404, 'notFound'], [4008, null], [1006, null], [1001, null]])('close %i -> %s', (code, r) => expect(refusalOf(code)).toBe(r));
  it.each([[0, 500], [1, 1000], [3, 4000], [4, 8000], [10, 8000]])('attempt %i waits %i ms', (a, ms) => expect(reconnectDelay(a)).toBe(ms));
});

describe('slideDrawingAnnotations: the presenter drawing saved as shared annotations of the page', () => {
  const s = (id: string, tool: 'pen' | 'highlighter' | 'eraser', colour: '#000000' | '#e53935', width: number, points: [number, number][]) => ({ kind: 'stroke' as const, id, tool, colour, width, points });
  const a = s('a', 'pen', '#e53935', 3, [[0.1, 0.1], [0.2, 0.2]]);
  const b = s('b', 'pen', '#e53935', 3, [[0.3, 0.3]]);
  const c = s('c', 'pen', '#000000', 3, [[0.4, 0.4], [0.5, 0.5]]);
  const h = s('h', 'highlighter', '#e53935', 4, [[0.6, 0.6], [0.7, 0.6]]);
  const drawing = (color: string, width: number, paths: [number, number][][], page = 3, opacity?: number) => ({
    page, kind: 'drawing', geometry: { paths: paths.map((points) => ({ points })), width, ...(opacity ? { opacity } : {}) }, color, visibility: 'committee', presented: true,
  });
  // the eraser (width 3, six times wide: 0.018 across, reach 0.009) over the middle of a horizontal pen line
  const line = s('l', 'pen', '#000000', 3, [[0.1, 0.5], [0.5, 0.5]]);
  const cut = s('x', 'eraser', '#000000', 3, [[0.3, 0.45], [0.3, 0.55]]);
  const after = s('n', 'pen', '#000000', 3, [[0.2, 0.5], [0.4, 0.5]]);
  it.each([
    ['nothing drawn: nothing to save', [], []],
    ['a clear only: nothing', [{ kind: 'clear' as const }], []],
    ['strokes of one pen and colour: one drawing, a path each, page = slide + 1', [a, b], [drawing('#e53935', 0.003, [a.points, b.points])]],
    ['another colour: another drawing, in the order first drawn', [a, c, b], [drawing('#e53935', 0.003, [a.points, b.points]), drawing('#000000', 0.003, [c.points])]],
    ['the highlighter: its own drawing, four times as wide and see-through (0.35)', [a, h], [drawing('#e53935', 0.003, [a.points]), drawing('#e53935', 0.016, [h.points], 3, 0.35)]],
    ['an eraser that touches nothing changes nothing', [a, s('e2', 'eraser', '#000000', 3, [[0.9, 0.9]])], [drawing('#e53935', 0.003, [a.points])]],
    ['an eraser over a stroke\'s only point removes the stroke', [b, a, s('e3', 'eraser', '#000000', 3, [[0.3, 0.3]])], [drawing('#e53935', 0.003, [a.points])]],
    ['an eraser over all of a stroke removes it; nothing left, nothing to save', [a, s('e4', 'eraser', '#000000', 3, [[0.1, 0.1], [0.2, 0.2]])], []],
    ['a width past the bound is held at 0.05', [s('w', 'highlighter', '#000000', 64, [[0.5, 0.5]])], [drawing('#000000', 0.05, [[[0.5, 0.5]]], 3, 0.35)]],
  ])('%s', (_n, ops, want) => expect(slideDrawingAnnotations(ops, 2)).toEqual(want));

  it('an eraser across a line cuts it in two where it passed; a stroke drawn after the eraser is whole', () => {
    const [d] = slideDrawingAnnotations([line, cut, after], 2);
    expect(d.geometry.paths).toHaveLength(3);
    const [left, right, later] = d.geometry.paths.map((p) => p.points);
    expect(left[0]).toEqual([0.1, 0.5]);
    expect(right[right.length - 1]).toEqual([0.5, 0.5]);
    // the gap is where the eraser reached (0.3 ± 0.009), no more than one step (reach / 2) wider
    expect(Math.max(...left.map((p) => p[0]))).toBeLessThan(0.291);
    expect(Math.max(...left.map((p) => p[0]))).toBeGreaterThan(0.286);
    expect(Math.min(...right.map((p) => p[0]))).toBeGreaterThan(0.309);
    expect(Math.min(...right.map((p) => p[0]))).toBeLessThan(0.314);
    expect(later).toEqual(after.points);
  });

  it.each([
    ['a square slide: the reach is the same across and down', 1, 1],
    ['a slide twice as wide as high: 0.009 of the width is 0.018 of the height, so the same line is cut in two', 0.5, 2],
  ])('%s', (_n, aspect, kept) => {
    const below: [number, number][][] = [[[0.29, 0.512], [0.31, 0.512]]];
    expect(erasePaths(below, [[0.3, 0.5]], 0.009, aspect)).toHaveLength(kept);
  });

  it('a path made longer than 2,000 points by the cutting is saved as paths of at most 2,000 (the API bound)', () => {
    // a thin eraser (reach 0.0015) near a long diagonal there and back makes it dense (a point every 0.00075): ~3,770 points
    const long = s('long', 'pen', '#000000', 3, [[0, 0], [1, 1], [0, 0]]);
    const [d] = slideDrawingAnnotations([long, s('e5', 'eraser', '#000000', 0.5, [[0.5, 0.4]])], 0);
    const sizes = d.geometry.paths.map((p) => p.points.length);
    expect(sizes[0]).toBe(2000);
    expect(sizes.length).toBe(2);
    expect(sizes[1]).toBeGreaterThan(1500);
    expect(d.geometry.paths[1].points[sizes[1] - 1]).toEqual([0, 0]);
  });

  it('more than 50 strokes of one colour: drawings of at most 50 paths (the API bound)', () => {
    const many = Array.from({ length: 120 }, (_, i) => s(`p${i}`, 'pen', '#000000', 3, [[i / 200, 0.5]]));
    const out = slideDrawingAnnotations(many, 0);
    expect(out.map((d) => d.geometry.paths.length)).toEqual([50, 50, 20]);
    expect(out.every((d) => d.page === 1 && d.visibility === 'committee')).toBe(true);
    expect(out.flatMap((d) => d.geometry.paths.map((p) => p.points[0][0]))).toEqual(many.map((m) => m.points[0][0]));
  });
});

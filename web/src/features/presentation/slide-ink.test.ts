/**
 * The presenter's slide saved again (docs/annotations.md#the-presenters-drawing): the new drawings are created, then
 * the ones saved before are removed (so what was erased leaves the saved marks), in that order, with the meeting.
 */
import type { SharedAnnotation } from '../../api/annotations';
import { session } from '../../api/session';
import { installFetch, jsonResponse, on } from '../../test/fetch';
import { slideDrawingAnnotations } from './room-state';
import { replaceSlideInk, savedSlideInk, slidesWithSavedInk } from './slide-ink';

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'chair@example.com' });
});

const saved = (id: number): SharedAnnotation => ({
  id, library_id: 7, parent_id: null, page: 1, kind: 'drawing', geometry: { paths: [{ points: [[0.1, 0.5]] }], width: 0.003 }, quote: null, text: '', color: '#000000',
  visibility: 'committee', people: [], author: { id: 2, name: 'Chair' }, version: 1, orphaned: false, presented_in: null, mine: true, can_edit: true, can_delete: true,
  created_at: '2026-11-28 10:00:00', updated_at: '2026-11-28 10:00:00', replies: [],
});

describe('replaceSlideInk', () => {
  it('creates the slide\'s drawings as they are now, then removes the ones saved before, and answers the new ids', async () => {
    let next = 40;
    const calls = installFetch(
      on('POST', '/api/library/7/annotations', () => jsonResponse(200, { success: true, message: 'Annotation saved', data: saved(next++) })),
      on('DELETE', /^\/api\/library\/7\/annotations\/\d+$/, () => jsonResponse(200, { success: true, message: 'Annotation deleted', data: null })),
    );
    // a pen line cut in two by the eraser, and a highlighter stroke: two drawings
    const bodies = slideDrawingAnnotations(
      [
        { kind: 'stroke', id: 'l', tool: 'pen', colour: '#000000', width: 3, points: [[0.1, 0.5], [0.5, 0.5]] },
        { kind: 'stroke', id: 'h', tool: 'highlighter', colour: '#e53935', width: 4, points: [[0.1, 0.8], [0.5, 0.8]] },
        { kind: 'stroke', id: 'x', tool: 'eraser', colour: '#000000', width: 3, points: [[0.3, 0.45], [0.3, 0.55]] },
      ],
      0,
    );
    expect(await replaceSlideInk(7, 12, [31, 32], bodies)).toEqual([40, 41]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/library/7/annotations?meeting_id=12',
      'POST /api/library/7/annotations?meeting_id=12',
      'DELETE /api/library/7/annotations/31?meeting_id=12',
      'DELETE /api/library/7/annotations/32?meeting_id=12',
    ]);
    expect((calls[0].body as { geometry: { paths: unknown[] } }).geometry.paths).toHaveLength(2);
    expect((calls[1].body as { geometry: { opacity?: number } }).geometry.opacity).toBe(0.35);
  });

  it('everything erased: nothing created, the saved drawings removed', async () => {
    const calls = installFetch(on('DELETE', /^\/api\/library\/7\/annotations\/\d+$/, () => jsonResponse(200, { success: true, message: 'Annotation deleted', data: null })));
    expect(await replaceSlideInk(7, null, [31], [])).toEqual([]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/library/7/annotations/31']);
  });
});

describe('the drawings a slide saved before, from the server (a reload forgets nothing)', () => {
  const list: SharedAnnotation[] = [
    { ...saved(1), page: 2, presented_in: 12 },
    { ...saved(2), page: 2, presented_in: 12 },
    { ...saved(3), page: 3, presented_in: 12 },
    // the presenter's own drawing made in the library viewer, another meeting's, another author's, a note
    { ...saved(4), page: 2, presented_in: null },
    { ...saved(5), page: 2, presented_in: 13 },
    { ...saved(6), page: 2, presented_in: 12, mine: false },
    { ...saved(7), page: 2, presented_in: 12, kind: 'note' },
  ];
  it.each([
    ['page 2 in meeting 12: its two', 12, 2, [1, 2]],
    ['page 3: its one', 12, 3, [3]],
    ['another meeting: only its own', 13, 2, [5]],
    ['a page with none', 12, 1, []],
  ] as const)('%s', (_, meeting, page, want) => {
    expect(savedSlideInk(list, meeting, page)).toEqual(want);
  });
  it('the slides with saved ink (0-based), for the eraser', () => {
    expect([...slidesWithSavedInk(list, 12)].sort()).toEqual([1, 2]);
  });
});

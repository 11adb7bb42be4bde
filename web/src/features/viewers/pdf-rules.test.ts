import { toDisplay, toPage, type Point } from './annotations';
import { canGoBack, canGoForward, fitScale, isEditable, jumpTarget, loadPercent, nextRotation, startPageOf, stepPage, zoomIn, zoomOut, type Rotation } from './pdf-rules';

describe('page jump (Enter): 0 or less, or more than the page count, resets to the current page', () => {
  it.each([
    // input, current, pages, expected
    ['3', 1, 5, 3],
    ['5', 2, 5, 5],
    ['1', 4, 5, 1],
    ['0', 2, 5, 2],
    ['-1', 2, 5, 2],
    ['6', 2, 5, 2],
    ['100', 3, 5, 3],
    [' 4 ', 1, 5, 4],
    ['', 2, 5, 2],
    ['abc', 2, 5, 2],
    ['2.5', 1, 5, 1],
    ['1e1', 1, 20, 1],
  ])('%p on page %p of %p goes to %p', (input, current, pages, expected) => {
    expect(jumpTarget(input, current, pages)).toBe(expected);
  });
});

describe('previous / next and the arrow keys stay within the document', () => {
  it.each([
    [1, -1, 5, 1],
    [1, 1, 5, 2],
    [5, 1, 5, 5],
    [3, -1, 5, 2],
    [1, 1, 1, 1],
    [1, 1, 0, 1],
  ])('page %p moved by %p of %p is %p', (current, delta, pages, expected) => {
    expect(stepPage(current, delta, pages)).toBe(expected);
  });

  it.each([
    [1, 5, false, true],
    [3, 5, true, true],
    [5, 5, true, false],
    [1, 1, false, false],
  ])('page %p of %p: previous %p, next %p', (current, pages, back, forward) => {
    expect(canGoBack(current)).toBe(back);
    expect(canGoForward(current, pages)).toBe(forward);
  });
});

describe('rotation cycles 0, 90, 180, 270', () => {
  it.each<[Rotation, Rotation]>([
    [0, 90],
    [90, 180],
    [180, 270],
    [270, 0],
  ])('%p -> %p', (from, to) => expect(nextRotation(from)).toBe(to));
});

describe('zoom steps', () => {
  it.each([
    [1, 1.25, 0.75],
    [0.5, 0.75, 0.5],
    [3, 3, 2],
    [1.1, 1.25, 1],
  ])('from %p: in %p, out %p', (z, up, down) => {
    expect(zoomIn(z)).toBe(up);
    expect(zoomOut(z)).toBe(down);
  });
});

describe('the page scales down when the viewport minus 32 is narrower than the page', () => {
  it.each([
    [600, 1000, 1],
    [600, 632, 1],
    [600, 332, 0.5],
    [0, 500, 1],
    [600, 20, 1],
  ])('page %p wide in %p px: %p', (page, viewport, scale) => expect(fitScale(page, viewport)).toBeCloseTo(scale));
});

describe('loading progress', () => {
  it.each([
    [0, 100, 0],
    [50, 200, 25],
    [199, 200, 99],
    [300, 200, 100],
    [10, undefined, 0],
    [10, 0, 0],
  ])('%p of %p is %p%', (loaded, total, pct) => expect(loadPercent(loaded, total)).toBe(pct));
});

describe('editing needs e=1 and the right to edit', () => {
  it.each([
    ['1', true, true],
    ['1', false, false],
    ['0', true, false],
    [null, true, false],
  ])('e=%p can_edit=%p -> %p', (e, canEdit, expected) => expect(isEditable(e, canEdit)).toBe(expected));
});

describe('annotation points survive rotation', () => {
  const p: Point = [0.2, 0.1];
  it.each<[Rotation, Point]>([
    [0, [0.2, 0.1]],
    [90, [0.9, 0.2]],
    [180, [0.8, 0.9]],
    [270, [0.1, 0.8]],
  ])('at %p the page point (0.2, 0.1) shows at %p and maps back', (r, shown) => {
    const d = toDisplay(p, r);
    expect(d[0]).toBeCloseTo(shown[0]);
    expect(d[1]).toBeCloseTo(shown[1]);
    const back = toPage(d, r);
    expect(back[0]).toBeCloseTo(p[0]);
    expect(back[1]).toBeCloseTo(p[1]);
  });
});

describe('the page a viewer opens at (?page=)', () => {
  it.each([
    ['2', 2],
    [' 12 ', 12],
    ['1', 1],
    ['0', undefined],
    ['-1', undefined],
    ['2.5', undefined],
    ['two', undefined],
    ['', undefined],
    ['9999999', undefined],
    [null, undefined],
  ])('%p -> %p', (param, page) => expect(startPageOf(param)).toBe(page));
});

import { boxKeyStep, clampBox, clearOf, dropBox, initialBox, MIN_BOX, moveBox, resizeBox, scaleOf, toPixels, toPoints, type Box } from './placement-math';

const LETTER = { width: 612, height: 792 };
const box = (px: number, py: number, width: number, height: number): Box => ({ px, py, width, height });
const close = (got: Box, want: Box) => {
  for (const k of ['px', 'py', 'width', 'height'] as const) expect(got[k]).toBeCloseTo(want[k], 6);
};

describe('scaleOf: pixels per point of a drawn page', () => {
  it.each<[number, number, number]>([
    [612, 612, 1],
    [306, 612, 0.5],
    [918, 612, 1.5],
    [0, 612, 1],
    [500, 0, 1],
  ])('%p px for %p pt -> %p', (drawn, page, want) => expect(scaleOf(drawn, page)).toBeCloseTo(want, 9));
});

describe('pixels <-> PDF points', () => {
  it.each<[string, Box, number, Box]>([
    ['at natural size nothing changes', box(100, 200, 150, 50), 1, box(100, 200, 150, 50)],
    ['a page drawn at half size: pixels are half the points', box(100, 200, 150, 50), 0.5, box(50, 100, 75, 25)],
    ['zoomed to 1.5', box(10, 20, 30, 40), 1.5, box(15, 30, 45, 60)],
    ['fractions survive', box(0.5, 0.25, 1, 2), 2, box(1, 0.5, 2, 4)],
  ])('%s', (_n, points, scale, pixels) => {
    close(toPixels(points, scale), pixels);
    // and back again
    close(toPoints(pixels, scale), points);
  });
  it('a scale of zero is read as one (a page not drawn yet)', () => close(toPoints(box(10, 10, 10, 10), 0), box(10, 10, 10, 10)));
});

describe('clampBox: a box stays on its page', () => {
  it.each<[string, Box, Box]>([
    ['inside: unchanged', box(10, 10, 100, 50), box(10, 10, 100, 50)],
    ['off the right edge: moved back', box(600, 10, 100, 50), box(512, 10, 100, 50)],
    ['above the top: moved down', box(10, -30, 100, 50), box(10, 0, 100, 50)],
    ['wider than the page: the page wide', box(0, 0, 900, 50), box(0, 0, 612, 50)],
    ['too small: MIN_BOX', box(10, 10, 1, 1), box(10, 10, MIN_BOX, MIN_BOX)],
  ])('%s', (_n, b, want) => close(clampBox(b, LETTER), want));
});

describe('moveBox: a drag in pixels moves the box in points', () => {
  it.each<[string, Box, number, number, number, Box]>([
    ['at natural size', box(100, 100, 100, 50), 20, -10, 1, box(120, 90, 100, 50)],
    ['on a page drawn at half size a pixel is two points', box(100, 100, 100, 50), 20, 10, 0.5, box(140, 120, 100, 50)],
    ['dragged past the left edge: stops at it', box(10, 100, 100, 50), -100, 0, 1, box(0, 100, 100, 50)],
    ['dragged past the bottom: stops at it', box(10, 700, 100, 50), 0, 500, 1, box(10, 742, 100, 50)],
  ])('%s', (_n, b, dx, dy, scale, want) => close(moveBox(b, dx, dy, scale, LETTER), want));
});

describe('resizeBox: the bottom-right handle', () => {
  it.each<[string, Box, number, number, number, Box]>([
    ['grows', box(100, 100, 100, 50), 50, 25, 1, box(100, 100, 150, 75)],
    ['at half size a pixel is two points', box(100, 100, 100, 50), 10, 10, 0.5, box(100, 100, 120, 70)],
    ['never below MIN_BOX', box(100, 100, 100, 50), -500, -500, 1, box(100, 100, MIN_BOX, MIN_BOX)],
    ['never past the page', box(500, 700, 100, 50), 300, 300, 1, box(500, 700, 112, 92)],
  ])('%s', (_n, b, dx, dy, scale, want) => close(resizeBox(b, dx, dy, scale, LETTER), want));
});

describe('dropBox and initialBox: a signature-sized box (180 x 60 points), not half the page', () => {
  it.each<[string, number, number, number, Box]>([
    ['dropped in the middle at natural size: centred on the point', 306, 396, 1, box(306 - 90, 396 - 30, 180, 60)],
    ['on a half-size drawing the point is doubled', 153, 198, 0.5, box(306 - 90, 396 - 30, 180, 60)],
    ['dropped in a corner: kept on the page', 0, 0, 1, box(0, 0, 180, 60)],
    ['a small page: 40 % of its width, 3 : 1', 100, 100, 1, box(100 - 40, 100 - 40 / 3, 80, 80 / 3)],
  ])('%s', (_n, x, y, scale, want) => close(dropBox(x, y, scale, _n.startsWith('a small') ? { width: 200, height: 300 } : LETTER, 0.5), want));
  it('the Sign button: centred, top at height / 2.8', () => close(initialBox(LETTER, 0.5), box((612 - 180) / 2, 792 / 2.8, 180, 60)));
});

describe('clearOf: a new box does not cover another signer\'s box', () => {
  const first = box(216, 282.9, 180, 60);
  it.each<[string, Box, Box[], Box]>([
    ['a free spot: kept', box(216, 100, 180, 60), [first], box(216, 100, 180, 60)],
    ['the same default spot: just below the other', first, [first], box(216, 282.9 + 68, 180, 60)],
    ['below is taken too: below that', first, [first, box(216, 350.9, 180, 60)], box(216, 282.9 + 136, 180, 60)],
    ['touching edges do not overlap', box(216, 342.9, 180, 60), [first], box(216, 342.9, 180, 60)],
  ])('%s', (_n, b, others, want) => close(clearOf(b, others, LETTER), want));
  it('at the foot of the page it goes on from the top', () => {
    const low = box(216, 700, 180, 60);
    const got = clearOf(low, [low], LETTER);
    expect(got.py).toBeLessThan(700);
    expect(got.py + got.height).toBeLessThanOrEqual(792);
    expect(got.py >= 760 || got.py + 60 <= 700).toBe(true);
  });
  it('a page with no free spot: left where it is', () => {
    const full = Array.from({ length: 20 }, (_x, i) => box(0, i * 40, 612, 40));
    close(clearOf(box(216, 100, 180, 60), full, LETTER), box(216, 100, 180, 60));
  });
});

describe('boxKeyStep: the arrow keys move a box (Shift: five times as far)', () => {
  it.each<[string, boolean, { dx: number; dy: number } | null]>([
    ['ArrowLeft', false, { dx: -8, dy: 0 }],
    ['ArrowRight', false, { dx: 8, dy: 0 }],
    ['ArrowUp', false, { dx: 0, dy: -8 }],
    ['ArrowDown', false, { dx: 0, dy: 8 }],
    ['ArrowRight', true, { dx: 40, dy: 0 }],
    ['ArrowUp', true, { dx: 0, dy: -40 }],
    ['Enter', false, null],
    ['a', true, null],
  ])('%s (shift %p) -> %p', (key, shift, want) => expect(boxKeyStep(key, shift)).toEqual(want));
  it('moved by a key, a box stays on its page', () => close(moveBox(box(595, 10, 15, 15), 8, 0, 1, LETTER), box(597, 10, 15, 15)));
});

import { signatureBoxSize, defaultBox, isOnPage, resolveBox, type BoxInput, type PlacedBox } from './approval.placement';

const A4 = { width: 595, height: 842 };
const LETTER = { width: 612, height: 792 };

describe('defaultBox: half the page wide, its top at height / 2.8, centred', () => {
  it.each<[string, { width: number; height: number }, number, ReturnType<typeof defaultBox>]>([
    ['letter, a 2:1 image', LETTER, 0.5, { px: 153, py: 792 / 2.8, width: 306, height: 153 }],
    ['A4, a square image', A4, 1, { px: 148.75, py: 842 / 2.8, width: 297.5, height: 297.5 }],
    ['a bad aspect falls back to 2:1', LETTER, 0, { px: 153, py: 792 / 2.8, width: 306, height: 153 }],
    ['landscape', { width: 842, height: 595 }, 0.25, { px: 210.5, py: 595 / 2.8, width: 421, height: 105.25 }],
  ])('%s', (_n, page, aspect, want) => {
    const got = defaultBox(page, aspect);
    for (const k of Object.keys(want) as (keyof typeof want)[]) expect(got[k]).toBeCloseTo(want[k], 6);
  });
});

describe('resolveBox: what a placement leaves out takes the default, in its own frame', () => {
  it.each<[string, BoxInput, PlacedBox]>([
    ['nothing given: the default box in points', {}, { px: 153, py: 792 / 2.8, width: 306, height: 153, pageWidth: 612, pageHeight: 792 }],
    ['a full box is kept as it is', { px: 10, py: 20, width: 30, height: 40, pageWidth: 100, pageHeight: 200 }, { px: 10, py: 20, width: 30, height: 40, pageWidth: 100, pageHeight: 200 }],
    ['only a position: the default size', { px: 50, py: 60 }, { px: 50, py: 60, width: 306, height: 153, pageWidth: 612, pageHeight: 792 }],
    ['only a size: centred, at height / 2.8', { width: 100, height: 40 }, { px: 256, py: 792 / 2.8, width: 100, height: 40, pageWidth: 612, pageHeight: 792 }],
    ['a screen frame half the size: the default scaled into it', { pageWidth: 306, pageHeight: 396 }, { px: 76.5, py: 396 / 2.8, width: 153, height: 76.5, pageWidth: 306, pageHeight: 396 }],
  ])('%s', (_n, input, want) => {
    const got = resolveBox(input, LETTER, 0.5);
    for (const k of Object.keys(want) as (keyof PlacedBox)[]) expect(got[k]).toBeCloseTo(want[k], 6);
  });
});

describe('isOnPage', () => {
  const box = (px: number, py: number, width: number, height: number): PlacedBox => ({ px, py, width, height, pageWidth: 612, pageHeight: 792 });
  it.each<[string, PlacedBox, boolean]>([
    ['inside', box(10, 10, 100, 50), true],
    ['touching the bottom-right corner', box(512, 742, 100, 50), true],
    ['half a point over is tolerated', box(512.4, 742, 100, 50), true],
    ['off the right edge', box(600, 10, 100, 50), false],
    ['off the bottom', box(10, 780, 100, 50), false],
    ['a negative position', box(-1, 10, 100, 50), false],
    ['no width', box(10, 10, 0, 50), false],
  ])('%s', (_n, b, want) => {
    expect(isOnPage(b)).toBe(want);
  });
});

describe('signatureBoxSize: a box placed on screen is a signature, not half the page', () => {
  it.each([
    ['A4', { width: 595, height: 842 }, { width: 180, height: 60 }],
    ['Letter', { width: 612, height: 792 }, { width: 180, height: 60 }],
    ['a small page: 40 % of its width', { width: 200, height: 300 }, { width: 80, height: 80 / 3 }],
  ])('%s', (_n, page, want) => expect(signatureBoxSize(page)).toEqual(want));
});

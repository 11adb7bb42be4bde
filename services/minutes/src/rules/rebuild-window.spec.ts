import { rebuildSlot } from './rebuild-window';

describe('rebuildSlot', () => {
  it.each([
    // now, window → slot, delay
    [10_000, 2000, 5, 2000],
    [10_600, 2000, 5, 1400],
    [11_999, 2000, 5, 1],
    [12_000, 2000, 6, 2000],
    [7_250, 500, 14, 250],
  ])('handled at %d (window %d) → slot %d, runs after %d ms', (now, w, window, delayMs) => {
    expect(rebuildSlot(now, w)).toEqual({ window, delayMs });
  });

  it('puts the changes of one window in one slot and the next change in the next', () => {
    expect([20_000, 20_400, 21_999, 22_000].map((t) => rebuildSlot(t, 2000).window)).toEqual([10, 10, 10, 11]);
  });
});

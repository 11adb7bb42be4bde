import { percentUp } from './percent';

describe('percentUp', () => {
  it.each([
    [0, 0, 0],
    [0, 3, 0],
    [1, 3, 33.4],
    [2, 3, 66.7],
    [3, 3, 100],
    [1, 8, 12.5],
    [120, 200, 60],
    [1, 400, 0.3],
  ])('%i of %i -> %d', (n, total, out) => expect(percentUp(n, total)).toBe(out));
});

import { fmt, fmtLatency, fmtRatio, meets, percentile, ratio, summarize } from './stats';

describe('bench stats', () => {
  it.each([
    [[], 50, NaN],
    [[7], 50, 7],
    [[7], 99, 7],
    [[1, 2, 3, 4], 50, 2],
    [[1, 2, 3, 4], 75, 3],
    [[1, 2, 3, 4], 100, 4],
    [Array.from({ length: 100 }, (_, i) => i + 1), 99, 99],
    [Array.from({ length: 1000 }, (_, i) => i + 1), 99, 990],
  ])('percentile(%j, %d) = %d', (values, p, expected) => {
    expect(percentile(values, p)).toEqual(expected);
  });

  it('summarize sorts first', () => {
    expect(summarize([5, 1, 4, 2, 3])).toEqual({ n: 5, p50: 3, p95: 5, p99: 5, max: 5 });
  });

  it.each([
    [10, 5, 2],
    [5, 10, 0.5],
    [1, 0, NaN],
    [NaN, 1, NaN],
  ])('ratio(%d, %d) = %d', (a, b, expected) => {
    expect(ratio(a, b)).toEqual(expected);
  });

  it.each([
    [1.4, { le: 1.5 }, true],
    [1.6, { le: 1.5 }, false],
    [0.7, { ge: 0.6 }, true],
    [0.5, { ge: 0.6 }, false],
    [NaN, { ge: 0.6 }, null],
  ])('meets(%d, %j) = %s', (value, goal, expected) => {
    expect(meets(value, goal)).toBe(expected);
  });

  it.each([
    [1234.5, '', '1,235'],
    [12.345, 'ms', '12.3 ms'],
    [1.234, '', '1.23'],
    [0.1234, '', '0.123'],
    [NaN, 'ms', '-'],
  ])('fmt(%d, %s) = %s', (n, unit, expected) => {
    expect(fmt(n, unit)).toBe(expected);
  });

  it.each([
    [0, '< 1 ms'],
    [1, '1.00 ms'],
    [18, '18.0 ms'],
    [NaN, '-'],
  ])('fmtLatency(%d) = %s', (ms, expected) => {
    expect(fmtLatency(ms)).toBe(expected);
  });

  it.each([
    [2.345, '2.35x'],
    [12.34, '12.3x'],
    [NaN, '-'],
  ])('fmtRatio(%d) = %s', (r, expected) => {
    expect(fmtRatio(r)).toBe(expected);
  });
});

import { percentUp, roundUpOneDecimal, voteNeedsReason } from './vote.rules';

describe('the vote rules', () => {
  it.each([
    ['Approved', false],
    ['Denied', true],
    ['Abstained', false],
    ['Pending', false],
    ['Others', true],
  ] as const)('%s needs a reason: %s', (vote, needs) => expect(voteNeedsReason(vote)).toBe(needs));

  it.each([
    [0, 0, 0],
    [0, 3, 0],
    [1, 3, 33.4],
    [2, 3, 66.7],
    [3, 3, 100],
    [1, 8, 12.5],
    [120, 200, 60],
    [1, 400, 0.3],
  ])('%i of %i is %d %%', (n, total, out) => expect(percentUp(n, total)).toBe(out));

  it.each([
    [0, 0],
    [50, 50],
    [100, 100],
    [33.333333, 33.4],
    [66.666666, 66.7],
    [14.000000000000002, 14],
    [12.5, 12.5],
    [12.51, 12.6],
    [0.01, 0.1],
    [-3, 0],
    [Number.NaN, 0],
  ])('%p %% reads %p', (input, out) => expect(roundUpOneDecimal(input)).toBe(out));
});

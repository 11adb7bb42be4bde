import { defaultItemDuration, itemDurationError, totalDuration } from './durations';

describe('item duration rule', () => {
  const rows: Array<[number | null | undefined, number | null, string | null]> = [
    [undefined, 60, null],
    [null, 60, null],
    [30, 60, null],
    [60, 60, null],
    [61, 60, 'duration must be less than or equal meeting duration'],
    [0, 60, 'duration must be > 0'],
    [-5, 60, 'duration must be > 0'],
    [500, null, null],
    [500, 0, null],
    [0, null, 'duration must be > 0'],
  ];
  it.each(rows)('item %p in a meeting of %p -> %p', (d, m, err) => expect(itemDurationError(d, m)).toBe(err));
});

describe('default item duration', () => {
  it.each([[null, 60], [0, 60], [90, 60], [45, 45], [60, 60]] as Array<[number | null, number]>)('meeting %p -> %p', (m, d) => expect(defaultItemDuration(m)).toBe(d));
});

describe('total duration = items + sub-points', () => {
  it.each([
    [[], 0],
    [[{ duration: 30, subpoints: [] }], 30],
    [[{ duration: 30, subpoints: [{ duration: 10 }, { duration: 5 }] }, { duration: 15, subpoints: [] }], 60],
  ] as Array<[Array<{ duration: number; subpoints: Array<{ duration: number }> }>, number]>)('%j -> %p', (items, total) => expect(totalDuration(items)).toBe(total));
});

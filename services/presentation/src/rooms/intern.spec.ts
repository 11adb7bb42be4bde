import { Interner } from './intern';

describe('Interner', () => {
  const cases: Array<{ name: string; first: unknown; second: unknown; shared: boolean }> = [
    { name: 'equal objects are one copy', first: { a: 1, b: ['x'] }, second: { a: 1, b: ['x'] }, shared: true },
    { name: 'different objects stay apart', first: { a: 1 }, second: { a: 2 }, shared: false },
    { name: 'key order counts (JSON)', first: { a: 1, b: 2 }, second: { b: 2, a: 1 }, shared: false },
    { name: 'equal arrays are one copy', first: [1, 2, 3], second: [1, 2, 3], shared: true },
  ];
  it.each(cases)('$name', ({ first, second, shared }) => {
    const i = new Interner();
    const a = i.json('k', first);
    const b = i.json('k', second);
    expect(a === b).toBe(shared);
    expect(b).toEqual(second);
  });

  it('kinds do not mix', () => {
    const i = new Interner();
    const a = i.json('actor', { id: 1 });
    const b = i.json('presenters', { id: 1 });
    expect(a).not.toBe(b);
  });

  it('sets of numbers are keyed by their members, in any order', () => {
    const i = new Interner();
    const a = i.numbers('docs', new Set([3, 1, 2]));
    expect(i.numbers('docs', new Set([1, 2, 3]))).toBe(a);
    expect(i.numbers('docs', new Set([1, 2]))).not.toBe(a);
  });

  it('drops the oldest entry at its size limit', () => {
    const i = new Interner(2);
    const first = i.json('k', { n: 1 });
    i.json('k', { n: 2 });
    i.json('k', { n: 3 });
    expect(i.size).toBe(2);
    expect(i.json('k', { n: 1 })).not.toBe(first);
    expect(i.json('k', { n: 3 })).toEqual({ n: 3 });
  });
});

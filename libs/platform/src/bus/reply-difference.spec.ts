import { replyDifference } from './reply-difference';

describe('replyDifference (a reply built to its contract against the contract\'s parse)', () => {
  const cases: Array<[string, unknown, unknown, string | null]> = [
    ['the same values', { a: 1, b: [{ c: 'x', d: null }] }, { a: 1, b: [{ c: 'x', d: null }] }, null],
    ['keys in another order', { a: 1, b: 2 }, { b: 2, a: 1 }, null],
    ['a key the contract strips', { a: 1 }, { a: 1, hash: 'h' }, '$.hash (not in the contract)'],
    ['a stray key deep inside', { items: [{ id: 1 }, { id: 2 }] }, { items: [{ id: 1 }, { id: 2, token: 't' }] }, '$.items.1.token (not in the contract)'],
    ['a default the parse fills', { a: 1, flag: false }, { a: 1 }, '$.flag (not built: a default of the contract)'],
    ['an optional key built as undefined, stripped by the parse', { a: 1 }, { a: 1, b: undefined }, '$.b (not in the contract)'],
    ['a changed value (a coercion)', { n: 1 }, { n: '1' }, '$.n (a different value)'],
    ['an array of another length', { xs: [1, 2] }, { xs: [1, 2, 3] }, '$.xs.2 (not in the contract)'],
    ['an object for an array', { xs: [] }, { xs: {} }, '$.xs (a different kind of value)'],
    ['the same Date', { d: new Date(5) }, { d: new Date(5) }, null],
    ['another Date', { d: new Date(5) }, { d: new Date(6) }, '$.d (a different value)'],
    ['NaN equals NaN', { n: NaN }, { n: NaN }, null],
  ];
  it.each(cases)('%s', (_name, parsed, built, expected) => {
    expect(replyDifference(parsed, built)).toBe(expected);
  });
});

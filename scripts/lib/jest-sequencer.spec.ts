const { longestFirst } = require('./jest-sequencer.cjs');

describe('jest sequencer: longest first (scripts/lib/jest-sequencer.cjs)', () => {
  const table = { 'a.api-spec.ts': 30, 'b.api-spec.ts': 100, 'c.api-spec.ts': 5 };

  it.each([
    ['known files by their measured seconds, not their size', [['a.api-spec.ts', 9000], ['b.api-spec.ts', 1000], ['c.api-spec.ts', 50000]], ['b.api-spec.ts', 'a.api-spec.ts', 'c.api-spec.ts']],
    // 60,000 bytes known for 135 s: 2.25 ms a byte; the new 20,000-byte file is expected to take 45 s
    ['a new file by its size, at the known files\' seconds per byte', [['a.api-spec.ts', 20000], ['b.api-spec.ts', 20000], ['c.api-spec.ts', 20000], ['new.api-spec.ts', 20000]], ['b.api-spec.ts', 'new.api-spec.ts', 'a.api-spec.ts', 'c.api-spec.ts']],
    ['no table: by size, largest first', [['x.ts', 10], ['y.ts', 30], ['z.ts', 20]], ['y.ts', 'z.ts', 'x.ts']],
    ['equal expectations by path', [['y.ts', 10], ['x.ts', 10]], ['x.ts', 'y.ts']],
  ])('%s', (_name, files, order) => {
    const t = (files as Array<[string, number]>).every(([f]) => f.endsWith('.api-spec.ts')) ? table : {};
    expect(longestFirst((files as Array<[string, number]>).map(([file, bytes]) => ({ file, bytes })), t).order).toEqual(order);
  });

  it('gives the expected seconds it ordered by', () => {
    const { expected } = longestFirst([{ file: 'a.api-spec.ts', bytes: 3000 }, { file: 'new.api-spec.ts', bytes: 1500 }], table);
    expect(expected.get('a.api-spec.ts')).toBe(30);
    expect(expected.get('new.api-spec.ts')).toBe(15);
  });
});

describe('jest sequencer: two tiers in one run', () => {
  it('interleaves them, each longest first, each having handed out the same share of its expected time', () => {
    // api: 100 + 60 + 40 = 200 s; browser: 50 + 30 + 20 = 100 s
    const table = { 'a1.api-spec.ts': 100, 'a2.api-spec.ts': 60, 'a3.api-spec.ts': 40, 'b1.e2e-spec.ts': 50, 'b2.e2e-spec.ts': 30, 'b3.e2e-spec.ts': 20 };
    const files = Object.keys(table).map((file) => ({ file, bytes: 1 }));
    expect(longestFirst(files, table).order).toEqual(['a1.api-spec.ts', 'b1.e2e-spec.ts', 'a2.api-spec.ts', 'b2.e2e-spec.ts', 'a3.api-spec.ts', 'b3.e2e-spec.ts']);
  });
});

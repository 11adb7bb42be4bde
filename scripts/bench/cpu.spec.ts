import { accumulate, formatPerUnit, perUnit, spent } from './cpu';

describe('bench CPU per unit of work', () => {
  it.each([
    // rows (CPU seconds by process), units, exclude -> machine ms per unit, by process
    [[['gateway', 2], ['meeting', 1], ['bench', 4]], 1000, undefined, 3, [['gateway', 2], ['meeting', 1]]],
    [[['gateway', 2], ['bench', 4]], 1000, [], 6, [['gateway', 2], ['bench', 4]]],
    [[['postgres', 0.5]], 0, undefined, 500, [['postgres', 500]]],
    [[], 100, undefined, 0, []],
  ] as Array<[[string, number][], number, string[] | undefined, number, [string, number][]]>)('perUnit(%j, %d, %j) = %d ms', (rows, units, exclude, machine, byProcess) => {
    const r = perUnit(rows, units, exclude);
    expect(r.machineMs).toBeCloseTo(machine, 9);
    expect(r.byProcess.map(([k]) => k)).toEqual(byProcess.map(([k]) => k));
    r.byProcess.forEach(([, v], i) => expect(v).toBeCloseTo(byProcess[i][1], 9));
  });

  it.each([
    [[['gateway', 1.234], ['nats', 0.05]], 'gateway 1.23 ms, nats 50.0 µs'],
    [[], 'none measured'],
  ] as Array<[[string, number][], string]>)('formatPerUnit(%j) = %s', (rows, text) => {
    expect(formatPerUnit(rows)).toBe(text);
  });

  it('accumulate adds stretches by name', () => {
    const into = new Map<string, number>();
    accumulate(into, [['a', 1], ['b', 2]]);
    accumulate(into, [['a', 0.5]]);
    expect([...into]).toEqual([['a', 1.5], ['b', 2]]);
  });

  it('spent keeps what grew, largest first, and drops what did not', () => {
    const before = new Map([['a', 1], ['b', 5], ['c', 2]]);
    const after = new Map([['a', 3], ['b', 5], ['c', 2.5], ['d', 0.1]]);
    expect(spent(before, after)).toEqual([['a', 2], ['c', 0.5], ['d', 0.1]]);
  });
});

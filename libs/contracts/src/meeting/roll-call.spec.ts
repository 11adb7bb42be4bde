import { nextReachedAt, rollCallQuorum, rollCallSummary, type RollCallMark } from './roll-call';

const board = (...marks: Array<RollCallMark | null>) => marks.map((mark, i) => ({ id: i + 1, mark }));

describe('rollCallQuorum', () => {
  it.each<[string, Array<RollCallMark | null>, Array<[number, number]>, number, number, boolean]>([
    // name, marks, proxies [from, to], quorum %, present, met
    ['four of five present at 60 %', ['present', 'present', 'present', 'present', null], [], 60, 4, true],
    ['three of five at 60 % (exactly)', ['present', 'remote', 'present', 'absent', 'excused'], [], 60, 3, true],
    ['two of five at 60 %', ['present', 'present', 'absent', 'absent', 'excused'], [], 60, 2, false],
    ['remote counts as present', ['remote', 'remote', null, null], [], 50, 2, true],
    ['absent and excused do not count', ['absent', 'excused', 'present', null], [], 50, 1, false],
    ['a proxy to a present member counts', ['present', 'absent', null, null], [[2, 1]], 50, 2, true],
    ['a proxy to an absent member does not', ['absent', 'excused', 'present', null], [[2, 1]], 50, 1, false],
    ['nobody marked', [null, null, null], [], 50, 0, false],
  ])('%s', (_name, marks, links, pct, present, met) => {
    const q = rollCallQuorum(board(...marks), links.map(([fromMemberId, toMemberId]) => ({ fromMemberId, toMemberId })), pct);
    expect({ present: q.present, met: q.met, total: q.total }).toEqual({ present, met, total: marks.length });
  });
});

describe('rollCallSummary', () => {
  it('counts each mark, and says when the quorum was reached only while it is met', () => {
    const s = rollCallSummary(board('present', 'remote', 'absent', 'excused', null), [], 60, '2026-01-01 10:00:00');
    expect(s.counts).toEqual({ present: 1, remote: 1, absent: 1, excused: 1, unmarked: 1 });
    expect(s.taken).toBe(true);
    expect(s.quorum).toEqual({ percent: 60, present: 2, total: 5, needed: 3, met: false });
    expect(s.reached_at).toBeNull();
    expect(rollCallSummary(board(null, null), [], 50, null).taken).toBe(false);
    expect(rollCallSummary(board('present', null), [], 50, '2026-01-01 10:00:00').reached_at).toBe('2026-01-01 10:00:00');
  });
});

describe('nextReachedAt', () => {
  const t0 = new Date('2026-01-01T10:00:00Z');
  const t1 = new Date('2026-01-01T10:30:00Z');
  it.each<[string, Date | null, boolean, Date | null]>([
    ['first met: now', null, true, t1],
    ['still met: kept', t0, true, t0],
    ['lost: cleared', t0, false, null],
    ['never met: null', null, false, null],
  ])('%s', (_name, prev, met, expected) => {
    expect(nextReachedAt(prev, met, t1)).toEqual(expected);
  });
});

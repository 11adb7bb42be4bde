import type { Attendance, Vote } from './meeting.constants';
import { attendanceQuorum, decisionOutcome, decisionQuorum, quorumOf } from './quorum';

const votes = (spec: Partial<Record<Vote, number>>): Vote[] => Object.entries(spec).flatMap(([v, n]) => Array<Vote>(n ?? 0).fill(v as Vote));

describe('quorumOf', () => {
  it.each([
    // present, total, quorum %, needed, met
    [0, 0, 50, 0, true],
    [1, 2, 50, 1, true],
    [1, 3, 50, 2, false],
    [2, 3, 50, 2, true],
    [2, 3, 67, 3, false],
    [2, 3, 66, 2, true],
    [5, 10, 51, 6, false],
    [10, 10, 100, 10, true],
    [9, 10, 100, 10, false],
    [1, 20, 5, 1, true],
    [0, 20, 5, 1, false],
  ])('%i of %i at %i %% needs %i, met %s', (present, total, q, needed, met) => {
    expect(quorumOf(present, total, q)).toEqual({ present, total, needed, met });
  });
});

describe('decisionQuorum and decisionOutcome', () => {
  it.each<[string, Partial<Record<Vote, number>>, number, boolean, boolean, ReturnType<typeof decisionOutcome>]>([
    // name, votes, quorum %, voting closed, quorum met, outcome
    ['open decisions have no outcome', { Approved: 3 }, 50, false, true, null],
    ['nobody voted', { Pending: 4 }, 50, true, false, 'No quorum'],
    ['one of four voted at 50 %', { Approved: 1, Pending: 3 }, 50, true, false, 'No quorum'],
    ['two of four at 50 %, both approve', { Approved: 2, Pending: 2 }, 50, true, true, 'Passed'],
    ['abstentions count toward quorum', { Abstained: 2, Approved: 1, Pending: 1 }, 75, true, true, 'Passed'],
    ['a tie is rejected', { Approved: 2, Denied: 2 }, 50, true, true, 'Rejected'],
    ['Others count against', { Approved: 2, Denied: 1, Others: 1 }, 50, true, true, 'Rejected'],
    ['majority of non-abstained passes', { Approved: 2, Denied: 1, Abstained: 3 }, 50, true, true, 'Passed'],
    ['only abstentions are rejected', { Abstained: 3 }, 50, true, true, 'Rejected'],
    ['quorum of 100 % needs every voter', { Approved: 4, Pending: 1 }, 100, true, false, 'No quorum'],
    ['Pending never counts', { Approved: 1, Pending: 1 }, 50, true, true, 'Passed'],
  ])('%s', (_name, spec, q, closed, met, outcome) => {
    const v = votes(spec);
    expect(decisionQuorum(v, q).met).toBe(met);
    expect(decisionOutcome(v, q, closed)).toBe(outcome);
  });
});

describe('attendanceQuorum', () => {
  it.each<[Attendance[], number, boolean, number]>([
    [['Going', 'Going', 'Pending', 'Not going'], 50, true, 2],
    [['Going', 'Maybe', 'Pending', 'Not going'], 50, false, 2],
    [['Going', 'Delegate', 'Other'], 34, false, 2],
    [['Going', 'Delegate', 'Other'], 33, true, 1],
    [[], 50, true, 0],
  ])('%j at %i %%: met %s, needs %i', (att, q, met, needed) => {
    const a = attendanceQuorum(att, q);
    expect(a.met).toBe(met);
    expect(a.needed).toBe(needed);
  });
});

import { MM, type Vote } from '@app/contracts';
import { ballotAfterEdit, ballotsRefusal, reopenRefusal, ruleVotes, rowHasVoted, secretFinal, secretVoteRefusal, showsTallies } from './ballot';

describe('rowHasVoted', () => {
  it.each([
    ['open', 'Pending', false, false],
    ['open', 'Approved', false, true],
    ['open', 'Pending', true, false],
    ['secret', 'Pending', false, false],
    ['secret', 'Pending', true, true],
  ])('%s ballot, vote %s, mark %s -> %s', (ballot, vote, hasVoted, out) => expect(rowHasVoted(ballot, { vote, hasVoted })).toBe(out));
});

describe('ruleVotes', () => {
  const rows = (spec: Array<[string, boolean]>) => spec.map(([vote, hasVoted]) => ({ vote, hasVoted }));
  it.each<[string, string, Array<[string, boolean]>, Array<{ vote: string; n: number }>, Vote[]]>([
    ['open: the rows', 'open', [['Approved', false], ['Pending', false]], [{ vote: 'Denied', n: 5 }], ['Approved', 'Pending']],
    ['secret: counts and one Pending per voter who has not voted', 'secret', [['Pending', true], ['Pending', false], ['Pending', true]], [{ vote: 'Approved', n: 1 }, { vote: 'Denied', n: 1 }], ['Approved', 'Denied', 'Pending']],
    ['secret: nobody voted', 'secret', [['Pending', false], ['Pending', false]], [], ['Pending', 'Pending']],
    ['secret: counts as strings (a driver answer)', 'secret', [['Pending', true], ['Pending', true]], [{ vote: 'Others', n: '2' as unknown as number }], ['Others', 'Others']],
  ])('%s', (_n, ballot, r, counts, out) => expect(ruleVotes(ballot, rows(r), counts)).toEqual(out));
});

describe('showsTallies', () => {
  it.each([
    ['open', true, true],
    ['open', false, true],
    ['secret', false, false],
    ['secret', true, true],
  ])('%s ballot, final %s -> %s', (ballot, final, out) => expect(showsTallies(ballot, final)).toBe(out));
});

describe('secretFinal', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it.each([
    [false, '2026-11-27T12:00:01Z', false],
    [false, '2026-11-27T12:00:00Z', true],
    [false, '2026-11-26T12:00:00Z', true],
    [true, '2026-12-27T12:00:00Z', true],
  ])('ended %s, close date %s -> %s', (isFulfilled, deadline, out) => expect(secretFinal({ isFulfilled, deadline: new Date(deadline) }, now)).toBe(out));
});

describe('reopenRefusal', () => {
  const no = { field: 'is_fulfilled', message: MM.secretNoReopen };
  it.each<[string, boolean, boolean, boolean, typeof no | null]>([
    ['secret', true, true, true, no],
    ['secret', false, true, true, null],
    ['secret', true, false, true, null],
    ['secret', true, true, false, null],
    ['open', true, true, true, null],
  ])('%s ballot, a vote %s, final before %s, open after %s', (ballot, anyVote, finalBefore, openAfter, out) =>
    expect(reopenRefusal({ ballot, anyVote, finalBefore, openAfter }, 'is_fulfilled')).toEqual(out));
});

describe('ballotAfterEdit', () => {
  it.each([
    ['open', undefined, false, { ok: true, ballot: 'open' }],
    ['open', 'secret', false, { ok: true, ballot: 'secret' }],
    ['secret', 'open', false, { ok: true, ballot: 'open' }],
    ['secret', undefined, true, { ok: true, ballot: 'secret' }],
    ['secret', 'secret', true, { ok: true, ballot: 'secret' }],
    ['open', 'secret', true, { ok: false, field: 'ballot', message: MM.ballotLocked }],
    ['secret', 'open', true, { ok: false, field: 'ballot', message: MM.ballotLocked }],
  ] as const)('%s -> %s, a vote cast %s', (current, wanted, anyVote, out) => expect(ballotAfterEdit({ current, wanted, anyVote })).toEqual(out));
});

describe('secretVoteRefusal', () => {
  it.each<[Vote, boolean, boolean, ReturnType<typeof secretVoteRefusal>]>([
    ['Approved', false, false, null],
    ['Denied', false, false, null],
    ['Pending', false, false, { field: 'vote', message: MM.secretNoPending }],
    ['Approved', false, true, { field: 'vote', message: MM.secretVotedOnce }],
    ['Approved', true, false, { field: 'user_id', message: MM.secretOwnVote }],
    ['Pending', true, true, { field: 'user_id', message: MM.secretOwnVote }],
  ])('%s, for another %s, already voted %s', (vote, forOther, alreadyVoted, out) => expect(secretVoteRefusal({ vote, forOther, alreadyVoted })).toEqual(out));
});

describe('secretVoteRefusal by a proxy holder', () => {
  it.each<[Vote, boolean, ReturnType<typeof secretVoteRefusal>]>([
    ['Approved', false, null],
    ['Pending', false, { field: 'vote', message: MM.secretNoPending }],
    ['Approved', true, { field: 'vote', message: MM.secretVotedOnce }],
  ])('%s for the represented, already voted %s', (vote, alreadyVoted, out) => expect(secretVoteRefusal({ vote, forOther: true, byProxy: true, alreadyVoted })).toEqual(out));
});

describe('ballotsRefusal', () => {
  it.each([
    ['open', false, { field: 'ballot', message: MM.notSecretBallot }],
    ['open', true, { field: 'ballot', message: MM.notSecretBallot }],
    ['secret', false, { field: 'ballot', message: MM.ballotsNotYet }],
    ['secret', true, null],
  ] as const)('%s ballot, final %s', (ballot, final, out) => expect(ballotsRefusal({ ballot, final })).toEqual(out));
});

import type { Variant, Vote } from '@app/contracts';
import { DecisionFacts, canChangeVisibility, decisionState, keptReason, tallies, voteGate, voteLabel, voteReasonError, votingClosedReason } from './vote-gate';

const now = new Date('2030-06-01T10:00:00Z');
const later = new Date('2030-06-01T10:15:00Z');
const earlier = new Date('2030-06-01T09:45:00Z');
const open: DecisionFacts = { deadline: later, isFulfilled: false, decisionable: true, meetingStatusId: 2 };

describe('voting open', () => {
  const rows: Array<[string, Partial<DecisionFacts>, string | null]> = [
    ['deadline in the future, not fulfilled, status 2', {}, null],
    ['deadline passed', { deadline: earlier }, 'deadline'],
    ['deadline exactly now', { deadline: now }, 'deadline'],
    ['fulfilled (ended)', { isFulfilled: true }, 'fulfilled'],
    ['meeting status 1 (Draft)', { meetingStatusId: 1 }, null],
    ['meeting status 2 (Scheduled)', { meetingStatusId: 2 }, null],
    ['meeting status 3 (Live): open — our reading of docs/product/votes.md#voting-open-and-closed', { meetingStatusId: 3 }, null],
    ['meeting status 4 (Cancelled)', { meetingStatusId: 4 }, 'meeting_status'],
    ['meeting status 5 (Archived)', { meetingStatusId: 5 }, 'meeting_status'],
    ['standalone resolution (no meeting)', { meetingStatusId: null }, null],
    ['decisionable', { decisionable: true }, null],
    ['not decisionable: closed, whatever host (variant) it is reached through', { decisionable: false }, 'not_decisionable'],
    ['fulfilled wins over a passed deadline', { isFulfilled: true, deadline: earlier }, 'fulfilled'],
  ];
  it.each(rows)('%s', (_l, f, reason) => expect(votingClosedReason({ ...open, ...f }, now)).toBe(reason));
});

describe('vote gate for a voter', () => {
  const rows: Array<[string, Partial<DecisionFacts>, { isVoter: boolean; isMember: boolean; conflicted?: boolean }, string]> = [
    ['voter and member', {}, { isVoter: true, isMember: true }, 'open'],
    ['not one of the voters', {}, { isVoter: false, isMember: true }, 'not_voter'],
    ['voter but no longer a member of the meeting', {}, { isVoter: true, isMember: false }, 'not_member'],
    ['voter, closed by deadline', { deadline: earlier }, { isVoter: true, isMember: true }, 'deadline'],
    ['voter, meeting cancelled', { meetingStatusId: 4 }, { isVoter: true, isMember: true }, 'meeting_status'],
    ['voter who declared a conflict on the item (issue 27)', {}, { isVoter: true, isMember: true, conflicted: true }, 'conflict'],
    ['voter without a conflict', {}, { isVoter: true, isMember: true, conflicted: false }, 'open'],
    ['conflicted, but voting closed: closed is said first', { deadline: earlier }, { isVoter: true, isMember: true, conflicted: true }, 'deadline'],
  ];
  it.each(rows)('%s', (_l, f, v, expected) => {
    const g = voteGate({ ...open, ...f }, v, now);
    expect(g.open ? 'open' : g.reason).toBe(expected);
  });
});

describe('DUE / OPEN', () => {
  it.each([[earlier, 'DUE'], [now, 'DUE'], [later, 'OPEN']] as Array<[Date, string]>)('%s -> %s', (d, s) => expect(decisionState({ ...open, deadline: d }, now)).toBe(s));
  const rows: Array<[string, Partial<DecisionFacts>, string]> = [
    ['open, meeting Live', { meetingStatusId: 3 }, 'OPEN'],
    ['meeting Archived, deadline ahead', { meetingStatusId: 5 }, 'DUE'],
    ['meeting Cancelled, deadline ahead', { meetingStatusId: 4 }, 'DUE'],
    ['ended (fulfilled), deadline ahead', { isFulfilled: true }, 'DUE'],
    ['voting not allowed (decisionable = 0)', { decisionable: false }, 'DUE'],
    ['standalone, deadline ahead', { meetingStatusId: null }, 'OPEN'],
  ];
  it.each(rows)('%s -> %s', (_l, f, s) => expect(decisionState({ ...open, ...f }, now)).toBe(s));
});

describe('vote reasons', () => {
  const rows: Array<[Vote, string | null, boolean, string | null]> = [
    ['Approved', null, false, null],
    ['Approved', ' fine ', false, 'fine'],
    ['Denied', null, true, null],
    ['Denied', '   ', true, null],
    ['Denied', 'too costly', false, 'too costly'],
    ['Others', '', true, null],
    ['Others', 'later', false, 'later'],
    ['Abstained', null, false, null],
    ['Pending', 'ignored', false, null],
  ];
  it.each(rows)('%s with %p: required=%s, kept=%p', (vote, reason, err, kept) => {
    expect(voteReasonError(vote, reason)).toBe(err);
    expect(keptReason(vote, reason)).toBe(kept);
  });
});

describe('tallies (percentages rounded up to one decimal)', () => {
  const pick = (votes: Vote[]) => Object.fromEntries(tallies(votes).map((t) => [t.vote, [t.count, t.percentage]]));
  it('no voters', () => expect(pick([])).toEqual({ Approved: [0, 0], Denied: [0, 0], Abstained: [0, 0], Pending: [0, 0], Others: [0, 0] }));
  it('thirds round up', () => expect(pick(['Approved', 'Denied', 'Pending'])).toEqual({ Approved: [1, 33.4], Denied: [1, 33.4], Abstained: [0, 0], Pending: [1, 33.4], Others: [0, 0] }));
  it('sevenths', () => expect(pick(['Approved', 'Approved', 'Approved', 'Denied', 'Abstained', 'Others', 'Pending'])).toEqual({ Approved: [3, 42.9], Denied: [1, 14.3], Abstained: [1, 14.3], Pending: [1, 14.3], Others: [1, 14.3] }));
  it('exact values stay exact', () => expect(pick(['Approved', 'Denied', 'Denied', 'Denied'])).toEqual({ Approved: [1, 25], Denied: [3, 75], Abstained: [0, 0], Pending: [0, 0], Others: [0, 0] }));
  it('labels follow the variant', () => {
    expect(tallies(['Abstained'], 'moe').find((t) => t.vote === 'Abstained')).toEqual({ vote: 'Abstained', label: 'Postponed to next meeting', count: 1, percentage: 100 });
    expect(tallies(['Abstained']).find((t) => t.vote === 'Abstained')!.label).toBe('Abstained');
  });
  it('200 voters', () => {
    const votes: Vote[] = [...Array(67).fill('Approved'), ...Array(133).fill('Denied')];
    expect(pick(votes)).toMatchObject({ Approved: [67, 33.5], Denied: [133, 66.5] });
  });
});

describe('hide / unhide precondition', () => {
  const rows: Array<[string, boolean, number | null, Vote[], boolean]> = [
    ['member, Live, one vote cast', true, 3, ['Pending', 'Approved'], true],
    ['member, Live, every voter Pending', true, 3, ['Pending', 'Pending'], false],
    ['member, Live, no voters', true, 3, [], false],
    ['member, Scheduled', true, 2, ['Approved'], false],
    ['member, Archived', true, 5, ['Approved'], false],
    ['not a member', false, 3, ['Approved'], false],
    ['standalone resolution', true, null, ['Approved'], false],
  ];
  it.each(rows)('%s', (_l, isMember, meetingStatusId, votes, ok) => expect(canChangeVisibility({ isMember, meetingStatusId, votes })).toBe(ok));
});

describe('vote labels by variant', () => {
  const rows: Array<[Vote, Variant, string]> = [
    ['Abstained', 'default', 'Abstained'],
    ['Abstained', 'moe', 'Postponed to next meeting'],
    ['Abstained', 'tender', 'Postponed to next meeting'],
    ['Approved', 'moe', 'Approved'],
  ];
  it.each(rows)('%s in %s', (vote, variant, label) => expect(voteLabel(vote, variant)).toBe(label));
});

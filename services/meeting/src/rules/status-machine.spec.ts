import { allowedTransitions, checkTransition, isAnnounced, isLockedStatus, isOpenStatus, showsHiddenDecisions, statusInfo, type TransitionFacts } from './status-machine';
import type { MeetingStatusId } from '@app/contracts';

const now = new Date('2030-06-01T10:00:00Z');
const future = new Date('2030-06-02T10:00:00Z');
const past = new Date('2030-05-01T10:00:00Z');
const base = { now, startAt: future, participantCount: 2, agendaCount: 3 };

describe('meeting status machine: every pair of statuses', () => {
  // from, to, expected with a future start, participants and agenda
  const rows: Array<[MeetingStatusId, MeetingStatusId, string]> = [
    [1, 1, 'same'], [1, 2, 'ok'], [1, 3, 'not_allowed'], [1, 4, 'not_allowed'], [1, 5, 'start_not_passed'],
    [2, 1, 'not_allowed'], [2, 2, 'same'], [2, 3, 'ok'], [2, 4, 'ok'], [2, 5, 'ok'],
    [3, 1, 'not_allowed'], [3, 2, 'not_allowed'], [3, 3, 'same'], [3, 4, 'not_allowed'], [3, 5, 'ok'],
    [4, 1, 'locked'], [4, 2, 'locked'], [4, 3, 'locked'], [4, 4, 'locked'], [4, 5, 'locked'],
    [5, 1, 'locked'], [5, 2, 'locked'], [5, 3, 'locked'], [5, 4, 'locked'], [5, 5, 'locked'],
  ];
  it.each(rows)('%i -> %i: %s', (from, to, expected) => {
    const v = checkTransition({ ...base, from, to });
    expect(v.ok ? 'ok' : v.reason).toBe(expected);
  });
});

describe('preconditions', () => {
  const rows: Array<[string, Partial<TransitionFacts> & Pick<TransitionFacts, 'from' | 'to'>, string]> = [
    ['schedule needs a future start', { from: 1, to: 2, startAt: past }, 'start_not_future'],
    ['schedule with the start exactly now is refused', { from: 1, to: 2, startAt: now }, 'start_not_future'],
    ['schedule needs participants', { from: 1, to: 2, participantCount: 0 }, 'no_participants'],
    ['schedule needs an agenda', { from: 1, to: 2, agendaCount: 0 }, 'no_agenda'],
    ['a draft whose start has passed can be archived', { from: 1, to: 5, startAt: past }, 'ok'],
    ['a draft starting now can be archived', { from: 1, to: 5, startAt: now }, 'ok'],
    ['a scheduled meeting can be archived before its start', { from: 2, to: 5, startAt: future }, 'ok'],
    ['a live meeting can be archived', { from: 3, to: 5, startAt: past }, 'ok'],
    ['start needs nothing else', { from: 2, to: 3, participantCount: 0, agendaCount: 0, startAt: past }, 'ok'],
    ['cancel needs nothing else', { from: 2, to: 4, participantCount: 0, agendaCount: 0 }, 'ok'],
  ];
  it.each(rows)('%s', (_label, facts, expected) => {
    const v = checkTransition({ ...base, ...facts });
    expect(v.ok ? 'ok' : v.reason).toBe(expected);
  });
});

describe('allowed transitions', () => {
  it.each([
    [1, future, [2]],
    [1, past, [5]],
    [2, future, [3, 4, 5]],
    [3, past, [5]],
    [4, past, []],
    [5, past, []],
  ] as Array<[MeetingStatusId, Date, number[]]>)('from %i (start %s)', (from, startAt, expected) => {
    expect(allowedTransitions({ ...base, from, startAt })).toEqual(expected);
  });
});

describe('open and locked statuses', () => {
  it.each([[1, true], [2, true], [3, true], [4, false], [5, false]])('status %i open=%s', (s, open) => {
    expect(isOpenStatus(s)).toBe(open);
    expect(isLockedStatus(s)).toBe(!open);
  });
});

describe('status groups', () => {
  it.each([
    [1, { open: true, announced: false, hidden: false, name: 'Draft' }],
    [2, { open: true, announced: true, hidden: false, name: 'Scheduled' }],
    [3, { open: true, announced: true, hidden: false, name: 'Live' }],
    [4, { open: false, announced: false, hidden: false, name: 'Cancelled' }],
    [5, { open: false, announced: false, hidden: true, name: 'Archived' }],
    [9, { open: false, announced: false, hidden: false, name: 'Draft' }],
  ])('status %i', (s, want) => {
    expect({ open: isOpenStatus(s), announced: isAnnounced(s), hidden: showsHiddenDecisions(s), name: statusInfo(s).name }).toEqual(want);
    expect(statusInfo(s).id).toBe(s);
  });
});

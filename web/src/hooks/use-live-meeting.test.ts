import type { LiveMessage } from '@app/contracts';
import { liveReloads } from './use-live-meeting';

const change = (kind: Extract<LiveMessage, { type: 'change' }>['kind']): LiveMessage => ({ type: 'change', seq: 1, meetingId: 4, kind, decisionId: null, byUserId: 9 });

describe('what an open meeting page loads again for a live message', () => {
  it.each<[string, LiveMessage, { meeting: boolean; minutes: boolean }]>([
    ['the first ready: nothing', { type: 'ready', meetingId: 4, resync: false }, { meeting: false, minutes: false }],
    ['a reconnect (resync): everything', { type: 'ready', meetingId: 4, resync: true }, { meeting: true, minutes: true }],
    ['revoked: nothing (the page shows a notice)', { type: 'revoked', meetingId: 4 }, { meeting: false, minutes: false }],
    ['the minutes (a comment, a signature, the deadline): the minutes and approvals cards only', change('minutes'), { meeting: false, minutes: true }],
    ['a vote: the meeting', change('vote'), { meeting: true, minutes: false }],
    ['a decision: the meeting', change('decision'), { meeting: true, minutes: false }],
    ['members: the meeting', change('members'), { meeting: true, minutes: false }],
    ['the meeting: the meeting', change('meeting'), { meeting: true, minutes: false }],
    ['a comment: the meeting', change('comment'), { meeting: true, minutes: false }],
    ['the agenda: the meeting', change('agenda'), { meeting: true, minutes: false }],
    ['an action: the meeting', change('action'), { meeting: true, minutes: false }],
  ])('%s', (_, m, expected) => expect(liveReloads(m)).toEqual(expected));
});

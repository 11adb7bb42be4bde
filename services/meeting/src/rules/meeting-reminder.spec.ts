import { MeetingStatus } from '@app/contracts';
import { meetingReminderStands, remindedParticipants } from './meeting-reminder';

const now = new Date('2030-06-30T12:00:00Z');
const day = 86_400_000;
const start = new Date('2030-07-01T09:00:00Z');

describe('meetingReminderStands: does a reminder set for this start still stand when it fires?', () => {
  it.each([
    ['Scheduled, same start: yes', MeetingStatus.Scheduled, start, true],
    ['moved since (its reminder was moved with it): no', MeetingStatus.Scheduled, new Date(start.getTime() + 3_600_000), false],
    ['still a draft: no', MeetingStatus.Draft, start, false],
    ['started early (Live): no', MeetingStatus.Live, start, false],
    ['cancelled: no', MeetingStatus.Cancelled, start, false],
    ['archived: no', MeetingStatus.Archived, start, false],
  ] as const)('%s', (_n, statusId, startAt, expected) => {
    expect(meetingReminderStands({ statusId, startAt }, start)).toBe(expected);
  });
});

describe('remindedParticipants: who gets the meeting reminder', () => {
  let id = 0;
  const row = (o: Partial<{ userId: number | null; userEmail: string | null; attendance: string; tokenIssuedAt: Date | null; guestExpiresAt: Date | null; guestRevokedAt: Date | null }>) => ({
    id: ++id, userId: null, userEmail: null, attendance: 'Pending', tokenIssuedAt: new Date(now.getTime() - day), updatedAt: now, guestExpiresAt: null, guestRevokedAt: null, ...o,
  });
  const cases: [string, ReturnType<typeof row>, boolean][] = [
    ['a member who has not answered', row({ userId: 1 }), true],
    ['a member going', row({ userId: 2, attendance: 'Going' }), true],
    ['a member who answered Maybe', row({ userId: 3, attendance: 'Maybe' }), true],
    ['a member who sent a delegate', row({ userId: 4, attendance: 'Delegate' }), true],
    ['a member who declined', row({ userId: 5, attendance: 'Not going' }), false],
    ['a guest whose link works', row({ userEmail: 'g1@example.com' }), true],
    ['a guest who declined', row({ userEmail: 'g2@example.com', attendance: 'Not going' }), false],
    ['a guest whose link was revoked', row({ userEmail: 'g3@example.com', guestRevokedAt: new Date(now.getTime() - 1000) }), false],
    ['a guest past their own expiry', row({ userEmail: 'g4@example.com', guestExpiresAt: new Date(now.getTime() - 1000) }), false],
    ['a guest whose link is older than GUEST_LINK_DAYS', row({ userEmail: 'g5@example.com', tokenIssuedAt: new Date(now.getTime() - 31 * day) }), false],
  ];
  it.each(cases)('%s: %s', (_n, r, reminded) => {
    expect(remindedParticipants([r], MeetingStatus.Scheduled, now, 30)).toEqual(reminded ? [r] : []);
  });

  it('keeps the order of the rows and drops only those who may not be reminded', () => {
    const rows = cases.map(([, r]) => r);
    expect(remindedParticipants(rows, MeetingStatus.Scheduled, now, 30).map((r) => r.id)).toEqual(cases.filter(([, , y]) => y).map(([, r]) => r.id));
  });
});

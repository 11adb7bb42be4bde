import { MeetingStatus } from '@app/contracts';
import { guestsWithLiveLink } from './guest-link';

type ParticipantRow = {
  userId: number | null; userEmail: string | null; attendance: string;
  tokenIssuedAt: Date | null; updatedAt: Date; guestExpiresAt: Date | null; guestRevokedAt: Date | null;
};

/**
 * Whether a meeting reminder set for a meeting starting at `expectedStart` still stands when it fires
 * (docs/notification.md#meeting-reminders): the meeting is Scheduled (not a draft, not started, cancelled or archived)
 * and still starts then (a moved meeting's reminder was moved with it, so the old one says nothing).
 */
export function meetingReminderStands(m: { statusId: number; startAt: Date }, expectedStart: Date): boolean {
  return m.statusId === MeetingStatus.Scheduled && m.startAt.getTime() === expectedStart.getTime();
}

/**
 * Who a meeting's reminder goes to: every participant who has not declined ('Not going'); users by their row, guests
 * only while their link works (guestsWithLiveLink). A participant who answered Maybe, Pending or sent a delegate is
 * still reminded: only a refusal stops it.
 */
export function remindedParticipants<T extends ParticipantRow>(rows: readonly T[], meetingStatusId: number, now: Date, guestLinkDays: number): T[] {
  const coming = rows.filter((m) => m.attendance !== 'Not going');
  const guests = new Set(guestsWithLiveLink(coming, meetingStatusId, now, guestLinkDays));
  return coming.filter((m) => (m.userId ? true : guests.has(m)));
}

import type { PermissionLevel } from '@app/contracts';
import { guestLinkEnd, guestLinkState, type GuestLink, type GuestLinkState } from '@app/platform';
import { isOpenStatus } from './status-machine';

/** a guest row's link as libs/platform's guest-links reads it (docs/security.md#guest-links-and-calendar-feeds) */
export function guestLinkOf(m: { tokenIssuedAt: Date | null; updatedAt: Date; guestExpiresAt: Date | null; guestRevokedAt: Date | null }, meetingStatusId: number): GuestLink {
  return { issuedAt: m.tokenIssuedAt, fallbackIssuedAt: m.updatedAt, ended: !isOpenStatus(meetingStatusId), expiresAt: m.guestExpiresAt, revokedAt: m.guestRevokedAt };
}

/** who manages guests' links: the meeting's owner and its committee's admins (organization administrators are those) */
export const managesGuestLinks = (level: PermissionLevel): boolean => level === 'owner' || level === 'committee_admin';

/**
 * What the participants drawer shows of a guest's link (issue 27): its state, until when it works (null once revoked
 * or ended) and whether the viewer may revoke it (a manager, while it is not revoked yet).
 */
export function guestLinkView(link: GuestLink, now: Date, days: number, level: PermissionLevel): { state: GuestLinkState; ends: Date | null; canRevoke: boolean } {
  const state = guestLinkState(link, now, days);
  return { state, ends: state === 'live' || state === 'expired' ? guestLinkEnd(link, days) : null, canRevoke: managesGuestLinks(level) && state !== 'revoked' };
}

/**
 * A link that a new invitation mends: revoked by a person or past its time. Adding the guest's e-mail again then
 * sends a new link instead of answering that they are already a participant; a link that ended with its meeting
 * (cancelled or archived) is not mended.
 */
export function guestLinkEnded(link: GuestLink, now: Date, days: number): boolean {
  const state = guestLinkState(link, now, days);
  return state === 'revoked' || state === 'expired';
}

/**
 * The guests (rows without a user) whose link works now: not revoked, not past its expiry or GUEST_LINK_DAYS, the
 * meeting not ended. Whoever a meeting's e-mail goes to as a guest (the published agenda, the meeting reminder) is one
 * of them: a guest whose link no longer opens the meeting is not sent a link that would not open it.
 */
export function guestsWithLiveLink<T extends { userId: number | null; userEmail: string | null; tokenIssuedAt: Date | null; updatedAt: Date; guestExpiresAt: Date | null; guestRevokedAt: Date | null }>(
  rows: readonly T[], meetingStatusId: number, now: Date, days: number,
): T[] {
  return rows.filter((m) => !m.userId && !!m.userEmail && guestLinkState(guestLinkOf(m, meetingStatusId), now, days) === 'live');
}

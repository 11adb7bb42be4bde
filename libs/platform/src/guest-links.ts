import { z } from 'zod';

/**
 * Guest links (meeting and approval guests act through a token in a link; docs/security.md "Guest links and calendar
 * feeds"). A link ends GUEST_LINK_DAYS after it was issued, and at once when what it opens has ended (a cancelled or
 * archived meeting, an approval fully signed or rejected). Parsed once with each service's config.
 */
export const guestLinkConfigSchema = z.object({
  /** days a guest link works after it was issued (sent again: issued again) */
  GUEST_LINK_DAYS: z.coerce.number().int().min(1).max(366).default(30),
});

export type GuestLinkState = 'live' | 'expired' | 'ended' | 'revoked';

export interface GuestLink {
  issuedAt: Date | null;
  fallbackIssuedAt: Date;
  /** what the link opens has ended (a cancelled or archived meeting, an approval that is over) */
  ended: boolean;
  /** an expiry set for this guest by a person (issue 27): it replaces the `days` rule */
  expiresAt?: Date | null;
  /** when a person revoked the link */
  revokedAt?: Date | null;
}

/** when the link stops working by time: the expiry set for the guest, else `days` after it was issued */
export function guestLinkEnd(link: GuestLink, days: number): Date {
  return link.expiresAt ?? new Date((link.issuedAt ?? link.fallbackIssuedAt).getTime() + days * 86_400_000);
}

/**
 * The state of a guest link: `revoked` once a person revoked it, `ended` when what it opens has ended, `expired`
 * past the expiry set for the guest or, without one, when it was issued more than `days` days before `now` (a link
 * with no issue time, made before links expired, counts from `fallbackIssuedAt`), else `live`.
 */
export function guestLinkState(link: GuestLink, now: Date, days: number): GuestLinkState {
  if (link.revokedAt) return 'revoked';
  if (link.ended) return 'ended';
  return now.getTime() > guestLinkEnd(link, days).getTime() ? 'expired' : 'live';
}

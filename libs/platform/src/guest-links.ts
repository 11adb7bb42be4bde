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

export type GuestLinkState = 'live' | 'expired' | 'ended';

/**
 * The state of a guest link: `ended` when what it opens has ended, `expired` when it was issued more than `days`
 * days before `now` (a link with no issue time, made before links expired, counts from `fallbackIssuedAt`), else `live`.
 */
export function guestLinkState(link: { issuedAt: Date | null; fallbackIssuedAt: Date; ended: boolean }, now: Date, days: number): GuestLinkState {
  if (link.ended) return 'ended';
  const issued = link.issuedAt ?? link.fallbackIssuedAt;
  return now.getTime() - issued.getTime() > days * 86_400_000 ? 'expired' : 'live';
}

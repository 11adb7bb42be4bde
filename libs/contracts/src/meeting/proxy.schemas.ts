import { z } from 'zod';
import { zId, zServerDate } from '../core/common';

/**
 * Proxies (issue 28, docs/meeting.md#proxies): the bodies and answers (the RPCs and routes are in proxies.ts; the
 * meeting's details carry the same list, so this file imports nothing of the meeting's RPCs).
 */
/** POST /api/meetings/{id}/proxies: strict ids (true, [1], '1e3' are field errors, never coerced) */
export const zProxyBody = z.object({ from_user_id: zId, to_user_id: zId });
export type ProxyBody = z.output<typeof zProxyBody>;

const zProxyPerson = z.object({ id: z.number().int(), name: z.string().nullable(), image: z.string().nullable() });

export const zProxy = z.object({
  id: z.number().int(),
  meeting_id: z.number().int(),
  from_user_id: z.number().int(),
  to_user_id: z.number().int(),
  /** the member who gave it, and the one who holds it (votes for the other, makes them count as present) */
  from: zProxyPerson,
  to: zProxyPerson,
  created_at: zServerDate,
  /** the caller may revoke it now (the giver, the holder, the meeting's owner or an admin; before the meeting starts) */
  can_revoke: z.boolean(),
});
export type Proxy = z.output<typeof zProxy>;

export const zProxyList = z.object({
  items: z.array(zProxy),
  /** proxies are given and revoked before the meeting starts (Draft or Scheduled) */
  open: z.boolean(),
  /** the caller is a member who may give their own proxy now */
  can_give: z.boolean(),
  /** the caller may record a proxy for any member (the meeting's owner, a committee or organization admin) */
  can_record: z.boolean(),
  /** how many proxies one member may hold */
  per_holder: z.number().int(),
});
export type ProxyList = z.output<typeof zProxyList>;


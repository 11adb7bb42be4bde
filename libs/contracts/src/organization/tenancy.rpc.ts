import { z } from 'zod';
import { defineRpc } from '../core/define';
import { zActor, zOrgId } from '../core/common';

/** The moe/tender variant changes wording and some permissions (docs/product/overview.md#variants). */
export const zVariant = z.enum(['default', 'moe', 'tender']);
export type Variant = z.output<typeof zVariant>;

/** the meeting reminder's lead (minutes before the start): a day unless the organization says otherwise; at most a week */
export const MEETING_REMINDER_DEFAULT_MINUTES = 1440;
export const MEETING_REMINDER_MAX_MINUTES = 10080;

/**
 * Organization modules (docs/product/administration.md#records): na = disabled names; approval_mode; nda, compress, mom
 * flags; mom_secretary_signs: the meeting's secretary signs the minutes after the chair (docs/minutes.md#the-workflow);
 * meeting_reminder_minutes: how long before a meeting starts its participants are reminded by e-mail (0: never;
 * docs/notification.md#meeting-reminders).
 */
export const zOrgModules = z.object({
  na: z.array(z.string()).default([]),
  approval_mode: z.enum(['new', 'old']).default('old'),
  nda: z.union([z.literal(0), z.literal(1)]).default(0),
  compress: z.union([z.literal(0), z.literal(1)]).default(0),
  mom: z.union([z.literal(0), z.literal(1)]).default(0),
  mom_secretary_signs: z.union([z.literal(0), z.literal(1)]).default(0),
  meeting_reminder_minutes: z.number().int().min(0).max(MEETING_REMINDER_MAX_MINUTES).default(MEETING_REMINDER_DEFAULT_MINUTES),
});
export type OrgModules = z.output<typeof zOrgModules>;

export const zOrgPublic = z.object({
  id: zOrgId,
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  time_zone: z.string(),
  variant: zVariant,
  modules: zOrgModules,
  status: z.enum(['active', 'inactive']),
});
export type OrgPublic = z.output<typeof zOrgPublic>;

/** Host label -> organization. Cross-tenant by nature (no orgId yet); null when unknown. */
export const ResolveOrganization = defineRpc({
  subject: 'organization.v1.resolve-org',
  request: z.object({ slug: z.string().min(1).max(63) }),
  response: z.object({ organization: zOrgPublic.nullable() }),
});

/** The acting user as services need it (role, admin flag, permission slugs); null when the user is gone or inactive. */
export const GetActor = defineRpc({
  subject: 'organization.v1.get-actor',
  request: z.object({ orgId: zOrgId, userId: z.number().int().positive() }),
  response: z.object({ actor: zActor.nullable() }),
});

/** most users in one GetActors request (the gateway sends more in several) */
export const GET_ACTORS_MAX = 500;

/**
 * The actors of several users of one organization at once, in the order asked (null: gone or inactive): the gateway
 * asks once for the sessions of the requests that arrive together (a vote burst: docs/performance.md, P2).
 */
export const GetActors = defineRpc({
  subject: 'organization.v1.get-actors',
  request: z.object({ orgId: zOrgId, userIds: z.array(z.number().int().positive()).min(1).max(GET_ACTORS_MAX) }),
  response: z.object({ actors: z.array(zActor.nullable()) }),
});

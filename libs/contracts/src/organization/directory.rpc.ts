import { z } from 'zod';
import { defineRpc } from '../core/define';
import { zLang, zOrgId } from '../core/common';
import { zUserBrief } from './fields';
import { MEETING_REMINDER_DEFAULT_MINUTES } from './tenancy.rpc';

/**
 * Directory look-ups other services make of the organization service (they never read its schema).
 * Implemented by services/organization; used by meeting, approval, notification and others.
 */
/** a user as lists and pickers show one (other services show people from it), with what they decide with */
export const zDirectoryUser = zUserBrief.extend({
  role_id: z.number().int().positive().nullable(),
  is_admin: z.boolean(),
  lang: zLang,
  status: z.enum(['Active', 'Inactive', 'Pending', 'Deleted']),
});
export type DirectoryUser = z.output<typeof zDirectoryUser>;

export const zDirectoryCommittee = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  status: z.enum(['active', 'inactive']),
  quorum: z.number(),
  admin_ids: z.array(z.number().int().positive()),
  member_ids: z.array(z.number().int().positive()),
  /** members whose weight is not 1 (docs/ballots.md#weights-and-outcome-rules); everyone else weighs 1 */
  weights: z.array(z.object({ user_id: z.number().int().positive(), weight: z.number().int().positive() })).default([]),
});
export type DirectoryCommittee = z.output<typeof zDirectoryCommittee>;

export const GetUsers = defineRpc({
  subject: 'organization.v1.get-users',
  request: z.object({ orgId: zOrgId, ids: z.array(z.number().int().positive()).max(2000) }),
  response: z.object({ users: z.array(zDirectoryUser) }),
});

export const FindUsersByEmail = defineRpc({
  subject: 'organization.v1.find-users-by-email',
  request: z.object({ orgId: zOrgId, emails: z.array(z.string()).max(2000) }),
  response: z.object({ users: z.array(zDirectoryUser) }),
});

export const GetCommittee = defineRpc({
  subject: 'organization.v1.get-committee',
  request: z.object({ orgId: zOrgId, committeeId: z.number().int().positive() }),
  response: z.object({ committee: zDirectoryCommittee.nullable() }),
});

/** Committees where the user is an admin (the meeting form's committee selector) or a member. */
export const ListUserCommittees = defineRpc({
  subject: 'organization.v1.list-user-committees',
  request: z.object({ orgId: zOrgId, userId: z.number().int().positive() }),
  response: z.object({ admin: z.array(zDirectoryCommittee), member: z.array(zDirectoryCommittee) }),
});

/** The organization's settings as other services need them (time zone for dates, modules, name for e-mail). */
export const GetOrganization = defineRpc({
  subject: 'organization.v1.get-organization',
  request: z.object({ orgId: zOrgId }),
  response: z.object({
    organization: z
      .object({
        id: zOrgId,
        slug: z.string(),
        name: z.string(),
        logo: z.string().nullable(),
        time_zone: z.string(),
        variant: z.enum(['default', 'moe', 'tender']),
        modules: z.object({
          na: z.array(z.string()),
          approval_mode: z.enum(['new', 'old']),
          nda: z.union([z.literal(0), z.literal(1)]),
          compress: z.union([z.literal(0), z.literal(1)]),
          mom: z.union([z.literal(0), z.literal(1)]),
          /** the secretary signs the minutes after the chair (docs/minutes.md#the-workflow) */
          mom_secretary_signs: z.union([z.literal(0), z.literal(1)]),
          /** minutes before a meeting's start its participants are reminded (0: never; docs/notification.md#meeting-reminders) */
          meeting_reminder_minutes: z.number().int().min(0).default(MEETING_REMINDER_DEFAULT_MINUTES),
        }),
      })
      .nullable(),
  }),
});

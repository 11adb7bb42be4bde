import { z } from 'zod';
import { defineEvent } from '../core/define';
import { zLang, zOrgId } from '../core/common';
import { MEETING_REMINDER_DEFAULT_MINUTES } from './tenancy.rpc';

/** Who receives an e-mail: address, display name and language. */
export const zRecipient = z.object({
  email: z.email(),
  name: z.string().nullable(),
  lang: zLang.default('en'),
});
export type Recipient = z.output<typeof zRecipient>;

/** A single-use, expiring token sent to one user (reset, verification): the link is built by the notifier. */
const zTokenMail = z.object({
  orgId: zOrgId,
  userId: z.number().int().positive(),
  recipient: zRecipient,
  token: z.string().min(20),
  expiresAt: z.string(),
});

/** A user was added to the organization; the e-mail lets them finish registration (set a password). */
export const UserInvited = defineEvent({
  subject: 'organization.v1.user.invited',
  /** token: single-use, expiring, for /auth/complete-profile */
  payload: zTokenMail.extend({ invitedBy: z.string().nullable() }),
});

/** Forgot password: a single-use, expiring reset token. */
export const PasswordResetRequested = defineEvent({ subject: 'organization.v1.password-reset.requested', payload: zTokenMail });

/** Sign-in found an unverified e-mail (login status 2): verification link. */
export const EmailVerificationRequested = defineEvent({ subject: 'organization.v1.email-verification.requested', payload: zTokenMail });

/** Organization settings that other services copy locally (name for e-mail sender, time zone, modules, variant). */
export const OrganizationUpdated = defineEvent({
  subject: 'organization.v1.organization.updated',
  payload: z.object({
    orgId: zOrgId,
    slug: z.string(),
    name: z.string(),
    timeZone: z.string(),
    logo: z.string().nullable(),
    /** the modules' meeting_reminder_minutes (the notification service keeps it; events from before it: the default) */
    meetingReminderMinutes: z.number().int().min(0).default(MEETING_REMINDER_DEFAULT_MINUTES),
  }),
});

/** A user's profile changed (name, e-mail, language, status): services keep a local copy for display and mail. */
export const UserUpdated = defineEvent({
  subject: 'organization.v1.user.updated',
  payload: z.object({
    orgId: zOrgId,
    userId: z.number().int().positive(),
    name: z.string(),
    email: z.email(),
    lang: zLang,
    status: z.enum(['Active', 'Inactive', 'Pending', 'Deleted']),
  }),
});

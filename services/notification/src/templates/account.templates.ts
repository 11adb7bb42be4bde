import { AppPaths } from '@app/contracts';
import { defineTemplate } from './template';

/** E-mails of sign-in and registration (organization events). Sentences are keys; see account.i18n.ts. */

export const userInvitedTemplate = defineTemplate({
  name: 'user-invited',
  render: (p, { t, org, link, date, recipient }) => ({
    subject: t('You are invited to join {org}', { org: org.name }),
    heading: t('Welcome to {org}', { org: org.name }),
    paragraphs: [
      recipient.name ? t('Hello {name},', { name: recipient.name }) : t('Hello,'),
      p.invitedBy
        ? t('{inviter} has invited you to join {org} on the board meeting platform.', { inviter: p.invitedBy, org: org.name })
        : t('You have been invited to join {org} on the board meeting platform.', { org: org.name }),
      t('Complete your profile and choose a password to sign in.'),
    ],
    action: { label: t('Complete your profile'), url: link(AppPaths.completeProfile(p.token, p.email)) },
    notes: [t('This link expires on {date}.', { date: date(p.expiresAt) }), t('If you did not expect this invitation, you can ignore this e-mail.')],
  }),
});

export const passwordResetTemplate = defineTemplate({
  name: 'password-reset',
  render: (p, { t, org, link, date, recipient }) => ({
    subject: t('Reset your {org} password', { org: org.name }),
    heading: t('Reset your password'),
    paragraphs: [
      recipient.name ? t('Hello {name},', { name: recipient.name }) : t('Hello,'),
      t('We received a request to reset the password of your {org} account.', { org: org.name }),
    ],
    action: { label: t('Reset password'), url: link(AppPaths.resetPassword(p.token, p.email)) },
    notes: [
      t('This link expires on {date}.', { date: date(p.expiresAt) }),
      t('If you did not ask to reset your password, you can ignore this e-mail; your password stays the same.'),
    ],
  }),
});

export const emailVerificationTemplate = defineTemplate({
  name: 'email-verification',
  render: (p, { t, org, link, date, recipient }) => ({
    subject: t('Verify your e-mail address for {org}', { org: org.name }),
    heading: t('Verify your e-mail address'),
    paragraphs: [
      recipient.name ? t('Hello {name},', { name: recipient.name }) : t('Hello,'),
      t('Please confirm that {email} is your e-mail address to finish signing in to {org}.', { email: p.email, org: org.name }),
    ],
    action: { label: t('Verify e-mail address'), url: link(AppPaths.verifyEmail(p.token, p.email)) },
    notes: [t('This link expires on {date}.', { date: date(p.expiresAt) }), t('If you did not try to sign in, you can ignore this e-mail.')],
  }),
});


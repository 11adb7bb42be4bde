import { orgUrl, translate, translatePlural, type Email, type Lang, type Recipient } from '@app/contracts';
import './common.i18n';
import './account.i18n';
import './meeting.i18n';
import './approval.i18n';
import './minutes.i18n';
import './library.i18n';
import './evaluation.i18n';
import { evaluationDeadlineTemplate, evaluationSentTemplate } from './evaluation.templates';
import { librarySharedTemplate } from './library.templates';
import { minutesPublishedTemplate, minutesReviewReminderTemplate } from './minutes.templates';
import { approvalCompletedTemplate, approvalRejectedTemplate, approvalRequestedTemplate, approvalSignedTemplate } from './approval.templates';
import { emailVerificationTemplate, passwordResetTemplate, userInvitedTemplate } from './account.templates';
import {
  actionAssignedTemplate, actionDueTemplate, agendaPublishedTemplate, commentTemplate, decisionClosedTemplate, electionClosedTemplate, decisionDeadlineTemplate, decisionOpenedTemplate,
  meetingCancelledTemplate, meetingReminderTemplate, meetingScheduledTemplate, meetingUpdatedTemplate, memberInvitedTemplate,
} from './meeting.templates';
import { displayDate } from './format';
import { renderLayout, type RenderedEmail } from './layout';
import type { EmailContent, RenderContext } from './template';

/**
 * The content of an e-mail, by template. The switch is exhaustive over the contract's e-mail union
 * (SendEmail in libs/contracts notification.jobs.ts): a case added there without a renderer here
 * fails typecheck. Adding a notification: docs/how-to-add-a-notification.md.
 */
export function contentOf(email: Email, ctx: RenderContext): EmailContent {
  switch (email.template) {
    case 'user-invited':
      return userInvitedTemplate.render(email.params, ctx);
    case 'password-reset':
      return passwordResetTemplate.render(email.params, ctx);
    case 'email-verification':
      return emailVerificationTemplate.render(email.params, ctx);
    case 'meeting-scheduled':
      return meetingScheduledTemplate.render(email.params, ctx);
    case 'meeting-updated':
      return meetingUpdatedTemplate.render(email.params, ctx);
    case 'meeting-cancelled':
      return meetingCancelledTemplate.render(email.params, ctx);
    case 'member-invited':
      return memberInvitedTemplate.render(email.params, ctx);
    case 'agenda-published':
      return agendaPublishedTemplate.render(email.params, ctx);
    case 'meeting-reminder':
      return meetingReminderTemplate.render(email.params, ctx);
    case 'comment':
      return commentTemplate.render(email.params, ctx);
    case 'decision-opened':
      return decisionOpenedTemplate.render(email.params, ctx);
    case 'decision-closed':
      return decisionClosedTemplate.render(email.params, ctx);
    case 'evaluation-sent':
      return evaluationSentTemplate.render(email.params, ctx);
    case 'evaluation-deadline':
      return evaluationDeadlineTemplate.render(email.params, ctx);
    case 'election-closed':
      return electionClosedTemplate.render(email.params, ctx);
    case 'decision-deadline':
      return decisionDeadlineTemplate.render(email.params, ctx);
    case 'action-assigned':
      return actionAssignedTemplate.render(email.params, ctx);
    case 'action-due':
      return actionDueTemplate.render(email.params, ctx);
    case 'approval-requested':
      return approvalRequestedTemplate.render(email.params, ctx);
    case 'approval-signed':
      return approvalSignedTemplate.render(email.params, ctx);
    case 'approval-rejected':
      return approvalRejectedTemplate.render(email.params, ctx);
    case 'approval-completed':
      return approvalCompletedTemplate.render(email.params, ctx);
    case 'minutes-published':
      return minutesPublishedTemplate.render(email.params, ctx);
    case 'minutes-review-reminder':
      return minutesReviewReminderTemplate.render(email.params, ctx);
    case 'library-shared':
      return librarySharedTemplate.render(email.params, ctx);
    default:
      return unreachable(email);
  }
}

function unreachable(email: never): never {
  throw new Error(`no renderer for e-mail ${JSON.stringify((email as { template?: unknown }).template)}`);
}

export interface RenderInput {
  email: Email;
  to: Recipient;
  org: { name: string; slug: string; timeZone: string };
  links: { baseDomain: string; protocol: 'http' | 'https' };
}

/** Render an e-mail for one recipient in their language; links go on the organization's host (orgUrl). */
export function renderEmail(input: RenderInput): RenderedEmail {
  const lang: Lang = input.to.lang ?? 'en';
  const host = { slug: input.org.slug, baseDomain: input.links.baseDomain, protocol: input.links.protocol };
  const t = (key: string, params?: Record<string, string | number>) => translate(key, lang, params);
  const content = contentOf(input.email, {
    lang,
    recipient: input.to,
    org: input.org,
    t,
    n: (key, count, params) => translatePlural(key, lang, count, params),
    link: (path) => orgUrl(host, path),
    date: (iso) => displayDate(iso, input.org.timeZone),
  });
  return renderLayout(content, { lang, orgName: input.org.name, footer: t('This e-mail was sent by {org}.', { org: input.org.name }) });
}

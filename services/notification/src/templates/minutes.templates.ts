import { defineTemplate } from './template';

/** E-mails about minutes: the signed minutes of a meeting are published (a correction names its edition). */
export const minutesPublishedTemplate = defineTemplate({
  name: 'minutes-published',
  render: (p, ctx) => ({
    subject: p.edition > 1 ? ctx.t('Corrected minutes published: {title}', { title: p.title }) : ctx.t('Minutes published: {title}', { title: p.title }),
    heading: p.edition > 1 ? ctx.t('The corrected minutes are published') : ctx.t('The minutes are published'),
    paragraphs: [
      ctx.recipient.name ? ctx.t('Hello {name},', { name: ctx.recipient.name }) : ctx.t('Hello,'),
      ctx.t('The minutes of "{title}" have been approved, signed and published by {org}.', { title: p.title, org: ctx.org.name }),
    ],
    details: [{ label: ctx.t('Edition'), value: String(p.edition) }],
    action: { label: ctx.t('Open the meeting'), url: ctx.link(p.path) },
    notes: [ctx.t('The published minutes are locked: a change is made as a correction, which is approved again.')],
  }),
});

/**
 * A reviewer of the minutes has not commented yet and the review's deadline is near (docs/minutes.md#review-deadline):
 * the deadline in the organization's time zone, a link to the meeting, where the minutes card takes the comments.
 */
export const minutesReviewReminderTemplate = defineTemplate({
  name: 'minutes-review-reminder',
  render: (p, ctx) => {
    const vars = { title: p.title, date: ctx.date(p.deadline) };
    return {
      subject: ctx.t('Reminder: review the minutes of "{title}" before {date}', vars),
      heading: ctx.t('The review of the minutes closes soon'),
      paragraphs: [
        ctx.recipient.name ? ctx.t('Hello {name},', { name: ctx.recipient.name }) : ctx.t('Hello,'),
        ctx.t('You were asked to review the draft minutes of "{title}" and have not commented yet. The review is due on {date}.', vars),
      ],
      details: [{ label: ctx.t('Edition'), value: String(p.edition) }, { label: ctx.t('Deadline'), value: vars.date }],
      action: { label: ctx.t('Review the minutes'), url: ctx.link(p.path) },
      notes: [ctx.t('Comment on each section in the minutes card of the meeting.')],
    };
  },
});

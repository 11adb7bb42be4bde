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

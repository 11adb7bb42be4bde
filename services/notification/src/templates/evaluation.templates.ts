import { localized } from '@app/contracts';
import { defineTemplate } from './template';
import type { RenderContext } from './template';

/** E-mails about evaluations (docs/evaluations.md#reminders): a round sent to the recipient, its deadline near. */
const greeting = ({ t, recipient }: RenderContext) => (recipient.name ? t('Hello {name},', { name: recipient.name }) : t('Hello,'));
const privacy = (ctx: RenderContext, anonymous: boolean) =>
  anonymous
    ? ctx.t('Your answers are anonymous: the results show only totals, and only once at least 3 members have answered.')
    : ctx.t('This questionnaire is not anonymous: the secretary sees your answers with your name.');

export const evaluationSentTemplate = defineTemplate({
  name: 'evaluation-sent',
  render: (p, ctx) => {
    const vars = { title: localized(p.title, ctx.lang), date: ctx.date(p.deadline), committee: p.committee };
    return {
      subject: ctx.t('Questionnaire to answer: {title}', vars),
      heading: ctx.t('A questionnaire is waiting for your answers'),
      paragraphs: [greeting(ctx), ctx.t('{org} asks the members of {committee} to answer "{title}" before {date}.', { ...vars, org: ctx.org.name })],
      details: [{ label: ctx.t('Committee'), value: p.committee }, { label: ctx.t('Deadline'), value: vars.date }],
      action: { label: ctx.t('Answer the questionnaire'), url: ctx.link(p.path) },
      notes: [privacy(ctx, p.anonymous)],
    };
  },
});

export const evaluationDeadlineTemplate = defineTemplate({
  name: 'evaluation-deadline',
  render: (p, ctx) => {
    const vars = { title: localized(p.title, ctx.lang), date: ctx.date(p.dueAt) };
    return {
      subject: ctx.t('Reminder: answer "{title}" before {date}', vars),
      heading: ctx.t('The questionnaire closes soon'),
      paragraphs: [greeting(ctx), ctx.t('You have not answered "{title}" yet. It closes on {date}.', vars)],
      action: { label: ctx.t('Answer the questionnaire'), url: ctx.link(p.path) },
      notes: [privacy(ctx, p.anonymous)],
    };
  },
});

import { roundUpOneDecimal, type EmailParams, type MeetingChange } from '@app/contracts';
import { defineTemplate, type RenderContext } from './template';

/**
 * E-mails about meetings, decisions and actions. Meeting events carry app paths (guests' with their
 * token); `link(p.path)` puts them on the organization's host.
 */

type MeetingParams = Pick<EmailParams<'meeting-scheduled'>, 'startsAt' | 'location' | 'virtual'>;

function greeting({ t, recipient }: RenderContext): string {
  return recipient.name ? t('Hello {name},', { name: recipient.name }) : t('Hello,');
}

function meetingDetails(p: MeetingParams, { t, date }: RenderContext) {
  const where = p.location?.trim() ? p.location.trim() : p.virtual ? t('Online meeting') : null;
  return [{ label: t('Date'), value: date(p.startsAt) }, ...(where ? [{ label: t('Location'), value: where }] : [])];
}

export const meetingScheduledTemplate = defineTemplate({
  name: 'meeting-scheduled',
  render: (p, ctx) => ({
    subject: ctx.t('Meeting scheduled: {title}', { title: p.title }),
    heading: ctx.t('A meeting has been scheduled'),
    paragraphs: [
      greeting(ctx),
      p.by
        ? ctx.t('{by} scheduled the meeting "{title}". You are invited to attend.', { by: p.by, title: p.title })
        : ctx.t('The meeting "{title}" has been scheduled. You are invited to attend.', { title: p.title }),
    ],
    details: meetingDetails(p, ctx),
    action: { label: ctx.t('View the meeting'), url: ctx.link(p.path) },
  }),
});

/** The meeting service names changed fields by code (MeetingUpdated.changes). */
const CHANGE_LABELS: Record<MeetingChange, string> = {
  title: 'Title',
  description: 'Description',
  committee: 'Committee',
  start_date: 'Date and time',
  duration: 'Duration',
  location: 'Location',
  virtual: 'Online meeting',
};

export const meetingUpdatedTemplate = defineTemplate({
  name: 'meeting-updated',
  render: (p, ctx) => ({
    subject: ctx.t('Meeting updated: {title}', { title: p.title }),
    heading: ctx.t('A meeting has been updated'),
    paragraphs: [
      greeting(ctx),
      p.by
        ? ctx.t('{by} updated the meeting "{title}".', { by: p.by, title: p.title })
        : ctx.t('The meeting "{title}" has been updated.', { title: p.title }),
    ],
    details: [
      ...meetingDetails(p, ctx),
      ...(p.changes.length ? [{ label: ctx.t('What changed'), value: p.changes.map((c) => ctx.t(CHANGE_LABELS[c])).join(', ') }] : []),
    ],
    action: { label: ctx.t('View the meeting'), url: ctx.link(p.path) },
  }),
});

export const meetingCancelledTemplate = defineTemplate({
  name: 'meeting-cancelled',
  render: (p, ctx) => ({
    subject: ctx.t('Meeting cancelled: {title}', { title: p.title }),
    heading: ctx.t('A meeting has been cancelled'),
    paragraphs: [
      greeting(ctx),
      ctx.t('The meeting "{title}" planned for {date} has been cancelled.', { title: p.title, date: ctx.date(p.startsAt) }),
      ...(p.reason.trim() ? [ctx.t('Reason: {reason}', { reason: p.reason.trim() })] : []),
    ],
    action: { label: ctx.t('View the meeting'), url: ctx.link(p.path) },
  }),
});

export const memberInvitedTemplate = defineTemplate({
  name: 'member-invited',
  render: (p, ctx) => ({
    subject: ctx.t('You are invited to the meeting "{title}"', { title: p.title }),
    heading: ctx.t('Meeting invitation'),
    paragraphs: [
      greeting(ctx),
      p.by
        ? ctx.t('{by} invited you to the meeting "{title}" of {org}.', { by: p.by, title: p.title, org: ctx.org.name })
        : ctx.t('You are invited to the meeting "{title}" of {org}.', { title: p.title, org: ctx.org.name }),
    ],
    details: meetingDetails(p, ctx),
    action: { label: ctx.t('Open the meeting'), url: ctx.link(p.path) },
    notes: p.guest ? [ctx.t('This link is personal: it lets you take part as a guest without an account. Please do not forward it.')] : [],
  }),
});

export const commentTemplate = defineTemplate({
  name: 'comment',
  render: (p, ctx) => ({
    subject: ctx.t('New comment on "{item}"', { item: p.itemTitle }),
    heading: ctx.t('New comment'),
    paragraphs: [
      greeting(ctx),
      p.meetingTitle
        ? ctx.t('{by} commented on "{item}" in the meeting "{meeting}":', { by: p.by ?? ctx.t('A participant'), item: p.itemTitle, meeting: p.meetingTitle })
        : ctx.t('{by} commented on "{item}":', { by: p.by ?? ctx.t('A participant'), item: p.itemTitle }),
      `“${p.comment.trim()}”`,
    ],
    action: { label: ctx.t('View the comment'), url: ctx.link(p.path) },
  }),
});

export const decisionOpenedTemplate = defineTemplate({
  name: 'decision-opened',
  render: (p, ctx) => {
    const vars = { title: p.title, date: ctx.date(p.deadline) };
    const rescheduled = p.reason === 'rescheduled';
    return {
      subject: rescheduled ? ctx.t('Voting deadline changed: {title}', vars) : ctx.t('Your vote is requested: {title}', vars),
      heading: rescheduled ? ctx.t('The voting deadline has changed') : ctx.t('Your vote is requested'),
      paragraphs: [
        greeting(ctx),
        rescheduled
          ? ctx.t('The voting deadline of the decision "{title}" is now {date}.', vars)
          : p.reason === 'resumed'
            ? ctx.t('Voting on the decision "{title}" has reopened and is open until {date}.', vars)
            : ctx.t('Voting on the decision "{title}" is open until {date}.', vars),
        ...(p.path === null ? [ctx.t('Open the meeting with the link of your invitation e-mail to vote.')] : []),
      ],
      details: [...(p.meetingTitle ? [{ label: ctx.t('Meeting'), value: p.meetingTitle }] : []), { label: ctx.t('Deadline'), value: vars.date }],
      ...(p.path === null ? {} : { action: { label: ctx.t('Vote now'), url: ctx.link(p.path) } }),
    };
  },
});

/** the outcome's words in the e-mail (the contract's values are English labels) */
const OUTCOME_TEXT = { Passed: 'Passed', Rejected: 'Rejected', 'No quorum': 'No quorum' } as const;
const VOTE_TEXT = { Approved: 'Approved', Denied: 'Denied', Abstained: 'Abstained', Others: 'Others', Pending: 'Pending' } as const;

export const decisionClosedTemplate = defineTemplate({
  name: 'decision-closed',
  render: (p, ctx) => {
    const vars = { title: p.title, outcome: ctx.t(OUTCOME_TEXT[p.outcome]) };
    return {
      subject: ctx.t('Voting closed: {title} — {outcome}', vars),
      heading: ctx.t('Voting has closed'),
      paragraphs: [
        greeting(ctx),
        p.by ? ctx.t('{by} ended voting on the decision "{title}".', { ...vars, by: p.by }) : ctx.t('Voting on the decision "{title}" has ended.', vars),
        p.outcome === 'No quorum'
          ? ctx.t('Too few voters took part for the decision to be decided: no quorum.', vars)
          : ctx.t('Outcome: {outcome}.', vars),
      ],
      details: [
        { label: ctx.t('Outcome'), value: vars.outcome },
        ...p.tallies
          .filter((x) => x.count > 0)
          .map((x) => ({ label: ctx.t(VOTE_TEXT[x.vote]), value: `${x.count} (${roundUpOneDecimal(x.percentage)}%)` })),
      ],
      action: { label: ctx.t('View the decision'), url: ctx.link(p.path) },
    };
  },
});

/** an election's voting ended: each candidate with their votes, elected or tied (most votes first) */
export const electionClosedTemplate = defineTemplate({
  name: 'election-closed',
  render: (p, ctx) => {
    const e = p.election;
    const tied = e.candidates.filter((c) => c.tied).length;
    const standing = (c: (typeof e.candidates)[number]) => (c.elected ? ctx.t('Elected') : c.tied ? ctx.t('Tied') : ctx.t('Not elected'));
    return {
      subject: ctx.t('Election results: {title}', { title: p.title }),
      heading: ctx.t('The election has closed'),
      paragraphs: [
        greeting(ctx),
        p.by ? ctx.t('{by} ended voting on the election "{title}".', { title: p.title, by: p.by }) : ctx.t('Voting on the election "{title}" has ended.', { title: p.title }),
        ...(p.noQuorum ? [ctx.t('Too few voters took part for the election to be decided: no quorum, nobody is elected.')] : []),
        ...(tied ? [ctx.t('{candidates} are tied for {seats}: the committee breaks the tie.', { candidates: ctx.n('{count} candidates', tied), seats: ctx.n('{count} seats', e.tiedSeats) })] : []),
      ],
      details: [
        { label: ctx.t('Seats'), value: String(e.seats) },
        ...[...e.candidates].sort((a, b) => b.votes - a.votes).map((c) => ({ label: c.name, value: `${ctx.n('{count} votes', c.votes)} — ${standing(c)}` })),
      ],
      action: { label: ctx.t('View the decision'), url: ctx.link(p.path) },
    };
  },
});

export const decisionDeadlineTemplate = defineTemplate({
  name: 'decision-deadline',
  render: (p, ctx) => ({
    subject: ctx.t('Reminder: voting on "{title}" closes {date}', { title: p.title, date: ctx.date(p.dueAt) }),
    heading: ctx.t('Voting closes soon'),
    paragraphs: [
      greeting(ctx),
      ctx.t('Voting on the decision "{title}" closes on {date}. If you have not voted yet, please cast your vote before then.', { title: p.title, date: ctx.date(p.dueAt) }),
      // a guest whose own link is not known: their invitation's link opens their page (the members' page needs an account)
      ...(p.path === null ? [ctx.t('Open the meeting with the link of your invitation e-mail to vote.')] : []),
    ],
    ...(p.path === null ? {} : { action: { label: ctx.t('Open the decision'), url: ctx.link(p.path) } }),
    notes: p.guest && p.path !== null ? [ctx.t('This link is personal: it lets you take part as a guest without an account. Please do not forward it.')] : [],
  }),
});

export const actionAssignedTemplate = defineTemplate({
  name: 'action-assigned',
  render: (p, ctx) => {
    const vars = { title: p.title, date: ctx.date(p.openTill), meeting: p.meetingTitle ?? '', by: p.by ?? '' };
    const rescheduled = p.reason === 'rescheduled';
    return {
      subject: rescheduled ? ctx.t('Action due date changed: {title}', vars) : ctx.t('New action assigned to you: {title}', vars),
      heading: rescheduled ? ctx.t('The due date of an action has changed') : ctx.t('A new action is assigned to you'),
      paragraphs: [
        greeting(ctx),
        rescheduled
          ? ctx.t('The due date of the action "{title}" is now {date}.', vars)
          : p.by && p.meetingTitle
            ? ctx.t('{by} assigned you the action "{title}" from the meeting "{meeting}".', vars)
            : p.meetingTitle
              ? ctx.t('You have been assigned the action "{title}" from the meeting "{meeting}".', vars)
              : ctx.t('You have been assigned the action "{title}".', vars),
      ],
      details: [
        { label: ctx.t('Priority'), value: ctx.t(p.priority) },
        { label: ctx.t('Due date'), value: vars.date },
      ],
      action: { label: ctx.t('Open the action'), url: ctx.link(p.path) },
    };
  },
});

export const actionDueTemplate = defineTemplate({
  name: 'action-due',
  render: (p, ctx) => ({
    subject: ctx.t('Reminder: action "{title}" is due {date}', { title: p.title, date: ctx.date(p.dueAt) }),
    heading: ctx.t('Action due soon'),
    paragraphs: [greeting(ctx), ctx.t('The action "{title}" assigned to you is due on {date}.', { title: p.title, date: ctx.date(p.dueAt) })],
    ...(p.path === null ? {} : { action: { label: ctx.t('Open the action'), url: ctx.link(p.path) } }),
  }),
});


/** an agenda item's line: the planned time (HH:mm, the organization's time zone), then title, minutes, presenters, files */
function agendaLine(i: EmailParams<'agenda-published'>['items'][number], { t }: RenderContext) {
  const parts = [t('{minutes} min', { minutes: i.duration })];
  if (i.presenters.length) parts.push(t('Presenters: {names}', { names: i.presenters.join(', ') }));
  if (i.files) parts.push(t('Files: {count}', { count: i.files }));
  return { label: i.startLocal.slice(11, 16), value: `${i.title} — ${parts.join(' · ')}` };
}

export const agendaPublishedTemplate = defineTemplate({
  name: 'agenda-published',
  render: (p, ctx) => {
    const update = p.edition > 1;
    const vars = { title: p.title, by: p.by ?? '', date: ctx.date(p.startsAt) };
    return {
      subject: update ? ctx.t('Agenda updated: {title}', vars) : ctx.t('Agenda published: {title}', vars),
      heading: update ? ctx.t('The agenda has been updated') : ctx.t('The agenda is published'),
      paragraphs: [
        greeting(ctx),
        update
          ? p.by ? ctx.t('{by} published an updated agenda of the meeting "{title}" on {date}.', vars) : ctx.t('The agenda of the meeting "{title}" on {date} has been updated.', vars)
          : p.by ? ctx.t('{by} published the agenda of the meeting "{title}" on {date}.', vars) : ctx.t('The agenda of the meeting "{title}" on {date} is published.', vars),
        ...(p.note?.trim() ? [p.note.trim()] : []),
        // a guest has no board book: their own page (the token link) shows them the agenda
        p.guest
          ? ctx.t('The agenda of the meeting is on your invitation page: {url}', { url: ctx.link(p.path) })
          : ctx.t('The board book with the documents of every item: {url}', { url: ctx.link(p.bookPath) }),
      ],
      details: [...meetingDetails(p, ctx), ...p.items.map((i) => agendaLine(i, ctx))],
      action: p.guest ? { label: ctx.t('Open the meeting'), url: ctx.link(p.path) } : { label: ctx.t('Open the board book'), url: ctx.link(p.bookPath) },
      notes: p.guest ? [ctx.t('This link is personal: it lets you take part as a guest without an account. Please do not forward it.')] : [],
    };
  },
});

/**
 * A meeting starts soon (the organization's meeting_reminder_minutes before it): its time in the organization's time
 * zone, its place, and the meeting's page (a guest: their own page, or their invitation when it cannot be made again)
 */
export const meetingReminderTemplate = defineTemplate({
  name: 'meeting-reminder',
  render: (p, ctx) => ({
    subject: ctx.t('Reminder: "{title}" starts {date}', { title: p.title, date: ctx.date(p.startsAt) }),
    heading: ctx.t('The meeting starts soon'),
    paragraphs: [
      greeting(ctx),
      ctx.t('The meeting "{title}" starts on {date}.', { title: p.title, date: ctx.date(p.startsAt) }),
      ...(p.path === null ? [ctx.t('Open the meeting with the link of your invitation e-mail.')] : []),
    ],
    details: meetingDetails(p, ctx),
    ...(p.path === null ? {} : { action: { label: ctx.t('Open the meeting'), url: ctx.link(p.path) } }),
    notes: p.guest && p.path !== null ? [ctx.t('This link is personal: it lets you take part as a guest without an account. Please do not forward it.')] : [],
  }),
});

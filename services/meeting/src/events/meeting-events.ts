import { Injectable } from '@nestjs/common';
import { AppPaths, EvaluationRoundClosed, EvaluationRoundSent, electionOutcome, type ElectionPayload, type Localized } from '@app/contracts';
import { ActionAssigned, AgendaPublished, type PublishedAgendaItem, ActionClosed, ActionStatusChanged, CommentNotified, DecisionClosed, DecisionOpened, MeetingCancelled, MeetingChanged, ResolutionChanged, MeetingScheduled, MeetingUpdated, MemberInvited, type ActionStatus, type CommentKind, type DecisionOutcome, type Lang, type LiveChangeKind, type MeetingChange, type MeetingItemRef, type PayloadInputOf, type ResolutionChangeKind, type Recipient, type Tally, instantToLocal } from '@app/contracts';
import type { OrgSettings } from '../common/directory';
import { MeetingPublisher, type PendingEvent, type People, type Person } from '../common/publisher';
import type { actorInfo } from '../common/actor';

export type By = ReturnType<typeof actorInfo>;
type MeetingRef = { id: number; title: string; startAt: Date; location: string | null; virtual: boolean; duration?: number | null };
type DecisionRef = { id: number; meetingId: number | null; title: string; deadline: Date };
type ActionRef = { id: number; title: string; priority: string; openTill: Date };
type RecipientOpts = { exceptUserId?: number | null; guestLang?: Lang };
/** a vote request: the meeting's title, and the guests' own links when their tokens are known (lower-cased e-mail -> link) */
type VoteRequestOpts = RecipientOpts & { meetingTitle?: string | null; guestLinks?: ReadonlyMap<string, string> };

/**
 * Builders of every event this service publishes (meeting.v1.*), one method per event. Use cases hand
 * them the rows and the people they already hold (`People`: users looked up before the transaction took
 * its row locks), so building an event makes no NATS request; the payload goes into the transactional
 * outbox with the change it announces.
 */
@Injectable()
export class MeetingEvents {
  constructor(private readonly publisher: MeetingPublisher) {}

  private decisionInfo(org: OrgSettings, d: DecisionRef) {
    const p = this.publisher;
    return {
      ...p.orgInfo(org), decisionId: d.id, meetingId: d.meetingId, title: d.title, deadline: d.deadline.toISOString(),
      deadlineLocal: instantToLocal(d.deadline, org.time_zone),
      link: d.meetingId ? p.meetingLink(org, d.meetingId, { kind: 'decision', id: d.id }) : p.decisionsLink(org),
    };
  }

  private actionInfo(org: OrgSettings, m: { id: number; title: string }, a: ActionRef) {
    return {
      ...this.publisher.orgInfo(org), actionId: a.id, meetingId: m.id, meetingTitle: m.title, title: a.title, priority: a.priority,
      openTill: a.openTill.toISOString(), openTillLocal: instantToLocal(a.openTill, org.time_zone), link: this.publisher.meetingLink(org, m.id, { kind: 'action', id: a.id }),
    };
  }

  private recipients(people: People, to: Person[], opts: RecipientOpts = {}): Recipient[] {
    return this.publisher.recipients(people, to, opts);
  }

  // ---------- meetings and members ----------

  meetingScheduled(org: OrgSettings, m: MeetingRef, by: By, people: People, to: Person[], opts: RecipientOpts): PendingEvent {
    return this.publisher.later(MeetingScheduled, () => ({
      ...this.publisher.orgInfo(org), ...this.publisher.meetingInfo(org, m), by, recipients: this.recipients(people, to, opts),
    }));
  }

  meetingUpdated(org: OrgSettings, m: MeetingRef, by: By, changes: MeetingChange[], people: People, to: Person[], opts: RecipientOpts): PendingEvent {
    return this.publisher.later(MeetingUpdated, () => ({
      ...this.publisher.orgInfo(org), ...this.publisher.meetingInfo(org, m), by, changes, recipients: this.recipients(people, to, opts),
    }));
  }

  /** Publish the agenda (issue 27): the agenda's items to the members (users), with the board book's link */
  agendaPublished(
    org: OrgSettings, m: MeetingRef, by: By, p: { edition: number; note: string | null; items: PublishedAgendaItem[] }, people: People, to: Person[], opts: RecipientOpts,
  ): PendingEvent {
    return this.publisher.later(AgendaPublished, () => {
      const recipients = this.recipients(people, to, opts);
      return recipients.length
        ? { ...this.publisher.orgInfo(org), ...this.publisher.meetingInfo(org, m), ...p, bookLink: AppPaths.meetingBook(m.id), by, recipients }
        : null;
    });
  }

  /**
   * The published agenda to one invited guest: their own page (the token link) instead of the members' page and board
   * book, and only what their page shows them (`items`, `location`: the caller leaves out what the guest may not see)
   */
  agendaPublishedToGuest(
    org: OrgSettings, m: MeetingRef, by: By, p: { edition: number; note: string | null; items: PublishedAgendaItem[] }, guest: Person, token: string, lang?: Lang,
  ): PendingEvent {
    return this.publisher.later(AgendaPublished, () => {
      const recipients = this.recipients(new Map(), [{ userId: null, userEmail: guest.userEmail, name: guest.name, guestLang: guest.guestLang }], { guestLang: lang });
      if (!recipients.length) return null;
      const link = this.publisher.guestLink(org, m.id, token);
      return { ...this.publisher.orgInfo(org), ...this.publisher.meetingInfo(org, m), ...p, link, bookLink: link, by, recipients, guest: true };
    });
  }

  meetingCancelled(org: OrgSettings, m: MeetingRef, by: By, reason: string, people: People, to: Person[], opts: RecipientOpts): PendingEvent {
    return this.publisher.later(MeetingCancelled, () => ({
      ...this.publisher.orgInfo(org), ...this.publisher.meetingInfo(org, m), by, reason, recipients: this.recipients(people, to, opts),
    }));
  }

  /** the invitation of one member: users get the meeting link, guests the token link (null when there is nobody to send to) */
  memberInvited(
    org: OrgSettings, m: MeetingRef, member: { id: number; userId: number | null; userEmail: string | null; guestName: string | null; guestLang?: Lang }, token: string | null,
    by: By, people: People, lang?: Lang,
  ): PendingEvent {
    return this.publisher.later(MemberInvited, () => {
      const [recipient] = this.recipients(people, [{ userId: member.userId, userEmail: member.userEmail, name: member.guestName, guestLang: member.guestLang }], { guestLang: lang });
      if (!recipient) return null;
      const info = this.publisher.meetingInfo(org, m);
      return {
        ...this.publisher.orgInfo(org), ...info, link: token ? this.publisher.guestLink(org, m.id, token) : info.link,
        memberId: member.id, guest: !member.userId, by, recipient,
      };
    });
  }

  // ---------- live ----------

  /** something on the meeting's page changed: the gateways push it to the pages open on the meeting */
  meetingChanged(orgId: string, meetingId: number, kind: LiveChangeKind, o: { decisionId?: number | null; tallies?: Tally[]; byUserId?: number | null } = {}): PendingEvent {
    return this.publisher.later(MeetingChanged, () => this.meetingChangedPayload(orgId, meetingId, kind, o));
  }

  /** meetingChanged's payload, for a caller that writes several events at once (a batch of votes) */
  meetingChangedPayload(orgId: string, meetingId: number, kind: LiveChangeKind, o: { decisionId?: number | null; tallies?: Tally[]; byUserId?: number | null } = {}): PayloadInputOf<typeof MeetingChanged> {
    return {
      orgId, meetingId, kind, decisionId: o.decisionId ?? null, byUserId: o.byUserId ?? null,
      ...(o.tallies ? { tallies: o.tallies.map((t) => ({ vote: t.vote, count: t.count, percentage: t.percentage })) } : {}),
    };
  }

  /**
   * something on a standalone resolution changed: the gateways push it to the resolutions pages of those who may
   * see it (`viewerIds`: the committee's admins and members, the creator, the voters; administrators see all)
   */
  resolutionChanged(
    orgId: string, d: { id: number; committeeId: number }, kind: ResolutionChangeKind, viewerIds: Iterable<number | null>,
    o: { tallies?: Tally[]; byUserId?: number | null } = {},
  ): PendingEvent {
    return this.publisher.later(ResolutionChanged, () => ({
      orgId, decisionId: d.id, committeeId: d.committeeId, kind, byUserId: o.byUserId ?? null,
      viewerIds: [...new Set([...viewerIds].filter((x): x is number => x !== null))].sort((a, b) => a - b),
      ...(o.tallies ? { tallies: o.tallies.map((t) => ({ vote: t.vote, count: t.count, percentage: t.percentage })) } : {}),
    }));
  }

  // ---------- evaluations ----------

  /** a round of a questionnaire sent to a committee: each recipient is told (docs/evaluations.md#reminders) */
  evaluationRoundSent(
    org: OrgSettings, round: { id: number; title: Localized; committeeName: string; anonymous: boolean; deadline: Date; reminderMinutes: number[] | null }, people: People, to: Person[],
  ): PendingEvent {
    return this.publisher.later(EvaluationRoundSent, () => {
      const recipients = this.recipients(people, to);
      return recipients.length
        ? {
          ...this.publisher.orgInfo(org), roundId: round.id, title: round.title, committeeName: round.committeeName, anonymous: round.anonymous,
          deadline: round.deadline.toISOString(), deadlineLocal: instantToLocal(round.deadline, org.time_zone),
          reminderMinutes: round.reminderMinutes ?? [], link: AppPaths.evaluationRound(round.id), recipients,
        }
        : null;
    });
  }

  /** a round closed before its deadline: its reminder and widget entries are dropped */
  evaluationRoundClosed(orgId: string, roundId: number, closedBy: number | null): PendingEvent {
    return this.publisher.later(EvaluationRoundClosed, () => ({ orgId, roundId, closedBy }));
  }

  // ---------- decisions ----------

  decisionOpened(org: OrgSettings, d: DecisionRef, reason: 'created' | 'resumed' | 'rescheduled', by: By, people: People, to: Person[], opts: VoteRequestOpts): PendingEvent {
    return this.publisher.later(DecisionOpened, () => {
      const recipients = this.recipients(people, to, opts);
      const guestLinks = to
        .filter((p) => !p.userId && p.userEmail)
        .map((p) => ({ email: p.userEmail!, link: opts.guestLinks?.get(p.userEmail!.trim().toLowerCase()) ?? null }));
      return recipients.length ? { ...this.decisionInfo(org, d), reason, by, recipients, meetingTitle: opts.meetingTitle ?? null, guestLinks } : null;
    });
  }

  /**
   * Voting ended (with the outcome and final count, told to `result.to`: the voters, the creator and the owner)
   * or the decision was deleted (nobody is told).
   */
  decisionClosed(
    org: OrgSettings, d: DecisionRef, by: By, reason: 'ended' | 'deleted',
    result?: { outcome: DecisionOutcome | null; quorumMet: boolean; tallies: Tally[]; election?: ElectionPayload | null; people: People; to: Person[]; opts: RecipientOpts },
  ): PendingEvent {
    const extra = result?.outcome
      ? { outcome: result.outcome, quorumMet: result.quorumMet, tallies: result.tallies.map((x) => ({ vote: x.vote, count: x.count, percentage: x.percentage })) }
      : {};
    // an election has no outcome: its voters are told the results per candidate
    const election = electionOutcome(result?.election);
    return this.publisher.later(DecisionClosed, () => ({
      ...this.decisionInfo(org, d), reason, by, recipients: result?.outcome || election ? this.recipients(result!.people, result!.to, result!.opts) : [], ...extra,
      ...(election ? { election } : {}),
    }));
  }

  // ---------- actions ----------

  actionAssigned(org: OrgSettings, m: { id: number; title: string }, a: ActionRef, reason: 'assigned' | 'rescheduled', by: By, people: People, to: Person[], opts: RecipientOpts): PendingEvent {
    return this.publisher.later(ActionAssigned, () => {
      const recipients = this.recipients(people, to, opts);
      return recipients.length ? { ...this.actionInfo(org, m, a), reason, by, recipients } : null;
    });
  }

  actionStatusChanged(
    org: OrgSettings, m: { id: number; title: string }, a: ActionRef,
    s: { participant: { userId: number | null; name: string | null; email: string | null }; participantLang?: Lang; status: ActionStatus; overallStatus: ActionStatus },
    by: By, people: People, to: Person[], opts: RecipientOpts,
  ): PendingEvent {
    return this.publisher.later(ActionStatusChanged, () => ({
      ...this.actionInfo(org, m, a), participant: s.participant, ...(s.participantLang ? { participantLang: s.participantLang } : {}), status: s.status, overallStatus: s.overallStatus, by, recipients: this.recipients(people, to, opts),
    }));
  }

  actionClosed(org: OrgSettings, m: { id: number; title: string }, a: ActionRef, by: By, reason: 'completed' | 'deleted'): PendingEvent {
    return this.publisher.later(ActionClosed, () => ({ ...this.actionInfo(org, m, a), reason, by }));
  }

  // ---------- comments ----------

  commentNotified(
    org: OrgSettings, c: { meetingId: number | null; meetingTitle: string | null; itemKind: CommentKind; itemId: number; itemTitle: string; commentId: number; comment: string },
    item: MeetingItemRef, by: By, recipients: Recipient[],
  ): PendingEvent {
    // the link opens the commented item (a sub-point's comment: its talking point); a standalone resolution's, the resolutions page
    const link = c.meetingId ? this.publisher.meetingLink(org, c.meetingId, item) : this.publisher.decisionsLink(org);
    return this.publisher.later(CommentNotified, () => ({ ...this.publisher.orgInfo(org), ...c, by, link, recipients }));
  }
}

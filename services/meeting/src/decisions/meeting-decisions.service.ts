import { Injectable } from '@nestjs/common';
import { voteRequestsGo } from '../rules/vote-requests';
import { AppError, DEFAULT_COUNT_BY, DEFAULT_OUTCOME_RULE, MM, type DecisionBody, type DecisionPayload, type RequestOf, type Vote, type VoteResult, type CreateDecision, type UpdateDecision, type DeleteDecision, type GetDecision, type CastVote, type SetDecisionVisibility, type SetDecisionFulfilled, type ListArchivedDecisions, instantToLocal, localToInstant, resolutionYear } from '@app/contracts';
import { MeetingDb, type Scope } from '../db/db';
import type { DecisionRow } from '../db/schema';
import type { OrgSettings } from '../common/directory';
import { MeetingPublisher, withGuestLangs, type PendingEvent, type Person } from '../common/publisher';
import { actorInfo } from '../common/actor';
import { checkPlacement } from '../common/placement';
import { MeetingAccess, assertCan, assertOpen, type MeetingCtx } from '../common/meeting-access';
import { MeetingEvents } from '../events/meeting-events';
import { AgendaRepository } from '../repositories/agenda.repository';
import { CommentsRepository } from '../repositories/comments.repository';
import { DecisionsRepository } from '../repositories/decisions.repository';
import { ConflictsRepository } from '../repositories/conflicts.repository';
import { conflictBars } from '../rules/record';
import { MeetingsRepository } from '../repositories/meetings.repository';
import { deadlineBeforeStart } from '../rules/item-dates';
import { canEditItems } from '../rules/permissions';
import { personKey } from '../rules/person';
import { canChangeVisibility, keptReason, voteGate } from '../rules/vote-gate';
import { voteTarget } from '../rules/vote-target';
import { rowHasVoted } from '../rules/ballot';
import { voterWeight } from '../rules/counting';
import { candidatesRefusal, electionVote, storedElection } from '../rules/election';
import { DecisionView } from '../view/decision-view';
import { MeetingView } from '../view/meeting-view';
import { decisionPayload } from '../view/payloads';
import type { DecisionUseCases } from './decision-use-cases';

/** the users an election's candidates name (their names are stored with the election) */
const candidateUsers = (body: DecisionBody): number[] => (body.election?.candidates ?? []).flatMap((c) => (c.user_id === undefined ? [] : [c.user_id]));

export const voterPeople = (list: DecisionBody['voters']): Person[] => list.map((p) => ({ userId: p.user_id, userEmail: p.user_email }));

/**
 * Decisions on a meeting's agenda: their rights come from the meeting (its permissions, status lock and
 * members); voters must be participants. Each command reads, asks the directory, then locks the meeting
 * and the decision (MeetingAccess.load), writes, and queues its events into the outbox.
 */
import { Attachments } from '../common/attachments';
import { SecretVotes } from '../common/secret-votes';
@Injectable()
export class MeetingDecisionsService implements DecisionUseCases {
  constructor(
    private readonly db: MeetingDb,
    private readonly access: MeetingAccess,
    private readonly view: MeetingView,
    private readonly decisionView: DecisionView,
    private readonly meetings: MeetingsRepository,
    private readonly decisions: DecisionsRepository,
    private readonly agenda: AgendaRepository,
    private readonly comments: CommentsRepository,
    private readonly publisher: MeetingPublisher,
    private readonly events: MeetingEvents,
    private readonly attachments: Attachments,
    private readonly secret: SecretVotes,
    private readonly conflicts: ConflictsRepository,
  ) {}

  /** the decision's meeting as the actor sees it; a command locks the meeting, then the decision */
  private async open(s: Scope, d: DecisionRow, req: { actor: RequestOf<typeof GetDecision>['actor']; variant?: RequestOf<typeof GetDecision>['variant'] }, lock: boolean, moreUsers: number[] = []) {
    const ctx = await this.access.load(s, req.actor, d.meetingId!, { variant: req.variant, lock, alsoUsers: () => [d.createdBy, ...moreUsers] });
    const row = lock ? await this.decisions.get(s, d.id, { lock: true }) : d;
    if (!row) throw AppError.notFound('decision');
    return { ctx, d: row };
  }

  /** the vote requests of a change; none while the meeting is a Draft (scheduling sends them with the invitations) */
  private opened(ctx: MeetingCtx, d: DecisionRow, to: Person[], reason: 'created' | 'resumed' | 'rescheduled', lang?: RequestOf<typeof CreateDecision>['lang']): PendingEvent {
    const go = voteRequestsGo(ctx.meeting.statusId);
    return this.events.decisionOpened(ctx.org, d, reason, actorInfo(ctx.actor, ctx.me), ctx.people, go ? withGuestLangs(to, ctx.members) : [], { exceptUserId: ctx.actor.userId, guestLang: lang, meetingTitle: ctx.meeting.title });
  }

  /** voters must be participants of the meeting */
  private checkVoters(ctx: MeetingCtx, voters: Person[]) {
    const keys = new Set(ctx.members.map((m) => personKey(m)));
    if (voters.some((v) => !keys.has(personKey(v)))) throw AppError.validation({ voters: 'Choose a person who is a participant of this meeting.' });
  }

  /** the close date, not before the meeting's start ('Date and time must be after start time {datetime}') */
  private deadline(body: DecisionBody, org: OrgSettings, meetingStart: Date): Date {
    const deadline = localToInstant(body.deadline, org.time_zone);
    if (deadlineBeforeStart(deadline, meetingStart)) throw AppError.validation({ deadline: MM.afterStart }, { datetime: instantToLocal(meetingStart, org.time_zone) });
    return deadline;
  }

  private log(s: Scope, ctx: MeetingCtx, activity: string) {
    return this.comments.log(s, { meetingId: ctx.meeting.id, userId: ctx.actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} ${activity}` });
  }

  // ---------- reads ----------

  async get(s: Scope, d: DecisionRow, req: RequestOf<typeof GetDecision>): Promise<DecisionPayload> {
    const { ctx } = await this.open(s, d, req, false);
    return this.decisionView.inMeeting(s, ctx, d.id);
  }

  archived(req: RequestOf<typeof ListArchivedDecisions>) {
    return this.db.tenant(req.orgId, async (s) => {
      const ctx = await this.access.load(s, req.actor, req.meetingId, { variant: req.variant });
      const b = await this.view.loadBundle(s, req.meetingId);
      const v = await this.view.viewCtx(req.orgId, ctx, b);
      return { items: b.decisions.filter((d) => !d.isVisible).map((d) => decisionPayload(d, b, v)) };
    });
  }

  // ---------- create, edit, delete ----------

  create(req: RequestOf<typeof CreateDecision> & { meetingId: number }): Promise<DecisionPayload> {
    const { orgId, actor, body } = req;
    const voters = voterPeople(body.voters);
    return this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const ctx = await this.access.load(s, actor, req.meetingId, { variant: req.variant, lock: true, alsoUsers: () => candidateUsers(body) });
      assertOpen(ctx);
      assertCan(ctx.perms.createItems);
      const deadline = this.deadline(body, ctx.org, ctx.meeting.startAt);
      this.checkVoters(ctx, voters);
      const refused = candidatesRefusal(body.election, ctx.committee);
      if (refused) throw AppError.validation(refused);
      const place = await checkPlacement(this.agenda, s, ctx.meeting.id, body);
      const d = await this.decisions.insert(s, {
        meetingId: ctx.meeting.id, committeeId: ctx.meeting.committeeId, title: body.title, description: body.description ?? null, deadline,
        decisionable: body.decisionable ?? true, tenderNumber: body.tender_number ?? null, ballot: body.ballot ?? 'open', talkingPointId: place.talkingPointId,
        outcomeRule: body.outcome_rule ?? DEFAULT_OUTCOME_RULE, countBy: body.count_by ?? DEFAULT_COUNT_BY,
        election: body.election ? storedElection(body.election, (id) => ctx.people.get(id)?.name) : null,
        subpointId: place.subpointId, rowNum: await this.meetings.nextRowNum(s, ctx.meeting.id), createdBy: actor.userId,
      }, resolutionYear(ctx.now, ctx.org.time_zone));
      await this.decisions.setVoters(s, d.id, voters, { of: (id) => voterWeight(ctx.committee, id), refresh: false });
      await this.attachments.set(s, actor, { decisionId: d.id }, body.attachments, { title: body.title, meeting: ctx.meeting });
      await this.log(s, ctx, `added the decision "${d.title}"`);
      pending.push(this.opened(ctx, d, voters, 'created', req.lang));
      pending.push(this.events.meetingChanged(orgId, ctx.meeting.id, 'decision', { decisionId: d.id, byUserId: actor.userId }));
      return this.decisionView.inMeeting(s, ctx, d.id);
    });
  }

  async update(s: Scope, found: DecisionRow, req: RequestOf<typeof UpdateDecision>, pending: PendingEvent[]): Promise<DecisionPayload> {
    const { actor, body } = req;
    const voters = voterPeople(body.voters);
    const { ctx, d } = await this.open(s, found, req, true, candidateUsers(body));
    assertOpen(ctx);
    assertCan(canEditItems(ctx.perms));
    const deadline = this.deadline(body, ctx.org, ctx.meeting.startAt);
    this.checkVoters(ctx, voters);
    const place = await checkPlacement(this.agenda, s, ctx.meeting.id, body);
    const before = await this.decisions.votersOf(s, [d.id]);
    const refused = candidatesRefusal(body.election, ctx.committee);
    if (refused) throw AppError.validation(refused);
    const wantedElection = body.election === undefined ? undefined : body.election && storedElection(body.election, (id) => ctx.people.get(id)?.name);
    const { ballot, outcomeRule, countBy, election, anyVote } = await this.secret.afterEdit(s, d, { ...body, election: wantedElection }, before, voters, deadline);
    await this.decisions.update(s, d.id, {
      title: body.title, description: body.description ?? null, deadline, decisionable: body.decisionable ?? d.decisionable, tenderNumber: body.tender_number ?? null,
      ballot, outcomeRule, countBy, election, talkingPointId: place.talkingPointId, subpointId: place.subpointId,
    });
    await this.decisions.setVoters(s, d.id, voters, { of: (id) => voterWeight(ctx.committee, id), refresh: !anyVote });
    await this.attachments.set(s, actor, { decisionId: d.id }, body.attachments, { title: body.title, meeting: ctx.meeting });
    await this.log(s, ctx, `updated the decision "${body.title}"`);
    const updated = { ...d, title: body.title, deadline };
    const oldKeys = new Set(before.map((v) => v.voterKey));
    const added = voters.filter((v) => !oldKeys.has(personKey(v)));
    if (deadline.getTime() !== d.deadline.getTime() && !d.isFulfilled) pending.push(this.opened(ctx, updated, voters.filter((v) => oldKeys.has(personKey(v))), 'rescheduled', req.lang));
    if (added.length && !d.isFulfilled) pending.push(this.opened(ctx, updated, added, 'created', req.lang));
    return this.decisionView.inMeeting(s, ctx, d.id);
  }

  async remove(s: Scope, found: DecisionRow, req: RequestOf<typeof DeleteDecision>, pending: PendingEvent[]) {
    const { ctx, d } = await this.open(s, found, req, true);
    assertOpen(ctx);
    assertCan(canEditItems(ctx.perms));
    await this.log(s, ctx, `deleted the decision "${d.title}"`);
    await this.decisions.delete(s, d.id);
    await this.attachments.released(s, req.actor, [{ decisionId: d.id }]);
    if (!d.isFulfilled) pending.push(this.events.decisionClosed(ctx.org, d, actorInfo(req.actor, ctx.me), 'deleted'));
    return { ok: true as const, message: 'Deleted successfully' };
  }

  // ---------- votes ----------

  async vote(s: Scope, found: DecisionRow, req: RequestOf<typeof CastVote>, _pending: PendingEvent[]): Promise<VoteResult> {
    const { actor, body } = req;
    const d = found;
    // a vote needs the actor and the person voted for, not the whole board: the cost of a vote does not grow with
    // the meeting's size (a 1,000-member assembly voting at once; docs/performance.md P2)
    const named = { userId: body.user_id ?? null, userEmail: body.user_email ?? null };
    const ctx = await this.access.loadAmong(s, actor, d.meetingId!, named.userId || named.userEmail ? [named] : [], { variant: req.variant });
    assertOpen(ctx);
    // the members whose proxy the actor holds (loadAmong reads only those): the holder votes for each of them
    const represented = ctx.proxies.map((p) => personKey({ userId: p.fromUserId, userEmail: null }));
    const t = voteTarget({ actor, ownKey: ctx.actorKey, guestEmail: ctx.me?.userEmail ?? null, body, represented });
    if (!t.ok) throw new AppError('MEETING_FORBIDDEN');
    const [voterRow] = await this.decisions.votersByKeys(s, d.id, [t.key]);
    const isVoter = !!voterRow;
    const isMember = ctx.members.some((m) => personKey(m) === t.key);
    const conflicted = conflictBars(await this.conflicts.ofItems(s, d.talkingPointId === null ? [] : [d.talkingPointId]), d.talkingPointId, t.person.userId);
    const gate = voteGate(
      { deadline: d.deadline, isFulfilled: d.isFulfilled, decisionable: d.decisionable, meetingStatusId: ctx.meeting.statusId },
      { isVoter, isMember, conflicted },
      new Date(),
    );
    if (!gate.open) {
      if (gate.reason === 'conflict') throw AppError.validation({ vote: MM.conflictNoVote });
      if (gate.reason === 'not_voter' || gate.reason === 'not_member') throw new AppError('MEETING_FORBIDDEN', { details: { reason: gate.reason } });
      throw new AppError('DECISION_VOTING_CLOSED', { details: { reason: gate.reason } });
    }
    // a secret ballot: the mark on the voter's row, the choice apart under a new receipt; no reason is kept
    // an election: the choices among its candidates (409 `choices`), and its vote value follows from them
    const ev = electionVote(d.election ?? null, body.choices);
    if (!ev.ok) throw AppError.validation(ev.errors, ev.params);
    const secret = d.ballot === 'secret';
    const receipt = secret ? await this.secret.cast(s, d, t, body.vote as Vote, voterRow, ev.choices) : null;
    if (!secret) await this.decisions.upsertVote(s, { decisionId: d.id, userId: t.person.userId, userEmail: t.person.userEmail, vote: body.vote, reason: ev.choices ? null : keptReason(body.vote, body.reason), votedBy: t.forOther ? actor.userId : null, choices: ev.choices });
    await this.log(s, ctx, t.byProxy ? `voted by proxy on "${d.title}"` : t.forOther ? `voted for another voter on "${d.title}"` : `voted on "${d.title}"`);
    return this.decisionView.voteAnswer(s, d, { meeting: ctx }, { voter: t.key, actor: ctx.actorKey }, receipt);
  }

  // ---------- visibility, end and resume ----------

  async visibility(s: Scope, found: DecisionRow, req: RequestOf<typeof SetDecisionVisibility>): Promise<DecisionPayload> {
    const { body } = req;
    const { ctx, d } = await this.open(s, found, req, true);
    assertOpen(ctx);
    const voters = await this.decisions.votersOf(s, [d.id]);
    const isMember = !!ctx.me || ctx.perms.level === 'owner';
    if (!canChangeVisibility({ isMember, meetingStatusId: ctx.meeting.statusId, votes: voters.map((v) => (rowHasVoted(d.ballot, v) ? 'Others' : 'Pending') as Vote) })) throw new AppError('DECISION_VISIBILITY_NOT_ALLOWED');
    await this.decisions.update(s, d.id, { isVisible: body.is_visible });
    await this.log(s, ctx, `${body.is_visible ? 'unhid' : 'hid'} the decision "${d.title}"`);
    return this.decisionView.inMeeting(s, ctx, d.id);
  }

  async fulfilled(s: Scope, found: DecisionRow, req: RequestOf<typeof SetDecisionFulfilled>, pending: PendingEvent[]): Promise<DecisionPayload> {
    const { body } = req;
    const { ctx, d } = await this.open(s, found, req, true);
    assertOpen(ctx);
    assertCan(canEditItems(ctx.perms));
    await this.secret.checkResume(s, d, body.is_fulfilled);
    await this.decisions.update(s, d.id, { isFulfilled: body.is_fulfilled });
    const payload = await this.decisionView.inMeeting(s, ctx, d.id);
    const outcome = payload.outcome ? `: ${payload.outcome}` : '';
    await this.log(s, ctx, `${body.is_fulfilled ? 'ended' : 'resumed'} voting on "${d.title}"${body.is_fulfilled ? outcome : ''}`);
    if (body.is_fulfilled && !d.isFulfilled) {
      const to = [...(await this.decisions.votersOf(s, [d.id])), { userId: d.createdBy, userEmail: null }, { userId: ctx.meeting.ownerId, userEmail: null }];
      pending.push(this.events.decisionClosed(ctx.org, d, actorInfo(req.actor, ctx.me), 'ended', {
        outcome: payload.outcome, quorumMet: payload.quorum.met, tallies: payload.tallies, election: payload.election, people: ctx.people, to, opts: { guestLang: req.lang },
      }));
    }
    if (!body.is_fulfilled && d.isFulfilled) pending.push(this.opened(ctx, d, await this.decisions.votersOf(s, [d.id]), 'resumed', req.lang));
    return payload;
  }
}

import { Injectable } from '@nestjs/common';
import {
  AppError, DecisionOpened, DecisionVoted, MM, pageMeta,
  type Actor, type DecisionBody, type DecisionPayload, type VoteResult, type DirectoryCommittee, type RequestOf, type Vote,
  type CreateDecision, type UpdateDecision, type DeleteDecision, type GetDecision, type CastVote, type SetDecisionVisibility, type SetDecisionFulfilled,
  type ListArchivedDecisions, type ListSingleDecisions,
} from '@app/contracts';
import { MeetingDb, type Scope } from '../db/db';
import type { DecisionRow } from '../db/schema';
import { Directory, type OrgSettings } from '../common/directory';
import { MeetingPublisher, type PendingEvent } from '../common/publisher';
import { actorInfo, actorKey } from '../common/actor';
import { personKey } from '../rules/person';
import { instantToLocal, localToInstant } from '../common/time';
import { deadlineBeforeStart } from '../rules/item-dates';
import { checkPlacement } from '../common/placement';
import { AgendaRepository } from '../repositories/agenda.repository';
import { CommentsRepository } from '../repositories/comments.repository';
import { MeetingAccess, assertCan, assertOpen, type MeetingCtx } from '../common/meeting-access';
import { MeetingsRepository } from '../repositories/meetings.repository';
import { MeetingView } from '../view/meeting-view';
import { MeetingsService } from '../meetings/meetings.service';
import { decisionPayload, emptyBundle, voteResult, type ViewCommittee, type ViewCtx } from '../view/payloads';
import { DecisionsRepository } from '../repositories/decisions.repository';
import { canChangeVisibility, keptReason, voteGate } from '../rules/vote-gate';
import { resolutionRights } from '../rules/resolution-rights';
import { canCreateIn } from '../rules/create-rights';
import { sameEmail } from '../rules/person';

type Person = { userId: number | null; userEmail: string | null };
const people = (list: DecisionBody['voters']): Person[] => list.map((p) => ({ userId: p.user_id, userEmail: p.user_email }));

/**
 * Decisions bound to a meeting and standalone (committee-level) resolutions, their voters and votes.
 * Votes are one row per (decision, voter) written with an upsert, so concurrent votes cannot duplicate.
 */
@Injectable()
export class DecisionsService {
  constructor(
    private readonly db: MeetingDb,
    private readonly access: MeetingAccess,
    private readonly view: MeetingView,
    private readonly meetings: MeetingsRepository,
    private readonly decisions: DecisionsRepository,
    private readonly agenda: AgendaRepository,
    private readonly comments: CommentsRepository,
    private readonly directory: Directory,
    private readonly publisher: MeetingPublisher,
    private readonly meetingsService: MeetingsService,
  ) {}

  // ---------- shared pieces ----------

  private info(org: OrgSettings, d: { id: number; meetingId: number | null; title: string; deadline: Date }) {
    return {
      ...this.publisher.orgInfo(org), decisionId: d.id, meetingId: d.meetingId, title: d.title, deadline: d.deadline.toISOString(),
      deadlineLocal: instantToLocal(d.deadline, org.time_zone),
      link: d.meetingId ? this.publisher.meetingLink(org, d.meetingId, d.id) : this.publisher.decisionsLink(org),
    };
  }

  private opened(org: OrgSettings, d: DecisionRow, to: Person[], reason: 'created' | 'resumed' | 'rescheduled', actor: Actor, me: MeetingCtx['me'], lang?: 'en' | 'fr' | 'ar' | 'ru'): PendingEvent {
    return this.publisher.later(DecisionOpened, async () => {
      const recipients = await this.publisher.recipients(org.id, to, { exceptUserId: actor.userId, guestLang: lang });
      return recipients.length ? { ...this.info(org, d), reason, by: actorInfo(actor, me), recipients } : null;
    });
  }

  /** meeting decisions: voters must be participants of the meeting */
  private checkMeetingVoters(ctx: MeetingCtx, voters: Person[]) {
    const keys = new Set(ctx.members.map((m) => personKey(m)));
    if (voters.some((v) => !keys.has(personKey(v)))) throw AppError.validation({ voters: 'Choose a person who is a participant of this meeting.' });
  }

  private async standaloneCtx(orgId: string, actor: Actor, variant: RequestOf<typeof GetDecision>['variant'], committeeIds: number[], userIds: Array<number | null>): Promise<ViewCtx> {
    const org = await this.directory.organization(orgId);
    const committees = new Map<number, ViewCommittee>();
    for (const id of new Set(committeeIds)) {
      const c = await this.directory.committee(orgId, id);
      if (c) committees.set(id, c);
    }
    return {
      tz: org.time_zone, now: new Date(), variant: variant ?? org.variant, actor, actorKey: actorKey(actor, null),
      users: await this.directory.usersById(orgId, userIds), membersByKey: new Map(), committees, meeting: null, perms: null, isMember: true,
    };
  }

  private async standalonePayload(s: Scope, actor: Actor, variant: RequestOf<typeof GetDecision>['variant'], d: DecisionRow): Promise<DecisionPayload> {
    const { orgId } = s;
    const b = emptyBundle();
    b.decisions = [d];
    await this.view.fill(s, b);
    const ctx = await this.standaloneCtx(orgId, actor, variant, [d.committeeId], [...b.voters.map((v) => v.userId), ...b.comments.map((c) => c.userId)]);
    return decisionPayload(d, b, ctx);
  }

  /** load a decision and what its actor may do: through its meeting, or as a standalone resolution */
  private async load(s: Scope, actor: Actor, decisionId: number, variant: RequestOf<typeof GetDecision>['variant'], lock = false) {
    const { orgId } = s;
    const d = await this.decisions.get(s, decisionId, { lock });
    if (!d) throw actor.kind === 'guest' ? new AppError('UNAUTHENTICATED') : AppError.notFound('decision');
    if (d.meetingId) {
      const ctx = await this.access.load(s, actor, d.meetingId, { variant });
      return { d, ctx, committee: ctx.committee, rights: null };
    }
    if (actor.kind !== 'user') throw new AppError('UNAUTHENTICATED');
    const committee = await this.directory.committee(orgId, d.committeeId);
    const voters = await this.decisions.votersOf(s, [d.id]);
    const rights = resolutionRights({ actor, committee, createdBy: d.createdBy, isVoter: voters.some((v) => v.userId === actor.userId) });
    if (!rights.view) throw AppError.notFound('decision');
    return { d, ctx: null, committee, rights };
  }

  private async payload(s: Scope, actor: Actor, variant: RequestOf<typeof GetDecision>['variant'], d: DecisionRow, ctx: MeetingCtx | null): Promise<DecisionPayload> {
    if (ctx) return this.view.decisionIn(s, ctx, d.id);
    return this.standalonePayload(s, actor, variant, (await this.decisions.get(s, d.id))!);
  }

  /**
   * The answer to a vote: the decision's summary as the actor sees it, and the voter row that changed. Built
   * from the tallies (one grouped query) and at most two voter rows, so its cost does not grow with the board.
   */
  private async voteAnswer(
    s: Scope, actor: Actor, variant: RequestOf<typeof GetDecision>['variant'], d: DecisionRow, ctx: MeetingCtx | null,
    keys: { voter: string; actor: string | null },
  ): Promise<VoteResult> {
    const { orgId } = s;
    const { voter: voterKey, actor: actorKey } = keys;
    const rows = await this.decisions.votersByKeys(s, d.id, actorKey ? [voterKey, actorKey] : [voterKey]);
    const counts = await this.decisions.voteCounts(s, d.id);
    const b = emptyBundle();
    b.decisions = [d];
    b.voters = rows;
    const v = ctx ? await this.view.viewCtx(orgId, ctx, b) : await this.standaloneCtx(orgId, actor, variant, [d.committeeId], rows.map((x) => x.userId));
    return voteResult(d, { rows, counts }, v, voterKey);
  }

  // ---------- reads ----------

  get(req: RequestOf<typeof GetDecision>) {
    return this.db.tenant(req.orgId, async (s) => {
      const { d, ctx } = await this.load(s, req.actor, req.decisionId, req.variant);
      if (req.standalone && d.meetingId) throw AppError.notFound('decision');
      return this.payload(s, req.actor, req.variant, d, ctx);
    });
  }

  archived(req: RequestOf<typeof ListArchivedDecisions>) {
    return this.db.tenant(req.orgId, async (s) => {
      const ctx = await this.access.load(s, req.actor, req.meetingId, { variant: req.variant });
      const b = await this.view.loadBundle(s, req.meetingId);
      const v = await this.view.viewCtx(req.orgId, ctx, b);
      return { items: b.decisions.filter((d) => !d.isVisible).map((d) => decisionPayload(d, b, v)) };
    });
  }

  async listStandalone(req: RequestOf<typeof ListSingleDecisions>) {
    const { orgId, actor, query } = req;
    if (actor.kind !== 'user' || !actor.userId) throw new AppError('UNAUTHENTICATED');
    let committeeIds: number[] | 'all' = 'all';
    if (!actor.isAdmin) {
      const mine = await this.directory.userCommittees(orgId, actor.userId);
      committeeIds = [...new Set([...mine.admin, ...mine.member].map((c) => c.id))];
    }
    if (query.committee_id) committeeIds = committeeIds === 'all' || committeeIds.includes(query.committee_id) ? [query.committee_id] : [];
    return this.db.tenant(orgId, async (s) => {
      const { rows, total } = await this.decisions.standalone(s, {
        committeeIds, search: query.search, fulfilled: query.archived === undefined ? undefined : query.archived, state: query.state,
        limit: query.per_page, offset: (query.page - 1) * query.per_page,
      });
      const b = emptyBundle();
      b.decisions = rows;
      await this.view.fill(s, b);
      const ctx = await this.standaloneCtx(orgId, actor, req.variant, rows.map((r) => r.committeeId), [...b.voters.map((v) => v.userId), ...b.comments.map((c) => c.userId)]);
      return { items: rows.map((d) => decisionPayload(d, b, ctx)), meta: pageMeta(query.page, query.per_page, total) };
    });
  }

  // ---------- create, edit, delete ----------

  async create(req: RequestOf<typeof CreateDecision>): Promise<DecisionPayload> {
    const { orgId, actor, body } = req;
    const voters = people(body.voters);
    const out = await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      if (req.meetingId) {
        const ctx = await this.access.load(s, actor, req.meetingId, { variant: req.variant, lock: true });
        assertOpen(ctx);
        assertCan(ctx.perms.createItems);
        const deadline = this.deadline(body, ctx.org, ctx.meeting.startAt);
        this.checkMeetingVoters(ctx, voters);
        const place = await checkPlacement(this.agenda, s, ctx.meeting.id, body);
        const d = await this.decisions.insert(s, {
          meetingId: ctx.meeting.id, committeeId: ctx.meeting.committeeId, title: body.title, description: body.description ?? null, deadline,
          decisionable: body.decisionable ?? true, tenderNumber: body.tender_number ?? null, talkingPointId: place.talkingPointId,
          subpointId: place.subpointId, rowNum: await this.meetings.nextRowNum(s, ctx.meeting.id), createdBy: actor.userId,
        });
        await this.decisions.setVoters(s, d.id, voters);
        await this.agenda.setAttachments(s, { decisionId: d.id }, body.attachments, actor.userId);
        await this.comments.log(s, { meetingId: ctx.meeting.id, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} added the decision "${d.title}"` });
        pending.push(this.opened(ctx.org, d, voters, 'created', actor, ctx.me, req.lang));
        return this.view.decisionIn(s, ctx, d.id);
      }
      // a standalone resolution of a committee
      if (actor.kind !== 'user' || !actor.userId) throw new AppError('UNAUTHENTICATED');
      if (!body.committee_id) throw AppError.validation({ committee_id: 'This field is required.' });
      const committee = await this.directory.committee(orgId, body.committee_id);
      if (!committee) throw AppError.validation({ committee_id: 'The committee does not exist.' });
      if (committee.status === 'inactive') throw new AppError('MEETING_COMMITTEE_INACTIVE');
      assertCan(canCreateIn(actor, committee, 'decisions_create'));
      this.checkCommitteeVoters(committee, voters);
      const org = await this.directory.organization(orgId);
      const d = await this.decisions.insert(s, {
        meetingId: null, committeeId: committee.id, title: body.title, description: body.description ?? null, deadline: localToInstant(body.deadline, org.time_zone),
        decisionable: body.decisionable ?? true, tenderNumber: body.tender_number ?? null, createdBy: actor.userId,
      });
      await this.decisions.setVoters(s, d.id, voters);
      await this.agenda.setAttachments(s, { decisionId: d.id }, body.attachments, actor.userId);
      await this.comments.log(s, { decisionId: d.id, userId: actor.userId, userName: actor.name, activity: `${actor.name ?? 'Someone'} created the resolution "${d.title}"` });
      pending.push(this.opened(org, d, voters, 'created', actor, null, req.lang));
      return this.standalonePayload(s, actor, req.variant, d);
    });
    return out;
  }

  private checkCommitteeVoters(committee: DirectoryCommittee, voters: Person[]) {
    const ok = new Set([...committee.admin_ids, ...committee.member_ids]);
    if (voters.some((v) => !v.userId || !ok.has(v.userId))) throw AppError.validation({ voters: 'Choose a voter who is a member of the committee.' });
  }

  /** the close date, not before the meeting's start ('Date and time must be after start time {datetime}') */
  private deadline(body: DecisionBody, org: OrgSettings, meetingStart: Date): Date {
    const deadline = localToInstant(body.deadline, org.time_zone);
    if (deadlineBeforeStart(deadline, meetingStart)) throw AppError.validation({ deadline: MM.afterStart }, { datetime: instantToLocal(meetingStart, org.time_zone) });
    return deadline;
  }

  async update(req: RequestOf<typeof UpdateDecision>): Promise<DecisionPayload> {
    const { orgId, actor, body, decisionId } = req;
    const voters = people(body.voters);
    const out = await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const { d, ctx, committee, rights } = await this.load(s, actor, decisionId, req.variant, true);
      if ((req.meetingId ?? null) !== (d.meetingId ?? null)) throw AppError.notFound('decision');
      let deadline: Date;
      let place: { talkingPointId: number | null; subpointId: number | null } = { talkingPointId: null, subpointId: null };
      const org = ctx?.org ?? (await this.directory.organization(orgId));
      if (ctx) {
        assertOpen(ctx);
        assertCan(ctx.perms.userCanEdit && ctx.perms.editButtons);
        deadline = this.deadline(body, ctx.org, ctx.meeting.startAt);
        this.checkMeetingVoters(ctx, voters);
        place = await checkPlacement(this.agenda, s, ctx.meeting.id, body);
      } else {
        assertCan(!!rights?.manage);
        if (!committee) throw AppError.validation({ committee_id: 'The committee does not exist.' });
        this.checkCommitteeVoters(committee, voters);
        deadline = localToInstant(body.deadline, org.time_zone);
      }
      const before = await this.decisions.votersOf(s, [d.id]);
      await this.decisions.update(s, d.id, {
        title: body.title, description: body.description ?? null, deadline, decisionable: body.decisionable ?? d.decisionable, tenderNumber: body.tender_number ?? null,
        talkingPointId: place.talkingPointId, subpointId: place.subpointId,
      });
      await this.decisions.setVoters(s, d.id, voters);
      await this.agenda.setAttachments(s, { decisionId: d.id }, body.attachments, actor.userId);
      const name = ctx?.actorName ?? actor.name ?? 'Someone';
      await this.comments.log(s, { meetingId: d.meetingId, decisionId: d.meetingId ? null : d.id, userId: actor.userId, userName: name, activity: `${name} updated the decision "${body.title}"` });
      const updated = { ...d, title: body.title, deadline };
      const oldKeys = new Set(before.map((v) => v.voterKey));
      const added = voters.filter((v) => !oldKeys.has(personKey(v)));
      if (deadline.getTime() !== d.deadline.getTime() && !d.isFulfilled) pending.push(this.opened(org, updated, voters.filter((v) => oldKeys.has(personKey(v))), 'rescheduled', actor, ctx?.me ?? null, req.lang));
      if (added.length && !d.isFulfilled) pending.push(this.opened(org, updated, added, 'created', actor, ctx?.me ?? null, req.lang));
      return this.payload(s, actor, req.variant, d, ctx);
    });
    return out;
  }

  async remove(req: RequestOf<typeof DeleteDecision>) {
    const { orgId, actor, decisionId } = req;
    await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const { d, ctx, rights } = await this.load(s, actor, decisionId, req.variant, true);
      if ((req.meetingId ?? null) !== (d.meetingId ?? null)) throw AppError.notFound('decision');
      if (ctx) {
        assertOpen(ctx);
        assertCan(ctx.perms.userCanEdit && ctx.perms.editButtons);
        await this.comments.log(s, { meetingId: d.meetingId, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} deleted the decision "${d.title}"` });
      } else {
        assertCan(!!rights?.manage);
      }
      await this.decisions.delete(s, d.id);
      const org = ctx?.org ?? (await this.directory.organization(orgId));
      if (!d.isFulfilled) pending.push(this.meetingsService.closedDecision(org, d, actorInfo(actor, ctx?.me ?? null), 'deleted'));
    });
    return { ok: true as const, message: 'Deleted successfully' };
  }

  // ---------- votes ----------

  async vote(req: RequestOf<typeof CastVote>): Promise<VoteResult> {
    const { orgId, actor, body, decisionId } = req;
    const out = await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const { d, ctx, rights } = await this.load(s, actor, decisionId, req.variant);
      if (req.standalone && d.meetingId) throw AppError.notFound('decision');
      if (ctx) assertOpen(ctx);
      // whose vote: the actor's own, or (an administrator) another voter's
      const ownKey = ctx ? ctx.actorKey : actorKey(actor, null);
      let target: Person;
      if (body.user_id && body.user_id !== actor.userId) target = { userId: body.user_id, userEmail: null };
      else if (body.user_email && actor.kind === 'user') target = { userId: null, userEmail: body.user_email };
      else if (actor.kind === 'guest') {
        if (body.user_email && !sameEmail(body.user_email, ctx?.me?.userEmail)) throw new AppError('MEETING_FORBIDDEN');
        target = { userId: null, userEmail: ctx?.me?.userEmail ?? null };
      } else target = { userId: actor.userId, userEmail: null };
      const targetKey = personKey(target);
      if (targetKey !== ownKey) assertCan(actor.kind === 'user' && actor.isAdmin);
      const isVoter = (await this.decisions.votersByKeys(s, d.id, [targetKey])).length > 0;
      const isMember = ctx ? ctx.members.some((m) => personKey(m) === targetKey) : true;
      const org = ctx?.org ?? (await this.directory.organization(orgId));
      const gate = voteGate(
        { deadline: d.deadline, isFulfilled: d.isFulfilled, decisionable: d.decisionable, meetingStatusId: ctx ? ctx.meeting.statusId : null, variant: req.variant ?? org.variant },
        { isVoter, isMember },
        new Date(),
      );
      if (!gate.open) {
        if (gate.reason === 'not_voter' || gate.reason === 'not_member') throw new AppError('MEETING_FORBIDDEN', { details: { reason: gate.reason } });
        throw new AppError('DECISION_VOTING_CLOSED', { details: { reason: gate.reason } });
      }
      void rights;
      const reason = keptReason(body.vote, body.reason);
      await this.decisions.upsertVote(s, { decisionId: d.id, userId: target.userId, userEmail: target.userEmail, vote: body.vote, reason, votedBy: targetKey !== ownKey ? actor.userId : null });
      const name = ctx?.actorName ?? actor.name ?? 'Someone';
      await this.comments.log(s, {
        meetingId: d.meetingId, decisionId: d.meetingId ? null : d.id, userId: actor.userId, userName: name,
        activity: targetKey === ownKey ? `${name} voted on "${d.title}"` : `${name} voted for another voter on "${d.title}"`,
      });
      const owner = ctx ? [{ userId: ctx.meeting.ownerId, userEmail: null }] : [];
      const result = await this.voteAnswer(s, actor, req.variant, d, ctx, { voter: targetKey, actor: ownKey });
      pending.push(this.publisher.later(DecisionVoted, async () => {
        const recipients = await this.publisher.recipients(orgId, [{ userId: d.createdBy, userEmail: null }, ...owner], { exceptUserId: actor.userId });
        const voterUser = target.userId ? (await this.directory.usersById(orgId, [target.userId])).get(target.userId) : undefined;
        return {
          ...this.info(org, d), voter: { userId: target.userId, name: voterUser?.name ?? (targetKey === ownKey ? name : null), email: voterUser?.email ?? target.userEmail },
          vote: body.vote as Vote, by: actorInfo(actor, ctx?.me ?? null), tallies: result.tallies, recipients,
        };
      }));
      return result;
    });
    return out;
  }

  // ---------- visibility, end and resume ----------

  async visibility(req: RequestOf<typeof SetDecisionVisibility>): Promise<DecisionPayload> {
    const { orgId, actor, body, decisionId } = req;
    return this.db.tenant(orgId, async (s) => {
      const { d, ctx } = await this.load(s, actor, decisionId, req.variant, true);
      if (!ctx) throw new AppError('DECISION_VISIBILITY_NOT_ALLOWED');
      assertOpen(ctx);
      const voters = await this.decisions.votersOf(s, [d.id]);
      const isMember = !!ctx.me || ctx.perms.level === 'owner';
      if (!canChangeVisibility({ isMember, meetingStatusId: ctx.meeting.statusId, votes: voters.map((v) => v.vote as Vote) })) throw new AppError('DECISION_VISIBILITY_NOT_ALLOWED');
      await this.decisions.update(s, d.id, { isVisible: body.is_visible });
      await this.comments.log(s, { meetingId: d.meetingId, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} ${body.is_visible ? 'unhid' : 'hid'} the decision "${d.title}"` });
      return this.view.decisionIn(s, ctx, d.id);
    });
  }

  async fulfilled(req: RequestOf<typeof SetDecisionFulfilled>): Promise<DecisionPayload> {
    const { orgId, actor, body, decisionId } = req;
    const out = await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const { d, ctx, rights } = await this.load(s, actor, decisionId, req.variant, true);
      if (req.standalone && d.meetingId) throw AppError.notFound('decision');
      if (ctx) {
        assertOpen(ctx);
        assertCan(ctx.perms.userCanEdit && ctx.perms.editButtons);
      } else assertCan(!!rights?.manage);
      await this.decisions.update(s, d.id, { isFulfilled: body.is_fulfilled });
      const name = ctx?.actorName ?? actor.name ?? 'Someone';
      await this.comments.log(s, { meetingId: d.meetingId, decisionId: d.meetingId ? null : d.id, userId: actor.userId, userName: name, activity: `${name} ${body.is_fulfilled ? 'ended' : 'resumed'} voting on "${d.title}"` });
      const org = ctx?.org ?? (await this.directory.organization(orgId));
      if (body.is_fulfilled && !d.isFulfilled) pending.push(this.meetingsService.closedDecision(org, d, actorInfo(actor, ctx?.me ?? null), 'ended'));
      if (!body.is_fulfilled && d.isFulfilled) {
        const voters = await this.decisions.votersOf(s, [d.id]);
        pending.push(this.opened(org, d, voters, 'resumed', actor, ctx?.me ?? null, req.lang));
      }
      return this.payload(s, actor, req.variant, d, ctx);
    });
    return out;
  }
}

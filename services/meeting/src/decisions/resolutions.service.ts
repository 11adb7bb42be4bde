import { Injectable } from '@nestjs/common';
import { resolutionYear } from '@app/contracts';
import { AppError, DEFAULT_COUNT_BY, DEFAULT_OUTCOME_RULE, pageMeta, type Actor, type DecisionPayload, type DirectoryCommittee, type RequestOf, type Vote, type VoteResult, type CreateDecision, type UpdateDecision, type DeleteDecision, type GetDecision, type CastVote, type SetDecisionFulfilled, type ListSingleDecisions, localToInstant } from '@app/contracts';
import { MeetingDb, type Scope } from '../db/db';
import type { DecisionRow } from '../db/schema';
import { Directory } from '../common/directory';
import { MeetingPublisher, type PendingEvent, type Person } from '../common/publisher';
import { actorInfo, actorKey } from '../common/actor';
import { assertCan } from '../common/meeting-access';
import { MeetingEvents } from '../events/meeting-events';
import { AgendaRepository } from '../repositories/agenda.repository';
import { CommentsRepository } from '../repositories/comments.repository';
import { DecisionsRepository } from '../repositories/decisions.repository';
import { canCreateIn } from '../rules/create-rights';
import { personKey } from '../rules/person';
import { resolutionListFilter, resolutionRights } from '../rules/resolution-rights';
import { keptReason, voteGate } from '../rules/vote-gate';
import { voteTarget } from '../rules/vote-target';
import { voterWeight } from '../rules/counting';
import { candidatesRefusal, electionVote, storedElection } from '../rules/election';
import { DecisionView, type ResolutionScene } from '../view/decision-view';
import type { DecisionUseCases } from './decision-use-cases';
import { voterPeople } from './meeting-decisions.service';

type Req = { actor: Actor; variant?: RequestOf<typeof GetDecision>['variant'] };

/**
 * Standalone resolutions: decisions of a committee with no meeting. Their rights come from the committee
 * and the creator (rules/resolution-rights.ts); voters must be the committee's members. The directory
 * (organization, committee, users) is asked before a command locks the resolution's row.
 */
import { Attachments } from '../common/attachments';
import { SecretVotes } from '../common/secret-votes';
@Injectable()
export class ResolutionsService implements DecisionUseCases {
  constructor(
    private readonly db: MeetingDb,
    private readonly decisionView: DecisionView,
    private readonly decisions: DecisionsRepository,
    private readonly agenda: AgendaRepository,
    private readonly comments: CommentsRepository,
    private readonly directory: Directory,
    private readonly publisher: MeetingPublisher,
    private readonly events: MeetingEvents,
    private readonly attachments: Attachments,
    private readonly secret: SecretVotes,
  ) {}

  /** the organization, the committee and the users a resolution's payloads and events need */
  private async scene(orgId: string, req: Req, committee: DirectoryCommittee | null, userIds: Array<number | null>): Promise<ResolutionScene> {
    const org = await this.directory.organization(orgId);
    const ids = [...(committee?.admin_ids ?? []), ...(committee?.member_ids ?? []), ...userIds];
    return { org, variant: req.variant ?? org.variant, actor: req.actor, committee, people: await this.directory.usersById(orgId, ids), lookup: true };
  }

  /** what the actor may do on this resolution (404 when they may not see it); a command then locks its row */
  private async open(s: Scope, d: DecisionRow, req: Req, lock: boolean, moreUsers: Array<number | null> = []) {
    const { actor } = req;
    if (actor.kind !== 'user') throw new AppError('UNAUTHENTICATED');
    const committee = await this.directory.committee(s.orgId, d.committeeId);
    const voters = await this.decisions.votersOf(s, [d.id]);
    const rights = resolutionRights({ actor, committee, createdBy: d.createdBy, isVoter: voters.some((v) => v.userId === actor.userId) });
    if (!rights.view) throw AppError.notFound('decision');
    const scene = await this.scene(s.orgId, req, committee, [d.createdBy, ...voters.map((v) => v.userId), ...moreUsers]);
    const row = lock ? await this.decisions.get(s, d.id, { lock: true }) : d;
    if (!row) throw AppError.notFound('decision');
    return { d: row, committee, rights, scene: lock ? { ...scene, lookup: false } : scene };
  }

  private opened(scene: ResolutionScene, d: DecisionRow, to: Person[], reason: 'created' | 'resumed' | 'rescheduled', lang?: RequestOf<typeof CreateDecision>['lang']): PendingEvent {
    return this.events.decisionOpened(scene.org, d, reason, actorInfo(scene.actor, null), scene.people, to, { exceptUserId: scene.actor.userId, guestLang: lang });
  }

  /** voters must be members (or admins) of the committee */
  private checkVoters(committee: DirectoryCommittee, voters: Person[]) {
    const ok = new Set([...committee.admin_ids, ...committee.member_ids]);
    if (voters.some((v) => !v.userId || !ok.has(v.userId))) throw AppError.validation({ voters: 'Choose a voter who is a member of the committee.' });
  }

  private log(s: Scope, d: DecisionRow, actor: Actor, activity: string) {
    const name = actor.name ?? 'Someone';
    return this.comments.log(s, { meetingId: null, decisionId: d.id, userId: actor.userId, userName: name, activity: `${name} ${activity}` });
  }

  // ---------- reads ----------

  async get(s: Scope, d: DecisionRow, req: RequestOf<typeof GetDecision>): Promise<DecisionPayload> {
    const { scene } = await this.open(s, d, req, false);
    return this.decisionView.resolution(s, scene, d.id);
  }

  async list(req: RequestOf<typeof ListSingleDecisions>) {
    const { orgId, actor, query } = req;
    if (actor.kind !== 'user' || !actor.userId) throw new AppError('UNAUTHENTICATED');
    const mine = actor.isAdmin ? { admin: [], member: [] } : await this.directory.userCommittees(orgId, actor.userId);
    const filter = resolutionListFilter({
      userId: actor.userId, isAdmin: actor.isAdmin, committeeIds: [...new Set([...mine.admin, ...mine.member].map((c) => c.id))], committeeId: query.committee_id,
    });
    const org = await this.directory.organization(orgId);
    return this.db.tenant(orgId, async (s) => {
      const { rows, total } = await this.decisions.standalone(s, {
        filter, search: query.search, fulfilled: query.archived === undefined ? undefined : query.archived, state: query.state,
        limit: query.per_page, offset: (query.page - 1) * query.per_page,
      });
      const committees: DirectoryCommittee[] = [];
      for (const id of new Set(rows.map((r) => r.committeeId))) {
        const c = await this.directory.committee(orgId, id);
        if (c) committees.push(c);
      }
      const items = await this.decisionView.resolutions(s, { org, variant: req.variant ?? org.variant, actor, committees, people: new Map(), lookup: true }, rows);
      return { items, meta: pageMeta(query.page, query.per_page, total) };
    });
  }

  // ---------- create, edit, delete ----------

  async create(req: RequestOf<typeof CreateDecision>): Promise<DecisionPayload> {
    const { orgId, actor, body } = req;
    if (actor.kind !== 'user' || !actor.userId) throw new AppError('UNAUTHENTICATED');
    if (!body.committee_id) throw AppError.validation({ committee_id: 'This field is required.' });
    const committee = await this.directory.committee(orgId, body.committee_id);
    if (!committee) throw AppError.validation({ committee_id: 'The committee does not exist.' });
    if (committee.status === 'inactive') throw new AppError('MEETING_COMMITTEE_INACTIVE');
    assertCan(canCreateIn(actor, committee, 'decisions_create'));
    const voters = voterPeople(body.voters);
    this.checkVoters(committee, voters);
    const refused = candidatesRefusal(body.election, committee);
    if (refused) throw AppError.validation(refused);
    const scene = await this.scene(orgId, req, committee, [actor.userId]);
    return this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const d = await this.decisions.insert(s, {
        meetingId: null, committeeId: committee.id, title: body.title, description: body.description ?? null, deadline: localToInstant(body.deadline, scene.org.time_zone),
        decisionable: body.decisionable ?? true, tenderNumber: body.tender_number ?? null, ballot: body.ballot ?? 'open', createdBy: actor.userId,
        outcomeRule: body.outcome_rule ?? DEFAULT_OUTCOME_RULE, countBy: body.count_by ?? DEFAULT_COUNT_BY,
        election: body.election ? storedElection(body.election, (id) => scene.people.get(id)?.name) : null,
      }, resolutionYear(new Date(), scene.org.time_zone));
      await this.decisions.setVoters(s, d.id, voters, { of: (id) => voterWeight(committee, id), refresh: false });
      await this.attachments.set(s, actor, { decisionId: d.id }, body.attachments, { title: body.title, meeting: null });
      await this.log(s, d, actor, `created the resolution "${d.title}"`);
      pending.push(this.opened(scene, d, voters, 'created', req.lang));
      pending.push(this.events.resolutionChanged(orgId, d, 'decision', [...committee.admin_ids, ...committee.member_ids, actor.userId, ...voters.map((v) => v.userId)], { byUserId: actor.userId }));
      return this.decisionView.resolution(s, { ...scene, lookup: false }, d.id);
    });
  }

  async update(s: Scope, found: DecisionRow, req: RequestOf<typeof UpdateDecision>, pending: PendingEvent[]): Promise<DecisionPayload> {
    const { actor, body } = req;
    const voters = voterPeople(body.voters);
    const { d, committee, rights, scene } = await this.open(s, found, req, true, voters.map((v) => v.userId));
    assertCan(rights.manage);
    if (!committee) throw AppError.validation({ committee_id: 'The committee does not exist.' });
    this.checkVoters(committee, voters);
    const deadline = localToInstant(body.deadline, scene.org.time_zone);
    const before = await this.decisions.votersOf(s, [d.id]);
    const refused = candidatesRefusal(body.election, committee);
    if (refused) throw AppError.validation(refused);
    const wantedElection = body.election === undefined ? undefined : body.election && storedElection(body.election, (id) => scene.people.get(id)?.name);
    const { ballot, outcomeRule, countBy, election, anyVote } = await this.secret.afterEdit(s, d, { ...body, election: wantedElection }, before, voters, deadline);
    await this.decisions.update(s, d.id, {
      title: body.title, description: body.description ?? null, deadline, decisionable: body.decisionable ?? d.decisionable, tenderNumber: body.tender_number ?? null,
      ballot, outcomeRule, countBy, election, talkingPointId: null, subpointId: null,
    });
    await this.decisions.setVoters(s, d.id, voters, { of: (id) => voterWeight(committee, id), refresh: !anyVote });
    await this.attachments.set(s, actor, { decisionId: d.id }, body.attachments, { title: body.title, meeting: null });
    await this.log(s, d, actor, `updated the decision "${body.title}"`);
    const updated = { ...d, title: body.title, deadline };
    const oldKeys = new Set(before.map((v) => v.voterKey));
    const added = voters.filter((v) => !oldKeys.has(personKey(v)));
    if (deadline.getTime() !== d.deadline.getTime() && !d.isFulfilled) pending.push(this.opened(scene, updated, voters.filter((v) => oldKeys.has(personKey(v))), 'rescheduled', req.lang));
    if (added.length && !d.isFulfilled) pending.push(this.opened(scene, updated, added, 'created', req.lang));
    return this.decisionView.resolution(s, scene, d.id);
  }

  async remove(s: Scope, found: DecisionRow, req: RequestOf<typeof DeleteDecision>, pending: PendingEvent[]) {
    const { d, rights, scene } = await this.open(s, found, req, true);
    assertCan(rights.manage);
    await this.decisions.delete(s, d.id);
    await this.attachments.released(s, req.actor, [{ decisionId: d.id }]);
    if (!d.isFulfilled) pending.push(this.events.decisionClosed(scene.org, d, actorInfo(req.actor, null), 'deleted'));
    return { ok: true as const, message: 'Deleted successfully' };
  }

  // ---------- votes, end and resume ----------

  async vote(s: Scope, found: DecisionRow, req: RequestOf<typeof CastVote>, _pending: PendingEvent[]): Promise<VoteResult> {
    const { actor, body } = req;
    const { d, scene } = await this.open(s, found, req, false, [body.user_id ?? null]);
    const ownKey = actorKey(actor, null);
    const t = voteTarget({ actor, ownKey, guestEmail: null, body });
    if (!t.ok) throw new AppError('MEETING_FORBIDDEN');
    const [voterRow] = await this.decisions.votersByKeys(s, d.id, [t.key]);
    const isVoter = !!voterRow;
    const gate = voteGate(
      { deadline: d.deadline, isFulfilled: d.isFulfilled, decisionable: d.decisionable, meetingStatusId: null },
      { isVoter, isMember: true },
      new Date(),
    );
    if (!gate.open) {
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
    await this.log(s, d, actor, t.forOther ? `voted for another voter on "${d.title}"` : `voted on "${d.title}"`);
    const locked = { ...scene, lookup: false };
    return this.decisionView.voteAnswer(s, d, { resolution: locked }, { voter: t.key, actor: ownKey }, receipt);
  }

  async visibility(): Promise<DecisionPayload> {
    throw new AppError('DECISION_VISIBILITY_NOT_ALLOWED');
  }

  async fulfilled(s: Scope, found: DecisionRow, req: RequestOf<typeof SetDecisionFulfilled>, pending: PendingEvent[]): Promise<DecisionPayload> {
    const { actor, body } = req;
    const voters = await this.decisions.votersOf(s, [found.id]);
    const { d, rights, scene } = await this.open(s, found, req, true, voters.map((v) => v.userId));
    assertCan(rights.manage);
    await this.secret.checkResume(s, d, body.is_fulfilled);
    await this.decisions.update(s, d.id, { isFulfilled: body.is_fulfilled });
    const payload = await this.decisionView.resolution(s, scene, d.id);
    const outcome = payload.outcome ? `: ${payload.outcome}` : '';
    await this.log(s, d, actor, `${body.is_fulfilled ? 'ended' : 'resumed'} voting on "${d.title}"${body.is_fulfilled ? outcome : ''}`);
    if (body.is_fulfilled && !d.isFulfilled) {
      const to = [...voters, { userId: d.createdBy, userEmail: null }];
      pending.push(this.events.decisionClosed(scene.org, d, actorInfo(actor, null), 'ended', {
        outcome: payload.outcome, quorumMet: payload.quorum.met, tallies: payload.tallies, election: payload.election, people: scene.people, to, opts: { guestLang: req.lang },
      }));
    }
    if (!body.is_fulfilled && d.isFulfilled) pending.push(this.opened(scene, d, await this.decisions.votersOf(s, [d.id]), 'resumed', req.lang));
    return payload;
  }
}

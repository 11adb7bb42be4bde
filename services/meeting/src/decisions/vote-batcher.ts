import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, MM, MeetingChanged, type CastVote, type RequestOf, type Vote, type VoteResult } from '@app/contracts';
import { CONFIG, currentContext, logger, runDetached } from '@app/platform';
import type { MeetingConfig } from '../config';
import { MeetingDb, type Scope } from '../db/db';
import type { DecisionRow, MemberRow, VoterRow } from '../db/schema';
import { sha256 } from '../common/actor';
import { Directory } from '../common/directory';
import { MeetingAccess, ndaPending, type MeetingCtx } from '../common/meeting-access';
import { MeetingPublisher } from '../common/publisher';
import { MeetingEvents } from '../events/meeting-events';
import { CommentsRepository } from '../repositories/comments.repository';
import { DecisionsRepository } from '../repositories/decisions.repository';
import { ConflictsRepository } from '../repositories/conflicts.repository';
import { conflictBars } from '../rules/record';
import { MeetingsRepository } from '../repositories/meetings.repository';
import { MembersRepository } from '../repositories/members.repository';
import { normalizeEmail, personKey } from '../rules/person';
import { isOpenStatus } from '../rules/status-machine';
import { canView } from '../rules/visibility';
import { keptReason, voteGate } from '../rules/vote-gate';
import { voteTarget } from '../rules/vote-target';
import { electionVote } from '../rules/election';
import { secretVoteRefusal } from '../rules/ballot';
import { SecretVotes } from '../common/secret-votes';
import { SecretBallotsRepository } from '../repositories/secret-ballots.repository';
import { candidateCountsOf } from '../view/payloads';
import { DecisionView } from '../view/decision-view';
import { DecisionsRouter } from './decisions.router';

type VoteReq = RequestOf<typeof CastVote>;

/** the tallies with one voter's vote `from` counted as `to` instead (their `weight` moving with it) */
export function recount(counts: Array<{ vote: string; n: number; w: number }>, from: string, to: string, weight: number): Array<{ vote: string; n: number; w: number }> {
  if (from === to) return counts;
  const m = new Map(counts.map((c) => [c.vote, { n: Number(c.n), w: Number(c.w) }]));
  const at = (v: string) => m.get(v) ?? { n: 0, w: 0 };
  m.set(from, { n: at(from).n - 1, w: at(from).w - weight });
  m.set(to, { n: at(to).n + 1, w: at(to).w + weight });
  return [...m].filter(([, c]) => c.n > 0).map(([vote, c]) => ({ vote, ...c }));
}

interface Entry {
  req: VoteReq;
  /** the caller's deadline (x-deadline): a vote whose voter has stopped waiting is not written */
  deadline?: number;
  correlationId?: string;
  resolve(v: VoteResult): void;
  reject(e: unknown): void;
}


/** a vote the rules let through: its place in the batch, its context, the voter's key and person, an election's choices */
type Accepted = { i: number; x: Entry; ctx: MeetingCtx; key: string; person: { userId: number | null; userEmail: string | null }; forOther: boolean; choices: number[] | null };

/** what the batch decided for one vote: its answer, its refusal, or "run it alone" (the old path) */
type Outcome = { ok: VoteResult } | { err: unknown } | { alone: true };

/**
 * Group commit for votes on one decision of a meeting (docs/performance.md, P2). Votes on the same decision that
 * arrive while VOTE_BATCHES_IN_FLIGHT batches of that decision are being written wait and form the next batch
 * (at most VOTE_BATCH_MAX votes): one transaction
 * for all of them (the decision read once under FOR SHARE, the meeting and the people of every vote read with
 * one query each, one multi-row insert-or-update of the voter rows, one of the activity rows, and the batch's one
 * outbox event, MeetingChanged), and each request is answered with its own
 * result. A lone vote goes at the next turn of the event loop, so a vote alone waits for nothing.
 *
 * The rules are those of `MeetingDecisionsService.vote`, applied per vote: a vote the rules refuse gets its own
 * error and writes nothing, and the others of its batch are written. Two votes for the same voter in one batch
 * are taken in their order of arrival: the later one is stored, and the earlier one is answered as it was before
 * the later one replaced it (its row and the tallies with its value), as if the two had come one after the other.
 * Two batches of one decision in flight at once touch different voter rows, or wait on the same row's lock (a
 * voter who voted twice), as two single votes would.
 * A secret ballot's votes (docs/ballots.md) batch the same way, with its rules (each voter for themselves, no
 * Pending, once): the batch holds the decision FOR UPDATE (its batches take turns), marks its voters and writes the
 * batch's (receipt, choice) rows into the decision's list rewritten once in a random order (`SecretVotes.castMany`);
 * two votes of one voter in a batch: the first is stored, the later one is refused (409 `vote`, voted already).
 * A secret vote cast for someone else (a proxy's holder, or a refusal) goes the ordinary path.
 * A standalone resolution, an open election, a decision or meeting that is not there, and a batch whose transaction
 * fails are run vote by vote through the ordinary path (`DecisionsRouter.run`), which gives each its own answer.
 */
@Injectable()
export class VoteBatcher {
  /** per decision (org:decision): the votes waiting for a batch and how many batches are being written */
  private readonly lanes = new Map<string, { waiting: Entry[]; running: number }>();

  constructor(
    private readonly db: MeetingDb,
    private readonly router: DecisionsRouter,
    private readonly decisions: DecisionsRepository,
    private readonly meetings: MeetingsRepository,
    private readonly memberRows: MembersRepository,
    private readonly comments: CommentsRepository,
    private readonly directory: Directory,
    private readonly access: MeetingAccess,
    private readonly decisionView: DecisionView,
    private readonly publisher: MeetingPublisher,
    private readonly events: MeetingEvents,
    private readonly secret: SecretVotes,
    private readonly secretBallots: SecretBallotsRepository,
    private readonly conflicts: ConflictsRepository,
    /** VOTE_BATCH_MAX votes at most in one transaction, VOTE_BATCHES_IN_FLIGHT transactions at most per decision */
    @Inject(CONFIG) private readonly config: Pick<MeetingConfig, 'VOTE_BATCH_MAX' | 'VOTE_BATCHES_IN_FLIGHT'>,
  ) {}

  cast(req: VoteReq): Promise<VoteResult> {
    return new Promise<VoteResult>((resolve, reject) => {
      const key = `${req.orgId}:${req.decisionId}`;
      const c = currentContext();
      const entry: Entry = { req, deadline: c?.deadline, correlationId: c?.correlationId, resolve, reject };
      let lane = this.lanes.get(key);
      if (!lane) this.lanes.set(key, (lane = { waiting: [], running: 0 }));
      lane.waiting.push(entry);
      // the first vote of a quiet moment starts a batch at the next turn of the event loop (with whatever else has
      // arrived by then); while batches run, the votes wait for a free one
      if (lane.running < this.config.VOTE_BATCHES_IN_FLIGHT && lane.waiting.length === 1) setImmediate(() => this.start(key));
    });
  }

  /** start batches of one decision while there are votes waiting and fewer than VOTE_BATCHES_IN_FLIGHT run */
  private start(key: string): void {
    const lane = this.lanes.get(key);
    if (!lane) return;
    while (lane.waiting.length && lane.running < this.config.VOTE_BATCHES_IN_FLIGHT) {
      const batch = lane.waiting.splice(0, this.config.VOTE_BATCH_MAX);
      lane.running++;
      void runDetached({ correlationId: `vote-batch-${randomUUID()}` }, () => this.run(batch))
        .catch((e: unknown) => {
          // run answers every vote itself; this is a guard against a bug, never a silent loss
          logger().error({ err: e }, 'vote batch failed unexpectedly');
          for (const x of batch) x.reject(e);
        })
        .finally(() => {
          lane.running--;
          if (lane.waiting.length) this.start(key);
          else if (!lane.running) this.lanes.delete(key);
        });
    }
  }

  /** writes one batch and answers its votes */
  private async run(batch: Entry[]): Promise<void> {
    const now = Date.now();
    const live: Entry[] = [];
    for (const x of batch) {
      if (x.deadline !== undefined && now > x.deadline) x.reject(new AppError('RPC_TIMEOUT', { details: { reason: 'the caller stopped waiting before the transaction began' } }));
      else live.push(x);
    }
    if (!live.length) return;
    const { orgId, decisionId } = live[0].req;
    let outcomes: Outcome[];
    try {
      outcomes = await this.db.tenant(orgId, (s) => this.write(s, decisionId, live));
    } catch (e) {
      // the batch wrote nothing: every vote again, alone, with its own answer
      logger().warn({ err: e, votes: live.length }, 'a batch of votes failed; its votes run one by one');
      outcomes = live.map(() => ({ alone: true }));
    }
    const alone: Entry[] = [];
    live.forEach((x, i) => {
      const o = outcomes[i];
      if ('ok' in o) x.resolve(o.ok);
      else if ('err' in o) x.reject(o.err);
      else alone.push(x);
    });
    await Promise.all(alone.map((x) => this.alone(x)));
  }

  /** the ordinary path for one vote (its own transaction), in its own request's context */
  private alone(x: Entry): Promise<void> {
    return runDetached({ correlationId: x.correlationId ?? randomUUID(), orgId: x.req.orgId, deadline: x.deadline }, () =>
      this.router.run(x.req, (uc, s, d, pending) => uc.vote(s, d, x.req, pending), 'vote').then(x.resolve, x.reject),
    );
  }

  /** one transaction: the batch's reads, the rules per vote, then one write of each kind for the votes accepted */
  private async write(s: Scope, decisionId: number, batch: Entry[]): Promise<Outcome[]> {
    const first = await this.decisions.get(s, decisionId);
    // an open election's votes go one by one (MeetingDecisionsService.vote: its choices are kept on the voter rows)
    if (!first || !first.meetingId || (first.election && first.ballot !== 'secret')) return batch.map(() => ({ alone: true }));
    // a secret ballot's batch: the marks, and the choices under new receipts with the decision's list rewritten once
    // in a random order (SecretVotes.castMany, docs/ballots.md)
    const secret = first.ballot === 'secret';
    const meetingId = first.meetingId;
    // a meeting's decision through the standalone route (/singleDecision/vote/{id}) is not found there
    const out: Outcome[] = batch.map((x) => (x.req.standalone ? { err: AppError.notFound('decision') } : { alone: true }));
    const meeting = await this.meetings.get(s, meetingId);
    if (!meeting) return out.map((o) => ('err' in o ? o : { alone: true }));

    // the people of every vote (the actor, the person voted for), the participant count, the agenda's size
    const who = batch.map((x) => this.whoOf(x.req));
    const rows = await this.memberRows.membersAmong(s, meetingId, {
      userIds: who.flatMap((w) => w.userIds), emails: who.flatMap((w) => w.emails), tokenHashes: who.flatMap((w) => (w.tokenHash ? [w.tokenHash] : [])),
    });
    const participants = await this.memberRows.participantCount(s, meetingId);
    const agendaCount = await this.meetings.agendaCount(s, meetingId);
    // the directory (cached; NATS on a miss) before any row lock
    const org = await this.directory.organization(s.orgId);
    const committee = await this.directory.committee(s.orgId, meeting.committeeId);
    const people = await this.directory.usersById(s.orgId, [meeting.ownerId, ...rows.map((m) => m.userId)]);
    // the decision again, under FOR SHARE: ending or editing it (FOR UPDATE) waits for this batch, and this batch
    // sees the decision as it is once such a change has committed. A secret ballot's under FOR UPDATE: its batches
    // take turns (each rewrites the list; a FOR SHARE taken first and raised later would deadlock two batches)
    const d = await this.decisions.get(s, decisionId, secret ? { lock: true } : { share: true });
    if (!d || d.meetingId !== meetingId || d.ballot !== first.ballot || (d.election && !secret)) return batch.map(() => ({ alone: true }));

    // the rules, vote by vote (as MeetingDecisionsService.vote)
    const considered: Array<Omit<Accepted, 'choices'>> = [];
    batch.forEach((x, i) => {
      if ('err' in out[i]) return;
      try {
        const ctx = this.ctxOf(x.req, who[i], rows, { org, meeting, committee, people, participants, agendaCount });
        if (!isOpenStatus(ctx.meeting.statusId)) throw new AppError('MEETING_LOCKED');
        const t = voteTarget({ actor: x.req.actor, ownKey: ctx.actorKey, guestEmail: ctx.me?.userEmail ?? null, body: x.req.body });
        // someone else's vote by a member who is no admin may be a proxy's: the ordinary path reads the proxies
        if (!t.ok && x.req.actor.kind === 'user' && (x.req.body.user_id || x.req.body.user_email)) {
          out[i] = { alone: true };
          return;
        }
        if (!t.ok) throw new AppError('MEETING_FORBIDDEN');
        // a secret vote for someone else: the ordinary path too (a proxy's holder may cast it; anyone else is refused)
        if (secret && t.forOther) {
          out[i] = { alone: true };
          return;
        }
        considered.push({ i, x, ctx, key: t.key, person: t.person, forOther: t.forOther });
      } catch (e) {
        out[i] = { err: e };
      }
    });
    const existing = new Map((await this.decisions.votersByKeys(s, d.id, considered.map((c) => c.key))).map((v) => [v.voterKey, v]));
    const accepted: Accepted[] = [];
    const clock = new Date();
    const declared = await this.conflicts.ofItems(s, d.talkingPointId === null ? [] : [d.talkingPointId]);
    for (const c of considered) {
      const gate = voteGate(
        { deadline: d.deadline, isFulfilled: d.isFulfilled, decisionable: d.decisionable, meetingStatusId: c.ctx.meeting.statusId },
        { isVoter: existing.has(c.key), isMember: c.ctx.members.some((m) => personKey(m) === c.key), conflicted: conflictBars(declared, d.talkingPointId, c.person.userId) },
        clock,
      );
      if (!gate.open) {
        const reason = gate.reason;
        out[c.i] = {
          err: reason === 'conflict' ? AppError.validation({ vote: MM.conflictNoVote })
            : reason === 'not_voter' || reason === 'not_member' ? new AppError('MEETING_FORBIDDEN', { details: { reason } }) : new AppError('DECISION_VOTING_CLOSED', { details: { reason } }),
        };
        continue;
      }
      // an election's choices among its candidates; any other decision refuses `choices` (409), as the ordinary path
      const ev = electionVote(secret ? (d.election ?? null) : null, c.x.req.body.choices);
      if (!ev.ok) {
        out[c.i] = { err: AppError.validation(ev.errors, ev.params) };
        continue;
      }
      accepted.push({ ...c, choices: ev.choices });
    }
    if (!accepted.length) return out;
    if (secret) return this.writeSecret(s, d, meetingId, accepted, existing, out);

    // the writes: voter rows (a voter who voted twice in this batch: the later vote, as if it came second),
    // activity rows, then the answers and the batch's MeetingChanged
    const row = (a: Accepted) => ({
      userId: a.person.userId, userEmail: a.person.userEmail, vote: a.x.req.body.vote as string, reason: keptReason(a.x.req.body.vote, a.x.req.body.reason), votedBy: a.forOther ? a.x.req.actor.userId : null,
    });
    const last = new Map(accepted.map((a) => [a.key, a]));
    await this.decisions.upsertVotes(s, d.id, [...last.values()].map(row));
    await this.comments.logMany(s, accepted.map(({ ctx, forOther }) => ({
      meetingId: ctx.meeting.id, userId: ctx.actor.userId, userName: ctx.actorName,
      activity: `${ctx.actorName ?? 'Someone'} ${forOther ? `voted for another voter on "${d.title}"` : `voted on "${d.title}"`}`,
    })));
    const keys = accepted.flatMap((a) => (a.ctx.actorKey ? [a.key, a.ctx.actorKey] : [a.key]));
    const voterRows = await this.decisions.votersByKeys(s, d.id, keys);
    const counts = await this.decisions.voteCounts(s, d.id);
    let lastTallies: VoteResult['tallies'] | undefined;
    for (const a of accepted) {
      const { ctx } = a;
      // an earlier vote of a voter who voted again in this batch is answered as it was written before the later one
      const superseded = last.get(a.key) !== a ? { written: row(last.get(a.key)!), mine: row(a) } : null;
      const rowsFor = superseded ? voterRows.map((r) => (r.voterKey === a.key ? { ...r, vote: superseded.mine.vote, reason: superseded.mine.reason, votedBy: superseded.mine.votedBy } : r)) : voterRows;
      const countsFor = superseded ? recount(counts, superseded.written.vote, superseded.mine.vote, voterRows.find((r) => r.voterKey === a.key)?.weight ?? 1) : counts;
      const result = await this.decisionView.voteAnswerFrom(s, d, { meeting: ctx }, { voter: a.key, actor: ctx.actorKey }, rowsFor, countsFor);
      out[a.i] = { ok: result };
      lastTallies = result.tallies;
    }
    await this.publisher.addMany(s.tx, [this.changed(s, meetingId, d, accepted, lastTallies)]);
    return out;
  }

  /**
   * A secret ballot's accepted votes (docs/ballots.md): refused as the ordinary path refuses them (Pending; voted
   * already, a second vote of one voter in this batch included: the first in arrival order is the one stored), then
   * one write for the rest (SecretVotes.castMany: the marks, the weights, the list rewritten once with the batch's
   * new (receipt, choice) in a random order), the activity rows, each voter's answer with their receipt, one
   * MeetingChanged for the batch (its tallies withheld while the ballot is open, as in the answers).
   */
  private async writeSecret(s: Scope, d: DecisionRow, meetingId: number, accepted: Accepted[], existing: Map<string, VoterRow>, out: Outcome[]): Promise<Outcome[]> {
    const seen = new Set<string>();
    const casting: Accepted[] = [];
    for (const a of accepted) {
      const refusal = secretVoteRefusal({ vote: a.x.req.body.vote as Vote, forOther: false, alreadyVoted: !!existing.get(a.key)?.hasVoted || seen.has(a.key) });
      if (refusal) {
        out[a.i] = { err: AppError.validation({ [refusal.field]: refusal.message }) };
        continue;
      }
      seen.add(a.key);
      casting.push(a);
    }
    if (!casting.length) return out;
    const receipts = await this.secret.castMany(s, d, casting.map((a) => ({ key: a.key, vote: a.x.req.body.vote as Vote, choices: a.choices })));
    // a voter the mark missed had a vote committed first (by another batch or the ordinary path): refused, nothing written
    const stored = casting.filter((a) => {
      if (receipts.has(a.key)) return true;
      out[a.i] = { err: SecretVotes.votedAlready() };
      return false;
    });
    if (!stored.length) return out;
    await this.comments.logMany(s, stored.map(({ ctx }) => ({
      meetingId: ctx.meeting.id, userId: ctx.actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} voted on "${d.title}"`,
    })));
    const voterRows = await this.decisions.votersByKeys(s, d.id, stored.flatMap((a) => (a.ctx.actorKey ? [a.key, a.ctx.actorKey] : [a.key])));
    const counts = await this.decisions.voteCounts(s, d.id);
    const secretCounts = await this.secretBallots.counts(s, [d.id]);
    const candidates = await candidateCountsOf(s, [d], this.decisions, this.secretBallots);
    let lastTallies: VoteResult['tallies'] | undefined;
    for (const a of stored) {
      const result = await this.decisionView.voteAnswerFrom(s, d, { meeting: a.ctx }, { voter: a.key, actor: a.ctx.actorKey }, voterRows, counts, secretCounts, receipts.get(a.key)!, candidates);
      out[a.i] = { ok: result };
      lastTallies = result.tallies;
    }
    await this.publisher.addMany(s.tx, [this.changed(s, meetingId, d, stored, lastTallies)]);
    return out;
  }

  /**
   * The meeting's live channel and the other services hear of a batch once, with the tallies after its last vote
   * (which no later vote of the batch superseded): a burst of 1,000 votes was 1,000 MeetingChanged events for every
   * consumer to take and acknowledge. byUserId names the voter when the batch is one vote
   */
  private changed(s: Scope, meetingId: number, d: DecisionRow, written: Accepted[], tallies: VoteResult['tallies'] | undefined): { def: typeof MeetingChanged; payload: unknown } {
    const byUserId = written.length === 1 ? written[0].x.req.actor.userId : null;
    return { def: MeetingChanged, payload: this.events.meetingChangedPayload(s.orgId, meetingId, 'vote', { decisionId: d.id, tallies, byUserId }) };
  }

  /** the member rows one vote needs: the actor's (a guest's by the link's token) and the person voted for */
  private whoOf(req: VoteReq): { userIds: number[]; emails: string[]; tokenHash: string | null } {
    const { actor, body } = req;
    const userIds: number[] = [];
    const emails: string[] = [];
    if (body.user_id) userIds.push(body.user_id);
    else if (body.user_email) emails.push(normalizeEmail(body.user_email));
    if (actor.kind === 'user' && actor.userId) userIds.push(actor.userId);
    const tokenHash = actor.kind === 'guest' && actor.guestToken ? sha256(actor.guestToken) : null;
    return { userIds, emails, tokenHash };
  }

  /** MeetingAccess.loadAmong's context for one vote, from the rows read for the whole batch */
  private ctxOf(
    req: VoteReq, who: { userIds: number[]; emails: string[]; tokenHash: string | null }, all: MemberRow[],
    shared: { org: MeetingCtx['org']; meeting: MeetingCtx['meeting']; committee: MeetingCtx['committee']; people: MeetingCtx['people']; participants: number; agendaCount: number },
  ): MeetingCtx {
    const { actor } = req;
    const ids = new Set(who.userIds);
    const emails = new Set(who.emails);
    // the rows membersAmong would have returned for this vote alone (same order)
    const members = all.filter((m) => (m.userId !== null && ids.has(m.userId)) || (m.userId === null && m.userEmail !== null && emails.has(m.userEmail)) || (who.tokenHash !== null && m.tokenHash === who.tokenHash));
    let me: MemberRow | null = null;
    if (actor.kind === 'guest') {
      me = who.tokenHash ? (members.find((m) => m.tokenHash !== null && m.tokenHash === who.tokenHash) ?? null) : null;
      if (!me) throw new AppError('UNAUTHENTICATED');
    } else if (actor.kind === 'user' && actor.userId) {
      me = members.find((m) => m.userId === actor.userId) ?? null;
    }
    const ctx = this.access.build({
      org: shared.org, actor, meeting: shared.meeting, members, me, committee: shared.committee, agendaCount: shared.agendaCount, variant: req.variant,
      // locked: the decision is held FOR SHARE, and every person the answers and events need was looked up before
      // (a user the directory does not know shows with the stored name, as under any command's lock: no NATS here)
      people: shared.people, participantCount: shared.participants, locked: true,
    });
    if (!canView(ctx.facts)) throw AppError.notFound('meeting');
    // the NDA gate (docs/meeting.md#the-nda-gate): the batched vote path builds its context itself, so it checks too
    if (ndaPending(ctx)) throw new AppError('NDA_NOT_ACCEPTED');
    return ctx;
  }
}

import { Injectable } from '@nestjs/common';
import type { Actor, DecisionPayload, DirectoryCommittee, Variant, VoteResult } from '@app/contracts';
import type { Scope } from '../db/db';
import type { DecisionRow, VoterRow } from '../db/schema';
import type { OrgSettings } from '../common/directory';
import type { People } from '../common/publisher';
import { actorKey } from '../common/actor';
import type { MeetingCtx } from '../common/meeting-access';
import { DecisionsRepository } from '../repositories/decisions.repository';
import { SecretBallotsRepository } from '../repositories/secret-ballots.repository';
import { MeetingView } from './meeting-view';
import { candidateCountsOf, decisionPayload, emptyBundle, voteResult, type CandidateCount, type ViewCtx } from './payloads';

/** What a standalone resolution is shown with: the organization, its committee and the users the caller holds. */
export interface ResolutionScene {
  org: OrgSettings;
  variant: Variant;
  actor: Actor;
  committee: DirectoryCommittee | null;
  people: People;
  /** false under row locks: users the scene does not hold show with their stored names */
  lookup: boolean;
}

/**
 * Decision payloads for both use cases: a decision of a meeting (through the meeting's context) and a
 * standalone resolution (through its committee). Reads only; no rules of its own (rules/decision-rights.ts).
 */
@Injectable()
export class DecisionView {
  constructor(private readonly view: MeetingView, private readonly decisions: DecisionsRepository, private readonly secretBallots: SecretBallotsRepository) {}

  /** one decision of a meeting as the actor sees it */
  inMeeting(s: Scope, ctx: MeetingCtx, decisionId: number): Promise<DecisionPayload> {
    return this.view.decisionIn(s, ctx, decisionId);
  }

  private async resolutionCtx(s: Scope, scene: ResolutionScene, userIds: Array<number | null>): Promise<ViewCtx> {
    const committees = new Map<number, NonNullable<ResolutionScene['committee']>>();
    if (scene.committee) committees.set(scene.committee.id, scene.committee);
    return {
      tz: scene.org.time_zone, now: new Date(), variant: scene.variant, actor: scene.actor, actorKey: actorKey(scene.actor, null),
      users: await this.view.users(s.orgId, userIds, scene.people, scene.lookup), membersByKey: new Map(), committees, meeting: null, perms: null, isMember: true,
    };
  }

  /** a standalone resolution as the actor sees it, read afresh */
  async resolution(s: Scope, scene: ResolutionScene, decisionId: number): Promise<DecisionPayload> {
    const d = await this.decisions.get(s, decisionId);
    if (!d) throw new Error('decision vanished');
    return (await this.resolutions(s, { ...scene, committees: scene.committee ? [scene.committee] : [] }, [d]))[0];
  }

  /** several resolutions (a page of the list), their voters, comments and attachments loaded in bulk */
  async resolutions(s: Scope, scene: Omit<ResolutionScene, 'committee'> & { committees: DirectoryCommittee[] }, rows: DecisionRow[]): Promise<DecisionPayload[]> {
    const b = emptyBundle();
    b.decisions = rows;
    await this.view.fill(s, b);
    const v = await this.resolutionCtx(s, { ...scene, committee: null }, [...b.voters.map((x) => x.userId), ...b.comments.map((c) => c.userId)]);
    for (const c of scene.committees) v.committees.set(c.id, c);
    return rows.map((d) => decisionPayload(d, b, v));
  }

  /**
   * The answer to a vote: the decision's summary as the actor sees it, and the voter row that changed. Built
   * from the tallies (one grouped query) and at most two voter rows, so its cost does not grow with the board.
   */
  async voteAnswer(
    s: Scope, d: DecisionRow, on: { meeting: MeetingCtx } | { resolution: ResolutionScene }, keys: { voter: string; actor: string | null }, receipt: string | null = null,
  ): Promise<VoteResult> {
    const rows = await this.decisions.votersByKeys(s, d.id, keys.actor ? [keys.voter, keys.actor] : [keys.voter]);
    const counts = await this.decisions.voteCounts(s, d.id);
    const secretCounts = d.ballot === 'secret' ? await this.secretBallots.counts(s, [d.id]) : undefined;
    const candidates = await candidateCountsOf(s, [d], this.decisions, this.secretBallots);
    return this.voteAnswerFrom(s, d, on, keys, rows, counts, secretCounts, receipt, candidates);
  }

  /** voteAnswer from rows already read (a batch of votes reads the voter rows and the tallies once for all of them) */
  async voteAnswerFrom(
    s: Scope, d: DecisionRow, on: { meeting: MeetingCtx } | { resolution: ResolutionScene }, keys: { voter: string; actor: string | null },
    allRows: VoterRow[], counts: Array<{ vote: string; n: number; w: number }>, secretCounts?: Array<{ vote: string; n: number; w: number }>, receipt: string | null = null,
    candidates: CandidateCount[] = [],
  ): Promise<VoteResult> {
    const rows = allRows.filter((r) => r.decisionId === d.id && (r.voterKey === keys.voter || (keys.actor !== null && r.voterKey === keys.actor)));
    const b = emptyBundle();
    b.decisions = [d];
    b.voters = rows;
    const v = 'meeting' in on ? await this.view.viewCtx(s.orgId, on.meeting, b) : await this.resolutionCtx(s, on.resolution, rows.map((x) => x.userId));
    return voteResult(d, { rows, counts, secretCounts, candidates }, v, keys.voter, receipt);
  }
}

import { Injectable } from '@nestjs/common';
import { AppError, type Actor, type LiveChangeKind, type Tally } from '@app/contracts';
import { MeetingDb, type Scope } from '../db/db';
import type { DecisionRow } from '../db/schema';
import { Directory } from '../common/directory';
import { MeetingPublisher, type PendingEvent } from '../common/publisher';
import { DecisionsRepository } from '../repositories/decisions.repository';
import { MeetingEvents } from '../events/meeting-events';
import type { DecisionUseCases } from './decision-use-cases';
import { MeetingDecisionsService } from './meeting-decisions.service';
import { ResolutionsService } from './resolutions.service';

/**
 * An existing decision's RPCs name only its id: the router reads the row once, in the request's
 * transaction, and hands it to the use cases of its kind (a meeting's decision or a standalone
 * resolution). `standalone` routes (/singleDecision/...) and a `meetingId` in the request must match it.
 */
@Injectable()
export class DecisionsRouter {
  constructor(
    private readonly db: MeetingDb,
    private readonly publisher: MeetingPublisher,
    private readonly decisions: DecisionsRepository,
    private readonly meeting: MeetingDecisionsService,
    private readonly resolutions: ResolutionsService,
    private readonly events: MeetingEvents,
    private readonly directory: Directory,
  ) {}

  run<T>(
    req: { orgId: string; actor: Actor; decisionId: number; standalone?: boolean; meetingId?: number | null },
    fn: (uc: DecisionUseCases, s: Scope, d: DecisionRow, pending: PendingEvent[]) => Promise<T>,
    /** what the open pages are told (null for a read: reading announces nothing) */
    live: LiveChangeKind | null = 'decision',
  ): Promise<T> {
    return this.publisher.inTx(this.db, req.orgId, async (s, pending) => {
      const d = await this.decisions.get(s, req.decisionId);
      if (!d) throw req.actor.kind === 'guest' ? new AppError('UNAUTHENTICATED') : AppError.notFound('decision');
      if (req.standalone && d.meetingId) throw AppError.notFound('decision');
      if (req.meetingId !== undefined && (req.meetingId ?? null) !== (d.meetingId ?? null)) throw AppError.notFound('decision');
      // a standalone resolution's viewers before the change (the committee asked before any row is locked; cached)
      const before = d.meetingId || !live ? null : await this.viewersBefore(s, d);
      const out = await fn(d.meetingId ? this.meeting : this.resolutions, s, d, pending);
      // the open pages hear of it (a vote with its tallies): the meeting's pages, or the resolutions pages of its viewers
      const tallies = live === 'vote' ? (out as { tallies?: Tally[] }).tallies : undefined;
      if (!live) return out;
      if (d.meetingId) pending.push(this.events.meetingChanged(req.orgId, d.meetingId, live, { decisionId: d.id, tallies, byUserId: req.actor.userId }));
      else if (before) {
        const after = (await this.decisions.votersOf(s, [d.id])).map((v) => v.userId);
        pending.push(this.events.resolutionChanged(req.orgId, d, live === 'vote' ? 'vote' : 'decision', [...before, ...after], { tallies, byUserId: req.actor.userId }));
      }
      return out;
    });
  }

  /** who may see a standalone resolution: the committee's admins and members, its creator, its voters */
  private async viewersBefore(s: Scope, d: DecisionRow): Promise<Array<number | null>> {
    const committee = await this.directory.committee(s.orgId, d.committeeId);
    const voters = await this.decisions.votersOf(s, [d.id]);
    return [...(committee?.admin_ids ?? []), ...(committee?.member_ids ?? []), d.createdBy, ...voters.map((v) => v.userId)];
  }
}

import { Injectable } from '@nestjs/common';
import {
  CastVote, CreateDecision, DeleteDecision, GetBallots, GetDecision, ListArchivedDecisions, ListPendingVoters, ListSingleDecisions, SetDecisionFulfilled, SetDecisionVisibility, UpdateDecision,
  type RequestOf,
} from '@app/contracts';
import { Rpc } from '@app/platform';
import { DecisionsRouter } from './decisions.router';
import { MeetingDecisionsService } from './meeting-decisions.service';
import { PendingVoters } from './pending-voters';
import { ResolutionsService } from './resolutions.service';
import { VoteBatcher } from './vote-batcher';
import { BallotListView } from '../view/ballot-list';

@Injectable()
export class DecisionsHandlers {
  constructor(
    private readonly router: DecisionsRouter,
    private readonly meeting: MeetingDecisionsService,
    private readonly resolutions: ResolutionsService,
    private readonly votes: VoteBatcher,
    private readonly ballotList: BallotListView,
    private readonly pendingVoters: PendingVoters,
  ) {}

  @Rpc(CreateDecision) create(req: RequestOf<typeof CreateDecision>) {
    return req.meetingId ? this.meeting.create({ ...req, meetingId: req.meetingId }) : this.resolutions.create(req);
  }
  @Rpc(GetDecision) get(req: RequestOf<typeof GetDecision>) { return this.router.run(req, (uc, s, d) => uc.get(s, d, req), null); }
  @Rpc(UpdateDecision) update(req: RequestOf<typeof UpdateDecision>) { return this.router.run(req, (uc, s, d, pending) => uc.update(s, d, req, pending)); }
  @Rpc(DeleteDecision) remove(req: RequestOf<typeof DeleteDecision>) { return this.router.run(req, (uc, s, d, pending) => uc.remove(s, d, req, pending)); }
  /** votes on one decision arriving together are written together (VoteBatcher; each still gets its own answer) */
  @Rpc(CastVote) vote(req: RequestOf<typeof CastVote>) { return this.votes.cast(req); }
  /** a closed secret ballot's list: the decision as the caller may see it (404 otherwise), then the list (409 while open) */
  @Rpc(GetBallots) ballots(req: RequestOf<typeof GetBallots>) {
    return this.router.run(req, async (uc, s, d) => this.ballotList.list(s, d, await uc.get(s, d, { ...req, standalone: false })), null);
  }
  @Rpc(SetDecisionVisibility) visibility(req: RequestOf<typeof SetDecisionVisibility>) { return this.router.run(req, (uc, s, d) => uc.visibility(s, d, req)); }
  @Rpc(SetDecisionFulfilled) fulfilled(req: RequestOf<typeof SetDecisionFulfilled>) { return this.router.run(req, (uc, s, d, pending) => uc.fulfilled(s, d, req, pending)); }
  @Rpc(ListArchivedDecisions) archived(req: RequestOf<typeof ListArchivedDecisions>) { return this.meeting.archived(req); }
  /** service to service: the notification service's deadline reminder asks it when it fires */
  @Rpc(ListPendingVoters) pending(req: RequestOf<typeof ListPendingVoters>) { return this.pendingVoters.list(req.orgId, req.decisionId); }
  @Rpc(ListSingleDecisions) standalone(req: RequestOf<typeof ListSingleDecisions>) { return this.resolutions.list(req); }
}

import { Injectable } from '@nestjs/common';
import {
  CastVote, CreateDecision, DeleteDecision, GetDecision, ListArchivedDecisions, ListSingleDecisions, SetDecisionFulfilled, SetDecisionVisibility, UpdateDecision,
  type RequestOf,
} from '@app/contracts';
import { Rpc } from '@app/platform';
import { DecisionsService } from './decisions.service';

@Injectable()
export class DecisionsHandlers {
  constructor(private readonly decisions: DecisionsService) {}

  @Rpc(GetDecision) get(req: RequestOf<typeof GetDecision>) { return this.decisions.get(req); }
  @Rpc(CreateDecision) create(req: RequestOf<typeof CreateDecision>) { return this.decisions.create(req); }
  @Rpc(UpdateDecision) update(req: RequestOf<typeof UpdateDecision>) { return this.decisions.update(req); }
  @Rpc(DeleteDecision) remove(req: RequestOf<typeof DeleteDecision>) { return this.decisions.remove(req); }
  @Rpc(CastVote) vote(req: RequestOf<typeof CastVote>) { return this.decisions.vote(req); }
  @Rpc(SetDecisionVisibility) visibility(req: RequestOf<typeof SetDecisionVisibility>) { return this.decisions.visibility(req); }
  @Rpc(SetDecisionFulfilled) fulfilled(req: RequestOf<typeof SetDecisionFulfilled>) { return this.decisions.fulfilled(req); }
  @Rpc(ListArchivedDecisions) archived(req: RequestOf<typeof ListArchivedDecisions>) { return this.decisions.archived(req); }
  @Rpc(ListSingleDecisions) standalone(req: RequestOf<typeof ListSingleDecisions>) { return this.decisions.listStandalone(req); }
}

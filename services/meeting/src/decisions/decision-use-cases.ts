import type {
  CastVote, DecisionPayload, DeleteDecision, GetDecision, RequestOf, SetDecisionFulfilled, SetDecisionVisibility, UpdateDecision, VoteResult,
} from '@app/contracts';
import type { Scope } from '../db/db';
import type { DecisionRow } from '../db/schema';
import type { PendingEvent } from '../common/publisher';

/**
 * What can be done to an existing decision. Two implementations: MeetingDecisionsService (a decision on a
 * meeting's agenda) and ResolutionsService (a committee's standalone resolution); DecisionsRouter picks
 * one by the decision's row, once, and opens the transaction.
 */
export interface DecisionUseCases {
  get(s: Scope, d: DecisionRow, req: RequestOf<typeof GetDecision>): Promise<DecisionPayload>;
  update(s: Scope, d: DecisionRow, req: RequestOf<typeof UpdateDecision>, pending: PendingEvent[]): Promise<DecisionPayload>;
  remove(s: Scope, d: DecisionRow, req: RequestOf<typeof DeleteDecision>, pending: PendingEvent[]): Promise<{ ok: true; message: string }>;
  vote(s: Scope, d: DecisionRow, req: RequestOf<typeof CastVote>, pending: PendingEvent[]): Promise<VoteResult>;
  visibility(s: Scope, d: DecisionRow, req: RequestOf<typeof SetDecisionVisibility>): Promise<DecisionPayload>;
  fulfilled(s: Scope, d: DecisionRow, req: RequestOf<typeof SetDecisionFulfilled>, pending: PendingEvent[]): Promise<DecisionPayload>;
}

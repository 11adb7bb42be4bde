import { Injectable } from '@nestjs/common';
import {
  AnswerRound, CloseRound, CreateQuestionnaire, ListPendingRespondents, GetQuestionnaire, GetRound, GetRoundResults, ListMyRounds, ListQuestionnaires, SendQuestionnaire, UpdateQuestionnaire,
  type RequestOf,
} from '@app/contracts';
import { Rpc } from '@app/platform';
import { EvaluationsService } from './evaluations.service';

@Injectable()
export class EvaluationsHandlers {
  constructor(private readonly evaluations: EvaluationsService) {}

  @Rpc(ListQuestionnaires) list(req: RequestOf<typeof ListQuestionnaires>) { return this.evaluations.list(req); }
  @Rpc(GetQuestionnaire) get(req: RequestOf<typeof GetQuestionnaire>) { return this.evaluations.get(req); }
  @Rpc(CreateQuestionnaire) create(req: RequestOf<typeof CreateQuestionnaire>) { return this.evaluations.create(req); }
  @Rpc(UpdateQuestionnaire) update(req: RequestOf<typeof UpdateQuestionnaire>) { return this.evaluations.update(req); }
  @Rpc(SendQuestionnaire) send(req: RequestOf<typeof SendQuestionnaire>) { return this.evaluations.send(req); }
  @Rpc(ListMyRounds) mine(req: RequestOf<typeof ListMyRounds>) { return this.evaluations.mine(req); }
  @Rpc(GetRound) round(req: RequestOf<typeof GetRound>) { return this.evaluations.round(req); }
  @Rpc(AnswerRound) answer(req: RequestOf<typeof AnswerRound>) { return this.evaluations.answer(req); }
  @Rpc(ListPendingRespondents) pending(req: RequestOf<typeof ListPendingRespondents>) { return this.evaluations.pending(req.orgId, req.roundId); }
  @Rpc(CloseRound) close(req: RequestOf<typeof CloseRound>) { return this.evaluations.close(req); }
  @Rpc(GetRoundResults) results(req: RequestOf<typeof GetRoundResults>) { return this.evaluations.results(req); }
}

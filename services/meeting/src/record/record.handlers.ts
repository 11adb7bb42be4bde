import { Injectable } from '@nestjs/common';
import { DeclareConflict, SetMotion, WithdrawConflict, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { RecordService } from './record.service';

@Injectable()
export class RecordHandlers {
  constructor(private readonly record: RecordService) {}

  @Rpc(DeclareConflict) declare(req: RequestOf<typeof DeclareConflict>) { return this.record.declare(req); }
  @Rpc(WithdrawConflict) withdraw(req: RequestOf<typeof WithdrawConflict>) { return this.record.withdraw(req); }
  @Rpc(SetMotion) setMotion(req: RequestOf<typeof SetMotion>) { return this.record.setMotion(req); }
}

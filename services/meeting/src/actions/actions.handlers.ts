import { Injectable } from '@nestjs/common';
import { ChangeActionStatus, CreateAction, DeleteAction, GetAction, GetActionTracker, UpdateAction, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { ActionsService } from './actions.service';

@Injectable()
export class ActionsHandlers {
  constructor(private readonly actions: ActionsService) {}

  @Rpc(GetAction) get(req: RequestOf<typeof GetAction>) { return this.actions.get(req); }
  @Rpc(CreateAction) create(req: RequestOf<typeof CreateAction>) { return this.actions.create(req); }
  @Rpc(UpdateAction) update(req: RequestOf<typeof UpdateAction>) { return this.actions.update(req); }
  @Rpc(DeleteAction) remove(req: RequestOf<typeof DeleteAction>) { return this.actions.remove(req); }
  @Rpc(ChangeActionStatus) status(req: RequestOf<typeof ChangeActionStatus>) { return this.actions.changeStatus(req); }
  @Rpc(GetActionTracker) tracker(req: RequestOf<typeof GetActionTracker>) { return this.actions.tracker(req); }
}

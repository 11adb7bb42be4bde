import { Injectable } from '@nestjs/common';
import { AddAttachment, CreateTalkingPoint, DeleteSubpoint, DeleteTalkingPoint, GetTalkingPoint, RemoveAttachment, UpdateTalkingPoint, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { AgendaService } from './agenda.service';

@Injectable()
export class AgendaHandlers {
  constructor(private readonly agenda: AgendaService) {}

  @Rpc(GetTalkingPoint) get(req: RequestOf<typeof GetTalkingPoint>) { return this.agenda.get(req); }
  @Rpc(CreateTalkingPoint) create(req: RequestOf<typeof CreateTalkingPoint>) { return this.agenda.create(req); }
  @Rpc(UpdateTalkingPoint) update(req: RequestOf<typeof UpdateTalkingPoint>) { return this.agenda.update(req); }
  @Rpc(DeleteTalkingPoint) remove(req: RequestOf<typeof DeleteTalkingPoint>) { return this.agenda.remove(req); }
  @Rpc(DeleteSubpoint) removeSubpoint(req: RequestOf<typeof DeleteSubpoint>) { return this.agenda.removeSubpoint(req); }
  @Rpc(AddAttachment) addAttachment(req: RequestOf<typeof AddAttachment>) { return this.agenda.addAttachment(req); }
  @Rpc(RemoveAttachment) removeAttachment(req: RequestOf<typeof RemoveAttachment>) { return this.agenda.removeAttachment(req); }
}

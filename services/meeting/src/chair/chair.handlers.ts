import { Injectable } from '@nestjs/common';
import { EndMeeting, MarkRollCall, PublishAgenda, SetMeetingRoles, StartMeeting, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { ChairService } from './chair.service';

@Injectable()
export class ChairHandlers {
  constructor(private readonly chair: ChairService) {}

  @Rpc(SetMeetingRoles) setRoles(req: RequestOf<typeof SetMeetingRoles>) { return this.chair.setRoles(req); }
  @Rpc(StartMeeting) start(req: RequestOf<typeof StartMeeting>) { return this.chair.start(req); }
  @Rpc(EndMeeting) end(req: RequestOf<typeof EndMeeting>) { return this.chair.end(req); }
  @Rpc(MarkRollCall) rollCall(req: RequestOf<typeof MarkRollCall>) { return this.chair.rollCall(req); }
  @Rpc(PublishAgenda) publishAgenda(req: RequestOf<typeof PublishAgenda>) { return this.chair.publishAgenda(req); }
}

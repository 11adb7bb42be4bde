import { Injectable } from '@nestjs/common';
import { GetCalendar, GetHome, JoinVirtual, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { DashboardService } from './dashboard.service';
import { VirtualService } from '../virtual/virtual.service';

@Injectable()
export class DashboardHandlers {
  constructor(private readonly dashboard: DashboardService, private readonly virtual: VirtualService) {}

  @Rpc(GetCalendar) calendar(req: RequestOf<typeof GetCalendar>) { return this.dashboard.calendar(req); }
  @Rpc(GetHome) home(req: RequestOf<typeof GetHome>) { return this.dashboard.home(req); }
  @Rpc(JoinVirtual) join(req: RequestOf<typeof JoinVirtual>) { return this.virtual.join(req); }
}

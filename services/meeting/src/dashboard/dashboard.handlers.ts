import { Injectable } from '@nestjs/common';
import { GetCalendar, GetHome, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { DashboardService } from './dashboard.service';

@Injectable()
export class DashboardHandlers {
  constructor(private readonly dashboard: DashboardService) {}

  @Rpc(GetCalendar) calendar(req: RequestOf<typeof GetCalendar>) { return this.dashboard.calendar(req); }
  @Rpc(GetHome) home(req: RequestOf<typeof GetHome>) { return this.dashboard.home(req); }
}

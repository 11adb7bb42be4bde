import { Injectable } from '@nestjs/common';
import { GetInformation, GetOrgStatus, ListCalendarIntegrations, ListLogs, UpdateInformation, UpdateOrgModules, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { SettingsService } from './settings.service';

@Injectable()
export class SettingsHandlers {
  constructor(private readonly settings: SettingsService) {}

  @Rpc(GetInformation) info(req: RequestOf<typeof GetInformation>) { return this.settings.getInformation(req.orgId, req.actor); }
  @Rpc(UpdateInformation) updateInfo(req: RequestOf<typeof UpdateInformation>) { return this.settings.updateInformation(req); }
  @Rpc(GetOrgStatus) status(req: RequestOf<typeof GetOrgStatus>) { return this.settings.getStatus(req.orgId, req.actor); }
  @Rpc(UpdateOrgModules) modules(req: RequestOf<typeof UpdateOrgModules>) { return this.settings.updateModules(req); }
  @Rpc(ListCalendarIntegrations) integrations(req: RequestOf<typeof ListCalendarIntegrations>) { return this.settings.integrations(req.orgId, req.actor); }
  @Rpc(ListLogs) logs(req: RequestOf<typeof ListLogs>) { return this.settings.logsPage(req); }
}

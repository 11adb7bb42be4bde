import { Injectable } from '@nestjs/common';
import { GetSsoSettings, SsoCallback, SsoCheck, SsoExchange, TestSsoConnection, UpdateSsoSettings, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { SsoService } from './sso.service';

@Injectable()
export class SsoHandlers {
  constructor(private readonly sso: SsoService) {}

  @Rpc(SsoCheck) check(req: RequestOf<typeof SsoCheck>) { return this.sso.check(req); }
  @Rpc(SsoCallback) callback(req: RequestOf<typeof SsoCallback>) { return this.sso.callback(req); }
  @Rpc(SsoExchange) exchange(req: RequestOf<typeof SsoExchange>) { return this.sso.exchange(req.orgId, req.secret); }
  @Rpc(GetSsoSettings) settings(req: RequestOf<typeof GetSsoSettings>) { return this.sso.getSettings(req.orgId, req.actor); }
  @Rpc(UpdateSsoSettings) update(req: RequestOf<typeof UpdateSsoSettings>) { return this.sso.updateSettings(req.orgId, req.actor, req.settings); }
  @Rpc(TestSsoConnection) test(req: RequestOf<typeof TestSsoConnection>) { return this.sso.testConnection(req); }
}

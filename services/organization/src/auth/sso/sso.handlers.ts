import { Injectable } from '@nestjs/common';
import { SsoCallback, SsoCheck, SsoExchange, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { SsoService } from './sso.service';

@Injectable()
export class SsoHandlers {
  constructor(private readonly sso: SsoService) {}

  @Rpc(SsoCheck) check(req: RequestOf<typeof SsoCheck>) { return this.sso.check(req.orgId, req.email, req.redirectUri); }
  @Rpc(SsoCallback) callback(req: RequestOf<typeof SsoCallback>) { return this.sso.callback(req.code, req.state, req.redirectUri); }
  @Rpc(SsoExchange) exchange(req: RequestOf<typeof SsoExchange>) { return this.sso.exchange(req.orgId, req.secret); }
}

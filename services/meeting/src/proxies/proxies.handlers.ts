import { Injectable } from '@nestjs/common';
import { GiveProxy, ListProxies, RevokeProxy, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { ProxiesService } from './proxies.service';

@Injectable()
export class ProxiesHandlers {
  constructor(private readonly proxies: ProxiesService) {}

  @Rpc(ListProxies) list(req: RequestOf<typeof ListProxies>) { return this.proxies.list(req); }
  @Rpc(GiveProxy) give(req: RequestOf<typeof GiveProxy>) { return this.proxies.give(req); }
  @Rpc(RevokeProxy) revoke(req: RequestOf<typeof RevokeProxy>) { return this.proxies.revoke(req); }
}

import { Injectable } from '@nestjs/common';
import { GetDownloadPolicy, SetDownloadPolicy, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { PolicyService } from './policy.service';

/** RPC handlers of the download policy settings: each calls one use case. */
@Injectable()
export class PolicyHandlers {
  constructor(private readonly policy: PolicyService) {}

  @Rpc(GetDownloadPolicy) get(r: RequestOf<typeof GetDownloadPolicy>) { return this.policy.get(r); }
  @Rpc(SetDownloadPolicy) set(r: RequestOf<typeof SetDownloadPolicy>) { return this.policy.set(r); }
}

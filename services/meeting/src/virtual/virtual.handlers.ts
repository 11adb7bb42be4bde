import { Injectable } from '@nestjs/common';
import { JoinVirtual, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { VirtualService } from './virtual.service';

@Injectable()
export class VirtualHandlers {
  constructor(private readonly virtual: VirtualService) {}

  @Rpc(JoinVirtual) join(req: RequestOf<typeof JoinVirtual>) { return this.virtual.join(req); }
}

import { Injectable } from '@nestjs/common';
import { GetFileChanges, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { ChangesService } from './changes.service';

/** RPC handlers of what changed between versions: each calls one use case. */
@Injectable()
export class ChangesHandlers {
  constructor(private readonly changes: ChangesService) {}

  @Rpc(GetFileChanges) get(r: RequestOf<typeof GetFileChanges>) { return this.changes.changes(r); }
}

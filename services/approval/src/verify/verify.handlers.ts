import { Injectable } from '@nestjs/common';
import { VerifySeal, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { VerifyService } from './verify.service';

/** RPC handler of the public verification of sealed PDFs. */
@Injectable()
export class VerifyHandlers {
  constructor(private readonly verifier: VerifyService) {}

  @Rpc(VerifySeal) verify(r: RequestOf<typeof VerifySeal>) { return this.verifier.verify(r); }
}

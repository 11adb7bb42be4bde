import { Injectable } from '@nestjs/common';
import { GetSigningPage, SavePlacements, SignDocument, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { DocumentsService } from './documents.service';

/** RPC handlers of the signing page: each calls one use case. */
@Injectable()
export class DocumentsHandlers {
  constructor(private readonly documents: DocumentsService) {}

  @Rpc(GetSigningPage) page(r: RequestOf<typeof GetSigningPage>) { return this.documents.page(r); }
  @Rpc(SignDocument) sign(r: RequestOf<typeof SignDocument>) { return this.documents.sign(r); }
  @Rpc(SavePlacements) save(r: RequestOf<typeof SavePlacements>) { return this.documents.save(r); }
}

import { Injectable } from '@nestjs/common';
import {
  CreateApproval, DeleteApproval, DeleteSignature, GetApproval, ListApprovals, ListSignatures, RejectApproval, SaveSignature, SignApproval, SignedDocumentUrl,
  type RequestOf,
} from '@app/contracts';
import { Rpc } from '@app/platform';
import { ApprovalService } from './approval.service';

/** RPC handlers of approvals: each calls one use case. */
@Injectable()
export class ApprovalHandlers {
  constructor(private readonly approvals: ApprovalService) {}

  @Rpc(ListApprovals) list(r: RequestOf<typeof ListApprovals>) { return this.approvals.list(r); }
  @Rpc(GetApproval) get(r: RequestOf<typeof GetApproval>) { return this.approvals.get(r); }
  @Rpc(CreateApproval) create(r: RequestOf<typeof CreateApproval>) { return this.approvals.create(r); }
  @Rpc(DeleteApproval) delete(r: RequestOf<typeof DeleteApproval>) { return this.approvals.delete(r); }
  @Rpc(SignApproval) sign(r: RequestOf<typeof SignApproval>) { return this.approvals.sign(r); }
  @Rpc(RejectApproval) reject(r: RequestOf<typeof RejectApproval>) { return this.approvals.reject(r); }
  @Rpc(SignedDocumentUrl) signedUrl(r: RequestOf<typeof SignedDocumentUrl>) { return this.approvals.signedUrl(r); }
  @Rpc(ListSignatures) listSignatures(r: RequestOf<typeof ListSignatures>) { return this.approvals.listSignatures(r); }
  @Rpc(SaveSignature) saveSignature(r: RequestOf<typeof SaveSignature>) { return this.approvals.saveSignature(r); }
  @Rpc(DeleteSignature) deleteSignature(r: RequestOf<typeof DeleteSignature>) { return this.approvals.deleteSignature(r); }
}

import { z } from 'zod';
import { defineRpc } from '../core/define';
import { paged, zLang, zOk, zTenant } from '../core/common';
import { zAssigneeInput, zPlacement } from './approval.http';
import { zApproval, zApprovalDetails, zApprovalStatus, zApprovalTab, zSavedSignature } from './approval.schemas';

/**
 * RPCs of the approval service (subject approval.v1.*). A guest acts with their token (actor.guestToken) and
 * the assignee id of the guest routes (`guestId`). File bytes never travel here: the service reads and writes
 * the PDFs in S3 itself; a signature image (a small data URL) is the one picture that does.
 */
const id = z.number().int().positive();
const R = <S extends z.ZodRawShape>(shape: S) => zTenant.extend(shape);
/** where the request came from, for the audit certificate */
const zClient = { ip: z.string().max(100).nullable(), userAgent: z.string().max(500).nullable() };

export const ListApprovals = defineRpc({
  subject: 'approval.v1.list',
  request: R({
    tab: zApprovalTab, status: zApprovalStatus.optional(), committeeId: id.optional(), meetingId: id.optional(), search: z.string().optional(),
    fromDate: z.string().optional(), toDate: z.string().optional(), page: id, perPage: id,
  }),
  response: paged(zApproval),
});
export const GetApproval = defineRpc({ subject: 'approval.v1.get', request: R({ approvalId: id, guestId: id.optional() }), response: zApprovalDetails });
export const CreateApproval = defineRpc({
  subject: 'approval.v1.create',
  request: R({
    title: z.string().min(1), description: z.string().optional(), documents: z.array(id).min(1), assignees: z.array(zAssigneeInput).min(1),
    committeeId: id.optional(), meetingId: id.optional(),
    /** the request's language: stored for the guest signers, their e-mails' language (docs/approval.md#guests-language) */
    lang: zLang.optional(),
  }),
  response: zApprovalDetails,
  timeoutMs: 30_000,
});
export const DeleteApproval = defineRpc({ subject: 'approval.v1.delete', request: R({ approvalId: id }), response: zOk });
export const SignApproval = defineRpc({
  subject: 'approval.v1.sign',
  request: R({
    approvalId: id, guestId: id.optional(), comment: z.string().optional(), signatureId: id.optional(), image: z.string().optional(),
    placements: z.array(zPlacement).optional(), reason: z.string().optional(), ...zClient,
  }),
  response: zApprovalDetails,
  timeoutMs: 60_000,
});
export const RejectApproval = defineRpc({
  subject: 'approval.v1.reject',
  request: R({ approvalId: id, guestId: id.optional(), comment: z.string().min(1), ...zClient }),
  response: zApprovalDetails,
});
/** a presigned URL of a document's signed version, once the download rules allow it */
export const SignedDocumentUrl = defineRpc({
  subject: 'approval.v1.signed-url',
  request: R({ approvalId: id, libraryId: id, guestId: id.optional() }),
  response: z.object({ url: z.string(), name: z.string() }),
});

export const ListSignatures = defineRpc({ subject: 'approval.v1.list-signatures', request: R({}), response: z.object({ signatures: z.array(zSavedSignature) }) });
export const SaveSignature = defineRpc({
  subject: 'approval.v1.save-signature',
  request: R({ type: zSavedSignature.shape.type, title: z.string(), payload: z.string() }),
  response: zSavedSignature,
});
export const DeleteSignature = defineRpc({ subject: 'approval.v1.delete-signature', request: R({ signatureId: id }), response: zOk });

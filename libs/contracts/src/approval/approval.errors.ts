import { registerErrors, codesOf, type ErrorSpec } from '../core/errors';

/**
 * Error codes of the approval service (docs/approval.md). Acting out of turn, twice, or after a rejection is a
 * 409 whose message says why; an approval of another organization, or one the caller is not part of, is 404.
 */
export const APPROVAL_ERRORS = {
  APPROVAL_EARLIER_STEP_PENDING: { status: 409, message: 'You cannot sign yet: an earlier step has not signed.' },
  APPROVAL_ALREADY_ACTED: { status: 409, message: 'You have already acted on this approval.' },
  APPROVAL_REJECTED: { status: 409, message: 'This approval has been rejected.' },
  APPROVAL_NOT_ASSIGNEE: { status: 409, message: 'You are not an assignee of this approval.' },
  APPROVAL_NOT_SENDER: { status: 409, message: 'Only the sender can delete this approval.' },
  APPROVAL_DOWNLOAD_REFUSED: { status: 409, message: 'The signed document can be downloaded once every step has signed.' },
  /** POST /api/approvals/verify with a file that is not a PDF (by its first bytes) */
  APPROVAL_VERIFY_NOT_PDF: { status: 415, message: 'Only a PDF can be verified.' },
} as const satisfies Record<string, ErrorSpec>;
registerErrors('approval', APPROVAL_ERRORS);
declare module '../core/errors' {
  interface ErrorTables {
    approval: typeof APPROVAL_ERRORS;
  }
}

export const ApprovalErrors = codesOf(APPROVAL_ERRORS);

/** Field and success messages of approvals (English keys; translations in approval.messages.ts). */
export const ApprovalMessages = {
  titleRequired: 'The title field is required.',
  documentsRequired: 'The documents field is required.',
  assigneesRequired: 'The assignees field is required.',
  choosePdf: 'Choose only pdf',
  documentInvalid: 'The selected document is invalid.',
  userInvalid: 'The selected user is invalid.',
  committeeInvalid: 'The selected committee is invalid.',
  reasonRequired: 'The reason field is required.',
  signatureRequired: 'A signature is required.',
  signatureInvalid: 'The selected signature is invalid.',
  imageType: 'The signature must be a png or jpeg image.',
  placementInvalid: 'The signature must be placed on a page of the document.',
  added: 'approvals added',
  deleted: 'Approval deleted successfully',
  signed: 'Document signed successfully',
  rejected: 'Approval rejected',
  signatureSaved: 'Signature saved',
  signatureDeleted: 'Signature deleted',
  verifyFileRequired: 'Choose the PDF to verify.',
} as const;

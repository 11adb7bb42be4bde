import { DOCUMENT_STATUS, signedName } from '@app/contracts';

/**
 * A document of an approval is downloaded once it is fully signed (sealed) or approved; its sender downloads it at
 * any time (docs/approval.md#rules). Otherwise 409 APPROVAL_DOWNLOAD_REFUSED.
 */
export const mayDownload = (doc: { status: number }, sender: boolean): boolean =>
  doc.status === DOCUMENT_STATUS.fullySigned || doc.status === DOCUMENT_STATUS.approved || sender;

/** a stamped state is named after the original with "-signed" (contract.pdf -> contract-signed.pdf); the copy as sent keeps its name */
export const downloadName = (doc: { status: number; name: string }): string => (doc.status === DOCUMENT_STATUS.new ? doc.name : signedName(doc.name));

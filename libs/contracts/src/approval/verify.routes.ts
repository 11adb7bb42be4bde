import { defineComposedRoute } from '../core/route';
import { ApprovalMessages } from './approval.errors';
import { SEAL_VERIFY_MAX_BYTES, zSealVerification } from './verify.schemas';

/**
 * Verification anyone can use (docs/approval.md#verifying-a-sealed-pdf): a PDF in (multipart `file`, at most 50 MiB:
 * 413 above, 415 for anything but a PDF, 409 without a file), no sign-in, counted per address (429 past the limit).
 * The gateway streams the file to S3 and the approval service reads its seal.
 */
export const SealRoutes = {
  verifySeal: defineComposedRoute({
    method: 'POST', path: '/api/approvals/verify', access: 'public', tags: ['approvals'], response: zSealVerification,
    upload: { kind: 'single', field: 'file', maxBytes: SEAL_VERIFY_MAX_BYTES, stream: 'seal-verify', required: { field: 'file', message: ApprovalMessages.verifyFileRequired } },
    rateLimit: { name: 'seal-verify' },
    summary: 'Verify a sealed PDF (no sign-in): whether its seal is valid and ours, which organization sealed it and when, who signed in which order, and whether anything was added after the seal',
  }),
} as const;

import { z } from 'zod';

/**
 * What `POST /api/approvals/verify` answers about a PDF (docs/approval.md#verifying-a-sealed-pdf):
 * - `valid`: the seal's signature verifies over its whole revision, its certificate is this platform's seal of
 *   the organization named, and nothing follows the seal;
 * - `changed_after_sealing`: the seal is intact and ours, but bytes were added after it (an incremental update:
 *   a later revision may show other content than what was sealed);
 * - `not_valid`: no seal, a broken or foreign one, or a document changed inside the sealed bytes (`reason`).
 */
export const zSealVerdict = z.enum(['valid', 'changed_after_sealing', 'not_valid']);
export const zSealReason = z.enum(['no_signature', 'malformed', 'truncated', 'incomplete_coverage', 'bad_signature', 'digest_mismatch', 'not_our_seal']);

export const zSealSigner = z.object({
  /** 1 = signed first */
  order: z.number().int().positive(),
  step: z.number().int().positive(),
  name: z.string(),
  guest: z.boolean(),
  signed_at: z.string(),
});

export const zSealVerification = z.object({
  verdict: zSealVerdict,
  reason: zSealReason.nullable(),
  /** the seal's signature verifies and the signed bytes are unchanged */
  seal_intact: z.boolean(),
  /** signed with this platform's seal of `organization` */
  ours: z.boolean(),
  /** bytes after the seal's signed range: how many, how many later revisions (%%EOF) and xref sections */
  appended: z.object({ bytes: z.number().int().nonnegative(), revisions: z.number().int().nonnegative(), xref_sections: z.number().int().nonnegative() }).nullable(),
  /** how many signatures the file holds */
  signatures: z.number().int().nonnegative(),
  organization: z.object({ name: z.string() }).nullable(),
  /** when the seal was made (the signature's signing time) */
  sealed_at: z.string().nullable(),
  approval: z.object({ title: z.string(), document: z.string() }).nullable(),
  /** who signed, in order (from the seal record the seal covers); empty when unknown */
  signers: z.array(zSealSigner),
  certificate: z.object({ subject: z.string(), fingerprint: z.string() }).nullable(),
});
export type SealVerification = z.output<typeof zSealVerification>;
export type SealReason = z.output<typeof zSealReason>;

/** The largest PDF the verification takes (413 above it). */
export const SEAL_VERIFY_MAX_BYTES = 50 * 1024 * 1024;

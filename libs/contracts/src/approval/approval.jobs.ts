import { z } from 'zod';
import { defineJob } from '../core/define';
import { zOrgId } from '../core/common';

/**
 * The PDF work of one signature (`signJobId`: the row the sign request wrote with the decision): the signature
 * stamped onto each document as its next library version and, after the last step, the audit certificate page
 * and the organization's seal. Progress is kept on the row; each written version has an idempotency key, so a
 * job retried after a crash writes each version exactly once. docs/approval.md.
 */
export const SignApprovalJob = defineJob({
  queue: 'approval-pdf',
  name: 'sign-approval',
  owner: 'approval',
  payload: z.object({ orgId: zOrgId, approvalId: z.number().int().positive(), signJobId: z.number().int().positive() }),
  attempts: 5,
  backoffMs: 2000,
});

import { z } from 'zod';
import { defineRpc } from '../core/define';
import { zOrgId } from '../core/common';
import { zSealVerification } from './verify.schemas';

/**
 * approval.v1.verify-seal: the gateway streamed the uploaded PDF to S3 (`key`, under the host organization's
 * `seal-verify/` prefix) and asks what its seal says; `orgId` is the host's organization (a seal without a record is
 * checked against it). No actor: verification is public.
 */
export const VerifySeal = defineRpc({
  subject: 'approval.v1.verify-seal',
  request: z.object({ orgId: zOrgId, key: z.string().regex(/^[0-9a-f-]{36}\/seal-verify\/[\w.-]{1,100}$/) }),
  response: zSealVerification,
  timeoutMs: 30_000,
});

import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, guestLinkConfigSchema, jobWorkerConfigSchema, parseConfig, s3ConfigSchema, secret, optionalSecret } from '@app/platform';

export const approvalConfigSchema = baseConfigSchema
  .extend({
    SERVICE_NAME: z.string().default('approval'),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3104),
    /** lifetime of the presigned download URLs of signed documents (each one issued after the download rules) */
    APPROVAL_URL_TTL_SECONDS: z.coerce.number().int().min(5).max(7 * 24 * 3600).default(300),
    /**
     * lifetime of the presigned URLs of the sealed documents in the completion event (ApprovalCompleted): the
     * notification service reads the PDFs from them when it sends the e-mails, never over NATS. A day: the e-mail
     * job's retries and an outbox delayed by a NATS outage fit in it
     */
    APPROVAL_EMAIL_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(86_400),
    /**
     * a pause after a version is registered in the library and before this service records it (0: none); the
     * crash test (services/approval/test/sign-job.int-spec.ts) widens with it the window it kills the worker in
     */
    SIGN_JOB_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** root key of sealed secrets (the organizations' signing keys); required in production */
    AUTH_SECRET: secret('AUTH_SECRET', { min: 16 }),
    /** during a rotation of AUTH_SECRET only (docs/operations.md#rotating-secrets): the secret before it, which still opens what it sealed; removed once re-sealed */
    AUTH_SECRET_PREVIOUS: optionalSecret({ min: 16 }),
  })
  .extend(databaseConfigSchema.shape)
  .extend(s3ConfigSchema.shape)
  .extend(guestLinkConfigSchema.shape)
  .extend(jobWorkerConfigSchema.shape);

export type ApprovalConfig = z.output<typeof approvalConfigSchema>;

export const loadApprovalConfig = (env?: Record<string, string | undefined>): ApprovalConfig => parseConfig(approvalConfigSchema, env);

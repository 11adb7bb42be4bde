import { z } from 'zod';
import { defineEvent } from '../core/define';
import { zOrgId } from '../core/common';
import { zAppPath } from '../core/paths';
import { zRecipient } from '../organization/organization.events';

/**
 * Events of the approval service (stream APPROVAL). Each carries the organization's slug, name and time zone,
 * its recipients and an app path, so the notification service never calls back. ApprovalRequested goes once
 * per signer of the step that has just become current (a guest's link carries their token).
 */
const zOrgInfo = { orgId: zOrgId, orgSlug: z.string().min(1), orgName: z.string(), timeZone: z.string() };
const zApprovalInfo = { approvalId: z.number().int(), title: z.string(), senderName: z.string(), link: zAppPath };

export const ApprovalRequested = defineEvent({
  subject: 'approval.v1.approval.requested',
  payload: z.object({ ...zOrgInfo, ...zApprovalInfo, assigneeId: z.number().int(), guest: z.boolean(), step: z.number().int(), recipient: zRecipient }),
});
export const ApprovalSigned = defineEvent({
  subject: 'approval.v1.approval.signed',
  payload: z.object({ ...zOrgInfo, ...zApprovalInfo, signerName: z.string(), recipients: z.array(zRecipient) }),
});
export const ApprovalRejected = defineEvent({
  subject: 'approval.v1.approval.rejected',
  payload: z.object({ ...zOrgInfo, ...zApprovalInfo, signerName: z.string(), reason: z.string(), recipients: z.array(zRecipient) }),
});
/**
 * A sealed PDF the completion e-mail carries: its name (`…-signed.pdf`), its size and a presigned URL of the sealed
 * object, from which the notification service reads the bytes (never over NATS) when the e-mail is sent
 */
export const zSealedDocument = z.object({ name: z.string().min(1), size: z.number().int().nonnegative(), url: z.url({ protocol: /^https?$/ }) });
export type SealedDocument = z.output<typeof zSealedDocument>;

/**
 * Published once the last signature's PDF work has sealed every document (not when the signature is recorded): the
 * sender and every member signer (`recipients`, with the approval's page) and every guest signer (`guests`, whose
 * page needs the token of their link) are told, each with the sealed documents.
 */
export const ApprovalCompleted = defineEvent({
  subject: 'approval.v1.approval.completed',
  payload: z.object({
    ...zOrgInfo, ...zApprovalInfo, recipients: z.array(zRecipient),
    guests: z.array(zRecipient).default([]),
    documents: z.array(zSealedDocument).default([]),
  }),
});

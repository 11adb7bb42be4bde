import { z } from 'zod';
import { zId } from '../core/common';
import { defineComposedRoute, defineFileRoute, defineRoute } from '../core/route';
import { ApprovalMessages } from './approval.errors';
import { zApprovalListQuery, zApproveBody, zCreateApprovalBody, zRejectBody, zSignatureBody } from './approval.http';
import { CreateApproval, DeleteApproval, DeleteSignature, GetApproval, ListApprovals, ListSignatures, SaveSignature } from './approval.rpc';
import { zApprovalDetails } from './approval.schemas';

const tags = ['approvals'];
const zIdParams = z.object({ id: zId });
const zGuestParams = z.object({ id: zId, guestId: zId });
const zSignedParams = z.object({ id: zId, library_id: zId });

/**
 * Approvals and signing (docs/approval.md): documents from the library signed step by step by members,
 * committees' members and guests (token links). Sign and reject are composed in the gateway (the caller's
 * address and browser go into the audit certificate); downloads answer the signed version's bytes. Guests act through their own routes with their token (query `token`, or the path's last segment).
 */
export const ApprovalRoutes = {
  listApprovals: defineRoute({
    method: 'GET', path: '/api/approvals', access: 'user', tags, query: zApprovalListQuery, answer: 'paged',
    summary: 'Approvals the caller is part of: tab=all|action_required|waiting|completed, status, committee_id, search, from_date, to_date, page, per_page; meeting_id (with paginate) lists a meeting\'s approvals',
    rpc: ListApprovals,
    toRpc: ({ call, query }) => ({
      ...call, tab: query.tab, status: query.status, committeeId: query.committee_id, meetingId: query.meeting_id, search: query.search,
      fromDate: query.from_date, toDate: query.to_date, page: query.paginate ?? query.page, perPage: query.per_page,
    }),
  }),
  createApproval: defineRoute({
    method: 'POST', path: '/api/approvals', access: 'user', tags, body: zCreateApprovalBody, message: ApprovalMessages.added,
    summary: 'Create an approval {title, documents: library PDF ids, assignees: [{user_id|committee_id|email+guest_name, order, can_edit}], committee_id, meeting_id}; the first step is asked to sign',
    rpc: CreateApproval,
    toRpc: ({ call, body }) => ({ ...call, title: body.title, description: body.description, documents: body.documents, assignees: body.assignees, committeeId: body.committee_id, meetingId: body.meeting_id }),
  }),
  approvalDetails: defineRoute({
    method: 'GET', path: '/api/approvals/:id', access: 'user', tags, params: zIdParams,
    summary: 'An approval: header, documents, assignees by step, versions, and what the caller may do (can_sign, can_download, can_edit, note)',
    rpc: GetApproval, toRpc: ({ call, params }) => ({ ...call, approvalId: params.id }),
  }),
  deleteApproval: defineRoute({
    method: 'DELETE', path: '/api/approvals/:id', access: 'user', tags, params: zIdParams, answer: 'empty', message: ApprovalMessages.deleted,
    summary: 'Delete an approval (its sender or an administrator); the library keeps the documents and their versions',
    rpc: DeleteApproval, toRpc: ({ call, params }) => ({ ...call, approvalId: params.id }),
  }),
  guestApprovalDetails: defineRoute({
    method: 'GET', path: '/api/approvals/:id/guest_approval/:guestId', access: 'guest', tags, params: zGuestParams,
    summary: 'The approval as a guest sees it through their token link (?token=)',
    rpc: GetApproval, toRpc: ({ call, params }) => ({ ...call, approvalId: params.id, guestId: params.guestId }),
  }),
  approveApproval: defineComposedRoute({
    method: 'POST', path: '/api/approvals/:id/approve', access: 'user', tags, params: zIdParams, body: zApproveBody, response: zApprovalDetails, message: ApprovalMessages.signed,
    summary: 'Sign the current step {file (png/jpeg data URL) or signature_id, comment, sign_data placements}: the signature is stamped onto a new version of each document; the last step seals them',
  }),
  guestApprove: defineComposedRoute({
    method: 'POST', path: '/api/approvals/:id/guest_approve/:guestId', access: 'guest', tags, params: zGuestParams, body: zApproveBody, response: zApprovalDetails, message: ApprovalMessages.signed,
    summary: 'A guest signs through their token link (?token=) {file, comment, sign_data}',
  }),
  rejectApproval: defineComposedRoute({
    method: 'POST', path: '/api/approvals/:id/reject', access: 'user', tags, params: zIdParams, body: zRejectBody, response: zApprovalDetails, message: ApprovalMessages.rejected,
    summary: 'Reject the current step {comment: the reason, required}: the approval ends and the sender is told',
  }),
  guestReject: defineComposedRoute({
    method: 'POST', path: '/api/approvals/:id/guest_reject/:guestId', access: 'guest', tags, params: zGuestParams, body: zRejectBody, response: zApprovalDetails, message: ApprovalMessages.rejected,
    summary: 'A guest rejects through their token link (?token=) {comment}',
  }),
  signedDocument: defineFileRoute({
    method: 'GET', path: '/api/approvals/:id/signed/:library_id', access: 'user', tags, params: zSignedParams,
    summary: 'Download a signed document (old mode): the PDF once every step has signed, or for the sender',
  }),
  newSignedDocument: defineFileRoute({
    method: 'GET', path: '/api/approvals/:id/new_signed/:library_id', access: 'guest', tags, params: zSignedParams,
    summary: 'Download a signed document (new mode, ?token= for a guest): the PDF under the same rules',
  }),
  guestNewSignedDocument: defineFileRoute({
    method: 'GET', path: '/api/approvals/guest/:id/new_signed/:library_id/:token', access: 'guest', tags, params: zSignedParams.extend({ token: z.string().min(16).max(200) }),
    summary: 'A guest downloads a signed document with the token in the path',
  }),
  guestSignedDocument: defineFileRoute({
    method: 'GET', path: '/api/approvals/guest/:id/signed/:library_id', access: 'guest', tags, params: zSignedParams,
    summary: 'A guest downloads a signed document (old mode, ?token=)',
  }),

  listSignatures: defineRoute({
    method: 'GET', path: '/api/userprofile/signatures', access: 'user', tags, summary: "The caller's saved signatures and stamps",
    rpc: ListSignatures, toRpc: ({ call }) => ({ ...call }),
  }),
  saveSignature: defineRoute({
    method: 'POST', path: '/api/userprofile/signatures', access: 'user', tags, body: zSignatureBody, message: ApprovalMessages.signatureSaved,
    summary: 'Save a signature or stamp {type: signature|signature_image, title, payload: png or jpeg data URL}',
    rpc: SaveSignature, toRpc: ({ call, body }) => ({ ...call, type: body.type, title: body.title, payload: body.payload }),
  }),
  deleteSignature: defineRoute({
    method: 'DELETE', path: '/api/userprofile/signatures/:id', access: 'user', tags, params: zIdParams, answer: 'empty', message: ApprovalMessages.signatureDeleted,
    summary: 'Delete one of the caller\'s saved signatures',
    rpc: DeleteSignature, toRpc: ({ call, params }) => ({ ...call, signatureId: params.id }),
  }),
} as const;

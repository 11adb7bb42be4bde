import { z } from 'zod';
import { zId } from '../core/common';
import { defineComposedRoute } from '../core/route';
import { zDocumentActionBody } from './documents.http';
import { zDocumentResponse } from './documents.schemas';

const tags = ['approvals'];
const zIdParams = z.object({ id: zId });
const zGuestParams = z.object({ id: zId, guestId: zId });

/**
 * The signing page (docs/approval.md#the-signing-page): `{id}` is the approval's. The answers are the spec's
 * document response `{success, message?, payload}`. Composed in the gateway: the sign post carries the caller's
 * address and browser into the audit certificate. Guests call the guest variants with their token (`?token=`).
 */
export const DocumentRoutes = {
  signingDocument: defineComposedRoute({
    method: 'GET', path: '/api/documents/:id', access: 'user', tags, params: zIdParams, answer: 'raw', response: zDocumentResponse,
    summary: "The signing page: the approval's documents (pages' sizes in points, a short-lived URL each), the caller's saved signatures and stamps, the boxes already placed, can_sign, can_download, note, approval_mode",
  }),
  guestSigningDocument: defineComposedRoute({
    method: 'GET', path: '/api/documents/guest/:id/:guestId', access: 'guest', tags, params: zGuestParams, answer: 'raw', response: zDocumentResponse,
    summary: 'The signing page of a guest (?token= of their link)',
  }),
  signDocument: defineComposedRoute({
    method: 'POST', path: '/api/documents/:id', access: 'user', tags, params: zIdParams, body: zDocumentActionBody, answer: 'raw', response: zDocumentResponse,
    summary: "Sign with placed boxes {id, action: 'sign', reason, has_returnurl, file | signature_id, stamp_file | stamp_id, sign_data: [{library_id, pageNum, type, px, py, width, height, pageWidth, pageHeight, options}]} (every document needs a signature on a page); action 'save' keeps the boxes without signing (the sender: for assignees, with assignee_id)",
  }),
  guestSignDocument: defineComposedRoute({
    method: 'POST', path: '/api/documents/guest/:id/:guestId', access: 'guest', tags, params: zGuestParams, body: zDocumentActionBody, answer: 'raw', response: zDocumentResponse,
    summary: 'A guest signs (or saves boxes) through their token link (?token=), as POST /api/documents/{id}',
  }),
} as const;

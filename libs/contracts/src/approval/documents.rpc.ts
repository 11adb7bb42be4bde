import { z } from 'zod';
import { defineRpc } from '../core/define';
import { zTenant } from '../core/common';
import { zDocumentPlacement } from './documents.http';
import { zSigningPage } from './documents.schemas';

/**
 * RPCs of the signing page (subject approval.v1.*): read it, sign with placed boxes, save boxes. Guests act with
 * their token (actor.guestToken) and the assignee id of the guest routes (`guestId`).
 */
const id = z.number().int().positive();
const R = <S extends z.ZodRawShape>(shape: S) => zTenant.extend(shape);
const zClient = { ip: z.string().max(100).nullable(), userAgent: z.string().max(500).nullable() };

export const GetSigningPage = defineRpc({
  subject: 'approval.v1.signing-page',
  request: R({ approvalId: id, guestId: id.optional() }),
  response: zSigningPage,
  timeoutMs: 30_000,
});

export const SignDocument = defineRpc({
  subject: 'approval.v1.sign-document',
  request: R({
    approvalId: id, guestId: id.optional(), comment: z.string().optional(), reason: z.string().optional(),
    signatureId: id.optional(), image: z.string().optional(), stampId: id.optional(), stampImage: z.string().optional(),
    placements: z.array(zDocumentPlacement), ...zClient,
  }),
  response: zSigningPage,
  timeoutMs: 60_000,
});

export const SavePlacements = defineRpc({
  subject: 'approval.v1.save-placements',
  request: R({ approvalId: id, guestId: id.optional(), placements: z.array(zDocumentPlacement) }),
  response: zSigningPage,
  timeoutMs: 30_000,
});

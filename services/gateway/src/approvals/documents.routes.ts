import { Injectable } from '@nestjs/common';
import { AppError, ApprovalMessages, DocumentMessages, GetSigningPage, Routes, SavePlacements, SignDocument, translate, type DocumentActionBody, type MemberCall, type SigningPage } from '@app/contracts';
import { Bus } from '@app/platform';
import { Implements, type RouteContext, type RouteResult } from '../core/routes';
import type { ApiRequest } from '../core/request';

const client = (req: ApiRequest) => ({ ip: req.ip ?? null, userAgent: (req.header('user-agent') ?? '').slice(0, 500) || null });

/**
 * The signing page's routes (docs/approval.md#the-signing-page): the spec's document response
 * `{success, message?, payload}`. The sign post carries the caller's address and browser (the audit certificate
 * lists them); `action` picks signing or saving the boxes.
 */
@Injectable()
export class DocumentGatewayRoutes {
  constructor(private readonly bus: Bus) {}

  private async read(call: MemberCall, approvalId: number, guestId?: number) {
    return { success: true as const, payload: await this.bus.request(GetSigningPage, { orgId: call.orgId, actor: call.actor, approvalId, guestId }) };
  }

  private async act(call: MemberCall, req: ApiRequest, approvalId: number, body: DocumentActionBody, guestId?: number) {
    // the spec's sign post names the approval in its body too: another id is a mistake, not a second approval
    if (body.id !== undefined && body.id !== approvalId) throw AppError.validation({ id: DocumentMessages.idMismatch });
    let payload: SigningPage;
    if (body.action === 'save') {
      payload = await this.bus.request(SavePlacements, { orgId: call.orgId, actor: call.actor, approvalId, guestId, placements: body.sign_data });
    } else {
      payload = await this.bus.request(SignDocument, {
        orgId: call.orgId, actor: call.actor, approvalId, guestId, comment: body.comment, reason: body.reason,
        signatureId: body.signature_id, image: body.file, stampId: body.stamp_id, stampImage: body.stamp_file, placements: body.sign_data, ...client(req),
      });
    }
    const message = translate(body.action === 'save' ? DocumentMessages.placementsSaved : ApprovalMessages.signed, call.lang);
    return { success: true as const, message, payload };
  }

  @Implements(Routes.signingDocument)
  page({ call, params }: RouteContext<typeof Routes.signingDocument>): Promise<RouteResult<typeof Routes.signingDocument>> {
    return this.read(call, params.id);
  }

  @Implements(Routes.guestSigningDocument)
  guestPage({ call, params }: RouteContext<typeof Routes.guestSigningDocument>): Promise<RouteResult<typeof Routes.guestSigningDocument>> {
    return this.read(call, params.id, params.guestId);
  }

  @Implements(Routes.signDocument)
  sign({ call, params, body, req }: RouteContext<typeof Routes.signDocument>): Promise<RouteResult<typeof Routes.signDocument>> {
    return this.act(call, req, params.id, body);
  }

  @Implements(Routes.guestSignDocument)
  guestSign({ call, params, body, req }: RouteContext<typeof Routes.guestSignDocument>): Promise<RouteResult<typeof Routes.guestSignDocument>> {
    return this.act(call, req, params.id, body, params.guestId);
  }
}

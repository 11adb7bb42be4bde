import { Injectable } from '@nestjs/common';
import { AppError, RejectApproval, Routes, SignApproval, SignedDocumentUrl } from '@app/contracts';
import { Bus } from '@app/platform';
import { FileAnswer, Implements, type RouteContext, type RouteResult } from '../core/routes';
import type { ApiRequest } from '../core/request';

const client = (req: ApiRequest) => ({ ip: req.ip ?? null, userAgent: (req.header('user-agent') ?? '').slice(0, 500) || null });

/**
 * Approval routes that compose: sign and reject carry the caller's address and browser (the audit certificate
 * lists them), downloads answer the signed version's bytes once the service's rules allow it.
 */
@Injectable()
export class ApprovalGatewayRoutes {
  constructor(private readonly bus: Bus) {}

  @Implements(Routes.approveApproval)
  approve({ call, params, body, req }: RouteContext<typeof Routes.approveApproval>): Promise<RouteResult<typeof Routes.approveApproval>> {
    return this.bus.request(SignApproval, {
      orgId: call.orgId, actor: call.actor, approvalId: params.id, comment: body.comment, signatureId: body.signature_id, image: body.file, placements: body.sign_data, reason: body.reason, ...client(req),
    });
  }

  @Implements(Routes.guestApprove)
  guestApprove({ call, params, body, req }: RouteContext<typeof Routes.guestApprove>): Promise<RouteResult<typeof Routes.guestApprove>> {
    return this.bus.request(SignApproval, {
      orgId: call.orgId, actor: call.actor, approvalId: params.id, guestId: params.guestId, comment: body.comment, image: body.file, placements: body.sign_data, reason: body.reason, ...client(req),
    });
  }

  @Implements(Routes.rejectApproval)
  reject({ call, params, body, req }: RouteContext<typeof Routes.rejectApproval>): Promise<RouteResult<typeof Routes.rejectApproval>> {
    return this.bus.request(RejectApproval, { orgId: call.orgId, actor: call.actor, approvalId: params.id, comment: body.comment, ...client(req) });
  }

  @Implements(Routes.guestReject)
  guestReject({ call, params, body, req }: RouteContext<typeof Routes.guestReject>): Promise<RouteResult<typeof Routes.guestReject>> {
    return this.bus.request(RejectApproval, { orgId: call.orgId, actor: call.actor, approvalId: params.id, guestId: params.guestId, comment: body.comment, ...client(req) });
  }

  /** the signed file's bytes (the spec's "signed file blob"), read from S3 through the URL the service issued after its rules */
  private async redirect(call: { orgId: string; actor: RouteContext<typeof Routes.signedDocument>['call']['actor'] }, approvalId: number, libraryId: number) {
    const { url, name } = await this.bus.request(SignedDocumentUrl, { orgId: call.orgId, actor: call.actor, approvalId, libraryId });
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new AppError('UNAVAILABLE', { details: { what: 'storage', status: res.status } });
    const bytes = Buffer.from(await res.arrayBuffer());
    const file = name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`;
    return new FileAnswer(bytes, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.length),
      'Content-Disposition': `attachment; filename="${file.replace(/[^\w. -]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file)}`,
      'Cache-Control': 'private, no-store',
    }) as never;
  }

  @Implements(Routes.signedDocument)
  signed({ call, params }: RouteContext<typeof Routes.signedDocument>): Promise<RouteResult<typeof Routes.signedDocument>> {
    return this.redirect(call, params.id, params.library_id);
  }
  @Implements(Routes.newSignedDocument)
  newSigned({ call, params }: RouteContext<typeof Routes.newSignedDocument>): Promise<RouteResult<typeof Routes.newSignedDocument>> {
    return this.redirect(call, params.id, params.library_id);
  }
  @Implements(Routes.guestNewSignedDocument)
  guestNewSigned({ call, params }: RouteContext<typeof Routes.guestNewSignedDocument>): Promise<RouteResult<typeof Routes.guestNewSignedDocument>> {
    return this.redirect(call, params.id, params.library_id);
  }
  @Implements(Routes.guestSignedDocument)
  guestSigned({ call, params }: RouteContext<typeof Routes.guestSignedDocument>): Promise<RouteResult<typeof Routes.guestSignedDocument>> {
    return this.redirect(call, params.id, params.library_id);
  }
}

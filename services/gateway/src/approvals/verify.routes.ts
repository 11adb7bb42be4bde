import { Injectable } from '@nestjs/common';
import { AppError, ApprovalErrors, Routes, VerifySeal } from '@app/contracts';
import { Bus, logger, Storage } from '@app/platform';
import { Implements, type RouteContext, type RouteResult } from '../core/routes';

/**
 * POST /api/approvals/verify (public, docs/approval.md#verifying-a-sealed-pdf): the upload interceptor streamed the
 * file to S3 under the host organization's `seal-verify/` prefix (bounded: 413 past the limit); anything but a PDF by
 * its first bytes is 415; the approval service reads the seal; the object is removed whatever the outcome.
 */
@Injectable()
export class SealVerifyGatewayRoutes {
  constructor(private readonly bus: Bus, private readonly storage: Storage) {}

  @Implements(Routes.verifySeal)
  async verify({ call, stored }: RouteContext<typeof Routes.verifySeal>): Promise<RouteResult<typeof Routes.verifySeal>> {
    if (!stored || !call.orgId) throw new AppError('INVALID_ORGANIZATION');
    try {
      if (stored.kind.kind !== 'pdf') throw new AppError(ApprovalErrors.APPROVAL_VERIFY_NOT_PDF);
      return await this.bus.request(VerifySeal, { orgId: call.orgId, key: stored.key });
    } finally {
      await this.storage.remove(stored.key).catch((err: unknown) => logger().warn({ err, key: stored.key }, 'a verified PDF was left in S3'));
    }
  }
}

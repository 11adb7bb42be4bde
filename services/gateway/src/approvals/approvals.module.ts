import { Module } from '@nestjs/common';
import { CoreModule } from '../core/core.module';
import { ApprovalGatewayRoutes } from './approvals.routes';
import { DocumentGatewayRoutes } from './documents.routes';
import { SealVerifyGatewayRoutes } from './verify.routes';

/** Routes of the approval service that compose (sign, reject, signed-document downloads, the signing page). */
@Module({
  imports: [CoreModule],
  providers: [ApprovalGatewayRoutes, DocumentGatewayRoutes, SealVerifyGatewayRoutes],
})
export class ApprovalsGatewayModule {}

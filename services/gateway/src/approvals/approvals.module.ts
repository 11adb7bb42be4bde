import { Module } from '@nestjs/common';
import { CoreModule } from '../core/core.module';
import { ApprovalGatewayRoutes } from './approvals.routes';

/** Routes of the approval service that compose (sign, reject, signed-document downloads). */
@Module({
  imports: [CoreModule],
  providers: [ApprovalGatewayRoutes],
})
export class ApprovalsGatewayModule {}

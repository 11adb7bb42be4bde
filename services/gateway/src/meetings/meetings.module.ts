import { Module } from '@nestjs/common';
import { CoreModule } from '../core/core.module';
import { MeetingsRoutes } from './meetings.routes';
import { EvaluationsRoutes } from './evaluations.routes';
import { MinutesFieldsCache } from './minutes-fields-cache';

/**
 * Routes of the meeting service (docs/product/meetings.md#api). They are in the route table (libs/contracts/src/meeting/*.routes.ts);
 * most forward to one RPC, and the few that shape their answer are implemented by MeetingsRoutes.
 */
@Module({
  imports: [CoreModule],
  providers: [MeetingsRoutes, EvaluationsRoutes, MinutesFieldsCache],
})
export class MeetingsGatewayModule {}

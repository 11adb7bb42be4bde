import { Module } from '@nestjs/common';
import { CoreModule } from '../core/core.module';
import { QueueDashboard } from './queue-dashboard';

/**
 * The queue dashboard at /admin/queues. The notification service's /api routes (the reminders widget) are in the
 * route table (libs/contracts/src/notification/notification.routes.ts) and forward to its RPCs.
 */
@Module({
  imports: [CoreModule],
  providers: [QueueDashboard],
})
export class NotificationsGatewayModule {}

import { Module } from '@nestjs/common';
import { CoreModule } from '../core/core.module';
import { QueueDashboard } from './queue-dashboard';
import { RemindersController } from './reminders.controller';

/** Routes of the notification service (reminders widget) and the queue dashboard at /admin/queues. */
@Module({
  imports: [CoreModule],
  controllers: [RemindersController],
  providers: [QueueDashboard],
})
export class NotificationsGatewayModule {}

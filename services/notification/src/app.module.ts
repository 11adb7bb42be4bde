import { DynamicModule, Module } from '@nestjs/common';
import { ReminderDue, SendEmail } from '@app/contracts';
import { PlatformModule } from '@app/platform';
import type { NotificationConfig } from './config';
import { NotificationDb } from './common/notification-db';
import { notificationTables } from './db/tables';
import { AccountConsumers } from './account/account.consumers';
import { DirectoryConsumers } from './directory/directory.consumers';
import { DirectoryRepository } from './directory/directory.repository';
import { DirectoryService } from './directory/directory.service';
import { EmailOutbox } from './email/email.service';
import { EmailProcessor } from './email/email.processor';
import { EmailRepository } from './email/email.repository';
import { SentLog } from './email/sent-log';
import { Mailer } from './email/mailer';
import { ApprovalConsumers } from './approvals/approvals.consumers';
import { MeetingConsumers } from './meetings/meetings.consumers';
import { ReminderProcessor } from './reminders/reminder.processor';
import { RemindersHandlers } from './reminders/reminders.handlers';
import { RemindersRepository } from './reminders/reminders.repository';
import { RemindersService } from './reminders/reminders.service';
import { SchedulerService } from './reminders/scheduler.service';
import { SchedulesRepository } from './reminders/schedules.repository';

/**
 * services/notification: domain events in, e-mail (BullMQ jobs over SMTP) and in-app reminders out.
 * Consumers (*.consumers.ts) decide who gets what and add jobs; processors (*.processor.ts) send.
 */
@Module({})
export class AppModule {
  static register(config: NotificationConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'notification',
          config,
          db: { schema: notificationTables },
          queues: {
            produces: [SendEmail, ReminderDue],
            processes: [SendEmail, ReminderDue],
            concurrency: config.EMAIL_CONCURRENCY,
            worker: { lockDurationMs: config.JOB_LOCK_MS, stalledIntervalMs: config.JOB_STALLED_INTERVAL_MS, maxStalledCount: 3 },
          },
          streams: ['organization', 'meeting', 'approval'],
        }),
      ],
      providers: [
        NotificationDb,
        DirectoryRepository,
        DirectoryService,
        DirectoryConsumers,
        EmailRepository,
        SentLog,
        EmailOutbox,
        Mailer,
        EmailProcessor,
        AccountConsumers,
        RemindersRepository,
        RemindersService,
        RemindersHandlers,
        SchedulesRepository,
        SchedulerService,
        ReminderProcessor,
        MeetingConsumers,
        ApprovalConsumers,
      ],
    };
  }
}

import { DynamicModule, Module } from '@nestjs/common';
import { ReminderDue, SendEmail } from '@app/contracts';
import { PlatformModule } from '@app/platform';
import type { NotificationConfig } from './config';
import { NotificationDb } from './common/notification-db';
import { notificationTables } from './db/tables';
import { AccountConsumers } from './account/account.consumers';
import { DirectoryConsumers } from './directory/directory.consumers';
import { DirectoryService } from './common/directory';
import { EmailOutbox } from './common/email-outbox';
import { ReminderInbox } from './common/reminder-inbox';
import { SchedulerService } from './common/scheduler';
import { DirectoryRepository } from './repositories/directory.repository';
import { EmailRepository } from './repositories/email.repository';
import { RemindersRepository } from './repositories/reminders.repository';
import { SchedulesRepository } from './repositories/schedules.repository';
import { EmailProcessor } from './email/email.processor';
import { SentLog } from './email/sent-log';
import { Mailer } from './email/mailer';
import { ApprovalConsumers } from './approvals/approvals.consumers';
import { MinutesConsumers } from './minutes/minutes.consumers';
import { EvaluationConsumers } from './evaluations/evaluations.consumers';
import { LibraryConsumers } from './library/library.consumers';
import { MeetingConsumers } from './meetings/meetings.consumers';
import { ReminderProcessor } from './reminders/reminder.processor';
import { RemindersHandlers } from './reminders/reminders.handlers';
import { RemindersService } from './reminders/reminders.service';

/**
 * services/notification: domain events in, e-mail (BullMQ jobs over SMTP) and in-app reminders out.
 * Consumers (*.consumers.ts) decide who gets what and add jobs; processors (*.processor.ts) send.
 * Layout as in the meeting service: feature folders (account, approvals, directory, email, meetings, reminders)
 * never import each other; what two need lives below them in common/ (directory, e-mail outbox, reminder inbox,
 * scheduler), repositories/ (the only SQL), rules/ (pure, table-tested), templates/ and db/.
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
          streams: ['organization', 'meeting', 'approval', 'library', 'minutes'],
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
        ReminderInbox,
        RemindersService,
        RemindersHandlers,
        SchedulesRepository,
        SchedulerService,
        ReminderProcessor,
        MeetingConsumers,
        ApprovalConsumers,
        MinutesConsumers,
        EvaluationConsumers,
        LibraryConsumers,
      ],
    };
  }
}

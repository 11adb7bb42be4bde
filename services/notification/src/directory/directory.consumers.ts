import { Injectable } from '@nestjs/common';
import { OrganizationUpdated, UserUpdated, type PayloadOf } from '@app/contracts';
import { OnEvent, logger } from '@app/platform';
import { DirectoryService } from '../common/directory';
import { SchedulerService } from '../common/scheduler';

/** Keeps the local copies of organization names/slugs and users current; a changed meeting reminder lead moves the reminders set with the old one. */
@Injectable()
export class DirectoryConsumers {
  constructor(private readonly directory: DirectoryService, private readonly scheduler: SchedulerService) {}

  @OnEvent(OrganizationUpdated)
  async organizationUpdated(e: PayloadOf<typeof OrganizationUpdated>): Promise<void> {
    // a changed meeting_reminder_minutes moves the meetings' reminders still to come (docs/notification.md#meeting-reminders);
    // moved before the copy is saved, so an event redelivered after a failure in between finds the old lead and moves again
    const stored = await this.directory.storedOrg(e.orgId);
    if (stored && stored.meetingReminderMinutes !== e.meetingReminderMinutes) {
      const r = await this.scheduler.moveMeetingReminders(e.orgId, e.meetingReminderMinutes);
      logger().info({ orgId: e.orgId, from: stored.meetingReminderMinutes, to: e.meetingReminderMinutes, ...r }, 'meeting reminders moved to the new lead');
    }
    await this.directory.saveOrg(e.orgId, { slug: e.slug, name: e.name, timeZone: e.timeZone, logo: e.logo, meetingReminderMinutes: e.meetingReminderMinutes });
  }

  @OnEvent(UserUpdated)
  async userUpdated(e: PayloadOf<typeof UserUpdated>): Promise<void> {
    await this.directory.saveUser(e.orgId, { userId: e.userId, name: e.name, email: e.email, lang: e.lang, status: e.status });
  }
}

import { Injectable } from '@nestjs/common';
import { OrganizationUpdated, UserUpdated, type PayloadOf } from '@app/contracts';
import { OnEvent } from '@app/platform';
import { DirectoryService } from '../common/directory';

/** Keeps the local copies of organization names/slugs and users current. */
@Injectable()
export class DirectoryConsumers {
  constructor(private readonly directory: DirectoryService) {}

  @OnEvent(OrganizationUpdated)
  async organizationUpdated(e: PayloadOf<typeof OrganizationUpdated>): Promise<void> {
    await this.directory.saveOrg(e.orgId, { slug: e.slug, name: e.name, timeZone: e.timeZone, logo: e.logo, meetingReminderMinutes: e.meetingReminderMinutes });
  }

  @OnEvent(UserUpdated)
  async userUpdated(e: PayloadOf<typeof UserUpdated>): Promise<void> {
    await this.directory.saveUser(e.orgId, { userId: e.userId, name: e.name, email: e.email, lang: e.lang, status: e.status });
  }
}

import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  DismissAllReminders, DismissReminder, ListReminders, NotificationMessages, translate, zId, zListRemindersQuery, zReminder,
  type Actor, type Lang, type OrgPublic,
} from '@app/contracts';
import { Bus } from '@app/platform';
import { CurrentActor, Org, ReqLang } from '../core/decorators';
import { ok, paged } from '../core/http';
import { Doc } from '../core/openapi';
import { Z } from '../core/zod.pipe';


/** The home page's reminders widget (platform.md §4): list, dismiss one, dismiss all. Owned by the notification service. */
@Controller('reminders')
export class RemindersController {
  constructor(private readonly bus: Bus) {}

  @Get()
  @Doc({ summary: 'My reminders that are not dismissed, newest first (titles in the Lang language)', tags: ['reminders'], query: zListRemindersQuery, response: z.array(zReminder) })
  async list(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @ReqLang() lang: Lang, @Query(Z(zListRemindersQuery)) q: z.output<typeof zListRemindersQuery>) {
    return paged(await this.bus.request(ListReminders, { orgId: org.id, actor, lang, page: q.page, per_page: q.per_page }));
  }

  @Post('dismiss_all')
  @HttpCode(200)
  @Doc({ summary: 'Dismiss all my reminders', tags: ['reminders'], response: DismissAllReminders.response })
  async dismissAll(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @ReqLang() lang: Lang) {
    const r = await this.bus.request(DismissAllReminders, { orgId: org.id, actor });
    return ok(r, translate(NotificationMessages.dismissedAll, lang));
  }

  @Post(':id/dismiss')
  @HttpCode(200)
  @Doc({ summary: 'Dismiss one of my reminders', tags: ['reminders'], response: DismissReminder.response })
  async dismiss(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @ReqLang() lang: Lang, @Param('id', Z(zId)) id: number) {
    const r = await this.bus.request(DismissReminder, { orgId: org.id, actor, reminderId: id });
    return ok(r, translate(NotificationMessages.dismissedOne, lang));
  }
}

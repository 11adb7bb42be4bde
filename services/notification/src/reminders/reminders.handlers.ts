import { Injectable } from '@nestjs/common';
import { DismissAllReminders, DismissReminder, ListReminders, type RequestOf, type ResponseOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { RemindersService } from './reminders.service';

/** NATS handlers of the reminder RPCs: parse (done by the bus), call the service. */
@Injectable()
export class RemindersHandlers {
  constructor(private readonly reminders: RemindersService) {}

  @Rpc(ListReminders)
  list(req: RequestOf<typeof ListReminders>): Promise<ResponseOf<typeof ListReminders>> {
    return this.reminders.list(req.orgId, req.actor, req.lang, req.page, req.per_page);
  }

  @Rpc(DismissAllReminders)
  async dismissAll(req: RequestOf<typeof DismissAllReminders>): Promise<ResponseOf<typeof DismissAllReminders>> {
    return { dismissed: await this.reminders.dismissAll(req.orgId, req.actor) };
  }

  @Rpc(DismissReminder)
  async dismiss(req: RequestOf<typeof DismissReminder>): Promise<ResponseOf<typeof DismissReminder>> {
    return { dismissed: await this.reminders.dismiss(req.orgId, req.actor, req.reminderId) };
  }
}

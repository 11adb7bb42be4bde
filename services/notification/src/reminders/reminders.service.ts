import { Injectable } from '@nestjs/common';
import { AppError, pageMeta, serverDate, translate, type Actor, type Lang, type PageMeta, type Reminder, type ReminderType } from '@app/contracts';
import { logger } from '@app/platform';
import { NotificationDb } from '../common/notification-db';
import { DirectoryService } from '../common/directory';
import { displayDate } from '../templates/format';
import { RemindersRepository } from '../repositories/reminders.repository';

/** A user's reminders are found by their e-mail address (events name people by address). Guests have none. */
function ownerOf(actor: Actor): string | null {
  if (actor.kind !== 'user' || !actor.email) return null;
  return actor.email.trim().toLowerCase();
}

/** The home widget's reminders as their user reads and dismisses them (consumers and scheduled jobs write them: common/reminder-inbox.ts). */
@Injectable()
export class RemindersService {
  constructor(private readonly db: NotificationDb, private readonly repo: RemindersRepository, private readonly directory: DirectoryService) {}

  async list(orgId: string, actor: Actor, lang: Lang, page: number, perPage: number): Promise<{ items: Reminder[]; meta: PageMeta }> {
    const owner = ownerOf(actor);
    if (!owner) return { items: [], meta: pageMeta(page, perPage, 0) };
    const { rows, total } = await this.db.tenant(orgId, (s) => this.repo.list(s, owner, page, perPage));
    const timeZone = rows.length ? await this.timeZone(orgId) : 'UTC';
    const items = rows.map((r) => {
      const params: Record<string, string | number> = { ...r.params };
      if (r.dueAt) params.date = displayDate(r.dueAt, timeZone);
      return {
        id: r.id,
        type: r.type as ReminderType,
        title: translate(r.title, lang, params),
        message: translate(r.message, lang, params),
        link: r.link,
        entity_type: r.entityType as Reminder['entity_type'],
        entity_id: r.entityId,
        meeting_id: r.meetingId,
        due_at: serverDate(r.dueAt, timeZone),
        created_at: serverDate(r.createdAt, timeZone)!,
      };
    });
    return { items, meta: pageMeta(page, perPage, total) };
  }

  async dismissAll(orgId: string, actor: Actor): Promise<number> {
    const owner = ownerOf(actor);
    return owner ? this.db.tenant(orgId, (s) => this.repo.dismissAll(s, owner)) : 0;
  }

  async dismiss(orgId: string, actor: Actor, id: number): Promise<number> {
    const owner = ownerOf(actor);
    if (!owner) throw AppError.notFound('reminder');
    const r = await this.db.tenant(orgId, (s) => this.repo.dismiss(s, owner, id));
    if (!r.found) throw AppError.notFound('reminder');
    return r.dismissed;
  }

  private async timeZone(orgId: string): Promise<string> {
    try {
      return (await this.directory.org(orgId)).timeZone;
    } catch (e) {
      logger().warn({ err: e, orgId }, 'organization time zone unknown; reminders shown in UTC');
      return 'UTC';
    }
  }
}

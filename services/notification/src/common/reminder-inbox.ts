import { Injectable } from '@nestjs/common';
import type { ReminderType } from '@app/contracts';
import { NotificationDb } from './notification-db';
import { type NewReminder, RemindersRepository } from '../repositories/reminders.repository';
import { addressKey } from '../rules/recipients';

/** Writes the home widget's reminders (consumers and scheduled jobs); the reminders feature reads and dismisses them for their user. */
@Injectable()
export class ReminderInbox {
  constructor(private readonly db: NotificationDb, private readonly repo: RemindersRepository) {}

  /** One reminder per address; a redelivered event (same dedupe key) writes nothing new. */
  async notify(orgId: string, emails: string[], r: Omit<NewReminder, 'recipient'>): Promise<number> {
    const unique = [...new Set(emails.map(addressKey).filter(Boolean))];
    return this.db.tenant(orgId, (s) => this.repo.add(s, unique.map((recipient) => ({ ...r, recipient }))));
  }

  /** Dismiss everyone's reminders of these types about an item (older news about it), except the one written for `exceptDedupeKey`. */
  async dismissForEntity(orgId: string, entityType: 'meeting' | 'decision' | 'action' | 'evaluation', entityId: number, types: ReminderType[], exceptDedupeKey?: string): Promise<number> {
    return this.db.tenant(orgId, (s) => this.repo.dismissForEntity(s, entityType, entityId, types, exceptDedupeKey));
  }
}

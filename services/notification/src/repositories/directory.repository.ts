import { Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Lang } from '@app/contracts';
import type { Scope } from '../common/notification-db';
import { organizations, users } from '../db/schema';

export interface OrgCopy {
  orgId: string;
  slug: string;
  name: string;
  timeZone: string;
  logo: string | null;
  /** the organization's meeting_reminder_minutes (docs/notification.md#meeting-reminders) */
  meetingReminderMinutes: number;
}

export interface UserCopy {
  userId: number;
  name: string;
  /** lower case */
  email: string;
  lang: Lang;
  status: string;
}

/** Local copies of organizations and users (only what e-mail needs). Scope first (orgId + RLS transaction). */
@Injectable()
export class DirectoryRepository {
  async getOrg(s: Scope): Promise<OrgCopy | null> {
    const [row] = await s.tx.select().from(organizations).where(eq(organizations.orgId, s.orgId)).limit(1);
    return row ? { orgId: row.orgId, slug: row.slug, name: row.name, timeZone: row.timeZone, logo: row.logo, meetingReminderMinutes: row.meetingReminderMinutes } : null;
  }

  async upsertOrg(s: Scope, org: Omit<OrgCopy, 'orgId'>): Promise<void> {
    await s.tx
      .insert(organizations)
      .values({ orgId: s.orgId, ...org, updatedAt: new Date() })
      .onConflictDoUpdate({ target: organizations.orgId, set: { ...org, updatedAt: new Date() } });
  }

  async usersByEmail(s: Scope, emails: string[]): Promise<UserCopy[]> {
    if (!emails.length) return [];
    const rows = await s.tx.select().from(users).where(and(eq(users.orgId, s.orgId), inArray(users.email, emails)));
    return rows.map((r) => ({ userId: r.userId, name: r.name, email: r.email, lang: r.lang as Lang, status: r.status }));
  }

  async upsertUser(s: Scope, u: UserCopy): Promise<void> {
    await s.tx
      .insert(users)
      .values({ orgId: s.orgId, ...u, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: [users.orgId, users.userId],
        set: { name: sql`excluded.name`, email: sql`excluded.email`, lang: sql`excluded.lang`, status: sql`excluded.status`, updatedAt: sql`excluded.updated_at` },
      });
  }
}

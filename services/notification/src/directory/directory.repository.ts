import { Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Db } from '@app/platform';
import type { Lang } from '@app/contracts';
import { organizations, users } from '../db/schema';
import type { NotificationTables } from '../db/tables';

export interface OrgCopy {
  orgId: string;
  slug: string;
  name: string;
  timeZone: string;
  logo: string | null;
}

export interface UserCopy {
  userId: number;
  name: string;
  /** lower case */
  email: string;
  lang: Lang;
  status: string;
}

/** Local copies of organizations and users (only what e-mail needs). orgId first; RLS scoped. */
@Injectable()
export class DirectoryRepository {
  constructor(private readonly db: Db<NotificationTables>) {}

  async getOrg(orgId: string): Promise<OrgCopy | null> {
    return this.db.tenant(orgId, async (tx) => {
      const [row] = await tx.select().from(organizations).where(eq(organizations.orgId, orgId)).limit(1);
      return row ? { orgId: row.orgId, slug: row.slug, name: row.name, timeZone: row.timeZone, logo: row.logo } : null;
    });
  }

  async upsertOrg(orgId: string, org: Omit<OrgCopy, 'orgId'>): Promise<void> {
    await this.db.tenant(orgId, async (tx) => {
      await tx
        .insert(organizations)
        .values({ orgId, ...org, updatedAt: new Date() })
        .onConflictDoUpdate({ target: organizations.orgId, set: { ...org, updatedAt: new Date() } });
    });
  }

  async usersByEmail(orgId: string, emails: string[]): Promise<UserCopy[]> {
    if (!emails.length) return [];
    return this.db.tenant(orgId, async (tx) => {
      const rows = await tx.select().from(users).where(and(eq(users.orgId, orgId), inArray(users.email, emails)));
      return rows.map((r) => ({ userId: r.userId, name: r.name, email: r.email, lang: r.lang as Lang, status: r.status }));
    });
  }

  async upsertUser(orgId: string, u: UserCopy): Promise<void> {
    await this.db.tenant(orgId, async (tx) => {
      await tx
        .insert(users)
        .values({ orgId, ...u, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: [users.orgId, users.userId],
          set: { name: sql`excluded.name`, email: sql`excluded.email`, lang: sql`excluded.lang`, status: sql`excluded.status`, updatedAt: sql`excluded.updated_at` },
        });
    });
  }
}

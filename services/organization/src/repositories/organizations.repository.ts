import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { safeZone } from '@app/contracts';
import type { Tx } from '@app/platform';
import { organizations, type OrgSchema } from '../db/schema';
import type { Scope } from '../common/org-db';

export type OrganizationRow = typeof organizations.$inferSelect;

/**
 * The organizations registry. It has no org_id (it is the tenant list itself), so the host look-up by
 * slug works before any organization is known; tenant-scoped reads still filter by the scope's id.
 */
@Injectable()
export class OrganizationsRepository {
  /** Cross-tenant by design: the host's first label names the organization. */
  async unsafeFindBySlug(tx: Tx<OrgSchema>, slug: string): Promise<OrganizationRow | null> {
    const [row] = await tx.select().from(organizations).where(eq(organizations.slug, slug)).limit(1);
    return row ?? null;
  }

  async get(s: Scope): Promise<OrganizationRow | null> {
    const [row] = await s.tx.select().from(organizations).where(eq(organizations.id, s.orgId)).limit(1);
    return row ?? null;
  }

  /** the organization's time zone (a known IANA zone, else UTC): every date this service answers is in it */
  async timeZone(s: Scope): Promise<string> {
    const [row] = await s.tx.select({ timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, s.orgId)).limit(1);
    return safeZone(row?.timeZone);
  }

  async insert(s: Scope, values: Omit<typeof organizations.$inferInsert, 'id'>): Promise<OrganizationRow> {
    const [row] = await s.tx.insert(organizations).values({ ...values, id: s.orgId }).returning();
    return row;
  }

  async update(s: Scope, values: Partial<typeof organizations.$inferInsert>): Promise<OrganizationRow> {
    const [row] = await s.tx.update(organizations).set({ ...values, updatedAt: new Date() }).where(eq(organizations.id, s.orgId)).returning();
    return row;
  }
}

import { Injectable } from '@nestjs/common';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Scope } from '../common/library-db';
import { sharedAnnotations } from '../db/schema';

export type SharedAnnotationRow = typeof sharedAnnotations.$inferSelect;
export type NewSharedAnnotation = Omit<typeof sharedAnnotations.$inferInsert, 'orgId' | 'id'>;

/** Shared annotations of files (docs/annotations.md). Scope first (orgId + RLS transaction). */
@Injectable()
export class AnnotationsRepository {
  /** every annotation and reply of a file, oldest first (the service keeps those the reader may see) */
  list(s: Scope, itemId: number): Promise<SharedAnnotationRow[]> {
    return s.tx.select().from(sharedAnnotations).where(and(eq(sharedAnnotations.orgId, s.orgId), eq(sharedAnnotations.itemId, itemId))).orderBy(asc(sharedAnnotations.id));
  }

  async get(s: Scope, itemId: number, id: number, opts: { lock?: boolean } = {}): Promise<SharedAnnotationRow | null> {
    const q = s.tx.select().from(sharedAnnotations).where(and(eq(sharedAnnotations.orgId, s.orgId), eq(sharedAnnotations.itemId, itemId), eq(sharedAnnotations.id, id)));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row ?? null;
  }

  /** an annotation and its replies */
  thread(s: Scope, itemId: number, id: number): Promise<SharedAnnotationRow[]> {
    return s.tx
      .select()
      .from(sharedAnnotations)
      .where(and(eq(sharedAnnotations.orgId, s.orgId), eq(sharedAnnotations.itemId, itemId), or(eq(sharedAnnotations.id, id), eq(sharedAnnotations.parentId, id))))
      .orderBy(asc(sharedAnnotations.id));
  }

  async count(s: Scope, itemId: number): Promise<number> {
    const [row] = await s.tx.select({ n: sql<number>`count(*)::int` }).from(sharedAnnotations).where(and(eq(sharedAnnotations.orgId, s.orgId), eq(sharedAnnotations.itemId, itemId)));
    return row?.n ?? 0;
  }

  async insert(s: Scope, values: NewSharedAnnotation): Promise<SharedAnnotationRow> {
    const [row] = await s.tx.insert(sharedAnnotations).values({ ...values, orgId: s.orgId }).returning();
    return row;
  }

  async update(s: Scope, id: number, set: Partial<Pick<SharedAnnotationRow, 'text' | 'color' | 'visibility' | 'people' | 'page' | 'version' | 'orphaned'>>): Promise<SharedAnnotationRow> {
    const [row] = await s.tx.update(sharedAnnotations).set({ ...set, updatedAt: new Date() }).where(and(eq(sharedAnnotations.orgId, s.orgId), eq(sharedAnnotations.id, id))).returning();
    return row;
  }

  /** an annotation with its replies (or one reply) */
  async remove(s: Scope, id: number): Promise<void> {
    await s.tx.delete(sharedAnnotations).where(and(eq(sharedAnnotations.orgId, s.orgId), or(eq(sharedAnnotations.id, id), eq(sharedAnnotations.parentId, id))));
  }
}

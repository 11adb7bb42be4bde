import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Scope } from '../common/library-db';
import { annotations, downloadPolicies, favorites, filePages, items, readerVersions, sharedAnnotations, shares, usages, versions } from '../db/schema';
import { containsPattern } from '@app/platform';

export type ItemRow = typeof items.$inferSelect;
export type ShareRow = typeof shares.$inferSelect;
export type VersionRow = typeof versions.$inferSelect;
export type UsageRow = typeof usages.$inferSelect;
export type AnnotationRow = typeof annotations.$inferSelect;

/** Folders, files, versions, shares, favorites, annotations and usages. Scope first (orgId + RLS transaction). */
@Injectable()
export class LibraryRepository {
  async get(s: Scope, id: number, opts: { lock?: boolean } = {}): Promise<ItemRow | null> {
    const q = s.tx.select().from(items).where(and(eq(items.orgId, s.orgId), eq(items.id, id)));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async getMany(s: Scope, ids: number[]): Promise<ItemRow[]> {
    if (!ids.length) return [];
    return s.tx.select().from(items).where(and(eq(items.orgId, s.orgId), inArray(items.id, ids)));
  }

  /** the folders above an item, nearest first (the item itself not included) */
  async ancestors(s: Scope, id: number): Promise<ItemRow[]> {
    const res = await s.tx.execute(sql`
      WITH RECURSIVE up AS (
        SELECT i.*, 0 AS depth FROM library.items i WHERE i.org_id = ${s.orgId} AND i.id = (SELECT parent_id FROM library.items WHERE org_id = ${s.orgId} AND id = ${id})
        UNION ALL
        SELECT p.*, up.depth + 1 FROM library.items p JOIN up ON p.org_id = ${s.orgId} AND p.id = up.parent_id WHERE up.depth < 100
      ) SELECT id FROM up ORDER BY depth`);
    const ids = (res.rows as { id: string | number }[]).map((r) => Number(r.id));
    const rows = await this.getMany(s, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((i) => byId.get(i)).filter((r): r is ItemRow => !!r);
  }

  /** the item and everything under it (ids), for a delete or a move check */
  async subtree(s: Scope, id: number): Promise<ItemRow[]> {
    const res = await s.tx.execute(sql`
      WITH RECURSIVE down AS (
        SELECT id, 0 AS depth FROM library.items WHERE org_id = ${s.orgId} AND id = ${id}
        UNION ALL
        SELECT c.id, down.depth + 1 FROM library.items c JOIN down ON c.org_id = ${s.orgId} AND c.parent_id = down.id WHERE down.depth < 100
      ) SELECT id FROM down`);
    return this.getMany(s, (res.rows as { id: string | number }[]).map((r) => Number(r.id)));
  }

  async children(s: Scope, parentId: number, kind?: string): Promise<ItemRow[]> {
    const where: SQL[] = [eq(items.orgId, s.orgId), eq(items.parentId, parentId)];
    if (kind) where.push(or(eq(items.isFolder, true), eq(items.kind, kind))!);
    return s.tx.select().from(items).where(and(...where)).orderBy(desc(items.isFolder), asc(items.name), asc(items.id));
  }

  /** the top of the my / organization tabs */
  async top(s: Scope, filter: { scope: 'private' | 'organization'; ownerId?: number }, kind?: string): Promise<ItemRow[]> {
    const where: SQL[] = [eq(items.orgId, s.orgId), isNull(items.parentId), eq(items.scope, filter.scope)];
    if (filter.ownerId !== undefined) where.push(eq(items.ownerId, filter.ownerId));
    if (kind) where.push(or(eq(items.isFolder, true), eq(items.kind, kind))!);
    return s.tx.select().from(items).where(and(...where)).orderBy(desc(items.isFolder), asc(items.name), asc(items.id));
  }

  /** items shared with the user directly (not the ones inside a shared folder) */
  async sharedWith(s: Scope, userId: number): Promise<ItemRow[]> {
    const rows = await s.tx
      .select({ item: items })
      .from(shares)
      .innerJoin(items, and(eq(items.orgId, shares.orgId), eq(items.id, shares.itemId)))
      // the "shared with me" tab: shares that have not ended (rules/access.ts shareLive decides access itself)
      .where(and(eq(shares.orgId, s.orgId), eq(shares.userId, userId), or(isNull(shares.expiresAt), gt(shares.expiresAt, sql`now()`))))
      .orderBy(desc(items.isFolder), asc(items.name), asc(items.id));
    return rows.map((r) => r.item);
  }

  async favoriteItems(s: Scope, userId: number): Promise<ItemRow[]> {
    const rows = await s.tx
      .select({ item: items })
      .from(favorites)
      .innerJoin(items, and(eq(items.orgId, favorites.orgId), eq(items.id, favorites.itemId)))
      .where(and(eq(favorites.orgId, s.orgId), eq(favorites.userId, userId)))
      .orderBy(desc(items.isFolder), asc(items.name), asc(items.id));
    return rows.map((r) => r.item);
  }

  async search(s: Scope, text: string, kind?: string): Promise<ItemRow[]> {
    const where: SQL[] = [eq(items.orgId, s.orgId)];
    if (text) where.push(ilike(items.name, containsPattern(text)));
    if (kind) where.push(eq(items.kind, kind));
    return s.tx.select().from(items).where(and(...where)).orderBy(desc(items.isFolder), asc(items.name), asc(items.id)).limit(500);
  }

  /**
   * Files whose folded name (`library.search_fold(name)`, the expression of migration 0002's trigram index)
   * matches `pattern` (containsPattern of the folded query), newest first: the search box's candidates, before the
   * access rule decides which of them the caller sees.
   */
  async searchFiles(s: Scope, pattern: string, limit: number): Promise<ItemRow[]> {
    return s.tx.select().from(items)
      .where(and(eq(items.orgId, s.orgId), eq(items.isFolder, false), sql`library.search_fold(${items.name}) like ${pattern}`))
      .orderBy(desc(items.updatedAt), desc(items.id)).limit(limit);
  }

  async insert(s: Scope, v: Omit<typeof items.$inferInsert, 'orgId' | 'id'>): Promise<ItemRow> {
    const [row] = await s.tx.insert(items).values({ ...v, orgId: s.orgId }).returning();
    return row;
  }

  async update(s: Scope, id: number, v: Partial<Omit<typeof items.$inferInsert, 'orgId' | 'id'>>): Promise<ItemRow> {
    const [row] = await s.tx.update(items).set({ ...v, updatedAt: new Date() }).where(and(eq(items.orgId, s.orgId), eq(items.id, id))).returning();
    return row;
  }

  /** removes the items with their versions, shares, favorites, annotations, usages and text; answers the S3 keys they held */
  async deleteItems(s: Scope, ids: number[]): Promise<string[]> {
    if (!ids.length) return [];
    const vs = await s.tx.select({ key: versions.s3Key }).from(versions).where(and(eq(versions.orgId, s.orgId), inArray(versions.itemId, ids)));
    const its = await s.tx.select({ key: items.s3Key, pdf: items.pdfKey }).from(items).where(and(eq(items.orgId, s.orgId), inArray(items.id, ids)));
    for (const t of [versions, shares, favorites, annotations, sharedAnnotations, usages, filePages, readerVersions] as const) await s.tx.delete(t).where(and(eq(t.orgId, s.orgId), inArray(t.itemId, ids)));
    await s.tx.delete(items).where(and(eq(items.orgId, s.orgId), inArray(items.id, ids)));
    return [...new Set([...vs.map((v) => v.key), ...its.flatMap((i) => [i.key, i.pdf])].filter((k): k is string => !!k))];
  }

  // ---- versions
  async addVersion(s: Scope, v: Omit<typeof versions.$inferInsert, 'orgId' | 'id'>): Promise<void> {
    await s.tx.insert(versions).values({ ...v, orgId: s.orgId });
  }
  async versionByKey(s: Scope, itemId: number, key: string): Promise<VersionRow | null> {
    const [row] = await s.tx.select().from(versions).where(and(eq(versions.orgId, s.orgId), eq(versions.itemId, itemId), eq(versions.s3Key, key)));
    return row ?? null;
  }
  async versionsOf(s: Scope, itemId: number): Promise<VersionRow[]> {
    return s.tx.select().from(versions).where(and(eq(versions.orgId, s.orgId), eq(versions.itemId, itemId))).orderBy(desc(versions.version));
  }

  // ---- shares
  async sharesOf(s: Scope, itemIds: number[]): Promise<ShareRow[]> {
    if (!itemIds.length) return [];
    return s.tx.select().from(shares).where(and(eq(shares.orgId, s.orgId), inArray(shares.itemId, itemIds))).orderBy(asc(shares.userName), asc(shares.userId));
  }
  async replaceShares(s: Scope, itemId: number, list: Omit<typeof shares.$inferInsert, 'orgId' | 'itemId'>[]): Promise<void> {
    await s.tx.delete(shares).where(and(eq(shares.orgId, s.orgId), eq(shares.itemId, itemId)));
    if (list.length) await s.tx.insert(shares).values(list.map((x) => ({ ...x, orgId: s.orgId, itemId })));
  }
  async removeShare(s: Scope, itemId: number, userId: number): Promise<void> {
    await s.tx.delete(shares).where(and(eq(shares.orgId, s.orgId), eq(shares.itemId, itemId), eq(shares.userId, userId)));
  }

  // ---- favorites
  async favoriteIds(s: Scope, userId: number, itemIds: number[]): Promise<Set<number>> {
    if (!itemIds.length) return new Set();
    const rows = await s.tx.select({ id: favorites.itemId }).from(favorites).where(and(eq(favorites.orgId, s.orgId), eq(favorites.userId, userId), inArray(favorites.itemId, itemIds)));
    return new Set(rows.map((r) => r.id));
  }
  async setFavorite(s: Scope, userId: number, itemId: number, on: boolean): Promise<void> {
    if (on) await s.tx.insert(favorites).values({ orgId: s.orgId, userId, itemId }).onConflictDoNothing();
    else await s.tx.delete(favorites).where(and(eq(favorites.orgId, s.orgId), eq(favorites.userId, userId), eq(favorites.itemId, itemId)));
  }

  // ---- annotations
  async annotation(s: Scope, itemId: number, userId: number): Promise<AnnotationRow | null> {
    const [row] = await s.tx.select().from(annotations).where(and(eq(annotations.orgId, s.orgId), eq(annotations.itemId, itemId), eq(annotations.userId, userId)));
    return row ?? null;
  }
  async saveAnnotation(s: Scope, itemId: number, userId: number, annotation: string): Promise<AnnotationRow> {
    const now = new Date();
    const [row] = await s.tx
      .insert(annotations)
      .values({ orgId: s.orgId, itemId, userId, annotation, updatedAt: now })
      .onConflictDoUpdate({ target: [annotations.orgId, annotations.itemId, annotations.userId], set: { annotation, updatedAt: now } })
      .returning();
    return row;
  }
  async deleteAnnotation(s: Scope, itemId: number, userId: number): Promise<void> {
    await s.tx.delete(annotations).where(and(eq(annotations.orgId, s.orgId), eq(annotations.itemId, itemId), eq(annotations.userId, userId)));
  }

  // ---- usages
  async usagesOf(s: Scope, itemId: number): Promise<UsageRow[]> {
    return s.tx.select().from(usages).where(and(eq(usages.orgId, s.orgId), eq(usages.itemId, itemId))).orderBy(asc(usages.createdAt));
  }
  async usedInMeeting(s: Scope, itemId: number, meetingId: number): Promise<boolean> {
    const [row] = await s.tx.select({ id: usages.itemId }).from(usages).where(and(eq(usages.orgId, s.orgId), eq(usages.itemId, itemId), eq(usages.meetingId, meetingId))).limit(1);
    return !!row;
  }
  /** one more place the file is used (kept beside the others) */
  async addUsage(s: Scope, usage: { type: string; id: number; title: string; meetingId: number | null; meetingTitle: string | null }, itemId: number): Promise<void> {
    await s.tx.insert(usages).values({ orgId: s.orgId, itemId, usageType: usage.type, usageId: usage.id, title: usage.title, meetingId: usage.meetingId, meetingTitle: usage.meetingTitle }).onConflictDoNothing();
  }
  async replaceUsages(s: Scope, usage: { type: string; id: number; title: string; meetingId: number | null; meetingTitle: string | null }, itemIds: number[]): Promise<void> {
    await s.tx.delete(usages).where(and(eq(usages.orgId, s.orgId), eq(usages.usageType, usage.type), eq(usages.usageId, usage.id)));
    if (itemIds.length) {
      await s.tx.insert(usages).values(itemIds.map((itemId) => ({ orgId: s.orgId, itemId, usageType: usage.type, usageId: usage.id, title: usage.title, meetingId: usage.meetingId, meetingTitle: usage.meetingTitle })));
    }
  }
  async releaseUsages(s: Scope, type: string, id: number, itemIds?: number[]): Promise<void> {
    const where: SQL[] = [eq(usages.orgId, s.orgId), eq(usages.usageType, type), eq(usages.usageId, id)];
    if (itemIds) {
      if (!itemIds.length) return;
      where.push(inArray(usages.itemId, itemIds));
    }
    await s.tx.delete(usages).where(and(...where));
  }

  // ---------- download policies (target 0: the organization) ----------

  /** the settings of the given levels (those without a row inherit) */
  async policies(s: Scope, targets: readonly { level: string; id: number }[]): Promise<{ level: string; targetId: number; policy: string }[]> {
    if (!targets.length) return [];
    const rows = await s.tx
      .select({ level: downloadPolicies.level, targetId: downloadPolicies.targetId, policy: downloadPolicies.policy })
      .from(downloadPolicies)
      .where(and(eq(downloadPolicies.orgId, s.orgId), or(...targets.map((t) => and(eq(downloadPolicies.level, t.level), eq(downloadPolicies.targetId, t.id))))));
    return rows;
  }

  /** does the organization set any download policy at all? (listings decide every item at once when it does not) */
  async hasPolicies(s: Scope): Promise<boolean> {
    const [row] = await s.tx.select({ id: downloadPolicies.targetId }).from(downloadPolicies).where(eq(downloadPolicies.orgId, s.orgId)).limit(1);
    return !!row;
  }

  /** does the organization set any committee's policy? (the committee of a meeting is looked up only then) */
  async hasCommitteePolicies(s: Scope): Promise<boolean> {
    const [row] = await s.tx.select({ id: downloadPolicies.targetId }).from(downloadPolicies).where(and(eq(downloadPolicies.orgId, s.orgId), eq(downloadPolicies.level, 'committee'))).limit(1);
    return !!row;
  }

  async setPolicy(s: Scope, level: string, id: number, policy: string | null, by: number | null): Promise<void> {
    const key = and(eq(downloadPolicies.orgId, s.orgId), eq(downloadPolicies.level, level), eq(downloadPolicies.targetId, id));
    if (policy === null) {
      await s.tx.delete(downloadPolicies).where(key);
      return;
    }
    await s.tx
      .insert(downloadPolicies)
      .values({ orgId: s.orgId, level, targetId: id, policy, updatedBy: by })
      .onConflictDoUpdate({ target: [downloadPolicies.orgId, downloadPolicies.level, downloadPolicies.targetId], set: { policy, updatedBy: by, updatedAt: new Date() } });
  }

  /** a deleted item's own settings go with it */
  async dropPolicies(s: Scope, ids: number[]): Promise<void> {
    if (!ids.length) return;
    await s.tx.delete(downloadPolicies).where(and(eq(downloadPolicies.orgId, s.orgId), inArray(downloadPolicies.level, ['folder', 'file']), inArray(downloadPolicies.targetId, ids)));
  }
}

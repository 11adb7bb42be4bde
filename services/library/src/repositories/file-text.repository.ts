import { Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@app/platform';
import type { Scope } from '../common/library-db';
import type { LibraryTables } from '../db/tables';
import { filePages, items, readerVersions } from '../db/schema';

/** a page of a file's current version that matched, with PostgreSQL's rank of it */
export interface PageHit {
  id: number;
  updatedAt: Date;
  page: number;
  /** '' from searchPages: read for the pages answered (pageTexts) */
  text: string;
  rank: number;
}

/** the kinds whose text is extracted (rules/text textSourceOf: all but audio) */
const TEXT_KINDS = ['pdf', 'text', 'word', 'excel', 'powerpoint', 'email'];

/**
 * The text of files, page by page (library.file_pages, docs/search.md#text-inside-files), and the items' text state.
 * Scope first (orgId + RLS transaction).
 */
@Injectable()
export class FileTextRepository {
  /**
   * the pages of a version replace whatever pages that version had; older versions' pages stay (what changed between
   * versions, docs/library.md#what-changed: the search reads the current version's only); the item says done
   */
  async replacePages(s: Scope, itemId: number, version: number, pages: readonly { page: number; text: string }[], truncated: boolean): Promise<void> {
    await s.tx.delete(filePages).where(and(eq(filePages.orgId, s.orgId), eq(filePages.itemId, itemId), eq(filePages.version, version)));
    for (let i = 0; i < pages.length; i += 200) {
      await s.tx.insert(filePages).values(pages.slice(i, i + 200).map((p) => ({ orgId: s.orgId, itemId, version, page: p.page, text: p.text })));
    }
    await s.tx.update(items).set({ textStatus: 'done', textPages: pages.length ? pages[pages.length - 1].page : 0, textTruncated: truncated }).where(and(eq(items.orgId, s.orgId), eq(items.id, itemId), eq(items.version, version)));
  }

  /** the text state of an item's current version (not its updated_at: the text is not a change of the file) */
  async setStatus(s: Scope, itemId: number, version: number, textStatus: 'pending' | 'processing' | 'failed' | 'none'): Promise<void> {
    await s.tx.update(items).set({ textStatus }).where(and(eq(items.orgId, s.orgId), eq(items.id, itemId), eq(items.version, version)));
  }

  async deletePages(s: Scope, itemIds: number[]): Promise<void> {
    if (itemIds.length) await s.tx.delete(filePages).where(and(eq(filePages.orgId, s.orgId), inArray(filePages.itemId, itemIds)));
  }

  /**
   * Files whose current version has a page that matches the folded query: every word of it (`plainto_tsquery('simple',
   * …)` on the tsvector, its GIN index) or the folded phrase inside a word (`folded LIKE pattern`, the trigram index).
   * Rank: `ts_rank(tsv, query, 32)` (rank / (rank + 1), 0..1) plus 0.5 when the phrase itself is on the page. One row
   * a file, its best page (the lowest of equals), best first, at most `limit` files. Without the page's text: a common
   * word matches most pages, and the search answers only a few of them (`pageTexts`; docs/performance.md, P10).
   */
  async searchPages(s: Scope, folded: string, pattern: string, limit: number): Promise<PageHit[]> {
    const res = await s.tx.execute(sql`
      WITH q AS (SELECT plainto_tsquery('simple'::regconfig, ${folded}) AS tsq),
      best AS (
        SELECT DISTINCT ON (p.item_id) p.item_id AS id, i.updated_at AS updated_at, p.page,
               ts_rank(p.tsv, q.tsq, 32) + CASE WHEN p.folded LIKE ${pattern} THEN 0.5 ELSE 0 END AS rank
          FROM library.file_pages p
          JOIN library.items i ON i.org_id = p.org_id AND i.id = p.item_id AND i.version = p.version
          CROSS JOIN q
         WHERE p.org_id = ${s.orgId} AND (p.tsv @@ q.tsq OR p.folded LIKE ${pattern})
         ORDER BY p.item_id, rank DESC, p.page)
      SELECT id, updated_at, page, rank FROM best
       ORDER BY rank DESC, updated_at DESC, id DESC
       LIMIT ${limit}`);
    return (res.rows as { id: string | number; updated_at: string | Date; page: number; rank: string | number }[]).map((r) => ({
      id: Number(r.id), updatedAt: new Date(r.updated_at), page: Number(r.page), text: '', rank: Number(r.rank),
    }));
  }

  /** every page of one version of a file, in page order (the board book's summary) */
  async pagesOf(s: Scope, itemId: number, version: number): Promise<{ page: number; text: string }[]> {
    return s.tx
      .select({ page: filePages.page, text: filePages.text })
      .from(filePages)
      .where(and(eq(filePages.orgId, s.orgId), eq(filePages.itemId, itemId), eq(filePages.version, version)))
      .orderBy(filePages.page);
  }

  /** whether a version's text was kept (a version read before every version's pages were kept has none) */
  async hasPages(s: Scope, itemId: number, version: number): Promise<boolean> {
    const [row] = await s.tx.select({ page: filePages.page }).from(filePages).where(and(eq(filePages.orgId, s.orgId), eq(filePages.itemId, itemId), eq(filePages.version, version))).limit(1);
    return !!row;
  }

  /** a user opened this version of the file: the newest they opened moves up, the one before it is kept */
  async markOpened(s: Scope, itemId: number, userId: number, version: number): Promise<void> {
    await s.tx.execute(sql`
      INSERT INTO library.reader_versions AS r (org_id, item_id, user_id, last_version, seen_before, opened_at)
      VALUES (${s.orgId}, ${itemId}, ${userId}, ${version}, NULL, now())
      ON CONFLICT (org_id, item_id, user_id) DO UPDATE SET
        seen_before = CASE WHEN r.last_version < EXCLUDED.last_version THEN r.last_version ELSE r.seen_before END,
        last_version = GREATEST(r.last_version, EXCLUDED.last_version),
        opened_at = now()`);
  }

  /** the versions a user opened of a file, or null */
  async readerVersion(s: Scope, itemId: number, userId: number): Promise<{ lastVersion: number; seenBefore: number | null } | null> {
    const [row] = await s.tx
      .select({ lastVersion: readerVersions.lastVersion, seenBefore: readerVersions.seenBefore })
      .from(readerVersions)
      .where(and(eq(readerVersions.orgId, s.orgId), eq(readerVersions.itemId, itemId), eq(readerVersions.userId, userId)));
    return row ?? null;
  }

  /** the text of these pages of the files' current versions, by `${id}:${page}` (the pages a search answers) */
  async pageTexts(s: Scope, pages: readonly { id: number; page: number }[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!pages.length) return out;
    const res = await s.tx.execute(sql`
      SELECT p.item_id AS id, p.page, p.text
        FROM library.file_pages p
        JOIN library.items i ON i.org_id = p.org_id AND i.id = p.item_id AND i.version = p.version
       WHERE p.org_id = ${s.orgId}
         AND (p.item_id, p.page) IN (${sql.join(pages.map((x) => sql`(${x.id}::bigint, ${x.page}::int)`), sql`, `)})`);
    for (const r of res.rows as { id: string | number; page: number; text: string }[]) out.set(`${Number(r.id)}:${Number(r.page)}`, r.text);
    return out;
  }

  /**
   * Files of every organization whose text was never extracted or is waiting (the start-up backfill), in a
   * transaction with no organization: the read-only policy items_text_backfill_read (migration 0003) shows them to a
   * transaction that sets app.scope; tenant_isolation still refuses any write. Nothing else may call it.
   */
  async unsafeListWithoutText(tx: Tx<LibraryTables>, limit: number): Promise<{ orgId: string; id: number; version: number }[]> {
    await tx.execute(sql`SELECT set_config('app.scope', 'text-backfill', true)`);
    return tx
      .select({ orgId: items.orgId, id: items.id, version: items.version })
      .from(items)
      .where(and(eq(items.isFolder, false), inArray(items.textStatus, ['none', 'pending']), inArray(items.kind, TEXT_KINDS)))
      .orderBy(items.id)
      .limit(limit);
  }
}

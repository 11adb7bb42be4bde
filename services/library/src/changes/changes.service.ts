import { Injectable } from '@nestjs/common';
import { AppError, type FileChanges, type GetFileChanges, type RequestOf } from '@app/contracts';
import { ItemAccess } from '../common/item-access';
import { LibraryDb } from '../common/library-db';
import { FileTextRepository } from '../repositories/file-text.repository';
import { comparedVersion, diffPages } from '../rules/page-diff';

/**
 * What changed in a file's current version (docs/library.md#what-changed): against the version the reader opened
 * before (reader_versions, written by the viewer's fetch) or the one asked for, page by page from the text the
 * library extracted of each version (rules/page-diff). Whoever may view the file may ask (a meeting's file through its
 * meeting).
 */
@Injectable()
export class ChangesService {
  constructor(private readonly db: LibraryDb, private readonly text: FileTextRepository, private readonly items: ItemAccess) {}

  changes(req: RequestOf<typeof GetFileChanges>): Promise<FileChanges> {
    const userId = req.actor.kind === 'user' ? req.actor.userId : null;
    if (!userId) throw new AppError('UNAUTHENTICATED');
    return this.db.tenant(req.orgId, async (s) => {
      const { item } = await this.items.need(s, req, req.itemId, 'view', { folder: false, meetingId: req.meetingId });
      const since = comparedVersion(item.version, await this.text.readerVersion(s, item.id, userId), req.since);
      const base = { item_id: item.id, version: item.version, since };
      if (since === null) return { ...base, ready: true, pages: [] };
      if (item.textStatus !== 'done' || !(await this.text.hasPages(s, item.id, since))) return { ...base, ready: false, pages: [] };
      const [before, after] = await Promise.all([this.text.pagesOf(s, item.id, since), this.text.pagesOf(s, item.id, item.version)]);
      return { ...base, ready: true, pages: diffPages(texts(before), texts(after)) };
    });
  }
}

/** the pages' texts in page order, an empty page where the extraction kept none (a page without text) */
function texts(pages: readonly { page: number; text: string }[]): string[] {
  const out: string[] = [];
  for (const p of pages) {
    while (out.length < p.page - 1) out.push('');
    out[p.page - 1] = p.text;
  }
  return out;
}

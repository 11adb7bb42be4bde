import { Injectable } from '@nestjs/common';
import { AppError, foldSearchText, zFileKind, searchPassage, type RequestOf, type SearchGroup, type SearchLibraryFiles } from '@app/contracts';
import { containsPattern } from '@app/platform';
import { ItemAccess } from '../common/item-access';
import { LibraryDb } from '../common/library-db';
import { LibraryRepository } from '../repositories/library.repository';

/** candidates read before the access rule picks the caller's (as many as the library's own search reads) */
const CANDIDATES = 500;

/**
 * The library side of the search box (docs/search.md): files whose name matches, folded, that the caller may see
 * by rules/access (the rule of every library listing, through common/item-access). The text inside files is not
 * extracted yet, so `page` is null: the name matched.
 */
@Injectable()
export class LibrarySearchService {
  constructor(private readonly db: LibraryDb, private readonly repo: LibraryRepository, private readonly items: ItemAccess) {}

  search(req: RequestOf<typeof SearchLibraryFiles>): Promise<{ groups: SearchGroup[] }> {
    const { orgId, actor, q, kinds, limit } = req;
    if (actor.kind !== 'user' || !actor.userId) throw new AppError('UNAUTHENTICATED');
    if (!kinds.includes('file')) return Promise.resolve({ groups: [] });
    return this.db.tenant(orgId, async (s) => {
      const found = [];
      for (const item of await this.repo.searchFiles(s, containsPattern(foldSearchText(q.trim())), CANDIDATES)) {
        if (await this.items.accessTo(s, item, actor)) found.push(item);
        if (found.length > limit) break;
      }
      const items = found.slice(0, limit).map((item) => ({
        kind: 'file' as const, id: item.id, title: item.name,
        passage: searchPassage(item.name, q) ?? { text: item.name, start: 0, end: 0 },
        meeting_id: null, meeting_title: null, file_kind: zFileKind.safeParse(item.kind).data ?? null, page: null, date: item.updatedAt.toISOString(),
      }));
      return { groups: [{ kind: 'file', items, has_more: found.length > limit }] };
    });
  }
}

import { Injectable } from '@nestjs/common';
import { AppError, foldSearchText, type GetFileText, type ResponseOf, zFileKind, searchPassage, searchPassageOfWords, type RequestOf, type SearchGroup, type SearchHit, type SearchLibraryFiles } from '@app/contracts';
import { containsPattern } from '@app/platform';
import { ItemAccess } from '../common/item-access';
import { LibraryDb } from '../common/library-db';
import { FileTextRepository } from '../repositories/file-text.repository';
import { LibraryRepository, type ItemRow } from '../repositories/library.repository';
import { mergeFileCandidates, pageOpensViewer, textSourceOf, type FileCandidate } from '../rules/text';

/** candidates read before the access rule picks the caller's (as many as the library's own search reads) */
const CANDIDATES = 500;

/**
 * The library side of the search box (docs/search.md): files whose name matches, folded, or whose text does (a page
 * of the current version: every word of the query, or the phrase inside a word), one result a file, ranked
 * (rules/text mergeFileCandidates), that the caller may see by rules/access (the rule of every library listing,
 * through common/item-access). A text match carries its page (for the viewers that open at a page) and its passage.
 */
@Injectable()
export class LibrarySearchService {
  constructor(private readonly db: LibraryDb, private readonly repo: LibraryRepository, private readonly text: FileTextRepository, private readonly items: ItemAccess) {}

  search(req: RequestOf<typeof SearchLibraryFiles>): Promise<{ groups: SearchGroup[] }> {
    const { orgId, actor, q, kinds, limit } = req;
    if (actor.kind !== 'user' || !actor.userId) throw new AppError('UNAUTHENTICATED');
    if (!kinds.includes('file')) return Promise.resolve({ groups: [] });
    const folded = foldSearchText(q.trim());
    const pattern = containsPattern(folded);
    return this.db.tenant(orgId, async (s) => {
      const byName = await this.repo.searchFiles(s, pattern, CANDIDATES);
      const byContent = await this.text.searchPages(s, folded, pattern, CANDIDATES);
      const rows = new Map<number, ItemRow>(byName.map((r) => [r.id, r]));
      const candidates = mergeFileCandidates(byName, byContent);
      const found: { item: ItemRow; c: FileCandidate }[] = [];
      // the files' rows are read a few at a time, in rank order, until the answer is full: a common word matches
      // hundreds of files and the answer shows `limit` of them (docs/performance.md, P10)
      const chunk = 2 * (limit + 1);
      for (let at = 0; at < candidates.length && found.length <= limit; at += chunk) {
        const part = candidates.slice(at, at + chunk);
        for (const r of await this.repo.getMany(s, part.map((c) => c.id).filter((id) => !rows.has(id)))) rows.set(r.id, r);
        for (const c of part) {
          const item = rows.get(c.id);
          if (item && (await this.items.accessTo(s, item, actor))) found.push({ item, c });
          if (found.length > limit) break;
        }
      }
      const answered = found.slice(0, limit);
      // the text of the answered pages only, for their passages
      const texts = await this.text.pageTexts(s, answered.flatMap(({ c }) => (c.content ? [{ id: c.id, page: c.content.page }] : [])));
      for (const { c } of answered) if (c.content) c.content.text = texts.get(`${c.id}:${c.content.page}`) ?? '';
      const items = answered.map(({ item, c }) => hitOf(item, c, q));
      return { groups: [{ kind: 'file', items, has_more: found.length > limit }] };
    });
  }

  /**
   * The text of a file's current version, page by page (docs/book-summary.md), for whoever may view the file (a
   * meeting's file through its meeting, as FetchFile). The pages are there once `status` is `done`.
   */
  fileText(req: RequestOf<typeof GetFileText>): Promise<ResponseOf<typeof GetFileText>> {
    return this.db.tenant(req.orgId, async (s) => {
      const { item } = await this.items.need(s, req, req.itemId, 'view', { folder: false, meetingId: req.meetingId });
      const status = item.textStatus as ResponseOf<typeof GetFileText>['status'];
      const pages = status === 'done' ? await this.text.pagesOf(s, item.id, item.version) : [];
      return { id: item.id, name: item.name, kind: zFileKind.parse(item.kind), version: item.version, status, pages };
    });
  }
}

/** a file's result: the passage of its best page (with the page when its viewer opens at one), else of its name */
function hitOf(item: ItemRow, c: FileCandidate, q: string): SearchHit {
  const onPage = c.content ? searchPassageOfWords(c.content.text, q) : null;
  const page = onPage && c.content && pageOpensViewer(textSourceOf(item.kind, item.extension)) ? c.content.page : null;
  return {
    kind: 'file', id: item.id, title: item.name, passage: onPage ?? searchPassage(item.name, q) ?? { text: item.name, start: 0, end: 0 },
    meeting_id: null, meeting_title: null, file_kind: zFileKind.safeParse(item.kind).data ?? null, page, date: item.updatedAt.toISOString(),
    text_index: { status: item.textStatus as NonNullable<SearchHit['text_index']>['status'], pages: item.textPages, truncated: item.textTruncated },
  };
}

import { Injectable } from '@nestjs/common';
import { AppError, ListAnnotations, type BookSourceAnnotations, type GetBookSourceAnnotations, type RequestOf, type SharedAnnotation } from '@app/contracts';
import { Bus } from '@app/platform';
import { Meetings } from '../common/meetings';
import { MinutesDb } from '../common/minutes-db';
import { bookSections } from '../rules/book';
import { bookPlacements, placeAnnotations, withBookPages } from '../rules/book-annotations';
import { BookChangesRepository } from './book-changes.repository';

/**
 * The source files' annotations in a board book (docs/annotations.md#the-board-book): the book's publication says
 * which file version sits at which pages; the library lists each file's marks as the reader (its own access and
 * visibility rules, with the meeting), and `placeAnnotations` moves them onto the book's pages.
 */
@Injectable()
export class BookAnnotationsService {
  constructor(private readonly db: MinutesDb, private readonly repo: BookChangesRepository, private readonly meetings: Meetings, private readonly bus: Bus) {}

  async get(c: RequestOf<typeof GetBookSourceAnnotations>): Promise<BookSourceAnnotations> {
    const meeting = await this.meetings.load(c.orgId, c.actor, c.meetingId, { variant: c.variant, lang: c.lang });
    const visible = new Set(bookSections(meeting).map((x) => x.key));
    const book = await this.db.tenant(c.orgId, (s) => this.repo.doneByLibraryId(s, c.meetingId, c.libraryId));
    if (!book) throw AppError.notFound('board book');
    // a book made before the pages were recorded takes them from its outline (withBookPages); one made before its
    // files were recorded at all (items null) cannot place its files' marks: pages_known false, the viewer says so
    const placements = bookPlacements(withBookPages(book.items ?? [], book.outlines ?? []), visible);
    const lists = new Map<number, SharedAnnotation[]>();
    for (const id of new Set(placements.map((p) => p.library_id))) {
      try {
        lists.set(id, (await this.bus.request(ListAnnotations, { orgId: c.orgId, actor: c.actor, itemId: id, meetingId: c.meetingId })).annotations);
      } catch (e) {
        // a file the reader may not see (or no longer there) contributes nothing
        if (e instanceof AppError && (e.status === 403 || e.status === 404)) continue;
        throw e;
      }
    }
    const annotations = placements.flatMap((p) => placeAnnotations(p, lists.get(p.library_id) ?? []));
    annotations.sort((a, b) => a.page - b.page || a.id - b.id);
    const files = placements.filter((p) => lists.has(p.library_id)).map((p) => ({ library_id: p.library_id, version: p.version, name: p.name, start: p.start, end: p.end }));
    return { meeting_id: c.meetingId, book_library_id: c.libraryId, annotations, files, pages_known: book.items !== null };
  }
}

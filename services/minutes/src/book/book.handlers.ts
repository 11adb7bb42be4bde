import { Injectable } from '@nestjs/common';
import { BookFile, GetBookChanges, GetBookSourceAnnotations, GetBookSummary, MarkBookOpened, MergeBook, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { BookService } from './book.service';
import { BookSummaryService } from './book-summary.service';
import { BookChangesService } from './book-changes.service';
import { BookAnnotationsService } from './book-annotations.service';

@Injectable()
export class BookHandlers {
  constructor(private readonly books: BookService, private readonly summaries: BookSummaryService, private readonly changes: BookChangesService, private readonly annotations: BookAnnotationsService) {}

  @Rpc(MergeBook) merge(r: RequestOf<typeof MergeBook>) { return this.books.merge(r); }
  @Rpc(BookFile) file(r: RequestOf<typeof BookFile>) { return this.books.file(r); }
  @Rpc(GetBookSummary) summary(r: RequestOf<typeof GetBookSummary>) { return this.summaries.get(r); }
  @Rpc(GetBookChanges) bookChanges(r: RequestOf<typeof GetBookChanges>) { return this.changes.get(r); }
  @Rpc(GetBookSourceAnnotations) bookAnnotations(r: RequestOf<typeof GetBookSourceAnnotations>) { return this.annotations.get(r); }
  @Rpc(MarkBookOpened) bookOpened(r: RequestOf<typeof MarkBookOpened>) { return this.changes.opened(r); }
}

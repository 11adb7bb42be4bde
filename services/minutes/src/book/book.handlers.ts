import { Injectable } from '@nestjs/common';
import { BookFile, GetBookSummary, MergeBook, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { BookService } from './book.service';
import { BookSummaryService } from './book-summary.service';

@Injectable()
export class BookHandlers {
  constructor(private readonly books: BookService, private readonly summaries: BookSummaryService) {}

  @Rpc(MergeBook) merge(r: RequestOf<typeof MergeBook>) { return this.books.merge(r); }
  @Rpc(BookFile) file(r: RequestOf<typeof BookFile>) { return this.books.file(r); }
  @Rpc(GetBookSummary) summary(r: RequestOf<typeof GetBookSummary>) { return this.summaries.get(r); }
}

import { Injectable } from '@nestjs/common';
import { BookFile, MergeBook, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { BookService } from './book.service';

@Injectable()
export class BookHandlers {
  constructor(private readonly books: BookService) {}

  @Rpc(MergeBook) merge(r: RequestOf<typeof MergeBook>) { return this.books.merge(r); }
  @Rpc(BookFile) file(r: RequestOf<typeof BookFile>) { return this.books.file(r); }
}

import { Injectable } from '@nestjs/common';
import { GetFileText, SearchLibraryFiles, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { LibrarySearchService } from './search.service';

/** RPC handlers of the search box's library side: each calls one use case. */
@Injectable()
export class LibrarySearchHandlers {
  constructor(private readonly search: LibrarySearchService) {}

  @Rpc(SearchLibraryFiles) find(r: RequestOf<typeof SearchLibraryFiles>) { return this.search.search(r); }
  @Rpc(GetFileText) fileText(r: RequestOf<typeof GetFileText>) { return this.search.fileText(r); }
}

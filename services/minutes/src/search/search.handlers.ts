import { Injectable } from '@nestjs/common';
import { SearchMinutes, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { MinutesSearchService } from './search.service';

/** NATS handler of the search box's minutes side: the request is already parsed with its contract. */
@Injectable()
export class MinutesSearchHandlers {
  constructor(private readonly search: MinutesSearchService) {}

  @Rpc(SearchMinutes) find(req: RequestOf<typeof SearchMinutes>) { return this.search.search(req); }
}

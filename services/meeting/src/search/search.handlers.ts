import { Injectable } from '@nestjs/common';
import { SearchMeetingRecords, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { SearchService } from './search.service';

/** NATS handlers: the request is already parsed with its contract; call the use case. */
@Injectable()
export class SearchHandlers {
  constructor(private readonly search: SearchService) {}

  @Rpc(SearchMeetingRecords) find(req: RequestOf<typeof SearchMeetingRecords>) { return this.search.search(req); }
}

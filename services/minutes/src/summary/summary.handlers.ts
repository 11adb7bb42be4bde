import { Injectable } from '@nestjs/common';
import { Summarize, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { SummaryService } from './summary.service';

@Injectable()
export class SummaryHandlers {
  constructor(private readonly summaries: SummaryService) {}

  @Rpc(Summarize) summarize(r: RequestOf<typeof Summarize>) { return this.summaries.summarize(r); }
}

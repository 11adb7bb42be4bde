import { Injectable } from '@nestjs/common';
import { AppError, ExportAnnotatedJob, type PayloadOf } from '@app/contracts';
import { ProcessJob, type JobContext } from '@app/platform';
import { LibraryService } from './library.service';

/**
 * The annotated export's job (docs/annotations.md#export): the same work as the synchronous export, with its stage and
 * percent written into the job's progress (reading 10, writing 40, storing 80), which GetAnnotatedExport reads back.
 * A refusal fails the job with its error code (LIBRARY_NOT_EXPORTABLE, PAYLOAD_TOO_LARGE, …) as the failed reason.
 */
@Injectable()
export class AnnotatedExportProcessor {
  constructor(private readonly library: LibraryService) {}

  @ProcessJob(ExportAnnotatedJob)
  async run(p: PayloadOf<typeof ExportAnnotatedJob>, ctx: JobContext): Promise<{ key: string; name: string; annotations: number; skipped: number }> {
    try {
      return await this.library.exportAnnotated(p, (stage, progress) => ctx.progress({ stage, progress }));
    } catch (e) {
      throw new Error(e instanceof AppError ? e.code : 'failed', { cause: e });
    }
  }
}

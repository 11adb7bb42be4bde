import { DynamicModule, Module } from '@nestjs/common';
import { MergeBookJob, RebuildBookJob, RenderEvaluationReportJob, RenderMinutes, RenderReportJob, SummarizeBookJob } from '@app/contracts';
import { PlatformModule, workerTuningOf } from '@app/platform';
import { BookHandlers } from './book/book.handlers';
import { SummarizeBookProcessor } from './book/book-summary.processor';
import { BookSummaryRepository } from './book/book-summary.repository';
import { BookSummaryService } from './book/book-summary.service';
import { BookRebuild } from './book/book.rebuild';
import { BookRebuilds } from './common/book-rebuilds';
import { BookChangesRepository } from './book/book-changes.repository';
import { BookAnnotationsService } from './book/book-annotations.service';
import { BookChangesService } from './book/book-changes.service';
import { MergeBookProcessor } from './book/book.processor';
import { BookRepository } from './book/book.repository';
import { BookService } from './book/book.service';
import type { MinutesConfig } from './config';
import { LibraryPdfs } from './common/library-pdfs';
import { Meetings } from './common/meetings';
import { MinutesFieldsGeneration } from './common/fields-generation';
import { MinutesDb } from './common/minutes-db';
import { minutesTables } from './db/tables';
import { MinutesHandlers } from './minutes/minutes.handlers';
import { MinutesRepository } from './minutes/minutes.repository';
import { MinutesService } from './minutes/minutes.service';
import { ApprovalEvents } from './minutes/approval.consumer';
import { WorkflowHandlers } from './minutes/workflow.handlers';
import { WorkflowRepository } from './minutes/workflow.repository';
import { WorkflowService } from './minutes/workflow.service';
import { WorkflowView } from './minutes/workflow.view';
import { PdfRenderer } from './pdf/pdf-renderer';
import { RenderMinutesProcessor } from './minutes/render.processor';
import { SummaryHandlers } from './summary/summary.handlers';
import { SummaryService } from './summary/summary.service';
import { RenderReportProcessor } from './report/report.processor';
import { EvaluationReportHandlers } from './evaluation/evaluation-report.handlers';
import { RenderEvaluationReportProcessor } from './evaluation/evaluation-report.processor';
import { EvaluationReportRepository } from './evaluation/evaluation-report.repository';
import { EvaluationReportService } from './evaluation/evaluation-report.service';
import { ReportHandlers } from './report/report.handlers';
import { ReportRepository } from './report/report.repository';
import { ReportJobs } from './common/report-jobs';
import { ReportService } from './report/report.service';
import { MinutesSearchHandlers } from './search/search.handlers';
import { MinutesSearchRepository } from './search/search.repository';
import { MinutesSearchService } from './search/search.service';

/**
 * services/minutes: the minutes of meetings (setting, conclusions, comments, versions) and their PDF, rendered
 * by Chromium in a BullMQ job and stored in the library; the merged board book (pdf-lib). docs/minutes.md.
 */
@Module({})
export class AppModule {
  static register(config: MinutesConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'minutes',
          config,
          db: { schema: minutesTables },
          storage: true,
          queues: { produces: [RenderMinutes, MergeBookJob, RenderReportJob, RenderEvaluationReportJob, RebuildBookJob, SummarizeBookJob], processes: [RenderMinutes, MergeBookJob, RenderReportJob, RenderEvaluationReportJob, RebuildBookJob, SummarizeBookJob], concurrency: config.RENDER_CONCURRENCY, worker: workerTuningOf(config) },
          streams: ['meeting', 'approval', 'library'],
        }),
      ],
      providers: [MinutesDb, MinutesRepository, Meetings, MinutesService, MinutesHandlers, PdfRenderer, RenderMinutesProcessor, BookRepository, BookService, BookHandlers, MergeBookProcessor,
        BookSummaryRepository, BookSummaryService, SummarizeBookProcessor, BookChangesRepository, BookChangesService, BookAnnotationsService,
        SummaryService, SummaryHandlers, BookRebuild, BookRebuilds, LibraryPdfs, ReportJobs, ReportRepository, ReportService, ReportHandlers, RenderReportProcessor,
        EvaluationReportRepository, EvaluationReportService, EvaluationReportHandlers, RenderEvaluationReportProcessor,
        MinutesSearchRepository, MinutesSearchService, MinutesSearchHandlers, WorkflowRepository, WorkflowView, WorkflowService, WorkflowHandlers, ApprovalEvents, MinutesFieldsGeneration],
    };
  }
}

import { DynamicModule, Module } from '@nestjs/common';
import { ConvertToPdf, ExportAnnotatedJob, ExtractFileText, GetOrganization, OrganizationUpdated, RemoveWatermarkedCopy } from '@app/contracts';
import { orgZonesProviders, PlatformModule, Sandbox } from '@app/platform';
import { ChangesHandlers } from './changes/changes.handlers';
import { ChangesService } from './changes/changes.service';
import type { LibraryConfig } from './config';
import { ItemAccess } from './common/item-access';
import { LibraryDb } from './common/library-db';
import { libraryTables } from './db/tables';
import { LibraryRepository } from './repositories/library.repository';
import { FileTextRepository } from './repositories/file-text.repository';
import { LibraryService } from './library/library.service';
import { LibraryHandlers } from './library/library.handlers';
import { LibrarySearchService } from './search/search.service';
import { LibrarySearchHandlers } from './search/search.handlers';
import { ViewersService } from './viewers/viewers.service';
import { ViewersHandlers } from './viewers/viewers.handlers';
import { ConvertProcessor } from './viewers/convert.processor';
import { TextProcessor } from './viewers/text.processor';
import { DownloadPolicies } from './common/download-policies';
import { PolicyService } from './policy/policy.service';
import { PolicyHandlers } from './policy/policy.handlers';
import { WatermarkProcessor } from './library/watermark.processor';
import { AnnotatedExportProcessor } from './library/annotated-export.processor';
import { AnnotationsRepository } from './repositories/annotations.repository';
import { AnnotationsService } from './annotations/annotations.service';
import { AnnotationsHandlers } from './annotations/annotations.handlers';
import { AnnotationCarry } from './common/annotation-carry';

/**
 * services/library: folders and files (bytes in S3, rows here), sharing, favorites, versions, annotations,
 * the viewers' data (spreadsheet JSON, e-mail HTML, office files converted to PDF by a BullMQ job), the text of
 * files for the search box (another job), and the
 * attachment checks of the meeting service. See docs/library.md.
 */
@Module({})
export class AppModule {
  static register(config: LibraryConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'library',
          config,
          db: { schema: libraryTables },
          storage: true,
          queues: { produces: [ConvertToPdf, ExtractFileText, RemoveWatermarkedCopy, ExportAnnotatedJob], processes: [ConvertToPdf, ExtractFileText, RemoveWatermarkedCopy, ExportAnnotatedJob], concurrency: config.CONVERT_CONCURRENCY },
          streams: ['library'],
        }),
      ],
      providers: [{ provide: Sandbox, useValue: new Sandbox(config) }, ...orgZonesProviders({ get: GetOrganization, updated: OrganizationUpdated }), LibraryDb, LibraryRepository, FileTextRepository, ItemAccess, LibraryService, LibraryHandlers, LibrarySearchService, LibrarySearchHandlers, ChangesService, ChangesHandlers, ViewersService, ViewersHandlers, ConvertProcessor, TextProcessor, DownloadPolicies, PolicyService, PolicyHandlers, WatermarkProcessor, AnnotatedExportProcessor, AnnotationsRepository, AnnotationsService, AnnotationsHandlers, AnnotationCarry],
    };
  }
}

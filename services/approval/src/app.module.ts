import { DynamicModule, Module } from '@nestjs/common';
import { GetOrganization, OrganizationUpdated, SignApprovalJob } from '@app/contracts';
import { orgZonesProviders, PlatformModule, workerTuningOf } from '@app/platform';
import type { ApprovalConfig } from './config';
import { ApprovalAccess } from './common/approval-access';
import { ApprovalDb } from './common/approval-db';
import { DocumentStore } from './common/document-store';
import { ApprovalPublisher } from './common/publisher';
import { SignDecision } from './common/sign-decision';
import { SigningKeys } from './common/signing-keys';
import { approvalTables } from './db/tables';
import { ApprovalRepository } from './repositories/approvals.repository';
import { PlacementsRepository } from './repositories/placements.repository';
import { ApprovalService } from './approval/approval.service';
import { ApprovalHandlers } from './approval/approval.handlers';
import { SignApprovalProcessor } from './signing/sign.processor';
import { DocumentsService } from './documents/documents.service';
import { DocumentsHandlers } from './documents/documents.handlers';
import { SealCertificates } from './verify/seal-certificates';
import { VerifyService } from './verify/verify.service';
import { VerifyHandlers } from './verify/verify.handlers';

/**
 * services/approval: approvals of library PDFs signed step by step by members, committees' members and guests;
 * each signature stamped onto a new version of the approval's own copy, the last one sealed with the organization's key and an
 * audit certificate page, in a BullMQ job (SignApprovalJob) whose progress the details show. See docs/approval.md.
 */
@Module({})
export class AppModule {
  static register(config: ApprovalConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ service: 'approval', config, db: { schema: approvalTables }, storage: true, streams: ['approval'], queues: { produces: [SignApprovalJob], processes: [SignApprovalJob], worker: workerTuningOf(config) } })],
      providers: [...orgZonesProviders({ get: GetOrganization, updated: OrganizationUpdated }), ApprovalDb, ApprovalRepository, PlacementsRepository, ApprovalAccess, ApprovalPublisher, SignDecision, ApprovalService, ApprovalHandlers, DocumentStore, SigningKeys, SignApprovalProcessor, DocumentsService, DocumentsHandlers, SealCertificates, VerifyService, VerifyHandlers],
    };
  }
}

import { Injectable } from '@nestjs/common';
import { AddReviewComment, ChangeReviewDeadline, ListPendingReviewers, PublishMinutes, SendMinutesForApproval, SendMinutesForReview, StartMinutesCorrection, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { WorkflowService } from './workflow.service';

@Injectable()
export class WorkflowHandlers {
  constructor(private readonly workflow: WorkflowService) {}

  @Rpc(SendMinutesForReview) review(r: RequestOf<typeof SendMinutesForReview>) { return this.workflow.sendForReview(r); }
  @Rpc(ChangeReviewDeadline) deadline(r: RequestOf<typeof ChangeReviewDeadline>) { return this.workflow.changeReviewDeadline(r); }
  @Rpc(AddReviewComment) comment(r: RequestOf<typeof AddReviewComment>) { return this.workflow.addReviewComment(r); }
  @Rpc(SendMinutesForApproval) approval(r: RequestOf<typeof SendMinutesForApproval>) { return this.workflow.sendForApproval(r); }
  @Rpc(PublishMinutes) publish(r: RequestOf<typeof PublishMinutes>) { return this.workflow.publish(r); }
  @Rpc(ListPendingReviewers) pending(r: RequestOf<typeof ListPendingReviewers>) { return this.workflow.pendingReviewerEmails(r); }
  @Rpc(StartMinutesCorrection) correct(r: RequestOf<typeof StartMinutesCorrection>) { return this.workflow.startCorrection(r); }
}

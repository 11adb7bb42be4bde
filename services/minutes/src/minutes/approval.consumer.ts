import { Injectable } from '@nestjs/common';
import { ApprovalCompleted, ApprovalRejected, ApprovalSigned, MinutesChanged, type EventMeta, type PayloadOf } from '@app/contracts';
import { OnEvent, Outbox } from '@app/platform';
import { MinutesDb } from '../common/minutes-db';
import { nextState } from '../rules/workflow';
import { MinutesRepository } from './minutes.repository';
import { WorkflowRepository } from './workflow.repository';

/**
 * The approval service's events about an approval of the minutes (docs/minutes.md#the-workflow): completed, the
 * edition is approved (publishing waits for the seal, which the approval's job adds after this event); rejected, the
 * edition is a draft again with the reason in the history. An approval that is not a minutes edition's is ignored;
 * a redelivered event finds its line of the history (the event id) and changes nothing. Each of them, and every
 * signature of a minutes approval (ApprovalSigned), tells the meeting's open pages (MinutesChanged, docs/minutes.md#live).
 */
@Injectable()
export class ApprovalEvents {
  constructor(
    private readonly db: MinutesDb,
    private readonly repo: WorkflowRepository,
    private readonly minutesRepo: MinutesRepository,
    private readonly outbox: Outbox,
  ) {}

  private async apply(orgId: string, approvalId: number, eventId: string, step: 'approve' | 'reject', who: string, note: string | null): Promise<void> {
    await this.db.tenant(orgId, async (s) => {
      const e = await this.repo.byApproval(s, approvalId);
      if (!e) return;
      await this.minutesRepo.lockMeeting(s, e.meetingId);
      const to = nextState(e.state as Parameters<typeof nextState>[0], step);
      if (!to) return;
      const fresh = await this.repo.addEvent(s, e.meetingId, { edition: e.number, action: step === 'approve' ? 'approved' : 'approval_rejected', state: to, actorId: null, actorName: who, note, dedupe: eventId });
      if (!fresh) return;
      await this.repo.updateEdition(s, e.id, { state: to });
      await this.outbox.add(s.tx, MinutesChanged, { orgId, meetingId: e.meetingId, change: 'approval', byUserId: null });
    });
  }

  /** a signature that does not finish the approval: the minutes do not change, but the approvals card on the meeting's pages does */
  @OnEvent(ApprovalSigned)
  async onSigned(e: PayloadOf<typeof ApprovalSigned>): Promise<void> {
    await this.db.tenant(e.orgId, async (s) => {
      const row = await this.repo.byApproval(s, e.approvalId);
      if (row) await this.outbox.add(s.tx, MinutesChanged, { orgId: e.orgId, meetingId: row.meetingId, change: 'signature', byUserId: null });
    });
  }

  @OnEvent(ApprovalCompleted)
  async onCompleted(e: PayloadOf<typeof ApprovalCompleted>, meta: EventMeta): Promise<void> {
    const row = await this.db.tenant(e.orgId, (s) => this.repo.byApproval(s, e.approvalId));
    const who = row?.approvers.map((p) => p.name).join(', ') ?? '';
    await this.apply(e.orgId, e.approvalId, meta.id, 'approve', who, null);
  }

  @OnEvent(ApprovalRejected)
  async onRejected(e: PayloadOf<typeof ApprovalRejected>, meta: EventMeta): Promise<void> {
    await this.apply(e.orgId, e.approvalId, meta.id, 'reject', e.signerName, e.reason);
  }
}

import { Injectable } from '@nestjs/common';
import {
  AppError, ApprovalMessages as AM, ApprovalSigned, AppPaths, ASSIGNEE_STATUS, approvalProgress, currentSigners, GetDetails, SignApprovalJob, SYSTEM_ACTOR,
  type Actor, type Placement,
} from '@app/contracts';
import { Bus, Jobs, Outbox } from '@app/platform';
import { decodeImage, embeddable, pageCount } from '../pdf/stamp';
import { ApprovalRepository, type DocumentRow } from '../repositories/approvals.repository';
import { PlacementsRepository } from '../repositories/placements.repository';
import { ordered, REFUSALS } from '../rules/access';
import { fromStored } from '../rules/stored-box';
import { nameOf } from '../view/approval-view';
import { ApprovalAccess, type Seen } from './approval-access';
import { ApprovalDb, type Scope } from './approval-db';
import { DocumentStore } from './document-store';
import { ApprovalPublisher } from './publisher';

export interface SignCall {
  orgId: string;
  actor: Actor;
  ip: string | null;
  userAgent: string | null;
  approvalId: number;
  guestId?: number;
  comment?: string;
  signatureId?: number;
  image?: string;
  placements?: Placement[];
  reason?: string;
}

/** the signing order's refusal of the caller (rules/access) as this service's error */
export function refuse(v: Seen): void {
  if (v.rights.refusal) throw new AppError(REFUSALS[v.rights.refusal]);
}

/**
 * A signature: records the decision and enqueues the PDF work (SignApprovalJob: the stamp on each document, then the
 * audit page and the seal after the last step); the details' `processing` follows it until the versions exist.
 * The details' signature (`approval.v1.sign`) and the signing page's (`approval.v1.sign-document`) both end here.
 */
@Injectable()
export class SignDecision {
  constructor(
    private readonly db: ApprovalDb,
    private readonly repo: ApprovalRepository,
    private readonly boxes: PlacementsRepository,
    private readonly access: ApprovalAccess,
    private readonly publisher: ApprovalPublisher,
    private readonly store: DocumentStore,
    private readonly bus: Bus,
    private readonly outbox: Outbox,
    private readonly jobs: Jobs,
  ) {}

  /** the signature image: a saved one of the caller, or the drawn / uploaded data URL; png or jpeg by content */
  private async imageOf(c: SignCall): Promise<{ bytes: Uint8Array; kind: 'png' | 'jpeg'; dataUrl: string }> {
    let dataUrl = c.image;
    if (c.signatureId) {
      if (c.actor.kind !== 'user' || !c.actor.userId) throw AppError.validation({ signature_id: AM.signatureInvalid });
      const row = await this.db.tenant(c.orgId, (s) => this.repo.signature(s, c.actor.userId!, c.signatureId!));
      if (!row) throw AppError.validation({ signature_id: AM.signatureInvalid });
      dataUrl = row.payload;
    }
    if (!dataUrl) throw AppError.validation({ file: AM.signatureRequired });
    const img = decodeImage(dataUrl);
    if (!img) throw AppError.validation({ file: AM.imageType });
    return { ...img, dataUrl };
  }

  private async readLibrary(orgId: string, libraryId: number): Promise<Buffer> {
    const item = await this.bus.request(GetDetails, { orgId, actor: SYSTEM_ACTOR, itemId: libraryId });
    if (!item.file_url) throw AppError.notFound('document');
    return this.store.readUrl(item.file_url);
  }

  /** `answer`: what the caller gets, read in the signature's own transaction */
  async sign<T>(c: SignCall, answer: (s: Scope, approvalId: number) => Promise<T>): Promise<T> {
    const org = await this.publisher.org(c.orgId);
    const pre = await this.db.tenant(c.orgId, (s) => this.access.see(s, c, c.approvalId, c.guestId));
    refuse(pre);
    const image = await this.imageOf(c);
    // a png or jpeg header over bytes pdf-lib cannot decode: the image is refused now, not in the job
    if (!(await embeddable(image))) throw AppError.validation({ file: AM.imageType });
    const me = pre.me!;
    const now = new Date();
    // no boxes given (the details page's signature modal, approval_mode old): the boxes placed for this signer
    const given = c.placements ?? [];
    const placements = given.length ? given : await this.db.tenant(c.orgId, async (s) => (await this.boxes.of(s, pre.approval.id, [me.id])).flatMap(fromStored));
    // every document needs a signature on at least one of its pages, on a page it has
    const forDoc = (d: DocumentRow) => placements.filter((p) => p.library_id === undefined || p.library_id === d.libraryId);
    if (given.length && pre.docs.some((d) => !forDoc(d).length)) throw AppError.validation({ sign_data: AM.placementInvalid });
    if (placements.length) {
      for (const d of pre.docs) {
        const bytes = d.s3Key ? await this.store.readKey(d.s3Key) : await this.readLibrary(c.orgId, d.libraryId);
        const pages = await pageCount(bytes);
        if (forDoc(d).some((p) => p.pageNum > pages)) throw AppError.validation({ sign_data: AM.placementInvalid });
      }
    }
    const by = { userId: me.userId, name: nameOf(me) };
    const sender = await this.publisher.senderRecipients(c.orgId, pre.approval);
    const nextUsers = await this.publisher.nextUsers(c.orgId, pre.assignees, me.id);
    return this.db.command(c.orgId, async (s, after) => {
      const v = await this.access.see(s, c, c.approvalId, c.guestId, true);
      refuse(v);
      await this.repo.updateAssignee(s, me.id, { status: ASSIGNEE_STATUS.signed, comment: c.comment?.trim() || null, actedAt: now, ip: c.ip, userAgent: c.userAgent });
      const assignees = v.assignees.map((a) => (a.id === me.id ? { ...a, status: ASSIGNEE_STATUS.signed } : a));
      const status = approvalProgress(ordered(assignees));
      const a = await this.repo.update(s, v.approval.id, { status });
      const job = await this.repo.addSignJob(s, {
        approvalId: a.id, assigneeId: me.id, image: image.dataUrl, placements, signerName: by.name, signerTitle: me.userPosition, reason: c.reason ?? c.comment ?? null, signedAt: now,
      });
      after(() => this.jobs.add(SignApprovalJob, { orgId: c.orgId, approvalId: a.id, signJobId: job.id }, { jobId: `approval-sign-${c.orgId}-${job.id}` }));
      const info = { orgId: org.id, orgSlug: org.slug, orgName: org.name, timeZone: org.time_zone, approvalId: a.id, title: a.title, senderName: a.senderName, link: AppPaths.approval(a.id) };
      await this.outbox.add(s.tx, ApprovalSigned, { ...info, signerName: by.name, recipients: sender });
      // the signature that completes the approval: its e-mail (ApprovalCompleted, to everyone, with the sealed PDFs)
      // goes once the job has sealed them (signing/sign.processor.ts)
      if (status !== 'fully signed') {
        const before = new Set(currentSigners(ordered(v.assignees)).map((x) => Number(x.id)));
        const fresh = new Set(currentSigners(ordered(assignees)).map((x) => Number(x.id)).filter((id) => !before.has(id)));
        // a guest of a later step gets a fresh link now (only the hash is kept, so the first one cannot be sent again)
        const tokens = new Map<number, string>();
        for (const id of fresh) {
          const row = assignees.find((x) => x.id === id)!;
          if (!row.userId) tokens.set(id, await this.publisher.newToken(s, id));
        }
        await this.publisher.requestCurrent(s, org, a, assignees, tokens, nextUsers, fresh);
      }
      return answer(s, a.id);
    });
  }
}

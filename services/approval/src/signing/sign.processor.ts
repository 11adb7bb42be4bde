import { Inject, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AppError, ApprovalCompleted, AppPaths, DOCUMENT_STATUS, GetDetails, GetOrganization, GetUsers, serverDate, SignApprovalJob, signedName, SYSTEM_ACTOR,
  type Lang, type PayloadOf, type Placement, type Recipient,
} from '@app/contracts';
import { Bus, CONFIG, logger, Outbox, ProcessJob, Storage, type JobContext } from '@app/platform';
import type { ApprovalConfig } from '../config';
import { ApprovalDb } from '../common/approval-db';
import { ApprovalRepository, type ApprovalRow, type AssigneeRow, type DocumentRow, type SignJobRow, type VersionRow } from '../repositories/approvals.repository';
import { ApprovalPublisher, type Org } from '../common/publisher';
import { appendAuditPage, type AuditStep } from './audit';
import { approvalKey, DocumentStore, sha256 } from '../common/document-store';
import { SigningKeys } from '../common/signing-keys';
import { decodeImage, stampPdf } from '../pdf/stamp';
import { embedSealRecord, sealRecordOf } from '../pdf/seal-record';
import { sealFieldName } from '../pdf/seal-name';

const nameOf = (a: AssigneeRow) => a.userName ?? a.guestName ?? a.userEmail ?? '';

/**
 * SignApprovalJob: the PDF work of signatures, one approval at a time (a transaction-scoped advisory lock), the
 * earlier signatures' work first (each signed state is stamped on the one before). For each signature, each
 * document: the image stamped onto the document's latest state, stored under a key made from the step's
 * idempotency key (`sign:<assignee>:doc:<document>`) and registered as the library file's next version (the library
 * answers the version it already is for a key it has); then, after the last step, the audit certificate page and
 * the organization's seal (`seal:doc:<document>`). A step whose object is in S3 already (a crash after the write)
 * reuses those bytes; a step whose version row exists is skipped. So a job retried after a crash (a killed worker)
 * writes each version exactly once. Progress on the sign_jobs row: 5 started, up to 90 stamping (up to 45 when
 * a seal follows), up to 95 sealing, 100 done.
 */
@Injectable()
export class SignApprovalProcessor {
  constructor(
    private readonly db: ApprovalDb,
    private readonly repo: ApprovalRepository,
    private readonly bus: Bus,
    private readonly store: DocumentStore,
    private readonly storage: Storage,
    private readonly keys: SigningKeys,
    private readonly publisher: ApprovalPublisher,
    private readonly outbox: Outbox,
    @Inject(CONFIG) private readonly config: ApprovalConfig,
  ) {}

  private async pause(): Promise<void> {
    if (this.config.SIGN_JOB_PAUSE_MS) await sleep(this.config.SIGN_JOB_PAUSE_MS);
  }

  private mark(orgId: string, id: number, v: Partial<Pick<SignJobRow, 'status' | 'stage' | 'progress' | 'error'>>) {
    return this.db.tenant(orgId, (s) => this.repo.updateSignJob(s, id, v));
  }

  @ProcessJob(SignApprovalJob)
  async sign(p: PayloadOf<typeof SignApprovalJob>, ctx: JobContext): Promise<void> {
    const mine = await this.db.tenant(p.orgId, (s) => this.repo.signJob(s, p.signJobId));
    if (!mine || mine.status === 'done') return;
    try {
      await this.db.tenant(p.orgId, async (lock) => {
        await this.repo.lockWork(lock, p.approvalId);
        const all = await this.db.tenant(p.orgId, (s) => this.repo.signJobsOf(s, p.approvalId));
        for (const j of all.filter((x) => x.status !== 'done' && x.id <= p.signJobId)) await this.work(p.orgId, j);
      });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      logger().warn({ err: e, approvalId: p.approvalId, signJobId: p.signJobId, attempt: ctx.attempt }, 'the signed PDF could not be made');
      const last = ctx.attempt >= ctx.attemptsAllowed;
      await this.mark(p.orgId, p.signJobId, { status: last ? 'failed' : 'running', error: message.slice(0, 500) });
      throw e;
    }
  }

  /** the bytes of a step: the object a crashed attempt stored already, or made now and stored under the step's key */
  private async stored(key: string, make: () => Promise<Uint8Array>): Promise<Buffer> {
    if (await this.storage.stat(key)) return this.storage.getBuffer(key);
    const bytes = Buffer.from(await make());
    await this.storage.put(key, bytes, bytes.length, 'application/pdf');
    return bytes;
  }

  private async work(orgId: string, j: SignJobRow): Promise<void> {
    await this.mark(orgId, j.id, { status: 'running', stage: 'stamping', progress: 5 });
    const load = () => this.db.tenant(orgId, async (s) => {
      const approval = await this.repo.get(s, j.approvalId);
      if (!approval) throw AppError.notFound('approval');
      const docs = await this.repo.documentsOf(s, [approval.id]);
      const assignees = await this.repo.assigneesOf(s, [approval.id]);
      // read after the approval: a signature that made it fully signed wrote its sign job in the same transaction
      const jobs = await this.repo.signJobsOf(s, approval.id);
      return { approval, docs, assignees, versions: await this.repo.versionsOf(s, approval.id), lastJob: Math.max(...jobs.map((x) => x.id)) };
    });
    const first = await load();
    const { lastJob } = first;
    let { approval, docs, assignees, versions } = first;
    const me = assignees.find((a) => a.id === j.assigneeId);
    if (!me) throw AppError.notFound('approval');
    // the last signature of a completed approval seals: every assignee signed and no later signature's work follows.
    // Both read now, together: the list of jobs this run started from may predate the last signature (signed while
    // this job waited for the lock), and sealing before it would leave its stamp outside the seal
    const seals = approval.status === 'fully signed' && j.id === lastJob;
    const image = decodeImage(j.image);
    if (!image) throw new Error('the stored signature image is not png or jpeg');
    const placements = j.placements as Placement[];
    const stampShare = seals ? 45 : 90;
    // the stamp's date is read by people: the organization's time zone, as every date the product shows
    const { organization: stampOrg } = await this.bus.request(GetOrganization, { orgId });
    const stampZone = stampOrg?.time_zone ?? 'UTC';
    for (const [i, d] of docs.entries()) {
      const idem = `sign:${me.id}:doc:${d.id}`;
      if (!versions.some((v) => v.idemKey === idem)) {
        const key = this.keyOf(orgId, approval.id, idem);
        const { bytes: current, version } = await this.current(orgId, d);
        const before = sha256(current);
        const bytes = await this.stored(key, async () => {
          const forDoc = placements.filter((p) => p.library_id === undefined || p.library_id === d.libraryId);
          return stampPdf(current, image, forDoc, { name: j.signerName, title: j.signerTitle, date: serverDate(j.signedAt, stampZone)!, reason: j.reason });
        });
        await this.pause();
        await this.db.command(orgId, async (s) => {
          await this.repo.addVersion(s, { approvalId: approval.id, libraryId: d.libraryId, version: version + 1, assigneeId: me.id, byName: j.signerName, action: 'signed', shaBefore: before, sha256: sha256(bytes), s3Key: key, idemKey: idem });
          await this.repo.updateDocument(s, d.id, { status: DOCUMENT_STATUS.partlySigned, version: version + 1, s3Key: key, size: bytes.length });
        });
      }
      await this.mark(orgId, j.id, { progress: 5 + Math.floor(((i + 1) / docs.length) * stampShare) });
    }
    if (seals) {
      await this.mark(orgId, j.id, { stage: 'sealing' });
      ({ approval, docs, assignees, versions } = await load());
      const { organization: org } = await this.bus.request(GetOrganization, { orgId });
      if (!org) throw AppError.notFound('organization');
      const lang = await this.senderLang(orgId, approval.senderId);
      for (const [i, d] of docs.entries()) {
        const idem = `seal:doc:${d.id}`;
        if (!versions.some((v) => v.idemKey === idem)) {
          const key = this.keyOf(orgId, approval.id, idem);
          const { bytes: current, version } = await this.current(orgId, d);
          const bytes = await this.stored(key, async () => {
            const steps: AuditStep[] = assignees.map((a) => {
              const h = this.hashesOf(versions, d.libraryId, a.id);
              return { name: nameOf(a), email: a.userEmail, guest: !a.userId, step: a.step, at: a.actedAt ?? j.signedAt, ip: a.ip, userAgent: a.userAgent, shaBefore: h.before, shaAfter: h.after };
            });
            const withAudit = await appendAuditPage(current, { title: approval.title, document: d.name, orgName: org.name, timeZone: org.time_zone, steps, sealedAt: j.signedAt, lang });
            // the audit page's data as JSON inside the sealed bytes, and the signers in the seal's field name (verify/)
            const at = new Date();
            const record = sealRecordOf({ orgId, orgName: org.name, approvalId: approval.id, title: approval.title, document: d.name, sealedAt: at, steps });
            return this.keys.seal(orgId, org.name, await embedSealRecord(withAudit, record), { at, fieldName: sealFieldName(org.name, record.signers.map((x) => x.name)) });
          });
          await this.pause();
          // the completion e-mail goes with the last document's seal, in its transaction: once, and only once every
          // sealed object exists (a retried job skips the version it recorded, and the event with it)
          const completed = i === docs.length - 1 ? await this.completed(orgId, org, approval, assignees, docs) : null;
          await this.db.command(orgId, async (s) => {
            await this.repo.addVersion(s, { approvalId: approval.id, libraryId: d.libraryId, version: version + 1, assigneeId: null, byName: org.name, action: 'sealed', shaBefore: sha256(current), sha256: sha256(bytes), s3Key: key, idemKey: idem });
            await this.repo.updateDocument(s, d.id, { status: DOCUMENT_STATUS.fullySigned, version: version + 1, s3Key: key, size: bytes.length });
            if (completed) await this.outbox.add(s.tx, ApprovalCompleted, completed);
          });
        }
        await this.mark(orgId, j.id, { progress: 50 + Math.floor(((i + 1) / docs.length) * 45) });
      }
    }
    await this.mark(orgId, j.id, { status: 'done', stage: 'done', progress: 100, error: null });
  }

  /**
   * ApprovalCompleted: the sender and every member signer still in the organization (the approval's page), every
   * guest signer (no link: theirs needs their token), one e-mail per address; each sealed document by name, size and a
   * presigned URL the notification service reads it from (APPROVAL_EMAIL_URL_TTL_SECONDS)
   */
  private async completed(orgId: string, org: Org, approval: ApprovalRow, assignees: AssigneeRow[], docs: DocumentRow[]): Promise<PayloadOf<typeof ApprovalCompleted>> {
    const seen = new Set<string>();
    const once = (r: Recipient) => !seen.has(r.email.toLowerCase()) && !!seen.add(r.email.toLowerCase());
    const recipients = [...(await this.publisher.senderRecipients(orgId, approval)), ...(await this.publisher.memberRecipients(orgId, assignees))].filter(once);
    const guests = assignees.filter((a) => !a.userId && a.userEmail).map((a): Recipient => ({ email: a.userEmail!, name: a.guestName, lang: a.guestLang })).filter(once);
    const documents = [];
    for (const d of docs) {
      const key = this.keyOf(orgId, approval.id, `seal:doc:${d.id}`);
      const stat = await this.storage.stat(key);
      if (!stat) throw new Error(`the sealed object of document ${d.id} is missing`);
      documents.push({ name: signedName(d.name), size: stat.size, url: await this.store.presigned(key, this.config.APPROVAL_EMAIL_URL_TTL_SECONDS) });
    }
    return {
      orgId: org.id, orgSlug: org.slug, orgName: org.name, timeZone: org.time_zone, approvalId: approval.id, title: approval.title, senderName: approval.senderName,
      link: AppPaths.approval(approval.id), recipients, guests, documents,
    };
  }

  /** the approval's own objects (never the library's): `<org>/approval/<id>-<idem>.pdf` */
  private keyOf(orgId: string, approvalId: number, idem: string): string {
    return approvalKey(orgId, approvalId, idem);
  }

  /**
   * A document's latest state and its number in the approval's history: the approval's own copy (as sent, then
   * each stamped state), or, for an approval made before copies were kept, the library file. The library file
   * itself is only read, never written.
   */
  private async current(orgId: string, d: DocumentRow): Promise<{ bytes: Buffer; version: number }> {
    const fresh = await this.db.tenant(orgId, async (s) => (await this.repo.documentsOf(s, [d.approvalId])).find((x) => x.id === d.id) ?? d);
    if (fresh.s3Key) return { bytes: await this.store.readKey(fresh.s3Key), version: fresh.version };
    const item = await this.bus.request(GetDetails, { orgId, actor: SYSTEM_ACTOR, itemId: d.libraryId });
    if (!item.file_url) throw AppError.notFound('document');
    return { bytes: await this.store.readUrl(item.file_url), version: fresh.version };
  }

  private hashesOf(history: VersionRow[], libraryId: number, assigneeId: number): { before: string | null; after: string | null } {
    const row = history.find((h) => h.libraryId === libraryId && h.assigneeId === assigneeId && h.action === 'signed');
    return { before: row?.shaBefore ?? null, after: row?.sha256 ?? null };
  }

  /** the audit page's language: the sender's (organizations have no language of their own; docs/decisions.md) */
  private async senderLang(orgId: string, senderId: number | null): Promise<Lang> {
    if (!senderId) return 'en';
    const { users } = await this.bus.request(GetUsers, { orgId, ids: [senderId] });
    return users[0]?.lang ?? 'en';
  }
}

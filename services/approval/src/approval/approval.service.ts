import { Inject, Injectable } from '@nestjs/common';
import {
  AppError, ApprovalErrors, ApprovalMessages as AM, ApprovalRejected, AppPaths, ASSIGNEE_STATUS, GetCommittee, GetDetails, GetUsers, hasPermission, isRejectReasonValid,
  LibraryErrors, pageMeta, SYSTEM_ACTOR, type Actor, type ApprovalDetails, type ApprovalStatus, type ApprovalTab, type AssigneeInput, type DirectoryUser,
  type Lang, type Placement, type SavedSignature,
} from '@app/contracts';
import { Bus, CONFIG, logger, OrgZones, Outbox } from '@app/platform';
import { ApprovalAccess, type LinkCheck } from '../common/approval-access';
import { ApprovalDb, type Scope } from '../common/approval-db';
import { DocumentStore, sentKey, sha256 } from '../common/document-store';
import { ApprovalPublisher } from '../common/publisher';
import { refuse, SignDecision } from '../common/sign-decision';
import type { ApprovalConfig } from '../config';
import { decodeImage, pageCount } from '../pdf/stamp';
import { ApprovalRepository } from '../repositories/approvals.repository';
import { oneStepPerPerson } from '../rules/assignees';
import { downloadName, mayDownload } from '../rules/download';
import { nameOf, toApproval, toDetails, toSignature } from '../view/approval-view';

interface Call {
  orgId: string;
  actor: Actor;
}
interface Client {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Use cases of approvals (docs/approval.md): one transaction per command, events through the outbox. Who sees an
 * approval and what they may do is rules/access (loaded by common/approval-access); a signature is
 * common/sign-decision, shared with the signing page.
 */
@Injectable()
export class ApprovalService {
  constructor(
    private readonly db: ApprovalDb,
    private readonly repo: ApprovalRepository,
    private readonly access: ApprovalAccess,
    private readonly publisher: ApprovalPublisher,
    private readonly signing: SignDecision,
    private readonly bus: Bus,
    private readonly outbox: Outbox,
    private readonly store: DocumentStore,
    private readonly zones: OrgZones,
    @Inject(CONFIG) private readonly config: ApprovalConfig,
  ) {}

  private async answer(s: Scope, c: Call, approvalId: number, guestId?: number, link: LinkCheck = 'running'): Promise<ApprovalDetails> {
    const v = await this.access.see(s, c, approvalId, guestId, false, link);
    const versions = await this.repo.versionsOf(s, v.approval.id);
    return toDetails(v, versions, await this.zones.of(c.orgId), await this.repo.signJobsOf(s, v.approval.id));
  }

  // ---------- queries ----------

  list(c: Call & { tab: ApprovalTab; status?: ApprovalStatus; committeeId?: number; meetingId?: number; search?: string; fromDate?: string; toDate?: string; page: number; perPage: number }) {
    if (c.actor.kind !== 'user' || !c.actor.userId) throw new AppError('UNAUTHENTICATED');
    const userId = c.actor.userId;
    return this.db.tenant(c.orgId, async (s) => {
      const { rows, total } = await this.repo.list(s, { userId, isAdmin: c.actor.isAdmin, tab: c.tab, status: c.status, committeeId: c.committeeId, meetingId: c.meetingId, search: c.search, fromDate: c.fromDate, toDate: c.toDate }, c.page, c.perPage);
      const ids = rows.map((r) => r.id);
      const [docs, people, zone] = await Promise.all([this.repo.documentsOf(s, ids), this.repo.assigneesOf(s, ids), this.zones.of(c.orgId)]);
      const items = rows.map((r) => {
        const as = people.filter((p) => p.approvalId === r.id);
        return toApproval(r, docs.filter((d) => d.approvalId === r.id), as, as.find((p) => p.userId === userId) ?? null, zone);
      });
      return { items, meta: pageMeta(c.page, c.perPage, total) };
    });
  }

  /** `afterOwnAct`: the answer to the caller's own signature or rejection (a guest link it ended still gets it) */
  get(c: Call & { approvalId: number; guestId?: number; afterOwnAct?: boolean }): Promise<ApprovalDetails> {
    return this.db.tenant(c.orgId, (s) => this.answer(s, c, c.approvalId, c.guestId, c.afterOwnAct ? 'none' : 'running'));
  }

  // ---------- create ----------

  private async expand(orgId: string, inputs: AssigneeInput[]) {
    type Row = { step: number; userId: number | null; email: string | null; guestName: string | null; committeeId: number | null; canEdit: boolean };
    const rows: Row[] = [];
    for (const [i, a] of inputs.entries()) {
      if ('committee_id' in a) {
        const { committee } = await this.bus.request(GetCommittee, { orgId, committeeId: a.committee_id });
        if (!committee) throw AppError.validation({ [`assignees.${i}.committee_id`]: AM.committeeInvalid });
        for (const u of [...new Set([...committee.admin_ids, ...committee.member_ids])]) rows.push({ step: a.order, userId: u, email: null, guestName: null, committeeId: committee.id, canEdit: !!a.can_edit });
      } else if ('user_id' in a) rows.push({ step: a.order, userId: a.user_id, email: null, guestName: null, committeeId: null, canEdit: !!a.can_edit });
      else rows.push({ step: a.order, userId: null, email: a.email.trim().toLowerCase(), guestName: a.guest_name, committeeId: null, canEdit: false });
    }
    const ids = [...new Set(rows.filter((r) => r.userId).map((r) => r.userId!))];
    const { users } = ids.length ? await this.bus.request(GetUsers, { orgId, ids }) : { users: [] as DirectoryUser[] };
    const byId = new Map(users.filter((u) => u.status !== 'Deleted').map((u) => [u.id, u]));
    inputs.forEach((a, i) => {
      if ('user_id' in a && !byId.has(a.user_id)) throw AppError.validation({ [`assignees.${i}.user_id`]: AM.userInvalid });
    });
    // one step per person: the first (lowest) one a person is given (rules/assignees)
    return oneStepPerPerson(rows, (id) => byId.has(id)).map((r) => ({ ...r, user: r.userId ? byId.get(r.userId)! : null }));
  }

  async create(c: Call & { title: string; description?: string; documents: number[]; assignees: AssigneeInput[]; committeeId?: number; meetingId?: number; lang?: Lang }): Promise<ApprovalDetails> {
    if (c.actor.kind !== 'user' || !c.actor.userId) throw new AppError('UNAUTHENTICATED');
    if (!hasPermission(c.actor, 'approvals_create')) throw AppError.forbidden('approvals_create');
    const org = await this.publisher.org(c.orgId);
    // the documents: PDF files of the library the sender may open
    const docIds = [...new Set(c.documents)];
    const files = await Promise.all(
      docIds.map(async (id, i) => {
        const item = await this.bus.request(GetDetails, { orgId: c.orgId, actor: c.actor, itemId: id }).catch((e: unknown) => {
          if (e instanceof AppError && e.status === 404) throw AppError.validation({ [`documents.${i}`]: AM.documentInvalid });
          throw e;
        });
        // an approval stamps the file's content: only someone who may edit it may send it (view-only: the catalogue's refusal)
        if (!item.can_edit) throw new AppError(LibraryErrors.LIBRARY_NO_PERMISSION);
        if (item.kind !== 'pdf' || !item.file_url) throw AppError.validation({ documents: AM.choosePdf });
        const bytes = await this.store.readUrl(item.file_url);
        await pageCount(bytes).catch(() => {
          throw AppError.validation({ documents: AM.documentInvalid });
        });
        return { item, bytes, sha: sha256(bytes) };
      }),
    );
    const people = await this.expand(c.orgId, c.assignees);
    if (!people.length) throw AppError.validation({ assignees: AM.assigneesRequired });
    const tokens = new Map<number, string>();
    return this.db.command(c.orgId, async (s, after) => {
      // each copy as sent may be shared with an approval being deleted: wait for it (docs/approval.md, "Deleting")
      for (const sha of [...new Set(files.map((f) => f.sha))].sort()) await this.repo.lockObject(s, sentKey(c.orgId, sha));
      const a = await this.repo.insert(s, {
        title: c.title, description: c.description ?? null, senderId: c.actor.userId, senderName: c.actor.name ?? '', committeeId: c.committeeId ?? null, meetingId: c.meetingId ?? null,
      });
      // the approval works on its own copy of each file as sent: the library file is never written (docs/approval.md)
      await this.repo.addDocuments(s, files.map(({ item, bytes, sha }, i) => ({ approvalId: a.id, libraryId: item.id, name: item.name, size: bytes.length, version: item.version, position: i, s3Key: sentKey(c.orgId, sha) })));
      for (const { item, sha } of files) {
        await this.repo.addVersion(s, { approvalId: a.id, libraryId: item.id, version: item.version, byName: c.actor.name ?? '', action: 'sent', sha256: sha, s3Key: sentKey(c.orgId, sha) });
      }
      const inserted = await this.repo.addAssignees(s, people.map((p) => ({
        approvalId: a.id, step: p.step, userId: p.userId, userName: p.user?.name ?? null, userEmail: p.user?.email ?? p.email, userImage: p.user?.image ?? null,
        userPosition: p.user?.designation ?? p.user?.position ?? null, guestName: p.guestName, guestLang: p.userId ? 'en' : (c.lang ?? 'en'), committeeId: p.committeeId, canEdit: p.canEdit,
      })));
      for (const row of inserted) if (!row.userId) tokens.set(row.id, await this.publisher.newToken(s, row.id));
      await this.publisher.requestCurrent(s, org, a, inserted, tokens, people.map((p) => p.user).filter((u): u is DirectoryUser => !!u));
      // the copies last, once every row is in (named by content: a copy left by a failed commit is the same object next time)
      for (const f of files) await this.store.put(sentKey(c.orgId, f.sha), f.bytes);
      const v = await this.access.see(s, c, a.id);
      after(async () => logger().info({ orgId: c.orgId, approvalId: a.id }, 'approval created'));
      return toDetails(v, await this.repo.versionsOf(s, a.id), await this.zones.of(c.orgId));
    });
  }

  // ---------- delete ----------

  delete(c: Call & { approvalId: number }): Promise<{ ok: true }> {
    return this.db.command(c.orgId, async (s) => {
      const v = await this.access.see(s, c, c.approvalId, undefined, true);
      if (!v.sender && !c.actor.isAdmin) throw new AppError(ApprovalErrors.APPROVAL_NOT_SENDER);
      // a sign job at work on it finishes first (its lock), and finds no approval next time
      await this.repo.lockWork(s, v.approval.id);
      const objects = await this.repo.objectsOnlyOf(s, v.approval.id);
      await this.repo.delete(s, v.approval.id);
      // the approval's PDFs go with it, last and still under the locks: a creation that shares a copy as sent waits
      // for this commit and then stores its own copy again (a failure here leaves every row in place)
      for (const key of objects) await this.store.remove(key);
      return { ok: true as const };
    });
  }

  // ---------- sign and reject ----------

  async reject(c: Call & Client & { approvalId: number; guestId?: number; comment: string }): Promise<ApprovalDetails> {
    if (!isRejectReasonValid(c.comment)) throw AppError.validation({ comment: AM.reasonRequired });
    const org = await this.publisher.org(c.orgId);
    const pre = await this.db.tenant(c.orgId, (s) => this.access.see(s, c, c.approvalId, c.guestId));
    refuse(pre);
    const to = await this.publisher.senderRecipients(c.orgId, pre.approval);
    return this.db.command(c.orgId, async (s) => {
      const v = await this.access.see(s, c, c.approvalId, c.guestId, true);
      refuse(v);
      await this.repo.updateAssignee(s, v.me!.id, { status: ASSIGNEE_STATUS.rejected, comment: c.comment.trim(), actedAt: new Date(), ip: c.ip, userAgent: c.userAgent });
      const a = await this.repo.update(s, v.approval.id, { status: 'rejected' });
      await this.outbox.add(s.tx, ApprovalRejected, {
        orgId: org.id, orgSlug: org.slug, orgName: org.name, timeZone: org.time_zone, approvalId: a.id, title: a.title, senderName: a.senderName,
        link: AppPaths.approval(a.id), signerName: nameOf(v.me!), reason: c.comment.trim(), recipients: to,
      });
      return this.answer(s, c, a.id, c.guestId, 'none');
    });
  }

  /** a signature from the details page (common/sign-decision, as the signing page's); answers the details */
  sign(c: Call & Client & { approvalId: number; guestId?: number; comment?: string; signatureId?: number; image?: string; placements?: Placement[]; reason?: string }): Promise<ApprovalDetails> {
    return this.signing.sign(c, (s, approvalId) => this.answer(s, c, approvalId, c.guestId, 'none'));
  }

  // ---------- downloads ----------

  signedUrl(c: Call & { approvalId: number; libraryId: number; guestId?: number }): Promise<{ url: string; name: string }> {
    return this.db.tenant(c.orgId, async (s) => {
      const v = await this.access.see(s, c, c.approvalId, c.guestId, false, 'download');
      const d = v.docs.find((x) => x.libraryId === c.libraryId);
      if (!d) throw AppError.notFound('document');
      if (!mayDownload(d, v.sender)) throw new AppError(ApprovalErrors.APPROVAL_DOWNLOAD_REFUSED);
      const name = downloadName(d);
      const url = d.s3Key ? await this.store.presigned(d.s3Key, this.config.APPROVAL_URL_TTL_SECONDS) : null;
      if (url) return { url, name };
      const item = await this.bus.request(GetDetails, { orgId: c.orgId, actor: SYSTEM_ACTOR, itemId: d.libraryId });
      if (!item.file_url) throw AppError.notFound('document');
      return { url: item.file_url, name };
    });
  }

  // ---------- saved signatures ----------

  private me(c: Call): number {
    if (c.actor.kind !== 'user' || !c.actor.userId) throw new AppError('UNAUTHENTICATED');
    return c.actor.userId;
  }

  listSignatures(c: Call) {
    const userId = this.me(c);
    return this.db.tenant(c.orgId, async (s) => {
      const zone = await this.zones.of(c.orgId);
      return { signatures: (await this.repo.signaturesOf(s, userId)).map((r) => toSignature(r, zone)) };
    });
  }

  saveSignature(c: Call & { type: SavedSignature['type']; title: string; payload: string }) {
    const userId = this.me(c);
    if (!decodeImage(c.payload)) throw AppError.validation({ payload: AM.imageType });
    return this.db.command(c.orgId, async (s) => toSignature(await this.repo.addSignature(s, { userId, type: c.type, title: c.title, payload: c.payload }), await this.zones.of(c.orgId)));
  }

  deleteSignature(c: Call & { signatureId: number }) {
    const userId = this.me(c);
    return this.db.command(c.orgId, async (s) => {
      if (!(await this.repo.deleteSignature(s, userId, c.signatureId))) throw AppError.notFound('signature');
      return { ok: true as const };
    });
  }
}

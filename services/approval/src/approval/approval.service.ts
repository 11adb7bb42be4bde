import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import {
  AppError, ApprovalCompleted, ApprovalErrors, ApprovalMessages as AM, ApprovalRejected, ApprovalRequested, ApprovalSigned, AppPaths, ASSIGNEE_STATUS,
  approvalProgress, currentSigners, errorSpec, GetCommittee, GetDetails, GetOrganization, GetUsers, hasPermission, isRejectReasonValid, LibraryErrors, signedName, pageMeta, refusalToAct, serverDate,
  SignApprovalJob, SYSTEM_ACTOR, type Actor, type ApprovalProcessing, type ActRefusal, type Approval, type ApprovalDetails, type ApprovalStatus, type ApprovalTab, type AssigneeInput,
  type AssigneeStatus, type DirectoryUser, type Placement, type Recipient, type SavedSignature,
} from '@app/contracts';
import { Bus, CONFIG, guestLinkState, Jobs, logger, Outbox } from '@app/platform';
import { ApprovalDb, type Scope } from '../common/approval-db';
import type { ApprovalConfig } from '../config';
import { DocumentStore, sentKey, sha256 } from '../signing/document-store';
import { decodeImage, embeddable, pageCount } from '../signing/stamp';
import { PlacementsRepository, type PlacementRow } from '../documents/placements.repository';
import { ApprovalRepository, type ApprovalRow, type AssigneeRow, type DocumentRow, type SignJobRow, type VersionRow } from './approval.repository';

interface Call {
  orgId: string;
  actor: Actor;
}
interface Client {
  ip: string | null;
  userAgent: string | null;
}
type Org = { id: string; slug: string; name: string; time_zone: string };

/** the signing order's refusals as this service's errors (the signing page's routes answer the same) */
export const REFUSALS: Record<ActRefusal, keyof typeof ApprovalErrors> = {
  NOT_AN_ASSIGNEE: 'APPROVAL_NOT_ASSIGNEE',
  ALREADY_ACTED: 'APPROVAL_ALREADY_ACTED',
  APPROVAL_REJECTED: 'APPROVAL_REJECTED',
  EARLIER_STEP_PENDING: 'APPROVAL_EARLIER_STEP_PENDING',
};
export const ordered = (rows: AssigneeRow[]) => rows.map((a) => ({ id: String(a.id), order: a.step, status: a.status as AssigneeStatus }));
export const nameOf = (a: AssigneeRow) => a.userName ?? a.guestName ?? a.userEmail ?? '';

/**
 * A stored box (the sender's, or the signer's own saved draft) as a placement to stamp. Stamp boxes need a stamp
 * image the details page does not give: only signature boxes. A box saved with no lines chosen (the sender's) shows
 * the signer's name and the date inside it, under the signature (docs/approval.md).
 */
export function fromStored(r: PlacementRow): Placement[] {
  if (r.type !== 'signature') return [];
  const o = r.options as Placement['options'];
  const chosen = o.showName || o.showTitle || o.showDate || o.showReason;
  return [{
    library_id: r.libraryId, pageNum: r.pageNum, type: 'signature', px: r.px, py: r.py, width: r.width, height: r.height, pageWidth: r.pageWidth, pageHeight: r.pageHeight,
    options: chosen ? o : { ...o, showName: true, showDate: true, inside: true },
  }];
}

/** who calls, for one approval: the sender, one of its assignees (a member or a guest by token), or an administrator */
interface Seen {
  approval: ApprovalRow;
  docs: DocumentRow[];
  assignees: AssigneeRow[];
  me: AssigneeRow | null;
  sender: boolean;
}

/** Use cases of approvals (docs/approval.md): one transaction per command, events through the outbox. */
@Injectable()
export class ApprovalService {
  constructor(
    private readonly db: ApprovalDb,
    private readonly repo: ApprovalRepository,
    private readonly bus: Bus,
    private readonly outbox: Outbox,
    private readonly store: DocumentStore,
    private readonly jobs: Jobs,
    private readonly boxes: PlacementsRepository,
    @Inject(CONFIG) private readonly config: ApprovalConfig,
  ) {}

  // ---------- access ----------

  /**
   * `link`: how a guest's link is checked (410 GUEST_LINK_EXPIRED). 'running': it works GUEST_LINK_DAYS from when it
   * was sent, and only while the approval runs (fully signed or rejected ends it). 'download': the signed document of
   * a fully signed approval stays downloadable until the link's expiry (the spec's guest download); a rejected one
   * ends it. 'none': the answer to the guest's own sign or reject, checked before it.
   */
  private async see(s: Scope, c: Call, approvalId: number, guestId?: number, lock = false, link: 'running' | 'download' | 'none' = 'running'): Promise<Seen> {
    const approval = await this.repo.get(s, approvalId, { lock });
    if (!approval) throw AppError.notFound('approval');
    const [docs, assignees] = await Promise.all([this.repo.documentsOf(s, [approval.id]), this.repo.assigneesOf(s, [approval.id])]);
    let me: AssigneeRow | null = null;
    if (c.actor.kind === 'guest') {
      const hash = c.actor.guestToken ? sha256(c.actor.guestToken) : '';
      me = assignees.find((a) => a.tokenHash === hash && (guestId === undefined || a.id === guestId)) ?? null;
      if (!me) throw AppError.notFound('approval');
      // the link's issue time is the row's last change (its token is set, or replaced, with it)
      const ended = approval.status === 'rejected' || (approval.status === 'fully signed' && link === 'running');
      if (link !== 'none' && guestLinkState({ issuedAt: null, fallbackIssuedAt: me.updatedAt, ended }, new Date(), this.config.GUEST_LINK_DAYS) !== 'live') throw new AppError('GUEST_LINK_EXPIRED');
      return { approval, docs, assignees, me, sender: false };
    }
    if (c.actor.kind !== 'user' || !c.actor.userId) throw AppError.notFound('approval');
    me = assignees.find((a) => a.userId === c.actor.userId) ?? null;
    const sender = approval.senderId === c.actor.userId;
    if (!me && !sender && !c.actor.isAdmin) throw AppError.notFound('approval');
    return { approval, docs, assignees, me, sender };
  }

  private refusal(v: Seen): ActRefusal | null {
    return v.me ? refusalToAct(ordered(v.assignees), String(v.me.id)) : 'NOT_AN_ASSIGNEE';
  }

  // ---------- answers ----------

  private toApproval(a: ApprovalRow, docs: DocumentRow[], assignees: AssigneeRow[], me: AssigneeRow | null): Approval {
    return {
      id: a.id, title: a.title, description: a.description, status: a.status as ApprovalStatus,
      sender: { id: a.senderId, name: a.senderName }, user_id: a.senderId, committee_id: a.committeeId, meeting_id: a.meetingId,
      documents: docs.map((d) => ({ id: d.id, library_id: d.libraryId, name: d.name, size: d.size, status: d.status as 1 | 2 | 3 | 4, version: d.version })),
      assignees: assignees.map((x) => ({
        id: x.id, user_id: x.userId, user: x.userId ? { id: x.userId, name: x.userName ?? '', image: x.userImage } : null,
        user_email: x.userEmail, guest_name: x.guestName, guest: !x.userId, order: x.step, status: x.status as 1 | 2 | 3, can_edit: x.canEdit,
        comment: x.comment, committee_id: x.committeeId, updated_at: serverDate(x.updatedAt)!,
      })),
      my_status: me ? (me.status as 1 | 2 | 3) : null,
      created_at: serverDate(a.createdAt)!, updated_at: serverDate(a.updatedAt)!,
    };
  }

  /** the latest signature's PDF work while it is not done */
  private processing(jobs: SignJobRow[]): ApprovalProcessing | null {
    const open = jobs.filter((j) => j.status !== 'done');
    const j = open[open.length - 1];
    if (!j) return null;
    return {
      status: j.status === 'failed' ? 'failed' : j.status === 'running' ? 'running' : 'queued',
      stage: j.stage === 'sealing' ? 'sealing' : j.stage === 'stamping' ? 'stamping' : 'queued',
      percent: Math.max(0, Math.min(100, j.progress)),
    };
  }

  private async answer(s: Scope, c: Call, approvalId: number, guestId?: number, link: 'running' | 'none' = 'running'): Promise<ApprovalDetails> {
    const v = await this.see(s, c, approvalId, guestId, false, link);
    const versions = await this.repo.versionsOf(s, v.approval.id);
    return this.details(v, versions, await this.repo.signJobsOf(s, v.approval.id));
  }

  private details(v: Seen, versions: VersionRow[], jobs: SignJobRow[] = []): ApprovalDetails {
    const refusal = this.refusal(v);
    const done = v.approval.status === 'fully signed';
    return {
      ...this.toApproval(v.approval, v.docs, v.assignees, v.me),
      can_sign: refusal === null,
      can_download: done || v.sender,
      can_edit: v.sender || !!v.me?.canEdit || refusal === null,
      note: refusal && v.me ? errorSpec(REFUSALS[refusal]).message : null,
      versions: versions.map((r) => ({ library_id: r.libraryId, version: r.version, by: r.byName, action: r.action as 'sent' | 'signed' | 'sealed', sha256: r.sha256, created_at: serverDate(r.createdAt)! })),
      processing: this.processing(jobs),
    };
  }

  // ---------- queries ----------

  list(c: Call & { tab: ApprovalTab; status?: ApprovalStatus; committeeId?: number; meetingId?: number; search?: string; fromDate?: string; toDate?: string; page: number; perPage: number }) {
    if (c.actor.kind !== 'user' || !c.actor.userId) throw new AppError('UNAUTHENTICATED');
    const userId = c.actor.userId;
    return this.db.tenant(c.orgId, async (s) => {
      const { rows, total } = await this.repo.list(s, { userId, isAdmin: c.actor.isAdmin, tab: c.tab, status: c.status, committeeId: c.committeeId, meetingId: c.meetingId, search: c.search, fromDate: c.fromDate, toDate: c.toDate }, c.page, c.perPage);
      const ids = rows.map((r) => r.id);
      const [docs, people] = await Promise.all([this.repo.documentsOf(s, ids), this.repo.assigneesOf(s, ids)]);
      const items = rows.map((r) => {
        const as = people.filter((p) => p.approvalId === r.id);
        return this.toApproval(r, docs.filter((d) => d.approvalId === r.id), as, as.find((p) => p.userId === userId) ?? null);
      });
      return { items, meta: pageMeta(c.page, c.perPage, total) };
    });
  }

  /** `afterOwnAct`: the answer to the caller's own signature or rejection (a guest link it ended still gets it) */
  get(c: Call & { approvalId: number; guestId?: number; afterOwnAct?: boolean }): Promise<ApprovalDetails> {
    return this.db.tenant(c.orgId, (s) => this.answer(s, c, c.approvalId, c.guestId, c.afterOwnAct ? 'none' : 'running'));
  }

  // ---------- create ----------

  private async org(orgId: string): Promise<Org> {
    const { organization } = await this.bus.request(GetOrganization, { orgId });
    if (!organization) throw AppError.notFound('organization');
    return organization;
  }

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
    // one step per person: the first (lowest) one a person is given
    const seen = new Set<string>();
    const out: (Row & { user: DirectoryUser | null })[] = [];
    for (const r of [...rows].sort((a, b) => a.step - b.step)) {
      const key = r.userId ? `u${r.userId}` : `g${r.email}`;
      if (seen.has(key) || (r.userId && !byId.has(r.userId))) continue;
      seen.add(key);
      out.push({ ...r, user: r.userId ? byId.get(r.userId)! : null });
    }
    return out;
  }

  async create(c: Call & { title: string; description?: string; documents: number[]; assignees: AssigneeInput[]; committeeId?: number; meetingId?: number }): Promise<ApprovalDetails> {
    if (c.actor.kind !== 'user' || !c.actor.userId) throw new AppError('UNAUTHENTICATED');
    if (!hasPermission(c.actor, 'approvals_create')) throw AppError.forbidden('approvals_create');
    const org = await this.org(c.orgId);
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
        userPosition: p.user?.designation ?? p.user?.position ?? null, guestName: p.guestName, committeeId: p.committeeId, canEdit: p.canEdit,
      })));
      for (const row of inserted) if (!row.userId) tokens.set(row.id, await this.newToken(s, row.id));
      await this.requestCurrent(s, org, a, inserted, tokens, people.map((p) => p.user).filter((u): u is DirectoryUser => !!u));
      // the copies last, once every row is in (named by content: a copy left by a failed commit is the same object next time)
      for (const f of files) await this.store.put(sentKey(c.orgId, f.sha), f.bytes);
      const v = await this.see(s, c, a.id);
      after(async () => logger().info({ orgId: c.orgId, approvalId: a.id }, 'approval created'));
      return this.details(v, await this.repo.versionsOf(s, a.id));
    });
  }

  /**
   * A guest's link token: `<assignee id>.<32 random bytes>` (the guest page reads its assignee id from it); only
   * its SHA-256 is stored. A new one replaces the old.
   */
  private async newToken(s: Scope, assigneeId: number): Promise<string> {
    const token = `${assigneeId}.${randomBytes(32).toString('base64url')}`;
    await this.repo.setTokenHash(s, assigneeId, sha256(token));
    return token;
  }

  /** ApprovalRequested for every signer of the current step (guests with their token link) */
  private async requestCurrent(s: Scope, org: Org, a: ApprovalRow, assignees: AssigneeRow[], tokens: Map<number, string>, users: DirectoryUser[], onlyNew?: Set<number>) {
    const current = currentSigners(ordered(assignees)).map((x) => assignees.find((r) => String(r.id) === x.id)!);
    for (const r of current) {
      if (onlyNew && !onlyNew.has(r.id)) continue;
      const u = r.userId ? users.find((x) => x.id === r.userId) : null;
      if (r.userId && (!u || u.status === 'Inactive' || u.status === 'Deleted')) continue;
      const token = tokens.get(r.id);
      if (!r.userId && !token) continue;
      const recipient: Recipient = u ? { email: u.email, name: u.name, lang: u.lang } : { email: r.userEmail!, name: r.guestName, lang: 'en' };
      await this.outbox.add(s.tx, ApprovalRequested, {
        orgId: org.id, orgSlug: org.slug, orgName: org.name, timeZone: org.time_zone, approvalId: a.id, title: a.title, senderName: a.senderName,
        link: u ? AppPaths.approval(a.id) : AppPaths.guestApproval(a.id, token!), assigneeId: r.id, guest: !u, step: r.step, recipient,
      });
    }
  }

  // ---------- delete ----------

  delete(c: Call & { approvalId: number }): Promise<{ ok: true }> {
    return this.db.command(c.orgId, async (s) => {
      const v = await this.see(s, c, c.approvalId, undefined, true);
      if (!v.sender && !c.actor.isAdmin) throw new AppError(ApprovalErrors.APPROVAL_NOT_SENDER);
      await this.repo.delete(s, v.approval.id);
      return { ok: true as const };
    });
  }

  // ---------- sign and reject ----------

  private refuse(v: Seen): void {
    const r = this.refusal(v);
    if (r) throw new AppError(REFUSALS[r]);
  }

  private async senderRecipients(orgId: string, a: ApprovalRow): Promise<Recipient[]> {
    if (!a.senderId) return [];
    const { users } = await this.bus.request(GetUsers, { orgId, ids: [a.senderId] });
    return users.filter((u) => u.status !== 'Deleted').map((u) => ({ email: u.email, name: u.name, lang: u.lang }));
  }

  async reject(c: Call & Client & { approvalId: number; guestId?: number; comment: string }): Promise<ApprovalDetails> {
    if (!isRejectReasonValid(c.comment)) throw AppError.validation({ comment: AM.reasonRequired });
    const org = await this.org(c.orgId);
    const pre = await this.db.tenant(c.orgId, (s) => this.see(s, c, c.approvalId, c.guestId));
    this.refuse(pre);
    const to = await this.senderRecipients(c.orgId, pre.approval);
    return this.db.command(c.orgId, async (s) => {
      const v = await this.see(s, c, c.approvalId, c.guestId, true);
      this.refuse(v);
      await this.repo.updateAssignee(s, v.me!.id, { status: ASSIGNEE_STATUS.rejected, comment: c.comment.trim(), actedAt: new Date(), ip: c.ip, userAgent: c.userAgent });
      const a = await this.repo.update(s, v.approval.id, { status: 'rejected' });
      await this.outbox.add(s.tx, ApprovalRejected, {
        orgId: org.id, orgSlug: org.slug, orgName: org.name, timeZone: org.time_zone, approvalId: a.id, title: a.title, senderName: a.senderName,
        link: AppPaths.approval(a.id), signerName: nameOf(v.me!), reason: c.comment.trim(), recipients: to,
      });
      return this.answer(s, c, a.id, c.guestId, 'none');
    });
  }

  /** the signature image: a saved one of the caller, or the drawn / uploaded data URL; png or jpeg by content */
  private async imageOf(c: Call & { signatureId?: number; image?: string }): Promise<{ bytes: Uint8Array; kind: 'png' | 'jpeg'; dataUrl: string }> {
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

  /**
   * Records the decision and enqueues the PDF work (SignApprovalJob: the stamp on each document, then the audit
   * page and the seal after the last step); the details' `processing` follows it until the versions exist.
   */
  async sign(c: Call & Client & { approvalId: number; guestId?: number; comment?: string; signatureId?: number; image?: string; placements?: Placement[]; reason?: string }): Promise<ApprovalDetails> {
    const org = await this.org(c.orgId);
    const pre = await this.db.tenant(c.orgId, (s) => this.see(s, c, c.approvalId, c.guestId));
    this.refuse(pre);
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
    const sender = await this.senderRecipients(c.orgId, pre.approval);
    const nextUsers = await this.nextUsers(c.orgId, pre.assignees, me.id);
    // the signature that completes the approval tells every signer too (not only the sender), each with their link
    const completes = approvalProgress(ordered(pre.assignees.map((a) => (a.id === me.id ? { ...a, status: ASSIGNEE_STATUS.signed } : a)))) === 'fully signed';
    const signers = completes ? await this.memberRecipients(c.orgId, pre.assignees) : [];
    return this.db.command(c.orgId, async (s, after) => {
      const v = await this.see(s, c, c.approvalId, c.guestId, true);
      this.refuse(v);
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
      if (status === 'fully signed') {
        const seen = new Set(sender.map((r) => r.email.toLowerCase()));
        const members = signers.filter((r) => !seen.has(r.email.toLowerCase()) && seen.add(r.email.toLowerCase()));
        // guests are not e-mailed here: their page needs their token, of which only the hash is kept (a new one would
        // end the link they hold; docs/approval.md, remains)
        await this.outbox.add(s.tx, ApprovalCompleted, { ...info, recipients: [...sender, ...members] });
      }
      else {
        const before = new Set(currentSigners(ordered(v.assignees)).map((x) => Number(x.id)));
        const fresh = new Set(currentSigners(ordered(assignees)).map((x) => Number(x.id)).filter((id) => !before.has(id)));
        // a guest of a later step gets a fresh link now (only the hash is kept, so the first one cannot be sent again)
        const tokens = new Map<number, string>();
        for (const id of fresh) {
          const row = assignees.find((x) => x.id === id)!;
          if (!row.userId) tokens.set(id, await this.newToken(s, id));
        }
        await this.requestCurrent(s, org, a, assignees, tokens, nextUsers, fresh);
      }
      return this.answer(s, c, a.id, c.guestId, 'none');
    });
  }

  /** every member assignee who is still a user of the organization, as e-mail recipients */
  private async memberRecipients(orgId: string, assignees: AssigneeRow[]): Promise<Recipient[]> {
    const ids = [...new Set(assignees.filter((a) => a.userId).map((a) => a.userId!))];
    if (!ids.length) return [];
    const { users } = await this.bus.request(GetUsers, { orgId, ids });
    return users.filter((u) => u.status !== 'Deleted' && u.status !== 'Inactive').map((u) => ({ email: u.email, name: u.name, lang: u.lang }));
  }

  private async nextUsers(orgId: string, assignees: AssigneeRow[], exceptId: number): Promise<DirectoryUser[]> {
    const ids = [...new Set(assignees.filter((a) => a.userId && a.id !== exceptId && a.status === ASSIGNEE_STATUS.needsToSign).map((a) => a.userId!))];
    return ids.length ? (await this.bus.request(GetUsers, { orgId, ids })).users : [];
  }

  private async readLibrary(orgId: string, libraryId: number): Promise<Buffer> {
    const item = await this.bus.request(GetDetails, { orgId, actor: SYSTEM_ACTOR, itemId: libraryId });
    if (!item.file_url) throw AppError.notFound('document');
    return this.store.readUrl(item.file_url);
  }

  // ---------- downloads ----------

  signedUrl(c: Call & { approvalId: number; libraryId: number; guestId?: number }): Promise<{ url: string; name: string }> {
    return this.db.tenant(c.orgId, async (s) => {
      const v = await this.see(s, c, c.approvalId, c.guestId, false, 'download');
      const d = v.docs.find((x) => x.libraryId === c.libraryId);
      if (!d) throw AppError.notFound('document');
      if (!(d.status === 3 || d.status === 4 || v.sender)) throw new AppError(ApprovalErrors.APPROVAL_DOWNLOAD_REFUSED);
      // a stamped state is named after the original with "-signed" (contract.pdf -> contract-signed.pdf)
      const name = d.status >= 2 ? signedName(d.name) : d.name;
      const url = d.s3Key ? await this.store.presigned(d.s3Key, this.config.APPROVAL_URL_TTL_SECONDS) : null;
      if (url) return { url, name };
      const item = await this.bus.request(GetDetails, { orgId: c.orgId, actor: SYSTEM_ACTOR, itemId: d.libraryId });
      if (!item.file_url) throw AppError.notFound('document');
      return { url: item.file_url, name };
    });
  }

  // ---------- saved signatures ----------

  private toSignature(r: { id: number; type: string; title: string; payload: string; createdAt: Date }): SavedSignature {
    return { id: r.id, type: r.type as SavedSignature['type'], title: r.title, payload: r.payload, created_at: serverDate(r.createdAt)! };
  }

  private me(c: Call): number {
    if (c.actor.kind !== 'user' || !c.actor.userId) throw new AppError('UNAUTHENTICATED');
    return c.actor.userId;
  }

  listSignatures(c: Call) {
    const userId = this.me(c);
    return this.db.tenant(c.orgId, async (s) => ({ signatures: (await this.repo.signaturesOf(s, userId)).map((r) => this.toSignature(r)) }));
  }

  saveSignature(c: Call & { type: SavedSignature['type']; title: string; payload: string }) {
    const userId = this.me(c);
    if (!decodeImage(c.payload)) throw AppError.validation({ payload: AM.imageType });
    return this.db.command(c.orgId, async (s) => this.toSignature(await this.repo.addSignature(s, { userId, type: c.type, title: c.title, payload: c.payload })));
  }

  deleteSignature(c: Call & { signatureId: number }) {
    const userId = this.me(c);
    return this.db.command(c.orgId, async (s) => {
      if (!(await this.repo.deleteSignature(s, userId, c.signatureId))) throw AppError.notFound('signature');
      return { ok: true as const };
    });
  }
}

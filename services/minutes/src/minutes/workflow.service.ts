import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  AppError, AppPaths, serverDate, CreateApproval, DeleteApproval, GetApproval, GetOrganization, GetUsers, localToInstant, MinutesChanged, MinutesErrors, MinutesMessages, MinutesPublished, MinutesReviewDeadlineChanged, MinutesReviewRequested, RegisterFile, SignedDocumentUrl,
  minutesKey, RenderMinutes, signedName, type Actor, type AddReviewComment, type MeetingDetails, type MinutesState, type MinutesWorkflowState, type PublishMinutes, type Recipient, type RequestOf,
  type ChangeReviewDeadline, type ListPendingReviewers, type MinutesChange, type SendMinutesForApproval, type SendMinutesForReview, type StartMinutesCorrection,
} from '@app/contracts';
import { Bus, Jobs, logger, Outbox, Storage } from '@app/platform';
import { MinutesDb, type Scope } from '../common/minutes-db';
import { MinutesFieldsGeneration } from '../common/fields-generation';
import { minutesFileName } from '../rules/file-name';
import { minutesItems } from '../rules/items';
import { nextState, pendingReviewers, reviewDeadlineOk, type SignerField, type SignerRefusal, type WorkflowStep } from '../rules/workflow';
import { MinutesRepository, type RenderRow, type VersionRow } from './minutes.repository';
import { MinutesService } from './minutes.service';
import { WorkflowRepository } from './workflow.repository';
import { candidatesOf, ownerNamesSigners, signersOf, WorkflowView, type Edition } from './workflow.view';

/** the message of each refusal of a signer named in the approval request */
const SIGNER_REFUSALS: Record<SignerRefusal, (field: SignerField) => string> = {
  named: (f) => (f === 'chair_user_id' ? MinutesMessages.chairNamed : MinutesMessages.secretaryNamed),
  not_asked: () => MinutesMessages.secretaryNotAsked,
  not_member: () => MinutesMessages.notAMember,
  in_card: () => MinutesMessages.namedInCard,
};

type Ctx = Awaited<ReturnType<MinutesService['context']>>;
const actorName = (a: { name: string | null; email: string | null }) => a.name ?? a.email ?? '';

/**
 * The minutes workflow's use cases (docs/minutes.md#the-workflow): review, approval through the approval service,
 * publication of the sealed PDF, correction. The owner (rights.done) takes the steps; reviewers comment. Every step
 * is one transaction that locks the meeting's minutes and checks the step against the edition's state again, and
 * writes its line of the history.
 */
@Injectable()
export class WorkflowService {
  constructor(
    private readonly db: MinutesDb,
    private readonly repo: WorkflowRepository,
    private readonly minutesRepo: MinutesRepository,
    private readonly minutes: MinutesService,
    private readonly view: WorkflowView,
    private readonly bus: Bus,
    private readonly storage: Storage,
    private readonly outbox: Outbox,
    private readonly fieldsGeneration: MinutesFieldsGeneration,
    private readonly jobs: Jobs,
  ) {}

  private ownerOnly(x: Ctx): void {
    if (!x.rights.available) throw new AppError(MinutesErrors.MINUTES_NOT_AVAILABLE);
    if (!x.rights.done) throw new AppError('MEETING_FORBIDDEN');
  }

  private static step(e: Edition, step: WorkflowStep): MinutesWorkflowState {
    const to = nextState(e.state as MinutesWorkflowState, step);
    if (!to) throw new AppError(MinutesErrors.MINUTES_WRONG_STATE, { details: { state: e.state } });
    return to;
  }

  /** the current edition as a row (edition 1 is written, with its "started" line, the first time a step is taken) */
  private async materialize(s: Scope, meetingId: number, e: Edition, actor: { userId: number | null; name: string }): Promise<Edition & { id: number }> {
    if (e.id !== null) return e as Edition & { id: number };
    const row = await this.repo.addEdition(s, meetingId, { number: 1, baseVersion: 0, createdBy: actor.userId });
    await this.repo.addEvent(s, meetingId, { edition: 1, action: 'started', state: 'draft', actorId: actor.userId, actorName: actor.name });
    return row;
  }

  /** chosen reviewers must be members of the meeting (users, the owner excepted): field errors `<field>.<i>` */
  private static people(meeting: MeetingDetails, ids: number[], field: string): Array<{ user_id: number; name: string }> {
    const candidates = candidatesOf(meeting);
    const fields: Record<string, string> = {};
    const out = ids.map((id, i) => {
      const p = candidates.find((x) => x.user_id === id);
      if (!p) fields[`${field}.${i}`] = MinutesMessages.notAMember;
      return p!;
    });
    if (Object.keys(fields).length) throw AppError.validation(fields);
    return [...new Map(out.map((p) => [p.user_id, p])).values()];
  }

  private answer(c: { orgId: string; actor: RequestOf<typeof SendMinutesForReview>['actor'] }, x: Ctx): Promise<MinutesState> {
    return this.minutes.state(c.orgId, x.meeting, x.momSettings, x.rights, c.actor);
  }

  /** the meeting's open pages hear of the change (MinutesChanged through the outbox, in the step's transaction) */
  private async changed(s: Scope, meetingId: number, change: MinutesChange, byUserId: number | null): Promise<void> {
    await this.outbox.add(s.tx, MinutesChanged, { orgId: s.orgId, meetingId, change, byUserId });
  }

  /** the review's deadline, a local date-time in the meeting's zone, must be ahead (docs/minutes.md#review-deadline) */
  private static deadlineOf(local: string | null | undefined, timeZone: string): Date | null {
    const deadline = local ? localToInstant(local, timeZone) : null;
    if (deadline && !reviewDeadlineOk(deadline, new Date())) throw AppError.validation({ deadline: MinutesMessages.reviewDeadlinePast });
    return deadline;
  }

  async sendForReview(c: RequestOf<typeof SendMinutesForReview>): Promise<MinutesState> {
    const x = await this.minutes.context(c);
    this.ownerOnly(x);
    const chosen = WorkflowService.people(x.meeting, c.body.reviewers, 'reviewers');
    const deadline = WorkflowService.deadlineOf(c.body.deadline, x.meeting.time_zone);
    const [reviewers, { organization: org }] = await Promise.all([
      this.usersAsRecipients(c.orgId, chosen.map((p) => p.user_id)),
      this.bus.request(GetOrganization, { orgId: c.orgId }),
    ]);
    if (!org) throw AppError.notFound('organization');
    const me = { userId: c.actor.userId, name: actorName(c.actor) };
    await this.db.command(c.orgId, async (s) => {
      await this.minutesRepo.lockMeeting(s, c.meetingId);
      const e = await this.view.edition(s, c.meetingId, { lock: true });
      const to = WorkflowService.step(e, 'send_review');
      const row = await this.materialize(s, c.meetingId, e, me);
      await this.repo.setReviewers(s, row.id, chosen.map((p) => ({ userId: p.user_id, name: p.name })));
      await this.repo.updateEdition(s, row.id, { state: to, reviewDeadline: deadline });
      await this.repo.addEvent(s, c.meetingId, { edition: row.number, action: 'review_requested', state: to, actorId: me.userId, actorName: me.name, note: chosen.map((p) => p.name).join(', ') });
      // the notification service (re)schedules the reviewers' reminder, or drops it when there is no deadline
      await this.outbox.add(s.tx, MinutesReviewRequested, {
        orgId: c.orgId, orgSlug: org.slug, orgName: org.name, timeZone: org.time_zone, meetingId: c.meetingId, title: x.meeting.title, edition: row.number,
        deadline: deadline?.toISOString() ?? null, link: AppPaths.meeting(c.meetingId), reviewers,
      });
      await this.changed(s, c.meetingId, 'review', me.userId);
    });
    return this.answer(c, x);
  }

  /**
   * The owner changes or clears the deadline of the review under way (docs/minutes.md#changing-the-deadline): a future
   * local date-time or null; only while the edition is in review. The history says so, and the notification service
   * moves (or drops) the reviewers' reminder. The deadline it already has changes nothing: no line, no event.
   */
  async changeReviewDeadline(c: RequestOf<typeof ChangeReviewDeadline>): Promise<MinutesState> {
    const x = await this.minutes.context(c);
    this.ownerOnly(x);
    const deadline = WorkflowService.deadlineOf(c.body.deadline, x.meeting.time_zone);
    const current = await this.db.tenant(c.orgId, async (s) => {
      const e = await this.view.edition(s, c.meetingId);
      if (e.state !== 'in_review' || e.id === null) throw new AppError(MinutesErrors.MINUTES_WRONG_STATE, { details: { state: e.state } });
      return { edition: e, reviewers: await this.repo.reviewersOf(s, e.id) };
    });
    if ((current.edition.reviewDeadline?.getTime() ?? null) === (deadline?.getTime() ?? null)) return this.answer(c, x);
    const [recipients, { organization: org }] = await Promise.all([
      this.usersAsRecipients(c.orgId, current.reviewers.map((r) => r.userId)),
      this.bus.request(GetOrganization, { orgId: c.orgId }),
    ]);
    if (!org) throw AppError.notFound('organization');
    const me = { userId: c.actor.userId, name: actorName(c.actor) };
    await this.db.command(c.orgId, async (s) => {
      await this.minutesRepo.lockMeeting(s, c.meetingId);
      const e = await this.view.edition(s, c.meetingId, { lock: true });
      // another step came first (sent for approval, a correction, sent again to other reviewers): refuse rather than guess
      const ids = (rs: Array<{ userId: number }>) => rs.map((r) => r.userId).sort().join(',');
      if (e.id === null || e.state !== 'in_review' || e.id !== current.edition.id || ids(await this.repo.reviewersOf(s, e.id)) !== ids(current.reviewers)) {
        throw new AppError(MinutesErrors.MINUTES_WRONG_STATE, { details: { state: e.state } });
      }
      if ((e.reviewDeadline?.getTime() ?? null) === (deadline?.getTime() ?? null)) return;
      await this.repo.updateEdition(s, e.id, { reviewDeadline: deadline });
      await this.repo.addEvent(s, c.meetingId, {
        edition: e.number, action: 'deadline_changed', state: 'in_review', actorId: me.userId, actorName: me.name, note: deadline ? serverDate(deadline, x.meeting.time_zone)!.slice(0, 16) : null,
      });
      await this.outbox.add(s.tx, MinutesReviewDeadlineChanged, {
        orgId: c.orgId, orgSlug: org.slug, orgName: org.name, timeZone: org.time_zone, meetingId: c.meetingId, title: x.meeting.title, edition: e.number,
        deadline: deadline?.toISOString() ?? null, link: AppPaths.meeting(c.meetingId), reviewers: recipients,
      });
      await this.changed(s, c.meetingId, 'deadline', me.userId);
    });
    return this.answer(c, x);
  }

  async addReviewComment(c: RequestOf<typeof AddReviewComment>): Promise<MinutesState> {
    const x = await this.minutes.context(c);
    if (!x.rights.available) throw new AppError(MinutesErrors.MINUTES_NOT_AVAILABLE);
    const item = minutesItems(x.meeting).find((i) => minutesKey(i.type, i.id) === minutesKey(c.body.type, c.body.item_id));
    await this.db.command(c.orgId, async (s) => {
      await this.minutesRepo.lockMeeting(s, c.meetingId);
      const e = await this.view.edition(s, c.meetingId, { lock: true });
      const reviewer = e.id !== null && c.actor.userId !== null && (await this.repo.reviewersOf(s, e.id)).some((r) => r.userId === c.actor.userId);
      if (!reviewer) throw new AppError('MEETING_FORBIDDEN');
      if (e.state !== 'in_review') throw new AppError(MinutesErrors.MINUTES_WRONG_STATE, { details: { state: e.state } });
      if (!item) throw AppError.validation({ item_id: MinutesMessages.unknownItem });
      const name = actorName(c.actor);
      await this.repo.addComment(s, e.id!, { itemType: c.body.type, itemId: c.body.item_id, userId: c.actor.userId, userName: name, comment: c.body.comment });
      await this.repo.addEvent(s, c.meetingId, { edition: e.number, action: 'commented', state: 'in_review', actorId: c.actor.userId, actorName: name, note: item.type === 'meeting' ? null : item.title });
      await this.changed(s, c.meetingId, 'comment', c.actor.userId);
    });
    return this.answer(c, x);
  }

  async sendForApproval(c: RequestOf<typeof SendMinutesForApproval>): Promise<MinutesState> {
    const x = await this.minutes.context(c);
    this.ownerOnly(x);
    // who signs is not chosen: the meeting's chair, then its secretary where the organization asks for it (rules/workflow
    // approversFor); a role the meeting has not named is a field error of that role, and nothing is written
    // (an Archived meeting that never named a role: the owner names its holder in the body, rules/workflow chooseSigners)
    const { signers: approvers, missing, refused, named } = signersOf(x.meeting, await this.minutes.secretarySigns(c.orgId), c.body);
    const refusals = (Object.keys(refused) as SignerField[]).map((field) => [field, SIGNER_REFUSALS[refused[field]!](field)] as const);
    if (refusals.length) throw AppError.validation(Object.fromEntries(refusals));
    if (missing.length) {
      // an Archived meeting: the field to fill is the body's; otherwise the role is named in the meeting's card
      const archived = ownerNamesSigners(x.meeting);
      throw AppError.validation(Object.fromEntries(missing.map((role) => (archived
        ? [`${role}_user_id`, role === 'chair' ? MinutesMessages.chooseChair : MinutesMessages.chooseSecretary]
        : [role, role === 'chair' ? MinutesMessages.noChair : MinutesMessages.noSecretary]))));
    }
    const { edition, version } = await this.db.tenant(c.orgId, async (s) => {
      const e = await this.view.edition(s, c.meetingId);
      WorkflowService.step(e, 'send_approval');
      return { edition: e, version: await this.minutesRepo.version(s, c.meetingId) };
    });
    // the PDF signed is this edition's own: a version made (Done, or uploaded) since the edition began
    if (!version || version.version <= edition.baseVersion) throw new AppError(MinutesErrors.MINUTES_DRAFT_NOT_MADE);
    const me = { userId: c.actor.userId, name: actorName(c.actor) };
    // a signer the owner names here is not in that PDF (it printed "Not named" under the role): the minutes are made
    // again with the named signers by the render job, which then creates the approval on that PDF (approvalRendered).
    // The edition is in approval (locked) from now; the card follows the render's progress. An uploaded PDF is sent as it is.
    if ((named.chair || named.secretary) && version.source === 'rendered') {
      await this.db.command(c.orgId, async (s, after) => {
        await this.minutesRepo.lockMeeting(s, c.meetingId);
        const e = await this.view.edition(s, c.meetingId, { lock: true });
        const to = WorkflowService.step(e, 'send_approval');
        if ((await this.repo.newestVersion(s, c.meetingId)) !== version.version) throw new AppError(MinutesErrors.MINUTES_WRONG_STATE, { details: { state: e.state } });
        const row = await this.materialize(s, c.meetingId, e, me);
        const render = await this.minutesRepo.addRender(s, c.meetingId, {
          lang: version.lang, variant: c.variant ?? 'default', userId: c.actor.userId!, userName: c.actor.name ?? '',
          approval: { editionId: row.id, from: e.state, signers: { chair: named.chair?.name, secretary: named.secretary?.name } },
        });
        await this.repo.updateEdition(s, row.id, { state: to, draftVersion: null, approvalId: null, approvers });
        await this.repo.addEvent(s, c.meetingId, { edition: row.number, action: 'approval_requested', state: to, actorId: me.userId, actorName: me.name, note: approvers.map((p) => p.name).join(', ') });
        await this.changed(s, c.meetingId, 'approval', me.userId);
        after(() => this.jobs.add(RenderMinutes, { orgId: c.orgId, meetingId: c.meetingId, renderId: render.id }, { jobId: `minutes-${c.orgId}-${render.id}` }));
      });
      return this.answer(c, x);
    }
    const approval = await this.createApproval(c.orgId, WorkflowService.sender(c.actor), { meetingId: c.meetingId, title: x.meeting.title, edition: edition.number, version, approvers });
    try {
      await this.db.command(c.orgId, async (s) => {
        await this.minutesRepo.lockMeeting(s, c.meetingId);
        const e = await this.view.edition(s, c.meetingId, { lock: true });
        const to = WorkflowService.step(e, 'send_approval');
        if ((await this.repo.newestVersion(s, c.meetingId)) !== version.version) throw new AppError(MinutesErrors.MINUTES_WRONG_STATE, { details: { state: e.state } });
        const row = await this.materialize(s, c.meetingId, e, me);
        await this.repo.updateEdition(s, row.id, { state: to, draftVersion: version.version, approvalId: approval.id, approvers });
        await this.repo.addEvent(s, c.meetingId, { edition: row.number, action: 'approval_requested', state: to, actorId: me.userId, actorName: me.name, note: approvers.map((p) => p.name).join(', ') });
        await this.changed(s, c.meetingId, 'approval', me.userId);
      });
    } catch (err) {
      // the approval was made for nothing (another step won the race): take it back, then answer the refusal
      await this.bus.request(DeleteApproval, { orgId: c.orgId, actor: c.actor, approvalId: approval.id }).catch((e: unknown) => logger().warn({ err: e, approvalId: approval.id }, 'an unused minutes approval could not be deleted'));
      throw err;
    }
    return this.answer(c, x);
  }

  /**
   * the owner sends the minutes for signature by a minutes rule (rights.done), not by the approvals page's
   * `approvals_create` (docs/decisions.md "Minutes approvers"): the approval is theirs, with that one right vouched
   */
  private static sender(actor: Actor): Actor {
    return { ...actor, permissions: [...new Set([...actor.permissions, 'approvals_create'])] };
  }

  private createApproval(orgId: string, sender: Actor, a: { meetingId: number; title: string; edition: number; version: VersionRow; approvers: Array<{ user_id: number }> }) {
    return this.bus.request(CreateApproval, {
      orgId, actor: sender, title: `${a.title}: minutes, edition ${a.edition}`,
      description: `Minutes of the meeting "${a.title}", version ${a.version.version}.`,
      documents: [a.version.libraryId], assignees: a.approvers.map((p, i) => ({ user_id: p.user_id, order: i + 1 })), meetingId: a.meetingId,
    });
  }

  /**
   * The render job made the PDF of an approval request that named its signers (render.approval): the approval is
   * created on it as the owner who sent it, and the edition names it; the render is done then. An edition no longer
   * waiting for it (it cannot be today: it stays locked in approval) gets no approval, and one made for nothing is
   * deleted. A retry after a crash between the approval and the transaction may leave one unused approval behind.
   */
  async approvalRendered(orgId: string, meetingId: number, title: string, r: RenderRow, version: VersionRow): Promise<void> {
    const edition = await this.db.tenant(orgId, (s) => this.repo.byId(s, r.approval!.editionId));
    const waiting = (e: typeof edition) => e !== null && e.state === 'in_approval' && e.approvalId === null;
    const owner: Actor = { kind: 'user', userId: r.userId, email: null, name: r.userName, roleId: null, isAdmin: false, permissions: [], guestToken: null };
    const approval = waiting(edition)
      ? await this.createApproval(orgId, WorkflowService.sender(owner), { meetingId, title, edition: edition!.number, version, approvers: edition!.approvers })
      : null;
    const used = await this.db.command(orgId, async (s) => {
      await this.minutesRepo.lockMeeting(s, meetingId);
      const e = await this.repo.byId(s, r.approval!.editionId);
      await this.minutesRepo.updateRender(s, r.id, { status: 'done', progress: 100, error: null });
      if (!approval || !waiting(e)) return false;
      await this.repo.updateEdition(s, e!.id, { draftVersion: version.version, approvalId: approval.id });
      await this.changed(s, meetingId, 'approval', r.userId);
      return true;
    });
    if (approval && !used) {
      await this.bus.request(DeleteApproval, { orgId, actor: owner, approvalId: approval.id }).catch((err: unknown) => logger().warn({ err, approvalId: approval.id }, 'an unused minutes approval could not be deleted'));
    }
  }

  /** the render of an approval request failed for good: the edition goes back to where it was sent from, and the history says why */
  async approvalRenderFailed(orgId: string, meetingId: number, r: RenderRow): Promise<void> {
    await this.db.command(orgId, async (s) => {
      await this.minutesRepo.lockMeeting(s, meetingId);
      const e = await this.repo.byId(s, r.approval!.editionId);
      if (!e || e.state !== 'in_approval' || e.approvalId !== null) return;
      const back = r.approval!.from as MinutesWorkflowState;
      await this.repo.updateEdition(s, e.id, { state: back });
      await this.repo.addEvent(s, meetingId, { edition: e.number, action: 'approval_failed', state: back, actorId: null, actorName: r.userName, note: null });
      await this.changed(s, meetingId, 'approval', null);
    });
  }

  async publish(c: RequestOf<typeof PublishMinutes>): Promise<MinutesState> {
    const x = await this.minutes.context(c);
    this.ownerOnly(x);
    const edition = await this.db.tenant(c.orgId, (s) => this.view.edition(s, c.meetingId));
    WorkflowService.step(edition, 'publish');
    // read as the owner, who sent the approval (the approval service shows an approval to its sender, assignees and administrators)
    const approval = await this.bus.request(GetApproval, { orgId: c.orgId, actor: c.actor, approvalId: edition.approvalId! });
    const doc = approval.documents[0];
    if (approval.status !== 'fully signed' || !doc) throw new AppError(MinutesErrors.MINUTES_WRONG_STATE, { details: { state: edition.state } });
    if (approval.processing !== null || doc.status < 3) throw new AppError(MinutesErrors.MINUTES_SEAL_PENDING);
    // the sealed PDF, read through the approval's short-lived URL (never over NATS), becomes this service's object
    const { url } = await this.bus.request(SignedDocumentUrl, { orgId: c.orgId, actor: c.actor, approvalId: approval.id, libraryId: doc.library_id });
    const res = await fetch(url);
    if (!res.ok) throw new Error(`the sealed minutes could not be read: ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const key = `${c.orgId}/library/minutes-${c.meetingId}-e${edition.number}-signed-${randomUUID()}.pdf`;
    await this.storage.put(key, bytes, bytes.length, 'application/pdf');
    const m = x.meeting;
    const file = await this.bus.request(RegisterFile, {
      orgId: c.orgId, actor: c.actor, key, size: bytes.length, mime: 'application/pdf', kind: 'pdf', extension: 'pdf', name: signedName(minutesFileName(m.title)),
      usage: { type: 'meeting', id: m.id, title: m.title, meeting_id: m.id, meeting_title: m.title },
    });
    const [recipients, { organization: org }] = await Promise.all([this.recipients(c.orgId, m), this.bus.request(GetOrganization, { orgId: c.orgId })]);
    if (!org) throw AppError.notFound('organization');
    const me = { userId: c.actor.userId, name: actorName(c.actor) };
    await this.db.command(c.orgId, async (s) => {
      await this.minutesRepo.lockMeeting(s, c.meetingId);
      const e = await this.view.edition(s, c.meetingId, { lock: true });
      const to = WorkflowService.step(e, 'publish');
      const draft = e.draftVersion ? await this.minutesRepo.version(s, c.meetingId, e.draftVersion) : null;
      const v = await this.minutesRepo.addVersion(s, c.meetingId, { libraryId: file.id, s3Key: key, source: 'signed', lang: draft?.lang ?? 'en', renderId: null, createdBy: me.userId });
      await this.repo.updateEdition(s, e.id!, { state: to, publishedVersion: v.version });
      await this.repo.addEvent(s, c.meetingId, { edition: e.number, action: 'published', state: to, actorId: me.userId, actorName: me.name, note: null });
      await this.outbox.add(s.tx, MinutesPublished, {
        orgId: c.orgId, orgSlug: org.slug, orgName: org.name, timeZone: org.time_zone, meetingId: m.id, title: m.title, edition: e.number, version: v.version,
        link: AppPaths.meeting(m.id), recipients,
      });
      await this.changed(s, c.meetingId, 'published', me.userId);
    });
    await this.fieldsGeneration.changed(c.orgId, c.meetingId);
    return this.answer(c, x);
  }

  /** the meeting's members and owner who are users of the organization still, each in their own language */
  private recipients(orgId: string, m: MeetingDetails): Promise<Recipient[]> {
    return this.usersAsRecipients(orgId, [m.owner_id, ...m.members.map((x) => x.user_id).filter((x): x is number => x !== null)]);
  }

  /** these users, those who are still users of the organization (not deleted, not inactive), each in their own language */
  private async usersAsRecipients(orgId: string, userIds: number[]): Promise<Recipient[]> {
    const ids = [...new Set(userIds)];
    if (!ids.length) return [];
    const { users } = await this.bus.request(GetUsers, { orgId, ids });
    return users.filter((u) => u.status !== 'Deleted' && u.status !== 'Inactive').map((u) => ({ email: u.email, name: u.name, lang: u.lang }));
  }

  /**
   * The notification service's review reminder asks, when it fires, who is still to review (no actor): the reviewers of
   * edition `edition` who have not commented on it, while it is the current edition and in review (`pendingReviewers`).
   */
  async pendingReviewerEmails(r: RequestOf<typeof ListPendingReviewers>): Promise<{ emails: string[] }> {
    const people = await this.db.tenant(r.orgId, async (s) => {
      const e = await this.repo.current(s, r.meetingId);
      if (!e || e.number !== r.edition) return [];
      const [listed, comments] = await Promise.all([this.repo.reviewersOf(s, e.id), this.repo.commentsOf(s, e.id)]);
      return pendingReviewers(e.state as MinutesWorkflowState, listed, comments.map((c) => c.userId));
    });
    const users = await this.usersAsRecipients(r.orgId, people.map((p) => p.userId));
    return { emails: users.map((u) => u.email.trim().toLowerCase()) };
  }

  async startCorrection(c: RequestOf<typeof StartMinutesCorrection>): Promise<MinutesState> {
    const x = await this.minutes.context(c);
    this.ownerOnly(x);
    const me = { userId: c.actor.userId, name: actorName(c.actor) };
    await this.db.command(c.orgId, async (s) => {
      await this.minutesRepo.lockMeeting(s, c.meetingId);
      const e = await this.view.edition(s, c.meetingId, { lock: true });
      const to = WorkflowService.step(e, 'correct');
      const base = await this.repo.newestVersion(s, c.meetingId);
      const row = await this.repo.addEdition(s, c.meetingId, { number: e.number + 1, baseVersion: base, createdBy: me.userId });
      await this.repo.addEvent(s, c.meetingId, { edition: row.number, action: 'correction_started', state: to, actorId: me.userId, actorName: me.name, note: null });
      await this.changed(s, c.meetingId, 'correction', me.userId);
    });
    return this.answer(c, x);
  }
}

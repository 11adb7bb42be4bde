import { Injectable } from '@nestjs/common';
import { AppError, MM, type Actor, type Lang, type ActionBody, type ActionPayload, type ActionStatus, type RequestOf, type CreateAction, type UpdateAction, type DeleteAction, type GetAction, type ChangeActionStatus, type GetActionTracker, localToInstant } from '@app/contracts';
import { MeetingDb, type Scope } from '../db/db';
import type { ActionRow } from '../db/schema';
import { Directory } from '../common/directory';
import { MeetingPublisher, withGuestLangs, type PendingEvent, type Person } from '../common/publisher';
import { actorInfo } from '../common/actor';
import { emailKey, personKey } from '../rules/person';
import { openTillBeforeStart } from '../rules/item-dates';
import { checkPlacement } from '../common/placement';
import { AgendaRepository } from '../repositories/agenda.repository';
import { CommentsRepository } from '../repositories/comments.repository';
import { MeetingAccess, assertCan, assertOpen, ndaPending, type MeetingCtx } from '../common/meeting-access';
import { MeetingsRepository } from '../repositories/meetings.repository';
import { MembersRepository } from '../repositories/members.repository';
import { MeetingView } from '../view/meeting-view';
import { MeetingEvents } from '../events/meeting-events';
import { actionPayload, emptyBundle } from '../view/payloads';
import { canView, meetingListFilter } from '../rules/visibility';
import { ActionsRepository } from '../repositories/actions.repository';
import { isActionLocked, overallActionStatus, PRIORITY_RANK } from '../rules/action-state';


/** Actions of a meeting, their participants' statuses, and the action tracker. */
import { Attachments } from '../common/attachments';
@Injectable()
export class ActionsService {
  constructor(
    private readonly db: MeetingDb,
    private readonly access: MeetingAccess,
    private readonly view: MeetingView,
    private readonly meetings: MeetingsRepository,
    private readonly memberRows: MembersRepository,
    private readonly actions: ActionsRepository,
    private readonly agenda: AgendaRepository,
    private readonly comments: CommentsRepository,
    private readonly directory: Directory,
    private readonly publisher: MeetingPublisher,
    private readonly events: MeetingEvents,
    private readonly attachments: Attachments,
  ) {}

  private assigned(ctx: MeetingCtx, a: ActionRow, to: Person[], reason: 'assigned' | 'rescheduled', lang?: Lang): PendingEvent {
    return this.events.actionAssigned(ctx.org, ctx.meeting, a, reason, actorInfo(ctx.actor, ctx.me), ctx.people, withGuestLangs(to, ctx.members), { exceptUserId: ctx.actor.userId, guestLang: lang });
  }

  private validate(ctx: MeetingCtx, body: ActionBody): { openTill: Date; participants: Person[] } {
    const openTill = localToInstant(body.open_till, ctx.tz);
    if (openTillBeforeStart(openTill, ctx.meeting.startAt)) throw AppError.validation({ open_till: MM.incorrectDate });
    const participants = body.participants.map((p) => ({ userId: p.user_id, userEmail: p.user_email }));
    const keys = new Set(ctx.members.map((m) => personKey(m)));
    if (participants.some((p) => !keys.has(personKey(p)))) throw AppError.validation({ participants: 'Choose a person who is a participant of this meeting.' });
    return { openTill, participants };
  }

  /** the action and its meeting as the actor sees it; a command locks the meeting, then the action, once the directory was asked */
  private async load(s: Scope, actor: Actor, actionId: number, variant: RequestOf<typeof GetAction>['variant'], lock = false) {
    let a = await this.actions.get(s, actionId);
    if (!a) throw actor.kind === 'guest' ? new AppError('UNAUTHENTICATED') : AppError.notFound('action');
    const createdBy = a.createdBy;
    const ctx = await this.access.load(s, actor, a.meetingId, { variant, lock, alsoUsers: () => [createdBy] });
    if (lock) {
      a = await this.actions.get(s, actionId, { lock: true });
      if (!a) throw AppError.notFound('action');
    }
    return { a, ctx };
  }

  get(req: RequestOf<typeof GetAction>) {
    return this.db.tenant(req.orgId, async (s) => {
      const { a, ctx } = await this.load(s, req.actor, req.actionId, req.variant);
      return this.view.actionIn(s, ctx, a.id);
    });
  }

  async create(req: RequestOf<typeof CreateAction>): Promise<ActionPayload> {
    const { orgId, actor, body } = req;
    const out = await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const ctx = await this.access.load(s, actor, req.meetingId, { variant: req.variant, lock: true });
      assertOpen(ctx);
      assertCan(ctx.perms.createItems);
      const { openTill, participants } = this.validate(ctx, body);
      const place = await checkPlacement(this.agenda, s, ctx.meeting.id, body);
      const a = await this.actions.insert(s, {
        meetingId: ctx.meeting.id, title: body.title, description: body.description ?? null, priority: body.priority, openTill, progress: body.progress ?? 0,
        talkingPointId: place.talkingPointId, subpointId: place.subpointId,
        rowNum: await this.meetings.nextRowNum(s, ctx.meeting.id), createdBy: actor.userId,
      });
      await this.actions.setParticipants(s, a.id, participants);
      await this.attachments.set(s, actor, { actionId: a.id }, body.attachments, { title: body.title, meeting: ctx.meeting });
      await this.comments.log(s, { meetingId: ctx.meeting.id, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} added the action "${a.title}"` });
      pending.push(this.assigned(ctx, a, participants, 'assigned', req.lang));
      pending.push(this.events.meetingChanged(orgId, ctx.meeting.id, 'action', { byUserId: actor.userId }));
      return this.view.actionIn(s, ctx, a.id);
    });
    return out;
  }

  async update(req: RequestOf<typeof UpdateAction>): Promise<ActionPayload> {
    const { orgId, actor, body } = req;
    const out = await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const { a, ctx } = await this.load(s, actor, req.actionId, req.variant, true);
      if (a.meetingId !== req.meetingId) throw AppError.notFound('action');
      assertOpen(ctx);
      if (isActionLocked(a.openTill, ctx.now)) throw new AppError('ACTION_LOCKED');
      assertCan(ctx.perms.userCanEdit && ctx.perms.editButtons);
      const { openTill, participants } = this.validate(ctx, body);
      const place = await checkPlacement(this.agenda, s, ctx.meeting.id, body);
      await this.actions.update(s, a.id, {
        title: body.title, description: body.description ?? null, priority: body.priority, openTill, progress: body.progress ?? a.progress,
        talkingPointId: place.talkingPointId, subpointId: place.subpointId,
      });
      const added = await this.actions.setParticipants(s, a.id, participants);
      await this.attachments.set(s, actor, { actionId: a.id }, body.attachments, { title: body.title, meeting: ctx.meeting });
      await this.comments.log(s, { meetingId: ctx.meeting.id, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} updated the action "${body.title}"` });
      const updated = { ...a, title: body.title, priority: body.priority, openTill };
      const addedKeys = new Set(added.map(personKey));
      if (openTill.getTime() !== a.openTill.getTime()) pending.push(this.assigned(ctx, updated, participants.filter((p) => !addedKeys.has(personKey(p))), 'rescheduled', req.lang));
      if (added.length) pending.push(this.assigned(ctx, updated, added, 'assigned', req.lang));
      pending.push(this.events.meetingChanged(orgId, ctx.meeting.id, 'action', { byUserId: actor.userId }));
      return this.view.actionIn(s, ctx, a.id);
    });
    return out;
  }

  async remove(req: RequestOf<typeof DeleteAction>) {
    const { orgId, actor } = req;
    await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const { a, ctx } = await this.load(s, actor, req.actionId, req.variant, true);
      if (a.meetingId !== req.meetingId) throw AppError.notFound('action');
      assertOpen(ctx);
      assertCan(ctx.perms.userCanEdit && ctx.perms.editButtons);
      await this.actions.delete(s, a.id);
      await this.attachments.released(s, actor, [{ actionId: a.id }]);
      await this.comments.log(s, { meetingId: ctx.meeting.id, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} deleted the action "${a.title}"` });
      pending.push(this.events.actionClosed(ctx.org, ctx.meeting, a, actorInfo(actor, ctx.me), 'deleted'));
      pending.push(this.events.meetingChanged(orgId, ctx.meeting.id, 'action', { byUserId: actor.userId }));
    });
    return { ok: true as const, message: 'Deleted successfully' };
  }

  /** an assigned participant (a guest through their token) changes their status; an administrator may change anyone's */
  async changeStatus(req: RequestOf<typeof ChangeActionStatus>): Promise<ActionPayload> {
    const { orgId, actor, body } = req;
    const out = await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const { a, ctx } = await this.load(s, actor, req.actionId, req.variant, true);
      assertOpen(ctx);
      if (isActionLocked(a.openTill, ctx.now)) throw new AppError('ACTION_LOCKED');
      const participants = await this.actions.participantsOf(s, [a.id]);
      let key = ctx.actorKey;
      if (body.user_id && body.user_id !== actor.userId) key = personKey({ userId: body.user_id, userEmail: null });
      else if (body.user_email && actor.kind === 'user') key = emailKey(body.user_email);
      else if (body.user_email && actor.kind === 'guest' && emailKey(body.user_email) !== ctx.actorKey) throw new AppError('MEETING_FORBIDDEN');
      if (key !== ctx.actorKey) assertCan(actor.kind === 'user' && actor.isAdmin);
      const row = participants.find((p) => p.participantKey === key);
      assertCan(!!row);
      await this.actions.setStatus(s, row!.id, body.status, body.reason?.trim() || null);
      await this.comments.log(s, { meetingId: ctx.meeting.id, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} set "${a.title}" to ${body.status}` });
      const statuses = participants.map((p) => (p.id === row!.id ? body.status : (p.status as ActionStatus)));
      const before = overallActionStatus(participants.map((p) => p.status as ActionStatus), a.openTill, ctx.now);
      const overall = overallActionStatus(statuses, a.openTill, ctx.now);
      const by = actorInfo(actor, ctx.me);
      const pu = row!.userId ? ctx.people.get(row!.userId) : undefined;
      // the participant's language for their due reminder: a user's own, a guest's from their member row
      const participantLang = pu ? pu.lang : withGuestLangs([{ userId: null, userEmail: row!.userEmail }], ctx.members)[0]?.guestLang ?? undefined;
      pending.push(this.events.actionStatusChanged(
        ctx.org, ctx.meeting, a, { participant: { userId: row!.userId, name: pu?.name ?? null, email: pu?.email ?? row!.userEmail }, participantLang, status: body.status, overallStatus: overall },
        by, ctx.people, [{ userId: a.createdBy, userEmail: null }, { userId: ctx.meeting.ownerId, userEmail: null }], { exceptUserId: actor.userId },
      ));
      if (overall === 'Complete' && before !== 'Complete') pending.push(this.events.actionClosed(ctx.org, ctx.meeting, a, by, 'completed'));
      pending.push(this.events.meetingChanged(orgId, ctx.meeting.id, 'action', { byUserId: actor.userId }));
      return this.view.actionIn(s, ctx, a.id);
    });
    return out;
  }

  /** the action tracker: actions of the meetings the user sees, grouped, searched, sorted and filtered */
  async tracker(req: RequestOf<typeof GetActionTracker>) {
    const { orgId, actor, query } = req;
    if (actor.kind !== 'user' || !actor.userId) throw new AppError('UNAUTHENTICATED');
    const org = await this.directory.organization(orgId);
    const adminCommitteeIds = actor.isAdmin ? [] : (await this.directory.userCommittees(orgId, actor.userId)).admin.map((c) => c.id);
    return this.db.tenant(orgId, async (s) => {
      const where = meetingListFilter({ userId: actor.userId!, isAdmin: actor.isAdmin, adminCommitteeIds, role: 'All' });
      const { rows: ms } = await this.meetings.list(s, where, { status: query.meeting_status });
      const meetingsById = new Map(ms.map((m) => [m.id, m]));
      const b = emptyBundle();
      b.actions = await this.actions.ofMeetings(s, ms.map((m) => m.id));
      await this.view.fill(s, b);
      if (query.user_id) {
        const keep = new Set(b.participants.filter((p) => p.userId === query.user_id).map((p) => p.actionId));
        b.actions = b.actions.filter((a) => keep.has(a.id));
      }
      if (query.search) {
        const s = query.search.toLowerCase();
        b.actions = b.actions.filter((a) => a.title.toLowerCase().includes(s) || meetingsById.get(a.meetingId)!.title.toLowerCase().includes(s));
      }
      const members = await this.memberRows.membersOf(s, ms.map((m) => m.id));
      const users = await this.directory.usersById(orgId, [...b.participants.map((p) => p.userId), ...b.comments.map((c) => c.userId)]);
      const counts = await this.meetings.agendaCounts(s, ms.map((m) => m.id));
      const ctxs = new Map<number, MeetingCtx>();
      const out: ActionPayload[] = [];
      for (const a of b.actions) {
        let ctx = ctxs.get(a.meetingId);
        const m = meetingsById.get(a.meetingId)!;
        if (!ctx) {
          const mm = members.filter((x) => x.meetingId === m.id);
          ctx = this.access.build({
            org, actor, meeting: m, members: mm, me: mm.find((x) => x.userId === actor.userId) ?? null,
            committee: await this.directory.committee(orgId, m.committeeId), agendaCount: counts.get(m.id) ?? 0, variant: req.variant,
          });
          ctxs.set(m.id, ctx);
        }
        // a meeting whose NDA the caller has not accepted shows nothing of its actions (docs/meeting.md#the-nda-gate)
        if (!canView(ctx.facts) || ndaPending(ctx)) continue;
        out.push(actionPayload(a, b, {
          tz: org.time_zone, now: ctx.now, variant: ctx.variant, actor, actorKey: ctx.actorKey, users, membersByKey: new Map(ctx.members.map((x) => [personKey(x), x])),
          committees: new Map(), meeting: m, perms: ctx.perms, isMember: !!ctx.me,
        }, m));
      }
      const byDeadline = (x: ActionPayload, y: ActionPayload) => x.open_till.localeCompare(y.open_till) || x.id - y.id;
      if (query.sort === 'meeting_date') out.sort((x, y) => (x.meeting?.start_date ?? '').localeCompare(y.meeting?.start_date ?? '') || byDeadline(x, y));
      else if (query.sort === 'priority') out.sort((x, y) => (PRIORITY_RANK[x.priority] ?? 9) - (PRIORITY_RANK[y.priority] ?? 9) || byDeadline(x, y));
      else out.sort(byDeadline);
      const group = (g: ActionPayload['group']) => out.filter((a) => a.group === g);
      const r = { not_started: group('not_started'), on_going: group('on_going'), completed: group('completed'), overdue: group('overdue') };
      return { ...r, counts: { not_started: r.not_started.length, on_going: r.on_going.length, completed: r.completed.length, overdue: r.overdue.length } };
    });
  }
}

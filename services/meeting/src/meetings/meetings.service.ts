import { Injectable } from '@nestjs/common';
import { AppError, MeetingStatus, parseMonth, pageMeta, type Actor, type DirectoryCommittee, type MeetingBody, type MeetingDetails, type MeetingStatusId, type RequestOf, type Variant, type ListMeetings, type CreateMeeting, type UpdateMeeting, type DeleteMeeting, type CopyMeeting, type ChangeMeetingStatus, type ReorderAgenda, ATTENDANCE_VALUES, ACTION_STATUS_VALUES, type ActionStatus, type Attendance, type Vote, type AcceptNda, type SaveRecordSummary, type GetAnalytics, type RateMeeting, type SaveNote, type ListActivities, type GetMeeting, type GetGuestMeeting, type GetRoomAccess, type RoomAccess, presentersOf, documentsOf, type MeetingChange, percentUp, instantToLocal, localToInstant, monthRange } from '@app/contracts';
import { MeetingDb, type Scope } from '../db/db';
import type { MeetingRow } from '../db/schema';
import { RecordsRepository } from '../repositories/records.repository';
import { Directory, type OrgSettings } from '../common/directory';
import { MeetingPublisher } from '../common/publisher';
import { MeetingEvents } from '../events/meeting-events';
import { actorInfo } from '../common/actor';
import { StatusChange } from '../common/status-change';
import { MM } from '@app/contracts';
import { isEmptyNote } from '../rules/notes';
import { AgendaRepository } from '../repositories/agenda.repository';
import { CommentsRepository } from '../repositories/comments.repository';
import { DecisionsRepository } from '../repositories/decisions.repository';
import { ActionsRepository } from '../repositories/actions.repository';
import { decisionState, tallies } from '../rules/vote-gate';
import { overallActionStatus } from '../rules/action-state';
import { totalDuration } from '../rules/durations';
import { MeetingAccess, assertCan, assertOpen, type MeetingCtx } from '../common/meeting-access';
import { MeetingsRepository } from '../repositories/meetings.repository';
import { MembersRepository } from '../repositories/members.repository';
import { MeetingView } from '../view/meeting-view';
import { emptyBundle } from '../view/payloads';
import { checkTransition, isAnnounced } from '../rules/status-machine';
import { canCreateIn } from '../rules/create-rights';
import { meetingListFilter } from '../rules/visibility';
import { ruleVotes, secretFinal, showsTallies } from '../rules/ballot';

import { Attachments } from '../common/attachments';
@Injectable()
export class MeetingsService {
  constructor(
    private readonly db: MeetingDb,
    private readonly access: MeetingAccess,
    private readonly view: MeetingView,
    private readonly meetings: MeetingsRepository,
    private readonly memberRows: MembersRepository,
    private readonly agenda: AgendaRepository,
    private readonly decisions: DecisionsRepository,
    private readonly actions: ActionsRepository,
    private readonly comments: CommentsRepository,
    private readonly records: RecordsRepository,
    private readonly directory: Directory,
    private readonly attachments: Attachments,
    private readonly publisher: MeetingPublisher,
    private readonly events: MeetingEvents,
    private readonly statusChange: StatusChange,
  ) {}

  // ---------- reads ----------

  async list(req: RequestOf<typeof ListMeetings>) {
    const { orgId, actor, query } = req;
    if (actor.kind !== 'user' || !actor.userId) throw new AppError('UNAUTHENTICATED');
    const org = await this.directory.organization(orgId);
    const adminCommitteeIds = actor.isAdmin ? [] : (await this.directory.userCommittees(orgId, actor.userId)).admin.map((c) => c.id);
    const month = query.date ? parseMonth(query.date) : null;
    const range = month ? monthRange(month.year, month.month, org.time_zone) : null;
    return this.db.tenant(orgId, async (s) => {
      const where = meetingListFilter({ userId: actor.userId!, isAdmin: actor.isAdmin, adminCommitteeIds, role: query.role });
      const { rows, total } = await this.meetings.list(s, where, {
        search: query.search, status: query.status, committeeId: query.committee_id, from: range?.from, to: range?.to,
        limit: range ? undefined : query.per_page, offset: range ? undefined : (query.page - 1) * query.per_page, order: range ? 'asc' : 'desc',
      });
      const items = await this.summaries(s, actor, rows, org, req.variant);
      const perPage = range ? Math.max(1, rows.length) : query.per_page;
      return { items, meta: pageMeta(range ? 1 : query.page, perPage, total) };
    });
  }

  /** list rows -> summaries with the actor's permission flags (members, committees and counts loaded in bulk) */
  async summaries(s: Scope, actor: Actor, rows: MeetingRow[], org: OrgSettings, variant?: Variant) {
    const { orgId } = s;
    const ids = rows.map((r) => r.id);
    const members = await this.memberRows.membersOf(s, ids);
    const counts = await this.meetings.agendaCounts(s, ids);
    const committees = new Map<number, DirectoryCommittee | null>();
    for (const cid of new Set(rows.map((r) => r.committeeId))) committees.set(cid, await this.directory.committee(orgId, cid));
    const users = await this.directory.usersById(orgId, rows.map((r) => r.ownerId));
    const out = [];
    for (const m of rows) {
      const ms = members.filter((x) => x.meetingId === m.id);
      const me = actor.userId ? (ms.find((x) => x.userId === actor.userId) ?? null) : null;
      const ctx = this.access.build({ org, actor, meeting: m, members: ms, me, committee: committees.get(m.committeeId) ?? null, agendaCount: counts.get(m.id) ?? 0, variant });
      out.push(this.view.summary(m, ctx, { users }, ms.length));
    }
    return out;
  }

  get(req: RequestOf<typeof GetMeeting>): Promise<MeetingDetails> {
    return this.view.details(req.orgId, req.actor, req.meetingId, req.variant, { ndaPreview: req.ndaPreview });
  }

  /** the guest page's read (GET /meeting/guest/{token}): before the NDA is accepted, the preview (`ndaPreview`) */
  async guest(req: RequestOf<typeof GetGuestMeeting>, opts: { ndaPreview: boolean } = { ndaPreview: true }): Promise<MeetingDetails> {
    return this.db.tenant(req.orgId, async (s) => {
      const meetingId = await this.access.guestMeetingId(s, req.actor);
      const ctx = await this.access.load(s, req.actor, meetingId, { variant: req.variant, ndaPreview: opts.ndaPreview });
      return this.view.detailsIn(s, ctx);
    });
  }

  /**
   * What a presentation room needs of the meeting (GetRoomAccess): the same access rule as GetMeeting (a guest only
   * for the meeting of the token), and only the presenters, documents, manage flag and guest name in the answer.
   */
  async roomAccess(req: RequestOf<typeof GetRoomAccess>): Promise<RoomAccess> {
    const guest = req.actor.kind === 'guest';
    // a room is more than the title and date: before the NDA is accepted it answers NDA_NOT_ACCEPTED
    const d = guest ? await this.guest(req, { ndaPreview: false }) : await this.get({ ...req, ndaPreview: undefined });
    if (d.id !== req.meetingId) throw new AppError('NOT_FOUND');
    const row = guest ? d.current_member : null;
    return {
      presenters: presentersOf(d),
      documents: [...documentsOf(d)],
      can_manage: req.actor.isAdmin || d.permissions.editMeeting,
      guest_name: row ? (row.guest_name ?? row.user_email ?? null) : null,
    };
  }

  // ---------- create, edit, delete, copy ----------

  private async committeeFor(orgId: string, actor: Actor, committeeId: number): Promise<DirectoryCommittee> {
    return this.checkCommittee(actor, await this.directory.committee(orgId, committeeId));
  }

  /** the committee a meeting is created in or moved to: it exists, is active, and the actor may create there */
  private checkCommittee(actor: Actor, committee: DirectoryCommittee | null): DirectoryCommittee {
    if (!committee) throw AppError.validation({ committee_id: 'The committee does not exist.' });
    if (committee.status === 'inactive') throw new AppError('MEETING_COMMITTEE_INACTIVE');
    if (!canCreateIn(actor, committee)) throw new AppError('MEETING_FORBIDDEN');
    return committee;
  }

  private fields(body: MeetingBody, org: OrgSettings) {
    const virtual = body.virtual === true || !!body.virtual_type;
    return {
      title: body.title,
      description: body.description ?? null,
      committeeId: body.committee_id,
      startAt: localToInstant(body.start_date, org.time_zone),
      duration: body.duration ?? null,
      location: body.location?.trim() || null,
      virtual,
      virtualType: virtual ? (body.virtual_type ?? 'ijmeet') : null,
    };
  }

  /**
   * A new Draft with its owner as its first member. The answer is composed from the rows this command
   * wrote (an empty agenda, one member, one activity): three INSERTs in one transaction, nothing read back.
   */
  async create(req: RequestOf<typeof CreateMeeting>): Promise<MeetingDetails> {
    const { orgId, actor, body } = req;
    const org = await this.directory.organization(orgId);
    const committee = await this.committeeFor(orgId, actor, body.committee_id);
    const written = await this.db.tenant(orgId, async (s) => {
      const meeting = await this.meetings.insert(s, { ...this.fields(body, org), ownerId: actor.userId!, statusId: MeetingStatus.Draft });
      const members = await this.memberRows.insertMembers(s, [{ meetingId: meeting.id, userId: actor.userId, role: 'Editor', isOwner: true, attendance: 'Going' }]);
      const activity = await this.comments.log(s, { meetingId: meeting.id, userId: actor.userId, userName: actor.name, activity: `${actor.name ?? 'Someone'} created the meeting` });
      return { meeting, members, activity };
    });
    const { meeting, members, activity } = written;
    const ctx = this.access.build({ org, actor, meeting, members, me: members[0] ?? null, committee, agendaCount: 0, variant: req.variant });
    return this.view.compose(orgId, ctx, {
      bundle: emptyBundle(), activities: ctx.perms.seeActivity ? [activity] : [], note: null, myRating: null, session: null, summaries: [],
    });
  }

  async update(req: RequestOf<typeof UpdateMeeting>): Promise<MeetingDetails> {
    const { orgId, actor, body, meetingId } = req;
    // the directory is asked before the transaction takes row locks
    const target = await this.directory.committee(orgId, body.committee_id);
    await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const ctx = await this.access.load(s, actor, meetingId, { variant: req.variant, lock: true });
      assertOpen(ctx);
      if (!ctx.facts.committeeActive) throw new AppError('MEETING_COMMITTEE_INACTIVE');
      assertCan(ctx.perms.editMeeting);
      if (body.committee_id !== ctx.meeting.committeeId) this.checkCommittee(actor, target);
      const next = this.fields(body, ctx.org);
      const m = ctx.meeting;
      const changes: MeetingChange[] = [];
      if (next.title !== m.title) changes.push('title');
      if ((next.description ?? null) !== (m.description ?? null)) changes.push('description');
      if (next.committeeId !== m.committeeId) changes.push('committee');
      if (next.startAt.getTime() !== m.startAt.getTime()) changes.push('start_date');
      if (next.duration !== m.duration) changes.push('duration');
      if (next.location !== m.location) changes.push('location');
      if (next.virtual !== m.virtual || next.virtualType !== m.virtualType) changes.push('virtual');
      await this.meetings.update(s, meetingId, next);
      await this.comments.log(s, { meetingId, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} updated the meeting${changes.length ? ` (${changes.join(', ')})` : ''}` });
      pending.push(this.events.meetingChanged(orgId, meetingId, 'meeting', { byUserId: actor.userId }));
      const noticeable = changes.filter((c) => c !== 'description' && c !== 'committee');
      if (isAnnounced(m.statusId) && noticeable.length) {
        const updated = { ...m, ...next };
        pending.push(this.events.meetingUpdated(ctx.org, updated, actorInfo(actor, ctx.me), noticeable, ctx.people, ctx.members, { exceptUserId: actor.userId, guestLang: req.lang }));
      }
    });
    return this.view.details(orgId, actor, meetingId, req.variant);
  }

  async remove(req: RequestOf<typeof DeleteMeeting>) {
    const { orgId, actor, meetingId } = req;
    await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const ctx = await this.access.load(s, actor, meetingId, { variant: req.variant, lock: true });
      assertOpen(ctx);
      assertCan(ctx.perms.deleteMeeting);
      const m = ctx.meeting;
      const ds = await this.decisions.ofMeeting(s, meetingId);
      const as = await this.actions.ofMeeting(s, meetingId);
      const org = ctx.org;
      const by = actorInfo(actor, ctx.me);
      if (isAnnounced(m.statusId)) {
        pending.push(this.events.meetingCancelled(org, m, by, 'deleted', ctx.people, ctx.members, { exceptUserId: actor.userId, guestLang: req.lang }));
      }
      for (const d of ds.filter((x) => !x.isFulfilled)) pending.push(this.events.decisionClosed(org, d, by, 'deleted'));
      for (const a of as) pending.push(this.events.actionClosed(org, m, a, by, 'deleted'));
      const tps = await this.agenda.talkingPoints(s, meetingId);
      const sps = await this.agenda.subpointsOfMeeting(s, meetingId);
      await this.meetings.delete(s, meetingId);
      // the library's "used in" no longer lists the meeting's items
      await this.attachments.released(s, actor, [
        ...tps.map((t) => ({ talkingPointId: t.id })), ...sps.map((x) => ({ subpointId: x.id })),
        ...ds.map((d) => ({ decisionId: d.id })), ...as.map((a) => ({ actionId: a.id })),
      ]);
    });
    return { ok: true as const, message: 'Meeting deleted successfully' };
  }

  private localOf(d: Date, org: OrgSettings): string {
    return instantToLocal(d, org.time_zone);
  }

  /** a new Draft with the same details, participants and talking points (decisions and actions are not copied) */
  async copy(req: RequestOf<typeof CopyMeeting>): Promise<MeetingDetails> {
    const { orgId, actor, meetingId } = req;
    const id = await this.db.tenant(orgId, async (s) => {
      const ctx = await this.access.load(s, actor, meetingId, { variant: req.variant });
      assertCan(ctx.perms.copyMeeting);
      if (ctx.committee?.status === 'inactive') throw new AppError('MEETING_COMMITTEE_INACTIVE');
      const src = ctx.meeting;
      const copy = await this.meetings.insert(s, {
        title: src.title, description: src.description, committeeId: src.committeeId, ownerId: actor.userId!, statusId: MeetingStatus.Draft, startAt: src.startAt,
        duration: src.duration, location: src.location, virtual: src.virtual, virtualType: src.virtualType, copiedFrom: src.id,
      });
      await this.memberRows.insertMembers(s, [
        { meetingId: copy.id, userId: actor.userId, role: 'Editor', isOwner: true, attendance: 'Going' },
        ...ctx.members
          .filter((m) => !m.isOwner && m.userId !== actor.userId)
          .map((m) => ({ meetingId: copy.id, userId: m.userId, userEmail: m.userEmail, guestName: m.guestName, guestLang: m.guestLang, guestTitle: m.guestTitle, organizationGuest: m.organizationGuest, role: m.role, memberType: m.memberType })),
        ...(src.ownerId !== actor.userId ? [{ meetingId: copy.id, userId: src.ownerId, role: 'Editor' }] : []),
      ]);
      const tps = await this.agenda.talkingPoints(s, src.id);
      const sps = await this.agenda.subpointsOfMeeting(s, src.id);
      const people = await this.agenda.peopleOf(s, tps.map((t) => t.id), sps.map((s) => s.id));
      const atts = await this.agenda.attachmentsOf(s, { talkingPointIds: tps.map((t) => t.id), subpointIds: sps.map((s) => s.id) });
      for (const tp of tps) {
        const ntp = await this.agenda.insertTalkingPoint(s, { meetingId: copy.id, title: tp.title, description: tp.description, duration: tp.duration, rowNum: tp.rowNum, createdBy: actor.userId });
        for (const role of ['viewer', 'presenter'] as const) {
          await this.agenda.setPeople(s, { talkingPointId: ntp.id }, role, people.filter((p) => p.talkingPointId === tp.id && p.role === role));
        }
        await this.attachments.set(s, actor, { talkingPointId: ntp.id }, atts.filter((a) => a.talkingPointId === tp.id).map((a) => a.libraryId), { title: ntp.title, meeting: copy }, { trusted: true });
        for (const sp of sps.filter((s) => s.talkingPointId === tp.id)) {
          const nsp = await this.agenda.insertSubpoint(s, { meetingId: copy.id, talkingPointId: ntp.id, title: sp.title, description: sp.description, duration: sp.duration, rowNum: sp.rowNum });
          for (const role of ['viewer', 'presenter'] as const) {
            await this.agenda.setPeople(s, { subpointId: nsp.id }, role, people.filter((p) => p.subpointId === sp.id && p.role === role));
          }
          await this.attachments.set(s, actor, { subpointId: nsp.id }, atts.filter((a) => a.subpointId === sp.id).map((a) => a.libraryId), { title: nsp.title, meeting: copy }, { trusted: true });
        }
      }
      await this.comments.log(s, { meetingId: copy.id, userId: actor.userId, userName: actor.name, activity: `${actor.name ?? 'Someone'} copied the meeting from "${src.title}"` });
      return copy.id;
    });
    return this.view.details(orgId, actor, id, req.variant);
  }

  // ---------- status ----------

  async changeStatus(req: RequestOf<typeof ChangeMeetingStatus>) {
    const { orgId, actor, meetingId, body } = req;
    const to = body.meeting_status_id as MeetingStatusId;
    await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const ctx = await this.access.load(s, actor, meetingId, { variant: req.variant, lock: true });
      assertOpen(ctx);
      if (!ctx.facts.committeeActive) throw new AppError('MEETING_COMMITTEE_INACTIVE');
      assertCan(ctx.perms.changeStatus);
      const m = ctx.meeting;
      const verdict = checkTransition({
        from: m.statusId as MeetingStatusId, to, startAt: m.startAt, now: ctx.now, participantCount: ctx.facts.participantCount, agendaCount: ctx.facts.agendaCount,
      });
      if (!verdict.ok) {
        if (verdict.reason === 'no_participants') throw new AppError('MEETING_NEEDS_MEMBERS');
        if (verdict.reason === 'start_not_future') throw AppError.validation({ meeting_status_id: 'The start date must be in the future.' });
        if (verdict.reason === 'no_agenda') throw AppError.validation({ meeting_status_id: 'The meeting needs an agenda first.' });
        throw new AppError('MEETING_STATUS_NOT_ALLOWED', { details: { reason: verdict.reason } });
      }
      await this.statusChange.apply(s, pending, ctx, req, to, body.reason ?? null);
    });
    const meeting = await this.view.details(orgId, actor, meetingId, req.variant);
    return { meeting, message: 'Meeting status changed to {status}' };
  }

  // ---------- agenda order ----------

  async reorder(req: RequestOf<typeof ReorderAgenda>): Promise<MeetingDetails> {
    const { orgId, actor, meetingId, order } = req;
    await this.publisher.inTx(this.db, orgId, async (s, pending) => {
      const ctx = await this.access.load(s, actor, meetingId, { variant: req.variant, lock: true });
      assertOpen(ctx);
      assertCan(ctx.perms.reorderAgenda);
      pending.push(this.events.meetingChanged(orgId, meetingId, 'agenda', { byUserId: actor.userId }));
      const tps = await this.agenda.talkingPoints(s, meetingId);
      const ds = await this.decisions.ofMeeting(s, meetingId);
      const as = await this.actions.ofMeeting(s, meetingId);
      const known = new Set([...tps.map((t) => `talking_point:${t.id}`), ...ds.map((d) => `decision:${d.id}`), ...as.map((a) => `action:${a.id}`)]);
      const seen = new Set<string>();
      for (const o of order) {
        const k = `${o.type}:${o.type_id}`;
        if (!known.has(k) || seen.has(k)) throw AppError.validation({ order: 'The agenda list must name every item of the meeting once.' });
        seen.add(k);
      }
      // listed items first in the given order, the others after them in their current order
      const current = [
        ...tps.map((t) => ({ k: `talking_point:${t.id}`, row: t.rowNum, id: t.id })),
        ...ds.map((d) => ({ k: `decision:${d.id}`, row: d.rowNum, id: d.id })),
        ...as.map((a) => ({ k: `action:${a.id}`, row: a.rowNum, id: a.id })),
      ].sort((x, y) => x.row - y.row || x.id - y.id);
      const final = [...order.map((o) => `${o.type}:${o.type_id}`), ...current.map((c) => c.k).filter((k) => !seen.has(k))];
      await this.meetings.setRowNums(s, final.map((k, i) => {
        const [type, id] = k.split(':');
        return { type: type as 'talking_point' | 'decision' | 'action', id: Number(id), rowNum: i + 1 };
      }));
      await this.comments.log(s, { meetingId, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} reordered the agenda` });
    });
    return this.view.details(orgId, actor, meetingId, req.variant);
  }

  // ---------- NDA, notes, activity ----------

  async acceptNda(req: RequestOf<typeof AcceptNda>): Promise<MeetingDetails> {
    const { orgId, actor } = req;
    const meetingId = await this.db.tenant(orgId, async (s) => {
      const id = actor.kind === 'guest' ? await this.access.guestMeetingId(s, actor) : req.meetingId;
      if (!id) throw AppError.validation({ id: 'This field is required.' });
      const ctx = await this.access.load(s, actor, id, { variant: req.variant, lock: true, ndaPreview: true });
      if (!ctx.me) throw new AppError('MEETING_FORBIDDEN');
      if (!ctx.me.ndaAcceptedAt) {
        await this.memberRows.updateMember(s, ctx.me.id, { ndaAcceptedAt: new Date() });
        await this.comments.log(s, { meetingId: id, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} accepted the confidentiality agreement` });
      }
      return id;
    });
    // the details are read once the row lock is gone (reading them asks the directory)
    return this.view.details(orgId, actor, meetingId, req.variant);
  }

  async saveNote(req: RequestOf<typeof SaveNote>) {
    const { orgId, actor, meetingId, body } = req;
    return this.db.tenant(orgId, async (s) => {
      const ctx = await this.access.load(s, actor, meetingId, { variant: req.variant });
      assertOpen(ctx);
      assertCan(ctx.perms.addNotes && !!actor.userId);
      if (isEmptyNote(body.note)) throw AppError.validation({ note: MM.noteRequired });
      await this.comments.saveNote(s, meetingId, actor.userId!, body.note);
      return { note: body.note };
    });
  }

  /** the recorder's summary (committee admins and organization admins, not guests), trimmed and non-empty */
  async saveSummary(req: RequestOf<typeof SaveRecordSummary>) {
    const { orgId, actor, meetingId, body } = req;
    return this.db.tenant(orgId, async (s) => {
      const ctx = await this.access.load(s, actor, meetingId, { variant: req.variant });
      assertOpen(ctx);
      assertCan(ctx.perms.seeRecorder);
      await this.records.addSummary(s, { meetingId, summary: body.summary, createdBy: actor.userId });
      await this.comments.log(s, { meetingId, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} saved a recording summary` });
      const rows = await this.records.summaries(s, meetingId);
      return { summary: body.summary, recordsummarize: rows.map((r) => ({ id: r.id, summary: r.summary, created_at: this.localOf(r.createdAt, ctx.org) })) };
    });
  }

  async activities(req: RequestOf<typeof ListActivities>) {
    const { orgId, actor, meetingId } = req;
    return this.db.tenant(orgId, async (s) => {
      const ctx = await this.access.load(s, actor, meetingId, { variant: req.variant });
      assertCan(ctx.perms.seeActivity);
      const rows = await this.comments.activitiesOf(s, { meetingId });
      const users = await this.directory.usersById(orgId, rows.map((r) => r.userId));
      return {
        items: rows.map((a) => ({
          id: a.id, activity: a.activity, created_at: this.localOf(a.createdAt, ctx.org),
          user: { id: a.userId, name: users.get(a.userId ?? 0)?.name ?? a.userName, image: users.get(a.userId ?? 0)?.image ?? null },
        })),
      };
    });
  }

  // ---------- analytics and rating ----------

  async analytics(req: RequestOf<typeof GetAnalytics>) {
    return this.db.tenant(req.orgId, async (s) => {
      const ctx = await this.access.load(s, req.actor, req.meetingId, { variant: req.variant });
      return this.analyticsIn(s, ctx);
    });
  }

  async analyticsIn(s: Scope, ctx: MeetingCtx) {
    const b = await this.view.loadBundle(s, ctx.meeting.id);
    const members = ctx.members;
    const attendance = ATTENDANCE_VALUES.map((status) => {
      const count = members.filter((m) => m.attendance === status).length;
      return { status: status as Attendance, count, percentage: percentUp(count, members.length) };
    });
    // a secret ballot counts from its choices, and only once final (docs/ballots.md); before, it is left out
    const shownVotes = (d: (typeof b.decisions)[number]): Vote[] | null => {
      const vs = ruleVotes(d.ballot, b.voters.filter((v) => v.decisionId === d.id), b.secretCounts.filter((c) => c.decisionId === d.id));
      return showsTallies(d.ballot, secretFinal(d, ctx.now)) ? vs : null;
    };
    const allVotes = b.decisions.flatMap((d) => shownVotes(d) ?? []);
    const actionStates = b.actions.map((a) => overallActionStatus(b.participants.filter((p) => p.actionId === a.id).map((p) => p.status as ActionStatus), a.openTill, ctx.now));
    const ratings = await this.comments.ratingsOf(s, ctx.meeting.id);
    const mine = ctx.actor.userId ? ratings.find((r) => r.userId === ctx.actor.userId) : undefined;
    return {
      meeting_id: ctx.meeting.id,
      members: { total: members.length, guests: members.filter((m) => !m.userId).length },
      attendance,
      agenda: {
        talking_points: b.talkingPoints.length, subpoints: b.subpoints.length, decisions: b.decisions.length, actions: b.actions.length,
        total_duration: totalDuration(b.talkingPoints.map((tp) => ({ duration: tp.duration, subpoints: b.subpoints.filter((s) => s.talkingPointId === tp.id) }))),
        duration: ctx.meeting.duration,
      },
      decisions: b.decisions.map((d) => {
        const vs = shownVotes(d);
        const state = decisionState({ deadline: d.deadline, isFulfilled: d.isFulfilled, decisionable: d.decisionable, meetingStatusId: ctx.meeting.statusId }, ctx.now);
        return { id: d.id, title: d.title, state, is_fulfilled: d.isFulfilled, tallies: vs ? tallies(vs, ctx.variant) : [], total_voters: b.voters.filter((v) => v.decisionId === d.id).length };
      }),
      votes: tallies(allVotes, ctx.variant),
      actions: ACTION_STATUS_VALUES.map((status) => {
        const count = actionStates.filter((s) => s === status).length;
        return { status: status as ActionStatus, count, percentage: percentUp(count, actionStates.length) };
      }),
      comments: b.comments.length,
      rating: {
        average: ratings.length ? Math.round((ratings.reduce((s, r) => s + r.rating, 0) / ratings.length) * 10) / 10 : null,
        count: ratings.length,
        distribution: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: ratings.filter((r) => r.rating === rating).length })),
      },
      my_rating: mine ? { rating: mine.rating, comment: mine.comment } : null,
    };
  }

  async rate(req: RequestOf<typeof RateMeeting>) {
    const { orgId, actor, meetingId, body } = req;
    return this.db.tenant(orgId, async (s) => {
      const ctx = await this.access.load(s, actor, meetingId, { variant: req.variant });
      assertOpen(ctx);
      assertCan(ctx.perms.rate && !!actor.userId);
      await this.comments.rate(s, meetingId, actor.userId!, body.rating, body.comment);
      await this.comments.log(s, { meetingId, userId: actor.userId, userName: ctx.actorName, activity: `${ctx.actorName ?? 'Someone'} rated the meeting` });
      return this.analyticsIn(s, ctx);
    });
  }
}


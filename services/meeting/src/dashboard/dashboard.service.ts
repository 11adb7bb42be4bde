import { Injectable } from '@nestjs/common';
import { and, asc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { AppError, parseMonth, type Actor, type RequestOf, type GetCalendar, type GetHome } from '@app/contracts';
import { Db } from '@app/platform';
import type { Tx, MeetingTables } from '../db/db';
import { actionParticipants, actions, decisions, itemPeople, meetings, talkingPoints, voters, type MeetingRow } from '../db/schema';
import { Directory, type OrgSettings } from '../common/directory';
import { instantToLocal, monthRange } from '../common/time';
import { MeetingsRepository } from '../repositories/meetings.repository';
import { statusInfo, OPEN_STATUSES } from '../rules/status-machine';
import { overallActionStatus } from '../rules/action-state';
import type { ActionStatus } from '@app/contracts';

/** The calendar (meetings by month) and the home dashboard. */
@Injectable()
export class DashboardService {
  constructor(private readonly db: Db<MeetingTables>, private readonly meetings: MeetingsRepository, private readonly directory: Directory) {}

  private async visible(orgId: string, actor: Actor) {
    if (actor.kind !== 'user' || !actor.userId) throw new AppError('UNAUTHENTICATED');
    const org = await this.directory.organization(orgId);
    const adminCommitteeIds = actor.isAdmin ? [] : (await this.directory.userCommittees(orgId, actor.userId)).admin.map((c) => c.id);
    return { org, where: (role = 'All') => this.meetings.visibleWhere(orgId, { userId: actor.userId!, isAdmin: actor.isAdmin, adminCommitteeIds, role }) };
  }

  private async entries(orgId: string, org: OrgSettings, rows: MeetingRow[]) {
    const committees = new Map<number, { id: number; name: string; status: string } | null>();
    for (const id of new Set(rows.map((r) => r.committeeId))) {
      const c = await this.directory.committee(orgId, id);
      committees.set(id, c ? { id: c.id, name: c.name, status: c.status } : null);
    }
    return rows.map((m) => ({
      id: m.id, title: m.title, start_date: instantToLocal(m.startAt, org.time_zone),
      end_date: m.duration ? instantToLocal(new Date(m.startAt.getTime() + m.duration * 60_000), org.time_zone) : null,
      duration: m.duration, location: m.location, virtual: (m.virtual ? 1 : 0) as 0 | 1, status: statusInfo(m.statusId), meeting_status_id: m.statusId,
      committee: committees.get(m.committeeId) ?? null,
    }));
  }

  async calendar(req: RequestOf<typeof GetCalendar>) {
    const { orgId, actor } = req;
    const { org, where } = await this.visible(orgId, actor);
    const month = parseMonth(req.query.date)!;
    const { from, to } = monthRange(month.year, month.month, org.time_zone);
    return this.db.tenant(orgId, async (tx) => {
      const { rows } = await this.meetings.list(orgId, tx, where(), { from, to, order: 'asc' });
      return { items: await this.entries(orgId, org, rows) };
    });
  }

  async home(req: RequestOf<typeof GetHome>) {
    const { orgId, actor } = req;
    const { org, where } = await this.visible(orgId, actor);
    const uid = actor.userId!;
    const now = new Date();
    return this.db.tenant(orgId, async (tx) => {
      const pick = async (status: number, extra: { from?: Date; role?: string; limit?: number; order?: 'asc' | 'desc' } = {}) =>
        (await this.meetings.list(orgId, tx, where(extra.role), { status, from: extra.from, limit: extra.limit ?? 10, offset: 0, order: extra.order ?? 'asc' })).rows;
      const ongoing = await pick(3);
      const pending = await pick(2);
      const draft = await pick(1, { order: 'desc' });
      const upcoming = await pick(2, { from: now, limit: 5 });
      return {
        ongoing: await this.entries(orgId, org, ongoing),
        pending: await this.entries(orgId, org, pending),
        draft: await this.entries(orgId, org, draft),
        my_agenda: {
          agenda: await this.myAgenda(orgId, tx, uid, org),
          decisions: await this.myDecisions(orgId, tx, uid, org),
          actions: await this.myActions(orgId, tx, uid, org, now),
        },
        upcoming: await this.entries(orgId, org, upcoming),
      };
    });
  }

  /** talking points I present or am shown, in open meetings */
  private async myAgenda(orgId: string, tx: Tx, userId: number, org: OrgSettings) {
    const rows = await tx
      .selectDistinct({ id: talkingPoints.id, title: talkingPoints.title, meetingId: meetings.id, meetingTitle: meetings.title, startAt: meetings.startAt, statusId: meetings.statusId })
      .from(itemPeople)
      .innerJoin(talkingPoints, and(eq(talkingPoints.id, itemPeople.talkingPointId), eq(talkingPoints.orgId, orgId)))
      .innerJoin(meetings, and(eq(meetings.id, talkingPoints.meetingId), eq(meetings.orgId, orgId)))
      .where(and(eq(itemPeople.orgId, orgId), eq(itemPeople.userId, userId), inArray(meetings.statusId, [...OPEN_STATUSES])))
      .orderBy(asc(meetings.startAt))
      .limit(20);
    return rows.map((r) => ({ id: r.id, title: r.title, meeting_id: r.meetingId, meeting_title: r.meetingTitle, date: instantToLocal(r.startAt, org.time_zone), status: statusInfo(r.statusId).name }));
  }

  /** decisions waiting for my vote */
  private async myDecisions(orgId: string, tx: Tx, userId: number, org: OrgSettings) {
    const rows = await tx
      .select({ id: decisions.id, title: decisions.title, meetingId: decisions.meetingId, deadline: decisions.deadline, meetingTitle: meetings.title, statusId: meetings.statusId })
      .from(voters)
      .innerJoin(decisions, and(eq(decisions.id, voters.decisionId), eq(decisions.orgId, orgId)))
      .leftJoin(meetings, and(eq(meetings.id, decisions.meetingId), eq(meetings.orgId, orgId)))
      .where(and(
        eq(voters.orgId, orgId), eq(voters.userId, userId), eq(voters.vote, 'Pending'), eq(decisions.isFulfilled, false), gte(decisions.deadline, new Date()),
        or(isNull(decisions.meetingId), inArray(meetings.statusId, [...OPEN_STATUSES])),
      ))
      .orderBy(asc(decisions.deadline))
      .limit(20);
    return rows.map((r) => ({ id: r.id, title: r.title, meeting_id: r.meetingId, meeting_title: r.meetingTitle, date: instantToLocal(r.deadline, org.time_zone), status: 'OPEN' }));
  }

  /** my actions that are not complete */
  private async myActions(orgId: string, tx: Tx, userId: number, org: OrgSettings, now: Date) {
    const rows = await tx
      .select({ id: actions.id, title: actions.title, meetingId: actions.meetingId, openTill: actions.openTill, meetingTitle: meetings.title })
      .from(actionParticipants)
      .innerJoin(actions, and(eq(actions.id, actionParticipants.actionId), eq(actions.orgId, orgId)))
      .innerJoin(meetings, and(eq(meetings.id, actions.meetingId), eq(meetings.orgId, orgId)))
      .where(and(eq(actionParticipants.orgId, orgId), eq(actionParticipants.userId, userId), inArray(meetings.statusId, [...OPEN_STATUSES])))
      .orderBy(asc(actions.openTill))
      .limit(50);
    const ids = rows.map((r) => r.id);
    const ps = ids.length ? await tx.select().from(actionParticipants).where(and(eq(actionParticipants.orgId, orgId), inArray(actionParticipants.actionId, ids))) : [];
    return rows
      .map((r) => ({ r, status: overallActionStatus(ps.filter((p) => p.actionId === r.id).map((p) => p.status as ActionStatus), r.openTill, now) }))
      .filter((x) => x.status !== 'Complete')
      .slice(0, 20)
      .map(({ r, status }) => ({ id: r.id, title: r.title, meeting_id: r.meetingId, meeting_title: r.meetingTitle, date: instantToLocal(r.openTill, org.time_zone), status }));
  }
}

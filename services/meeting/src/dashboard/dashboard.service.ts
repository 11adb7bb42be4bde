import { Injectable } from '@nestjs/common';
import { AppError, parseMonth, type Actor, type RequestOf, type GetCalendar, type GetHome, instantToLocal, monthRange } from '@app/contracts';
import { MeetingDb, type Scope } from '../db/db';
import type { MeetingRow } from '../db/schema';
import { DashboardRepository } from '../repositories/dashboard.repository';
import { Directory, type OrgSettings } from '../common/directory';
import { MeetingsRepository } from '../repositories/meetings.repository';
import { MembersRepository } from '../repositories/members.repository';
import { statusInfo } from '../rules/status-machine';
import { meetingListFilter, type ListRole } from '../rules/visibility';
import { overallActionStatus } from '../rules/action-state';
import type { ActionStatus } from '@app/contracts';

/** The calendar (meetings by month) and the home dashboard. */
@Injectable()
export class DashboardService {
  constructor(
    private readonly db: MeetingDb,
    private readonly meetings: MeetingsRepository,
    private readonly dashboard: DashboardRepository,
    private readonly directory: Directory,
    private readonly memberRows: MembersRepository,
  ) {}

  private async visible(orgId: string, actor: Actor) {
    if (actor.kind !== 'user' || !actor.userId) throw new AppError('UNAUTHENTICATED');
    const org = await this.directory.organization(orgId);
    const adminCommitteeIds = actor.isAdmin ? [] : (await this.directory.userCommittees(orgId, actor.userId)).admin.map((c) => c.id);
    return { org, where: (role: ListRole = 'All') => meetingListFilter({ userId: actor.userId!, isAdmin: actor.isAdmin, adminCommitteeIds, role }) };
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
    return this.db.tenant(orgId, async (s) => {
      const { rows } = await this.meetings.list(s, where(), { from, to, order: 'asc' });
      return { items: await this.entries(orgId, org, rows) };
    });
  }

  async home(req: RequestOf<typeof GetHome>) {
    const { orgId, actor } = req;
    const { org, where } = await this.visible(orgId, actor);
    const uid = actor.userId!;
    const now = new Date();
    return this.db.tenant(orgId, async (s) => {
      const pick = async (status: number, extra: { from?: Date; role?: ListRole; limit?: number; order?: 'asc' | 'desc' } = {}) =>
        (await this.meetings.list(s, where(extra.role), { status, from: extra.from, limit: extra.limit ?? 10, offset: 0, order: extra.order ?? 'asc' })).rows;
      const ongoing = await pick(3);
      const pending = await pick(2);
      const draft = await pick(1, { order: 'desc' });
      const upcoming = await pick(2, { from: now, limit: 5 });
      return {
        ongoing: await this.entries(orgId, org, ongoing),
        pending: await this.entries(orgId, org, pending),
        draft: await this.entries(orgId, org, draft),
        my_agenda: await this.withoutNdaPending(s, uid, org, {
          agenda: await this.myAgenda(s, uid, org),
          decisions: await this.myDecisions(s, uid, org),
          actions: await this.myActions(s, uid, org, now),
        }),
        upcoming: await this.entries(orgId, org, upcoming),
      };
    });
  }

  /**
   * The NDA gate (docs/meeting.md#the-nda-gate): with the organization's NDA on, items of meetings whose NDA the user
   * has not accepted are left out (their meeting shows its title and date only).
   */
  private async withoutNdaPending<T extends Record<string, Array<{ meeting_id: number | null }>>>(s: Scope, userId: number, org: OrgSettings, lists: T): Promise<T> {
    if (org.modules.nda !== 1) return lists;
    const ids = [...new Set(Object.values(lists).flatMap((l) => l.map((x) => x.meeting_id)).filter((x): x is number => typeof x === 'number'))];
    const pending = await this.memberRows.ndaPendingMeetingIds(s, userId, ids);
    if (!pending.size) return lists;
    return Object.fromEntries(Object.entries(lists).map(([k, l]) => [k, l.filter((x) => x.meeting_id === null || !pending.has(x.meeting_id))])) as T;
  }

  /** talking points I present or am shown, in open meetings */
  private async myAgenda(s: Scope, userId: number, org: OrgSettings) {
    const rows = await this.dashboard.talkingPointsOf(s, userId, 20);
    return rows.map((r) => ({ id: r.id, title: r.title, meeting_id: r.meetingId, meeting_title: r.meetingTitle, date: instantToLocal(r.startAt, org.time_zone), status: statusInfo(r.statusId).name }));
  }

  /** decisions waiting for my vote */
  private async myDecisions(s: Scope, userId: number, org: OrgSettings) {
    const rows = await this.dashboard.pendingVotesOf(s, userId, new Date(), 20);
    return rows.map((r) => ({ id: r.id, title: r.title, meeting_id: r.meetingId, meeting_title: r.meetingTitle, date: instantToLocal(r.deadline, org.time_zone), status: 'OPEN' }));
  }

  /** my actions that are not complete */
  private async myActions(s: Scope, userId: number, org: OrgSettings, now: Date) {
    const { rows, participants: ps } = await this.dashboard.actionsOf(s, userId, 50);
    return rows
      .map((r) => ({ r, status: overallActionStatus(ps.filter((p) => p.actionId === r.id).map((p) => p.status as ActionStatus), r.openTill, now) }))
      .filter((x) => x.status !== 'Complete')
      .slice(0, 20)
      .map(({ r, status }) => ({ id: r.id, title: r.title, meeting_id: r.meetingId, meeting_title: r.meetingTitle, date: instantToLocal(r.openTill, org.time_zone), status }));
  }
}

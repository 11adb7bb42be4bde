import { Injectable } from '@nestjs/common';
import { and, asc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { actionParticipants, actions, decisions, itemPeople, meetings, talkingPoints, voters, type ActionParticipantRow } from '../db/schema';
import type { Scope } from '../db/db';
import { OPEN_STATUSES } from '../rules/status-machine';

/** The home dashboard's "my agenda": items of open meetings (statuses 1-3) that name one user. */
@Injectable()
export class DashboardRepository {
  /** talking points the user presents or is shown */
  async talkingPointsOf(s: Scope, userId: number, limit: number) {
    const { orgId, tx } = s;
    return tx
      .selectDistinct({ id: talkingPoints.id, title: talkingPoints.title, meetingId: meetings.id, meetingTitle: meetings.title, startAt: meetings.startAt, statusId: meetings.statusId })
      .from(itemPeople)
      .innerJoin(talkingPoints, and(eq(talkingPoints.id, itemPeople.talkingPointId), eq(talkingPoints.orgId, orgId)))
      .innerJoin(meetings, and(eq(meetings.id, talkingPoints.meetingId), eq(meetings.orgId, orgId)))
      .where(and(eq(itemPeople.orgId, orgId), eq(itemPeople.userId, userId), inArray(meetings.statusId, [...OPEN_STATUSES])))
      .orderBy(asc(meetings.startAt))
      .limit(limit);
  }

  /**
   * decisions still waiting for the user's vote (standalone ones, or in an open meeting); a secret ballot's voter row
   * keeps 'Pending' after the vote (the choice is stored apart, docs/ballots.md): has_voted says it was cast
   */
  async pendingVotesOf(s: Scope, userId: number, now: Date, limit: number) {
    const { orgId, tx } = s;
    return tx
      .select({ id: decisions.id, title: decisions.title, meetingId: decisions.meetingId, deadline: decisions.deadline, meetingTitle: meetings.title, statusId: meetings.statusId })
      .from(voters)
      .innerJoin(decisions, and(eq(decisions.id, voters.decisionId), eq(decisions.orgId, orgId)))
      .leftJoin(meetings, and(eq(meetings.id, decisions.meetingId), eq(meetings.orgId, orgId)))
      .where(and(
        eq(voters.orgId, orgId), eq(voters.userId, userId), eq(voters.vote, 'Pending'), eq(voters.hasVoted, false), eq(decisions.isFulfilled, false), gte(decisions.deadline, now),
        or(isNull(decisions.meetingId), inArray(meetings.statusId, [...OPEN_STATUSES])),
      ))
      .orderBy(asc(decisions.deadline))
      .limit(limit);
  }

  /** actions the user takes part in, with every participant row of those actions */
  async actionsOf(s: Scope, userId: number, limit: number): Promise<{ rows: Array<{ id: number; title: string; meetingId: number; openTill: Date; meetingTitle: string }>; participants: ActionParticipantRow[] }> {
    const { orgId, tx } = s;
    const rows = await tx
      .select({ id: actions.id, title: actions.title, meetingId: actions.meetingId, openTill: actions.openTill, meetingTitle: meetings.title })
      .from(actionParticipants)
      .innerJoin(actions, and(eq(actions.id, actionParticipants.actionId), eq(actions.orgId, orgId)))
      .innerJoin(meetings, and(eq(meetings.id, actions.meetingId), eq(meetings.orgId, orgId)))
      .where(and(eq(actionParticipants.orgId, orgId), eq(actionParticipants.userId, userId), inArray(meetings.statusId, [...OPEN_STATUSES])))
      .orderBy(asc(actions.openTill))
      .limit(limit);
    const ids = rows.map((r) => r.id);
    const participants = ids.length ? await tx.select().from(actionParticipants).where(and(eq(actionParticipants.orgId, orgId), inArray(actionParticipants.actionId, ids))) : [];
    return { rows, participants };
  }
}

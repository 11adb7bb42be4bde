import { Injectable } from '@nestjs/common';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { jsonRowsColumn, Prepared, rowsFromJson, type PreparedPart } from '@app/platform';
import { actions, decisions, meetings, members, proxies, talkingPoints, type MeetingRow, type MemberRow } from '../db/schema';
import type { Scope } from '../db/db';
import type { ProxyEntry } from './proxies.repository';

/** what an access check reads of a meeting (common/meeting-access.ts) */
export interface AccessRows {
  meeting: MeetingRow | null;
  /** owners first, then by id (MembersRepository.members) */
  members: MemberRow[];
  /** talking points, decisions and actions (MeetingsRepository.agendaCount) */
  agendaCount: number;
  /** every proxy with the users of its two member rows, by id (ProxiesRepository.proxiesOf) */
  proxies: ProxyEntry[];
}

function build(): SQL {
  const orgId = sql.placeholder('orgId');
  const meetingId = sql.placeholder('meetingId');
  const count = (t: typeof talkingPoints | typeof decisions | typeof actions) => sql`(select count(*) from ${t} where ${and(eq(t.orgId, orgId), eq(t.meetingId, meetingId))})`;
  // the proxies with both member rows' users, as ProxiesRepository.proxiesOf joins them
  const proxyRows = sql`coalesce((select json_agg(json_build_object(
      'id', p.id, 'meetingId', p.meeting_id, 'fromMemberId', p.from_member_id, 'toMemberId', p.to_member_id,
      'fromUserId', g.user_id, 'toUserId', h.user_id, 'createdBy', p.created_by, 'createdAt', p.created_at) order by p.id)
    from ${proxies} p
    join ${members} g on g.org_id = p.org_id and g.id = p.from_member_id
    join ${members} h on h.org_id = p.org_id and h.id = p.to_member_id
    where p.org_id = ${orgId} and p.meeting_id = ${meetingId}), '[]'::json)`;
  return sql`select
    ${jsonRowsColumn(meetings, and(eq(meetings.orgId, orgId), eq(meetings.id, meetingId))!, [meetings.id])} as "meeting",
    ${jsonRowsColumn(members, and(eq(members.orgId, orgId), eq(members.meetingId, meetingId))!, [{ column: members.isOwner, desc: true }, members.id])} as "members",
    ${count(talkingPoints)} + ${count(decisions)} + ${count(actions)} as "agendaCount",
    ${proxyRows} as "proxies"`;
}

const statement = new Prepared<{ orgId: string; meetingId: number }>('meeting-access', build);

/**
 * An access check's reads in one statement, built once and prepared (the meeting, its members, its agenda count
 * and its proxies; before, four statements): every read of a meeting and every command not taking the row lock
 * starts here (docs/performance.md, P1). Each part answers exactly what its repository's own read answers
 * (services/meeting/test/meeting.int-spec.ts compares them).
 */
@Injectable()
export class AccessRepository {
  async rows(s: Scope, meetingId: number): Promise<AccessRows> {
    const [row] = await statement.rows(s.tx, 'one', { orgId: s.orgId, meetingId });
    return this.fromRow(row);
  }

  /** the statement, to be run with another in one round trip (`Prepared.together`; its row read by `fromRow`) */
  part(s: Scope, meetingId: number): PreparedPart {
    return statement.part('one', { orgId: s.orgId, meetingId });
  }

  fromRow(r: Record<string, unknown>): AccessRows {
    const row = r as { meeting: unknown; members: unknown; agendaCount: string | number; proxies: Array<Omit<ProxyEntry, 'createdAt' | 'fromUserId' | 'toUserId'> & { fromUserId: number | null; toUserId: number | null; createdAt: string }> };
    return {
      meeting: rowsFromJson(meetings, row.meeting)[0] ?? null,
      members: rowsFromJson(members, row.members),
      agendaCount: Number(row.agendaCount),
      // a proxy whose member rows lost their user (a guest row) is not one (ProxiesRepository.proxiesOf)
      proxies: row.proxies.flatMap((p) => (p.fromUserId !== null && p.toUserId !== null ? [{ ...p, fromUserId: p.fromUserId, toUserId: p.toUserId, createdAt: new Date(p.createdAt) }] : [])),
    };
  }
}

import { z } from 'zod';
import { zId, zServerDate } from '../core/common';
import { quorumOf, zQuorumInfo, quorumInfo, type QuorumAnswer } from './quorum';

/**
 * Meetings run from the chair (issue 27, docs/meeting.md#running-the-meeting): the chair and secretary of a meeting,
 * its roll call and the quorum the roll call makes. Pure: the meeting service puts the answers in the meeting's
 * payload; the web and the minutes read them from there.
 */

/** a meeting's own roles (one person each), apart from the member types 1-4 of the spec */
export const MEETING_ROLES = ['chair', 'secretary'] as const;
export const zMeetingRole = z.enum(MEETING_ROLES);
export type MeetingRole = z.output<typeof zMeetingRole>;

/** the roll call's marks: present and remote count toward the quorum, absent and excused (apologies) do not */
export const ROLL_CALL_VALUES = ['present', 'remote', 'absent', 'excused'] as const;
export const zRollCallMark = z.enum(ROLL_CALL_VALUES);
export type RollCallMark = z.output<typeof zRollCallMark>;
export const countsAsPresent = (mark: RollCallMark | null | undefined): boolean => mark === 'present' || mark === 'remote';

/** POST /api/meetings/{id}/roles: the chair and the secretary by user id (null: nobody); both keys required */
export const zMeetingRolesBody = z.object({ chair_user_id: zId.nullable(), secretary_user_id: zId.nullable() });
export type MeetingRolesBody = z.output<typeof zMeetingRolesBody>;

/** POST /api/meetings/{id}/rollcall: one member's mark */
export const zRollCallBody = z.object({ user_id: zId, status: zRollCallMark });
export type RollCallBody = z.output<typeof zRollCallBody>;

/** POST /api/meetings/{id}/start and /end: an optional reason (the status reason of the change) */
export const zRunBody = z.object({ reason: z.string().trim().max(2000).optional() });

/** POST /api/meetings/{id}/agenda/publish: an optional note from the chair, printed above the agenda in the e-mail */
export const zPublishAgendaBody = z.object({ note: z.string().trim().max(2000).optional() });
export type PublishAgendaBody = z.output<typeof zPublishAgendaBody>;

export const zRollCall = z.object({
  /** at least one member has been marked: from then on the roll call, not the RSVP, is the attendance */
  taken: z.boolean(),
  counts: z.object({ present: z.number().int(), remote: z.number().int(), absent: z.number().int(), excused: z.number().int(), unmarked: z.number().int() }),
  /** members marked present or remote, or represented by one (proxies), against the committee's quorum */
  quorum: zQuorumInfo,
  /** when the quorum was last reached (local time of the organization); null while it is not met */
  reached_at: zServerDate.nullable(),
});
export type RollCall = z.output<typeof zRollCall>;

/** what the caller may do from the chair (flags for the page; the commands check the same rule) */
export const zChairControls = z.object({
  set_roles: z.boolean(), start: z.boolean(), end: z.boolean(), roll_call: z.boolean(),
  /** Publish the agenda: the chair's people while the meeting is Scheduled or Live */
  publish_agenda: z.boolean(),
});
export type ChairControls = z.output<typeof zChairControls>;

/**
 * The roll call's quorum: members marked present or remote, and members who gave their proxy to one of them,
 * against every member (guests are not counted).
 */
export function rollCallQuorum(
  members: ReadonlyArray<{ id: number; mark: RollCallMark | null }>, proxies: ReadonlyArray<{ fromMemberId: number; toMemberId: number }>, quorumPercent: number,
): QuorumAnswer {
  const here = new Set(members.filter((m) => countsAsPresent(m.mark)).map((m) => m.id));
  const holderOf = new Map(proxies.map((p) => [p.fromMemberId, p.toMemberId]));
  const present = members.filter((m) => here.has(m.id) || here.has(holderOf.get(m.id) ?? -1)).length;
  return quorumOf(present, members.length, quorumPercent);
}

/** the roll call summary (quorum as QuorumInfo) */
export function rollCallSummary(
  members: ReadonlyArray<{ id: number; mark: RollCallMark | null }>, proxies: ReadonlyArray<{ fromMemberId: number; toMemberId: number }>, quorumPercent: number, reachedAt: string | null,
): RollCall {
  const count = (mark: RollCallMark) => members.filter((m) => m.mark === mark).length;
  const q = rollCallQuorum(members, proxies, quorumPercent);
  return {
    taken: members.some((m) => m.mark !== null),
    counts: { present: count('present'), remote: count('remote'), absent: count('absent'), excused: count('excused'), unmarked: members.filter((m) => m.mark === null).length },
    quorum: quorumInfo(q, quorumPercent),
    reached_at: q.met ? reachedAt : null,
  };
}

/** when the quorum was reached, after a mark: kept while it holds, now when it is first met, cleared when it is lost */
export function nextReachedAt(previous: Date | null, met: boolean, now: Date): Date | null {
  if (!met) return null;
  return previous ?? now;
}

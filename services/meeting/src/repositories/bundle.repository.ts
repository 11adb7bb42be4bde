import { Injectable } from '@nestjs/common';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { jsonRowsColumn, Prepared, rowsFromJson, type PreparedPart } from '@app/platform';
import {
  actionParticipants, actions, activities, attachments, comments, conflicts, decisions, itemPeople, notes, ratings, recordSummaries, subpoints, talkingPoints, virtualSessions, voters,
  type ActivityRow, type ActionParticipantRow, type ActionRow, type AttachmentRow, type CommentRow, type ConflictRow, type DecisionRow, type ItemPersonRow, type SubpointRow, type TalkingPointRow, type VoterRow,
} from '../db/schema';
import type { Scope } from '../db/db';
import type { RecordSummaryRow, VirtualSessionRow } from './records.repository';

/** a meeting's items and what hangs off them, as the per-table reads of the other repositories return them */
export interface MeetingRows {
  talkingPoints: TalkingPointRow[];
  subpoints: SubpointRow[];
  decisions: DecisionRow[];
  actions: ActionRow[];
  people: ItemPersonRow[];
  voters: VoterRow[];
  participants: ActionParticipantRow[];
  attachments: AttachmentRow[];
  comments: CommentRow[];
  /** the declared conflicts of interest on the meeting's talking points and its decisions' (ConflictsRepository.ofItems) */
  conflicts: ConflictRow[];
}

/** what the meeting page shows of the reader's own: which parts to read (each off when the reader may not see it) */
export interface ReaderWants {
  /** the last 50 entries of the activity log */
  activities: boolean;
  /** the reader's private note */
  noteUserId: number | null;
  /** the reader's own rating */
  ratingUserId: number | null;
  /** the recorder's summaries */
  summaries: boolean;
}
export interface ReaderRows {
  activities: ActivityRow[];
  note: string | null;
  myRating: typeof ratings.$inferSelect | null;
  session: VirtualSessionRow | null;
  summaries: RecordSummaryRow[];
}

/** the statement's variants: `agenda`, or `page-abcd` with a 1 for each reader part read (ReaderWants, in order) */
function build(key: string): SQL {
  const orgId = sql.placeholder('orgId');
  const meetingId = sql.placeholder('meetingId');
  const want = key === 'agenda' ? null : { activities: key[5] === '1', note: key[6] === '1', rating: key[7] === '1', summaries: key[8] === '1' };
  const ids = (table: typeof talkingPoints | typeof subpoints | typeof decisions | typeof actions): SQL =>
    sql`(select ${table.id} from ${table} where ${and(eq(table.orgId, orgId), eq(table.meetingId, meetingId))})`;
  const tp = ids(talkingPoints);
  const sp = ids(subpoints);
  const dec = ids(decisions);
  const act = ids(actions);
  const ofItems = (t: Record<'talkingPointId' | 'subpointId' | 'decisionId' | 'actionId', PgColumn>) =>
    or(inArray(t.talkingPointId, tp), inArray(t.subpointId, sp), inArray(t.decisionId, dec), inArray(t.actionId, act))!;
  const none = sql`'[]'::json`;
  const ofMeeting = (t: typeof activities | typeof recordSummaries | typeof virtualSessions | typeof notes | typeof ratings) => and(eq(t.orgId, orgId), eq(t.meetingId, meetingId))!;
  const readerColumns = want
    ? sql`,
      ${want.activities ? jsonRowsColumn(activities, ofMeeting(activities), [{ column: activities.id, desc: true }], 50) : none} as "activities",
      ${want.note ? jsonRowsColumn(notes, and(ofMeeting(notes), eq(notes.userId, sql.placeholder('noteUserId')))!, [notes.id]) : none} as "notes",
      ${want.rating ? jsonRowsColumn(ratings, and(ofMeeting(ratings), eq(ratings.userId, sql.placeholder('ratingUserId')))!, [ratings.id]) : none} as "ratings",
      ${jsonRowsColumn(virtualSessions, ofMeeting(virtualSessions), [virtualSessions.id])} as "sessions",
      ${want.summaries ? jsonRowsColumn(recordSummaries, ofMeeting(recordSummaries), [recordSummaries.id]) : none} as "summaries"`
    : sql``;
  return sql`select
      ${jsonRowsColumn(talkingPoints, and(eq(talkingPoints.orgId, orgId), eq(talkingPoints.meetingId, meetingId))!, [talkingPoints.rowNum, talkingPoints.id])} as "talkingPoints",
      ${jsonRowsColumn(subpoints, and(eq(subpoints.orgId, orgId), eq(subpoints.meetingId, meetingId))!, [subpoints.rowNum, subpoints.id])} as "subpoints",
      ${jsonRowsColumn(decisions, and(eq(decisions.orgId, orgId), eq(decisions.meetingId, meetingId))!, [decisions.rowNum, decisions.id])} as "decisions",
      ${jsonRowsColumn(actions, and(eq(actions.orgId, orgId), eq(actions.meetingId, meetingId))!, [actions.rowNum, actions.id])} as "actions",
      ${jsonRowsColumn(itemPeople, and(eq(itemPeople.orgId, orgId), or(inArray(itemPeople.talkingPointId, tp), inArray(itemPeople.subpointId, sp)))!, [itemPeople.id])} as "people",
      ${jsonRowsColumn(voters, and(eq(voters.orgId, orgId), inArray(voters.decisionId, dec))!, [voters.id])} as "voters",
      ${jsonRowsColumn(actionParticipants, and(eq(actionParticipants.orgId, orgId), inArray(actionParticipants.actionId, act))!, [actionParticipants.id])} as "participants",
      ${jsonRowsColumn(attachments, and(eq(attachments.orgId, orgId), ofItems(attachments))!, [attachments.id])} as "attachments",
      ${jsonRowsColumn(comments, and(eq(comments.orgId, orgId), ofItems(comments))!, [comments.id])} as "comments",
      ${jsonRowsColumn(conflicts, and(eq(conflicts.orgId, orgId), or(inArray(conflicts.talkingPointId, tp), inArray(conflicts.talkingPointId, sql`(select ${decisions.talkingPointId} from ${decisions} where ${and(eq(decisions.orgId, orgId), eq(decisions.meetingId, meetingId))})`)))!, [conflicts.declaredAt, conflicts.id])} as "conflicts"${readerColumns}`;
}

const keyOf = (want: ReaderWants | null): string =>
  want ? `page-${+want.activities}${+(want.noteUserId !== null)}${+(want.ratingUserId !== null)}${+want.summaries}` : 'agenda';
const valuesOf = (s: Scope, meetingId: number, want: ReaderWants | null) =>
  ({ orgId: s.orgId, meetingId, noteUserId: want?.noteUserId ?? 0, ratingUserId: want?.ratingUserId ?? 0 });

/** built once per variant, run as a named prepared statement (libs/platform/src/db/prepared.ts) */
export const statement = new Prepared<{ orgId: string; meetingId: number; noteUserId: number; ratingUserId: number }>('meeting-page', build);

/**
 * A meeting's whole agenda in one statement (the meeting page's read, P1 in docs/performance.md): the rows the
 * agenda, decisions, actions, comments repositories read one query each (nine round trips), as JSON columns of one
 * select. Each part has the same filter and order as its repository's read: the items of the meeting ordered by
 * row number then id, and the rows hanging off them (people, voters, participants, attachments, comments) ordered
 * by id. Table test: test/api/meeting/bundle.api-spec.ts compares it with the per-table reads.
 */
@Injectable()
export class BundleRepository {
  async ofMeeting(s: Scope, meetingId: number): Promise<MeetingRows> {
    return (await this.read(s, meetingId, null)).rows;
  }

  /**
   * The meeting page's read: the agenda as `ofMeeting`, and in the same statement the reader's parts (the activity
   * log, newest first, 50; the note; the rating; the video session; the summaries), each as its own repository reads
   * it (CommentsRepository, RecordsRepository).
   */
  async forReader(s: Scope, meetingId: number, want: ReaderWants): Promise<MeetingRows & { reader: ReaderRows }> {
    const { rows, reader } = await this.read(s, meetingId, want);
    return { ...rows, reader: reader! };
  }

  /** `forReader`'s statement, to be run with another in one round trip (`Prepared.together`; its row read by `pageOf`) */
  part(s: Scope, meetingId: number, want: ReaderWants): PreparedPart {
    return statement.part(keyOf(want), valuesOf(s, meetingId, want));
  }

  /** what `forReader` answers, from the row of `part` */
  pageOf(row: Record<string, unknown>, want: ReaderWants): MeetingRows & { reader: ReaderRows } {
    const { rows, reader } = this.fromRow(row, want);
    return { ...rows, reader: reader! };
  }

  private async read(s: Scope, meetingId: number, want: ReaderWants | null): Promise<{ rows: MeetingRows; reader: ReaderRows | null }> {
    const [row] = await statement.rows<Record<string, unknown>>(s.tx, keyOf(want), valuesOf(s, meetingId, want));
    return this.fromRow(row, want);
  }

  private fromRow(row: Record<string, unknown>, want: ReaderWants | null): { rows: MeetingRows; reader: ReaderRows | null } {
    const reader: ReaderRows | null = want && {
      activities: rowsFromJson(activities, row.activities),
      note: rowsFromJson(notes, row.notes)[0]?.note ?? null,
      myRating: rowsFromJson(ratings, row.ratings)[0] ?? null,
      session: rowsFromJson(virtualSessions, row.sessions)[0] ?? null,
      summaries: rowsFromJson(recordSummaries, row.summaries),
    };
    return { reader, rows: {
      talkingPoints: rowsFromJson(talkingPoints, row.talkingPoints),
      subpoints: rowsFromJson(subpoints, row.subpoints),
      decisions: rowsFromJson(decisions, row.decisions),
      actions: rowsFromJson(actions, row.actions),
      people: rowsFromJson(itemPeople, row.people),
      voters: rowsFromJson(voters, row.voters),
      participants: rowsFromJson(actionParticipants, row.participants),
      attachments: rowsFromJson(attachments, row.attachments),
      comments: rowsFromJson(comments, row.comments),
      conflicts: rowsFromJson(conflicts, row.conflicts),
    } };
  }
}

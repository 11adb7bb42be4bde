import { Injectable } from '@nestjs/common';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { jsonRowsColumn, rowsFromJson } from '@app/platform';
import {
  actionParticipants, actions, attachments, comments, decisions, itemPeople, subpoints, talkingPoints, voters,
  type ActionParticipantRow, type ActionRow, type AttachmentRow, type CommentRow, type DecisionRow, type ItemPersonRow, type SubpointRow, type TalkingPointRow, type VoterRow,
} from '../db/schema';
import type { Scope } from '../db/db';

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
}

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
    const { orgId, tx } = s;
    const ids = (table: typeof talkingPoints | typeof subpoints | typeof decisions | typeof actions): SQL =>
      sql`(select ${table.id} from ${table} where ${and(eq(table.orgId, orgId), eq(table.meetingId, meetingId))})`;
    const tp = ids(talkingPoints);
    const sp = ids(subpoints);
    const dec = ids(decisions);
    const act = ids(actions);
    const ofItems = (t: Record<'talkingPointId' | 'subpointId' | 'decisionId' | 'actionId', PgColumn>) =>
      or(inArray(t.talkingPointId, tp), inArray(t.subpointId, sp), inArray(t.decisionId, dec), inArray(t.actionId, act))!;
    const r = await tx.execute<Record<keyof MeetingRows, unknown>>(sql`select
      ${jsonRowsColumn(talkingPoints, and(eq(talkingPoints.orgId, orgId), eq(talkingPoints.meetingId, meetingId))!, [talkingPoints.rowNum, talkingPoints.id])} as "talkingPoints",
      ${jsonRowsColumn(subpoints, and(eq(subpoints.orgId, orgId), eq(subpoints.meetingId, meetingId))!, [subpoints.rowNum, subpoints.id])} as "subpoints",
      ${jsonRowsColumn(decisions, and(eq(decisions.orgId, orgId), eq(decisions.meetingId, meetingId))!, [decisions.rowNum, decisions.id])} as "decisions",
      ${jsonRowsColumn(actions, and(eq(actions.orgId, orgId), eq(actions.meetingId, meetingId))!, [actions.rowNum, actions.id])} as "actions",
      ${jsonRowsColumn(itemPeople, and(eq(itemPeople.orgId, orgId), or(inArray(itemPeople.talkingPointId, tp), inArray(itemPeople.subpointId, sp)))!, [itemPeople.id])} as "people",
      ${jsonRowsColumn(voters, and(eq(voters.orgId, orgId), inArray(voters.decisionId, dec))!, [voters.id])} as "voters",
      ${jsonRowsColumn(actionParticipants, and(eq(actionParticipants.orgId, orgId), inArray(actionParticipants.actionId, act))!, [actionParticipants.id])} as "participants",
      ${jsonRowsColumn(attachments, and(eq(attachments.orgId, orgId), ofItems(attachments))!, [attachments.id])} as "attachments",
      ${jsonRowsColumn(comments, and(eq(comments.orgId, orgId), ofItems(comments))!, [comments.id])} as "comments"`);
    const row = r.rows[0];
    return {
      talkingPoints: rowsFromJson(talkingPoints, row.talkingPoints),
      subpoints: rowsFromJson(subpoints, row.subpoints),
      decisions: rowsFromJson(decisions, row.decisions),
      actions: rowsFromJson(actions, row.actions),
      people: rowsFromJson(itemPeople, row.people),
      voters: rowsFromJson(voters, row.voters),
      participants: rowsFromJson(actionParticipants, row.participants),
      attachments: rowsFromJson(attachments, row.attachments),
      comments: rowsFromJson(comments, row.comments),
    };
  }
}

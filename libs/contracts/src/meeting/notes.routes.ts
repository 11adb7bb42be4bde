import { z } from 'zod';
import { zId } from '../core/common';
import { defineComposedRoute, defineRoute } from '../core/route';
import { zNoteBody, zSummaryBody } from './meeting.http';
import { SaveNote, SaveRecordSummary } from './meeting.rpc';

const zIdParams = z.object({ id: zId });
const tags = ['meetings'];

/** A member's private note on a meeting, and the recorder's voice-note summary. */
export const NoteRoutes = {
  saveNote: defineRoute({
    method: 'POST', path: '/api/meetings/:id/note', access: 'user', tags, params: zIdParams, body: zNoteBody,
    summary: 'Save my private note {note: rich text as a JSON string}', message: 'Note saved successfully',
    rpc: SaveNote, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  /** composed: the spec's recorder reads `summary` and `message` at the top level */
  saveRecordSummary: defineComposedRoute({
    method: 'POST', path: '/api/app/activity/meetings/:id/record-summarize', access: 'user', tags, params: zIdParams, body: zSummaryBody, answer: 'raw',
    summary: "Save the recorder's voice-note summary {summary} (committee admins; 'Summary cannot be empty'): {success, summary, message, data}",
    response: z.object({ success: z.literal(true), summary: z.string(), message: z.string(), data: SaveRecordSummary.response }),
  }),
} as const;

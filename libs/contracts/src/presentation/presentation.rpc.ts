import { z } from 'zod';
import { defineRpc } from '../core/define';
import { zId, zOk, zServerDate, zTenant } from '../core/common';

/**
 * RPCs of the presentation service (subjects presentation.v1.<verb>): the notes a person keeps per slide of
 * a presented document. The live room itself is the WebSocket protocol in presentation.frames.ts.
 */

/** The spec's Note: id, annotation, created_at, slide_id, is_private, user{name,image}, type. */
export const zPresentationNote = z.object({
  id: z.number().int(),
  annotation: z.string(),
  created_at: zServerDate,
  slide_id: z.number().int(),
  is_private: z.union([z.literal(0), z.literal(1)]),
  user: z.object({ name: z.string().nullable(), image: z.string().nullable() }),
  type: z.string(),
  /** the note is the caller's own (only the author deletes it) */
  mine: z.boolean(),
});
export type PresentationNote = z.output<typeof zPresentationNote>;

const zStrictId = z.number().int().positive().max(2_147_483_647);

/** Body of "add note": the presentation (document) id, its meeting, the slide and the text; the author is the caller. */
export const zAddNoteBody = z.strictObject({
  /** the presented document (library file id) */
  id: zStrictId,
  meeting_id: zStrictId,
  annotation: z.string().trim().min(1, 'The note cannot be empty').max(5000),
  is_private: z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => (v === true || v === 1 ? 1 : 0)),
  type: z.enum(['note']).default('note'),
  slide_id: z.number().int().min(0).max(9999),
  /** sent by the spec's browser; the author is always the signed-in caller, so a different id is refused */
  user_id: zStrictId.optional(),
});
export type AddNoteBody = z.output<typeof zAddNoteBody>;

export const ListPresentationNotes = defineRpc({
  subject: 'presentation.v1.list-notes',
  request: zTenant.extend({ meetingId: zId, documentId: zId }),
  response: z.object({ items: z.array(zPresentationNote) }),
});

export const AddPresentationNote = defineRpc({
  subject: 'presentation.v1.add-note',
  request: zTenant.extend({ body: zAddNoteBody }),
  response: zPresentationNote,
});

export const DeletePresentationNote = defineRpc({
  subject: 'presentation.v1.delete-note',
  request: zTenant.extend({ noteId: zId }),
  response: zOk,
});

/** The slides of a presented document: its PDF, one image per page and a thumbnail each, made once per version. */
export const zSlideStatus = z.enum(['rendering', 'ready', 'failed']);
export const zPresentationPayload = z.object({
  /** a short-lived URL of the PDF itself */
  pdf: z.string(),
  slides: z.array(z.string()),
  thumbs: z.array(z.string()),
  /** the images are being made (progress 0..100), ready, or could not be made (the PDF still shows) */
  status: zSlideStatus,
  progress: z.number().int().min(0).max(100),
  pages: z.number().int().min(0),
});
export type PresentationPayload = z.output<typeof zPresentationPayload>;

export const GetPresentation = defineRpc({
  subject: 'presentation.v1.get-presentation',
  request: zTenant.extend({ meetingId: zId, documentId: zId }),
  response: z.object({ success: z.literal(true), payload: zPresentationPayload }),
  timeoutMs: 30_000,
});

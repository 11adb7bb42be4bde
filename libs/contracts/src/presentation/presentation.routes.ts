import { z } from 'zod';
import { zId } from '../core/common';
import { defineRoute } from '../core/route';
import { AddPresentationNote, DeletePresentationNote, GetPresentation, ListPresentationNotes, zAddNoteBody } from './presentation.rpc';

const tags = ['presentation'];

/**
 * Notes per slide of a presented document (the spec names the calls, not their paths: docs/decisions.md).
 * Guests see no notes and cannot add them: every route is for signed-in users.
 */
export const PresentationRoutes = {
  /** the spec's presentation call: document, token, endpoint, ref_id -> success and payload {pdf, slides, thumbs} */
  getPresentation: defineRoute({
    method: 'GET', path: '/api/presentation', access: 'guest', tags,
    query: z.object({ document: zId, ref_id: zId, token: z.string().max(200).optional(), endpoint: z.string().max(500).optional() }), answer: 'raw',
    summary: 'A presented document: its PDF, slide images and thumbnails (made once per version; status and progress while they are made). Guests with ?token=',
    rpc: GetPresentation, toRpc: ({ call, query }) => ({ ...call, meetingId: query.ref_id, documentId: query.document }),
  }),
  listPresentationNotes: defineRoute({
    method: 'GET', path: '/api/presentation/:meetingId/:fileId/notes', access: 'user', tags,
    params: z.object({ meetingId: zId, fileId: zId }), answer: { pick: 'items' },
    summary: 'Notes on a presented document: mine (private or public) and the public notes of others, by slide',
    rpc: ListPresentationNotes, toRpc: ({ call, params }) => ({ ...call, meetingId: params.meetingId, documentId: params.fileId }),
  }),
  addPresentationNote: defineRoute({
    method: 'POST', path: '/api/presentation/notes', access: 'user', tags, body: zAddNoteBody,
    summary: 'Add a note on a slide {id, meeting_id, annotation, is_private, type, slide_id}', message: 'Note added successfully',
    rpc: AddPresentationNote, toRpc: ({ call, body }) => ({ ...call, body }),
  }),
  deletePresentationNote: defineRoute({
    method: 'DELETE', path: '/api/presentation/notes/:id', access: 'user', tags, params: z.object({ id: zId }), answer: 'empty',
    summary: 'Delete my note', message: 'Deleted successfully',
    rpc: DeletePresentationNote, toRpc: ({ call, params }) => ({ ...call, noteId: params.id }),
  }),
} as const;

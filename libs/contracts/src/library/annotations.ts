import { z } from 'zod';
import { INT4_MAX, zId, zOk, zOrgId, zTenant } from '../core/common';
import { defineEvent, defineJob, defineRpc } from '../core/define';
import { defineComposedRoute, defineFileRoute, defineRoute } from '../core/route';
import { M } from '../core/validation';
import { zFetchQuery } from './library.http';
import { LibraryMessages } from './library.errors';

/**
 * Shared annotations of a library file (docs/annotations.md): highlights, notes and drawings as rows, one per
 * mark, on a page of the file's PDF, in page coordinates normalized to 0..1 (origin top-left of the unrotated
 * page). Private by default; shared with everyone who may see the file (`committee`) or with named people;
 * threaded replies; live on open viewers of the same file (GET /api/library/{id}/live). The spec's older
 * per-user blob (`GET, POST, DELETE /api/library/{id}/annotation`) stays as it was.
 */

export const ANNOTATION_KINDS = ['highlight', 'note', 'drawing'] as const;
export const zAnnotationKind = z.enum(ANNOTATION_KINDS, { error: M.oneOf });
export type AnnotationKind = z.output<typeof zAnnotationKind>;
export const ANNOTATION_VISIBILITIES = ['private', 'committee', 'people'] as const;
export const zAnnotationVisibility = z.enum(ANNOTATION_VISIBILITIES, { error: M.oneOf });
export type AnnotationVisibility = z.output<typeof zAnnotationVisibility>;

/** bounds: a mark is small; a page has at most this many rectangles, paths and points */
export const ANNOTATION_LIMITS = { rects: 200, paths: 50, points: 2000, text: 5000, quote: 2000, people: 100, perFile: 5000 } as const;

const unit = z.number({ error: M.number }).min(0, M.invalid).max(1, M.invalid);
const zRect = z.object({ x: unit, y: unit, w: unit, h: unit });
const zPoint = z.tuple([unit, unit]);
export const zHighlightGeometry = z.object({ rects: z.array(zRect).min(1, M.required).max(ANNOTATION_LIMITS.rects) });
export const zNoteGeometry = z.object({ x: unit, y: unit });
export const zDrawingGeometry = z.object({
  paths: z.array(z.object({ points: z.array(zPoint).min(1, M.required).max(ANNOTATION_LIMITS.points) })).min(1, M.required).max(ANNOTATION_LIMITS.paths),
  width: z.number({ error: M.number }).min(0.0005, M.invalid).max(0.05, M.invalid).default(0.003),
  /** see-through ink (a highlighter's stroke, docs/annotations.md): 0.1..1, opaque when absent */
  opacity: z.number({ error: M.number }).min(0.1, M.invalid).max(1, M.invalid).optional(),
});
export const zAnnotationGeometry = z.union([zHighlightGeometry, zNoteGeometry, zDrawingGeometry]);
export type AnnotationGeometry = z.output<typeof zAnnotationGeometry>;
const zColor = z.string({ error: M.string }).regex(/^#[0-9a-fA-F]{6}$/, M.invalid);
const zText = z.string({ error: M.string }).trim().max(ANNOTATION_LIMITS.text, M.tooLong);
const zPeople = z.array(z.number({ error: M.integer }).int(M.integer).positive(M.invalid).max(INT4_MAX, M.invalid)).max(ANNOTATION_LIMITS.people);

/** One annotation as the viewer shows it; `replies` in the order written (a reply has no replies of its own). */
export const zSharedAnnotationBase = z.object({
  id: z.number().int(),
  library_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  page: z.number().int(),
  kind: z.enum([...ANNOTATION_KINDS, 'reply']),
  geometry: z.unknown().nullable(),
  /** the quoted text of a highlight (carried to the next version by it) */
  quote: z.string().nullable(),
  text: z.string(),
  color: z.string(),
  visibility: zAnnotationVisibility,
  people: z.array(z.number().int()),
  author: z.object({ id: z.number().int(), name: z.string() }),
  /** the file's version it was made on; `orphaned` when a later version no longer has its text */
  version: z.number().int(),
  orphaned: z.boolean(),
  /** a presenter's saved drawing: the meeting it was presented in (saving the slide again replaces these); else null */
  presented_in: z.number().int().nullable(),
  mine: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const zSharedAnnotation = zSharedAnnotationBase.extend({ replies: z.array(zSharedAnnotationBase) });
export type SharedAnnotation = z.output<typeof zSharedAnnotation>;
export type SharedAnnotationReply = z.output<typeof zSharedAnnotationBase>;

/** POST /api/library/{id}/annotations: the geometry must be the kind's (rects, a point, paths) */
export const zCreateAnnotationBody = z
  .object({
    page: z.number({ error: M.integer }).int(M.integer).min(1, M.invalid).max(100_000, M.invalid),
    kind: zAnnotationKind,
    geometry: z.unknown(),
    quote: z.string({ error: M.string }).trim().max(ANNOTATION_LIMITS.quote, M.tooLong).optional(),
    text: zText.default(''),
    color: zColor.default('#ffdd00'),
    visibility: zAnnotationVisibility.default('private'),
    people: zPeople.default([]),
    /** a presenter's slide drawing (docs/annotations.md#the-presenters-drawing): a drawing saved with `?meeting_id=`, recorded as presented in that meeting */
    presented: z.literal(true, { error: M.invalid }).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.presented && b.kind !== 'drawing') ctx.addIssue({ code: 'custom', path: ['presented'], message: M.invalid });
    const schema = b.kind === 'highlight' ? zHighlightGeometry : b.kind === 'note' ? zNoteGeometry : zDrawingGeometry;
    const r = schema.safeParse(b.geometry);
    if (!r.success) ctx.addIssue({ code: 'custom', path: ['geometry'], message: M.invalid });
    if (b.kind === 'note' && !b.text) ctx.addIssue({ code: 'custom', path: ['text'], message: M.required });
    if (b.visibility === 'people' && b.people.length === 0) ctx.addIssue({ code: 'custom', path: ['people'], message: M.required });
  })
  .transform((b) => {
    const schema = b.kind === 'highlight' ? zHighlightGeometry : b.kind === 'note' ? zNoteGeometry : zDrawingGeometry;
    return { ...b, geometry: schema.parse(b.geometry) as AnnotationGeometry, people: b.visibility === 'people' ? [...new Set(b.people)] : [] };
  });
/** PUT /api/library/{id}/annotations/{annotationId}: the author changes text, colour or who sees it */
export const zUpdateAnnotationBody = z
  .object({ text: zText.optional(), color: zColor.optional(), visibility: zAnnotationVisibility.optional(), people: zPeople.optional() })
  .strict()
  .superRefine((b, ctx) => {
    if (b.visibility === 'people' && !b.people?.length) ctx.addIssue({ code: 'custom', path: ['people'], message: M.required });
  });
export const zReplyBody = z.object({ text: z.string({ error: M.required }).trim().min(1, M.required).max(ANNOTATION_LIMITS.text, M.tooLong) }).strict();
export type CreateAnnotationBody = z.output<typeof zCreateAnnotationBody>;
export type UpdateAnnotationBody = z.output<typeof zUpdateAnnotationBody>;

const id = z.number().int().positive();
const R = <S extends z.ZodRawShape>(shape: S) => zTenant.extend(shape);
const zFileRef = { itemId: id, meetingId: id.optional() };

export const ListAnnotations = defineRpc({ subject: 'library.v1.list-annotations', request: R(zFileRef), response: z.object({ annotations: z.array(zSharedAnnotation) }) });
export const CreateAnnotation = defineRpc({
  subject: 'library.v1.create-annotation',
  request: R({
    ...zFileRef,
    body: z.object({
      page: z.number().int().positive(), kind: zAnnotationKind, geometry: zAnnotationGeometry, quote: z.string().optional(), text: z.string(), color: z.string(),
      visibility: zAnnotationVisibility, people: z.array(id), presented: z.literal(true).optional(),
    }),
  }),
  response: zSharedAnnotation,
});
export const UpdateAnnotation = defineRpc({
  subject: 'library.v1.update-annotation',
  request: R({
    ...zFileRef,
    annotationId: id,
    body: z.object({ text: z.string().optional(), color: z.string().optional(), visibility: zAnnotationVisibility.optional(), people: z.array(id).optional() }),
  }),
  response: zSharedAnnotation,
});
export const ReplyAnnotation = defineRpc({ subject: 'library.v1.reply-annotation', request: R({ ...zFileRef, annotationId: id, text: z.string().min(1) }), response: zSharedAnnotation });
/**
 * The file's PDF with the annotations the caller may see as real PDF annotations (docs/annotations.md#export), put in
 * S3 for this caller only (removed with the reader copies); the reader's download policy applies as to a download.
 */
export const ExportAnnotatedPdf = defineRpc({
  subject: 'library.v1.export-annotated-pdf',
  request: R(zFileRef),
  response: z.object({ key: z.string(), name: z.string(), annotations: z.number().int(), skipped: z.number().int() }),
  timeoutMs: 60_000,
});
/**
 * The annotated export as a job (docs/annotations.md#export, docs/decisions.md): StartAnnotatedExport checks what the
 * export would refuse at once (404, 403 view only, 409 no PDF), queues `ExportAnnotatedJob` for the caller and answers
 * its state; GetAnnotatedExport answers the state of one of the caller's own exports (404 for anyone else), with a
 * presigned URL of the copy once done. The state lives in the BullMQ job (progress, result), kept 7 days.
 */
export const ANNOTATED_EXPORT_STAGES = ['queued', 'reading', 'writing', 'storing', 'done'] as const;
export const zAnnotatedExportState = z.object({
  /** the job's id: the caller's own, unguessable */
  id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  stage: z.enum(ANNOTATED_EXPORT_STAGES),
  /** 0..100 */
  progress: z.number().min(0).max(100),
  /** once done: the copy's file name, a presigned URL of it (valid LIBRARY_URL_TTL_SECONDS), the marks written and left out */
  name: z.string().nullable(),
  url: z.string().nullable(),
  annotations: z.number().int().nullable(),
  skipped: z.number().int().nullable(),
  /** once failed: the error code (LIBRARY_NOT_EXPORTABLE, PAYLOAD_TOO_LARGE, ...) */
  error: z.string().nullable(),
});
export type AnnotatedExportState = z.output<typeof zAnnotatedExportState>;
export const zAnnotatedExportProgress = z.object({ stage: z.enum(ANNOTATED_EXPORT_STAGES), progress: z.number().min(0).max(100) });
export const ExportAnnotatedJob = defineJob({
  queue: 'library-annotated-export',
  name: 'export-annotated',
  owner: 'library',
  payload: R(zFileRef),
  attempts: 1,
  backoffMs: 5000,
});
export const StartAnnotatedExport = defineRpc({ subject: 'library.v1.start-annotated-export', request: R(zFileRef), response: zAnnotatedExportState });
export const GetAnnotatedExport = defineRpc({ subject: 'library.v1.get-annotated-export', request: R({ exportId: z.string().min(1).max(200) }), response: zAnnotatedExportState });
export const DeleteSharedAnnotation = defineRpc({ subject: 'library.v1.delete-shared-annotation', request: R({ ...zFileRef, annotationId: id }), response: zOk });

/**
 * A shared annotation of a file was created, changed or removed (never sent for one that was and stays private).
 * `audience`: 'all' (everyone who may see the file) or the user ids who may see it before or after the change.
 * The gateway writes `annotation` messages to the file's live channels of those users; the page refetches.
 */
export const AnnotationChanged = defineEvent({
  subject: 'library.v1.annotation.changed',
  payload: z.object({
    orgId: zOrgId,
    itemId: z.number().int(),
    annotationId: z.number().int(),
    change: z.enum(['created', 'updated', 'deleted']),
    byUserId: z.number().int().nullable(),
    audience: z.union([z.literal('all'), z.array(z.number().int())]),
  }),
});

/** What the file's live channel sends: `ready` (with `resync`) and `annotation` (something changed; refetch the list). */
export const zFileLiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), itemId: z.number().int(), resync: z.boolean() }),
  z.object({
    type: z.literal('annotation'),
    seq: z.number().int(),
    itemId: z.number().int(),
    annotationId: z.number().int(),
    change: z.enum(['created', 'updated', 'deleted']),
    byUserId: z.number().int().nullable(),
  }),
]);
export type FileLiveMessage = z.output<typeof zFileLiveMessage>;

const tags = ['library'];
const zFileParams = z.object({ id: zId });
const zMarkParams = z.object({ id: zId, annotationId: zId });
const refOf = (call: z.output<typeof zTenant>, p: { id: number }, q: { meeting_id?: number }) => ({ ...call, itemId: p.id, meetingId: q.meeting_id });

export const AnnotationRoutes = {
  listAnnotations: defineRoute({
    method: 'GET', path: '/api/library/:id/annotations', access: 'user', tags, params: zFileParams, query: zFetchQuery,
    summary: 'The annotations of a file the caller may see: their own, and those shared with the committee or with them, with replies',
    rpc: ListAnnotations, toRpc: ({ call, params, query }) => refOf(call, params, query),
  }),
  createAnnotation: defineRoute({
    method: 'POST', path: '/api/library/:id/annotations', access: 'user', tags, params: zFileParams, query: zFetchQuery, body: zCreateAnnotationBody, message: LibraryMessages.annotationSaved,
    summary: 'Add a highlight, note or drawing {page, kind, geometry (0..1), quote?, text?, color?, visibility: private|committee|people, people?}',
    rpc: CreateAnnotation, toRpc: ({ call, params, query, body }) => ({ ...refOf(call, params, query), body }),
  }),
  updateAnnotation: defineRoute({
    method: 'PUT', path: '/api/library/:id/annotations/:annotationId', access: 'user', tags, params: zMarkParams, query: zFetchQuery, body: zUpdateAnnotationBody, message: LibraryMessages.annotationSaved,
    summary: 'Change an annotation or reply of the caller {text?, color?, visibility?, people?}',
    rpc: UpdateAnnotation, toRpc: ({ call, params, query, body }) => ({ ...refOf(call, params, query), annotationId: params.annotationId, body }),
  }),
  replyAnnotation: defineRoute({
    method: 'POST', path: '/api/library/:id/annotations/:annotationId/replies', access: 'user', tags, params: zMarkParams, query: zFetchQuery, body: zReplyBody, message: LibraryMessages.annotationSaved,
    summary: 'Reply to an annotation the caller may see {text}; answers the annotation with its replies',
    rpc: ReplyAnnotation, toRpc: ({ call, params, query, body }) => ({ ...refOf(call, params, query), annotationId: params.annotationId, text: body.text }),
  }),
  deleteSharedAnnotation: defineRoute({
    method: 'DELETE', path: '/api/library/:id/annotations/:annotationId', access: 'user', tags, params: zMarkParams, query: zFetchQuery, message: LibraryMessages.annotationDeleted, answer: 'empty',
    summary: "Remove an annotation or reply (its author; an administrator may remove a shared one); an annotation's replies go with it",
    rpc: DeleteSharedAnnotation, toRpc: ({ call, params, query }) => ({ ...refOf(call, params, query), annotationId: params.annotationId }),
  }),
  exportAnnotatedPdf: defineFileRoute({
    method: 'GET', path: '/api/library/:id/annotations/export', access: 'user', tags, params: zFileParams, query: zFetchQuery,
    summary: "The file's PDF with the annotations the caller may see (their own, the committee's, those shared with them) as PDF annotations: /Highlight, /Text with a /Popup (notes and replies), /Ink; streamed as a download. The download policy applies (403 view only; the reader's watermark when watermarked); 413 beyond ANNOTATION_EXPORT_MAX_MB; 409 when the file has no PDF",
  }),
  startAnnotatedExport: defineRoute({
    method: 'POST', path: '/api/library/:id/annotations/export_jobs', access: 'user', tags, params: zFileParams, query: zFetchQuery,
    summary: "Starts the export of the file's PDF with the annotations the caller may see (as GET …/annotations/export makes it) as a job: its state (stage, progress). 404, 403 view only and 409 no PDF at once",
    rpc: StartAnnotatedExport, toRpc: ({ call, params, query }) => refOf(call, params, query),
  }),
  getAnnotatedExport: defineRoute({
    method: 'GET', path: '/api/library/annotated_exports/:exportId', access: 'user', tags, params: z.object({ exportId: z.string().min(1).max(200) }),
    summary: "One of the caller's annotated exports: status, stage (queued, reading, writing, storing, done), progress; once done the file name and a presigned URL of the copy",
    rpc: GetAnnotatedExport, toRpc: ({ call, params }) => ({ ...call, exportId: params.exportId }),
  }),
  fileLive: defineComposedRoute({
    method: 'GET', path: '/api/library/:id/live', access: 'user', tags, params: zFileParams, query: zFetchQuery, produces: 'file',
    summary: 'Server-sent events of a file the caller may see: ready and annotation messages (zFileLiveMessage); Last-Event-ID asks for a resync',
    response: z.string(),
  }),
};

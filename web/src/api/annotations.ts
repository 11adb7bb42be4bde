import { Routes, type AnnotatedExportState, type BookSourceAnnotation, type BookSourceAnnotations, type AnnotationVisibility, type CreateAnnotationBody, type RouteData } from '@app/contracts';
export type { AnnotatedExportState };
import { api, apiCommand } from './client';

/**
 * Shared annotations of a library file (docs/annotations.md): list, add, change, reply, remove. Types are the
 * contract's; `meetingId` opens a file attached in a meeting (?meeting_id=), as the viewer does.
 */
export type SharedAnnotation = RouteData<typeof Routes.listAnnotations>['annotations'][number];
export type NewAnnotation = Partial<CreateAnnotationBody> & Pick<CreateAnnotationBody, 'page' | 'kind' | 'geometry'>;
export type { AnnotationVisibility, BookSourceAnnotation, BookSourceAnnotations };

const q = (meetingId: number | null) => ({ meeting_id: meetingId ?? undefined });

export const annotationsApi = {
  list: async (itemId: number, meetingId: number | null): Promise<SharedAnnotation[]> =>
    (await api(Routes.listAnnotations, { params: { id: itemId }, query: q(meetingId) })).annotations,
  create: async (itemId: number, meetingId: number | null, body: NewAnnotation) =>
    (await apiCommand(Routes.createAnnotation, { params: { id: itemId }, query: q(meetingId), body })).data,
  /** who sees it: `people` names them (at least one) */
  share: async (itemId: number, meetingId: number | null, annotationId: number, visibility: AnnotationVisibility, people?: number[]) =>
    (await apiCommand(Routes.updateAnnotation, { params: { id: itemId, annotationId }, query: q(meetingId), body: visibility === 'people' ? { visibility, people } : { visibility } })).data,
  reply: async (itemId: number, meetingId: number | null, annotationId: number, text: string) =>
    (await apiCommand(Routes.replyAnnotation, { params: { id: itemId, annotationId }, query: q(meetingId), body: { text } })).data,
  /** the file's PDF with the annotations the caller may see written in as PDF annotations (a download: view-only readers get 403) */
  exportPdf: (itemId: number, meetingId: number | null): Promise<Blob> => api(Routes.exportAnnotatedPdf, { params: { id: itemId }, query: q(meetingId), notify: false }),
  /** the same copy made by a job (docs/annotations.md#export): its first state, then each state asked for; a finished one has a presigned URL */
  startExport: (itemId: number, meetingId: number | null): Promise<AnnotatedExportState> => api(Routes.startAnnotatedExport, { params: { id: itemId }, query: q(meetingId), notify: false }),
  exportState: (exportId: string): Promise<AnnotatedExportState> => api(Routes.getAnnotatedExport, { params: { exportId }, notify: false }),
  /** a board book's source files' marks the caller may see, at their pages in the book, read-only (docs/annotations.md#the-board-book) */
  bookSources: (meetingId: number, bookId: number): Promise<BookSourceAnnotations> =>
    api(Routes.getBookSourceAnnotations, { params: { id: meetingId }, query: { book: bookId }, notify: false }),
  remove: async (itemId: number, meetingId: number | null, annotationId: number) =>
    (await apiCommand(Routes.deleteSharedAnnotation, { params: { id: itemId, annotationId }, query: q(meetingId) })).message,
};

import { Routes, type AddNoteBody } from '@app/contracts';
import { api, apiCommand } from './client';

/** Notes per slide of a presented document (signed-in users only). */
export const listPresentationNotes = (meetingId: number, fileId: number) => api(Routes.listPresentationNotes, { params: { meetingId, fileId } });
export const addPresentationNote = (body: AddNoteBody) => apiCommand(Routes.addPresentationNote, { body });
export const deletePresentationNote = (id: number) => apiCommand(Routes.deletePresentationNote, { params: { id } });

import { annotationsApi, type SharedAnnotation } from '../../api/annotations';
import type { SlideDrawing } from './room-state';

/**
 * A slide's drawing saved again (docs/annotations.md#the-presenters-drawing): the new drawings are created first,
 * then the ones the slide saved before are removed, so an open viewer never sees the page without the presenter's
 * ink and what was erased leaves the saved marks. Answers the ids of the new drawings (the next save removes them).
 */
export async function replaceSlideInk(fileId: number, meetingId: number | null, before: readonly number[], bodies: readonly SlideDrawing[]): Promise<number[]> {
  const ids: number[] = [];
  for (const body of bodies) ids.push((await annotationsApi.create(fileId, meetingId, body)).id);
  for (const id of before) await annotationsApi.remove(fileId, meetingId, id);
  return ids;
}

/**
 * The drawings the presenter saved of a page in this meeting, as the server records them (`presented_in`): the ones a
 * new save of the slide replaces. Known from the list, so a save after a reload (or from another device) replaces them
 * instead of saving the same ink a second time; another author's, another meeting's and the presenter's own viewer
 * drawings are never among them.
 */
export function savedSlideInk(list: readonly SharedAnnotation[], meetingId: number, page: number): number[] {
  return list.filter((a) => a.mine && a.parent_id === null && a.kind === 'drawing' && a.presented_in === meetingId && a.page === page).map((a) => a.id);
}

/** the slides (0-based) with drawings the presenter saved in this meeting: an eraser stroke on one saves it again */
export function slidesWithSavedInk(list: readonly SharedAnnotation[], meetingId: number): Set<number> {
  return new Set(list.filter((a) => a.mine && a.parent_id === null && a.kind === 'drawing' && a.presented_in === meetingId).map((a) => a.page - 1));
}

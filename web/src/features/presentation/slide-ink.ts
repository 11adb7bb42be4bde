import { annotationsApi } from '../../api/annotations';
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

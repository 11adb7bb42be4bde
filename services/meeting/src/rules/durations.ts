import { MM } from '@app/contracts';

/** talking-point duration when the form leaves it empty */
export const DEFAULT_ITEM_DURATION = 60;

/**
 * An item's duration (talking point or sub-point, docs/product/meetings.md#agenda-and-durations): when given it must be greater than
 * 0, and when the meeting has a duration above 0 it must not exceed it.
 */
export function itemDurationError(duration: number | null | undefined, meetingDuration: number | null | undefined): string | null {
  if (duration === null || duration === undefined) return null;
  if (duration <= 0) return MM.durationPositive;
  if (meetingDuration && meetingDuration > 0 && duration > meetingDuration) return MM.itemDuration;
  return null;
}

/** the default for a new talking point: 60, or the meeting's duration when that is shorter */
export function defaultItemDuration(meetingDuration: number | null | undefined): number {
  return meetingDuration && meetingDuration > 0 ? Math.min(DEFAULT_ITEM_DURATION, meetingDuration) : DEFAULT_ITEM_DURATION;
}

/** header total: the items' durations plus their sub-points' durations */
export function totalDuration(items: ReadonlyArray<{ duration: number; subpoints: ReadonlyArray<{ duration: number }> }>): number {
  return items.reduce((sum, i) => sum + (i.duration || 0) + i.subpoints.reduce((s, p) => s + (p.duration || 0), 0), 0);
}

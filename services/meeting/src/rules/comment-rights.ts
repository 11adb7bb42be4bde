import { isOpenStatus } from './status-machine';

/**
 * A comment can be deleted by its author while its meeting is open (statuses 1-3: Cancelled and
 * Archived lock everything); a comment on a standalone resolution (no meeting) by its author at any time.
 */
export const canDeleteComment = (f: { mine: boolean; meetingStatusId: number | null }): boolean =>
  f.mine && (f.meetingStatusId === null || isOpenStatus(f.meetingStatusId));

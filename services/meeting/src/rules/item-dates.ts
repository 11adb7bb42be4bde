import { VIRTUAL_JOIN_CUTOFF } from '@app/contracts';

/** a decision's close date may not be before its meeting's start */
export const deadlineBeforeStart = (deadline: Date, meetingStart: Date): boolean => deadline.getTime() < meetingStart.getTime();

/** an action's open_till may not be earlier than its meeting's start ('Incorrect date') */
export const openTillBeforeStart = (openTill: Date, meetingStart: Date): boolean => openTill.getTime() < meetingStart.getTime();

/**
 * Joining online is refused ('deadline_passed') for meetings starting on or before the cutoff day
 * (20-07-2024, in the organization's time zone). We apply it to every online join, zoom and ijmeet
 * (docs/decisions.md).
 */
export function joinCutoffPassed(startLocal: string): boolean {
  return startLocal.slice(0, 10) <= VIRTUAL_JOIN_CUTOFF;
}

import type { ActionStatus, TrackerGroup } from '@app/contracts';

/**
 * The overall state of an action from its participants' statuses (docs/product/actions.md#overall-state):
 *  - everyone Complete -> Complete (also after open_till);
 *  - open_till passed and not everyone Complete -> Not Complete;
 *  - everyone Not Complete -> Not Complete;
 *  - otherwise (all In Progress, or a mix, before open_till) -> In Progress.
 * An action is locked once open_till has passed.
 */
export function overallActionStatus(statuses: readonly ActionStatus[], openTill: Date, now: Date): ActionStatus {
  const past = isActionLocked(openTill, now);
  if (statuses.length > 0 && statuses.every((s) => s === 'Complete')) return 'Complete';
  if (past) return 'Not Complete';
  if (statuses.length > 0 && statuses.every((s) => s === 'Not Complete')) return 'Not Complete';
  return 'In Progress';
}

export const isActionLocked = (openTill: Date, now: Date): boolean => openTill.getTime() < now.getTime();

/**
 * Action tracker groups: completed (overall Complete), overdue (open_till passed and not complete),
 * not started (before open_till, no progress and no participant has changed their status yet),
 * on going (everything else).
 */
export function trackerGroup(f: { statuses: readonly ActionStatus[]; anyStatusChanged: boolean; progress: number; openTill: Date; now: Date }): TrackerGroup {
  const overall = overallActionStatus(f.statuses, f.openTill, f.now);
  if (overall === 'Complete') return 'completed';
  if (isActionLocked(f.openTill, f.now)) return 'overdue';
  if (!f.anyStatusChanged && f.progress === 0) return 'not_started';
  return 'on_going';
}

/** sort key of priorities: High first */
export const PRIORITY_RANK: Record<string, number> = { High: 0, Normal: 1, Low: 2 };

/**
 * When the reminder of a deadline goes out: the largest lead (minutes before the deadline) that is
 * still in the future. With less time left than the smallest lead, or a deadline already passed,
 * there is no reminder (the e-mail that announced the item is recent enough).
 */
export function reminderFireTime(dueAt: Date, now: Date, leadsMinutes: readonly number[]): Date | null {
  const due = dueAt.getTime();
  if (Number.isNaN(due) || due <= now.getTime()) return null;
  const leads = [...leadsMinutes].filter((m) => m > 0).sort((a, b) => b - a);
  for (const m of leads) {
    const at = due - Math.round(m * 60_000);
    if (at > now.getTime()) return new Date(at);
  }
  return null;
}

/** a minutes review's reminder: a day before its deadline, or an hour before when the deadline is sooner than a day */
export const REVIEW_REMINDER_LEADS_MINUTES = [1440, 60] as const;

/**
 * When the reminder of a minutes review deadline goes out: a day before, else an hour before; a review due in an hour
 * or less is reminded halfway to its deadline (the owner asked for a quick review: the reviewers still get one nudge).
 * Null once the deadline has passed (docs/minutes.md#review-deadline).
 */
export function reviewReminderFireTime(deadline: Date, now: Date): Date | null {
  const lead = reminderFireTime(deadline, now, REVIEW_REMINDER_LEADS_MINUTES);
  if (lead) return lead;
  const left = deadline.getTime() - now.getTime();
  if (Number.isNaN(left) || left <= 0) return null;
  return new Date(now.getTime() + Math.floor(left / 2));
}

/** The delayed job's id: derived from the item and the fire time (BullMQ ids may not contain ':'). */
export function reminderJobId(kind: string, orgId: string, itemId: number, fireAt: Date): string {
  return `reminder-${kind}-${orgId}-${itemId}-${fireAt.getTime()}`;
}

/** What a changed meeting_reminder_minutes does to one meeting's reminder (docs/notification.md#meeting-reminders). */
export type LeadChange = { action: 'keep' } | { action: 'drop' } | { action: 'move'; fireAt: Date };

/**
 * The organization's lead became `leadMinutes`: where one meeting's reminder goes now. Only a reminder still to come
 * changes: `scheduled` (its time not reached yet; one already due is firing and is left to fire once) moves to the start
 * minus the new lead, or is dropped when that moment has passed or the lead is 0; `none` (set while reminders were off
 * or too close to the start) gets one when the new lead leaves time for it. Fired and cancelled ones stay as they are.
 * The same lead again keeps everything (a redelivered event moves nothing).
 */
export function meetingReminderAfterLeadChange(
  row: { status: string; dueAt: Date; fireAt: Date | null },
  leadMinutes: number,
  now: Date,
): LeadChange {
  if (row.status === 'scheduled') {
    if (!row.fireAt || row.fireAt.getTime() <= now.getTime()) return { action: 'keep' };
    const fireAt = reminderFireTime(row.dueAt, now, [leadMinutes]);
    if (!fireAt) return { action: 'drop' };
    return fireAt.getTime() === row.fireAt.getTime() ? { action: 'keep' } : { action: 'move', fireAt };
  }
  if (row.status === 'none') {
    const fireAt = reminderFireTime(row.dueAt, now, [leadMinutes]);
    return fireAt ? { action: 'move', fireAt } : { action: 'keep' };
  }
  return { action: 'keep' };
}

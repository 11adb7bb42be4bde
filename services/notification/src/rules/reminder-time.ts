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

/** The delayed job's id: derived from the item and the fire time (BullMQ ids may not contain ':'). */
export function reminderJobId(kind: string, orgId: string, itemId: number, fireAt: Date): string {
  return `reminder-${kind}-${orgId}-${itemId}-${fireAt.getTime()}`;
}

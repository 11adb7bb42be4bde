import { MM, VIRTUAL_JOIN_CUTOFF, type Attendance, type Variant } from '@app/contracts';
import { isMinistry } from '../meetings/permissions';

/** a decision's close date may not be before its meeting's start */
export const deadlineBeforeStart = (deadline: Date, meetingStart: Date): boolean => deadline.getTime() < meetingStart.getTime();

/** an action's open_till may not be earlier than its meeting's start ('Incorrect date') */
export const openTillBeforeStart = (openTill: Date, meetingStart: Date): boolean => openTill.getTime() < meetingStart.getTime();

/** attendance answers offered in a variant: the ministry variant has Delegate and Other instead of Not going and Maybe */
export function attendanceValues(variant: Variant): Attendance[] {
  return isMinistry(variant) ? ['Going', 'Pending', 'Delegate', 'Other'] : ['Going', 'Pending', 'Not going', 'Maybe'];
}

export type AttendanceVerdict = { ok: true; reason: string | null } | { ok: false; error: 'status' | 'value' };

/** attendance can change only in statuses 2 and 3; the reason is dropped while Pending */
export function checkAttendance(f: { statusId: number; variant: Variant; value: Attendance; reason?: string | null }): AttendanceVerdict {
  if (f.statusId !== 2 && f.statusId !== 3) return { ok: false, error: 'status' };
  if (!attendanceValues(f.variant).includes(f.value)) return { ok: false, error: 'value' };
  return { ok: true, reason: f.value === 'Pending' ? null : (f.reason ?? '').trim() || null };
}

/**
 * Joining online is refused ('deadline_passed') for meetings starting on or before the cutoff day
 * (20-07-2024, in the organization's time zone). We apply it to every online join, zoom and ijmeet
 * (docs/decisions.md).
 */
export function joinCutoffPassed(startLocal: string): boolean {
  return startLocal.slice(0, 10) <= VIRTUAL_JOIN_CUTOFF;
}

/** rich-text notes are JSON; a note with no text in it is empty */
export function isEmptyNote(note: string | null | undefined): boolean {
  const s = (note ?? '').trim();
  if (!s) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(s);
  } catch {
    return false; // older plain text
  }
  const texts: string[] = [];
  const walk = (v: unknown, key?: string) => {
    if (typeof v === 'string') {
      if (key === undefined || key === 'text' || key === 'insert' || key === 'content' || key === 'value') texts.push(v);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(parsed);
  return texts.every((t) => !t.trim());
}

export { MM };

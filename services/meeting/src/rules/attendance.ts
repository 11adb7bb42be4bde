import { MeetingStatus, type Attendance, type Variant } from '@app/contracts';
import { isMinistry } from './variant';

/** attendance answers offered in a variant: the ministry variant has Delegate and Other instead of Not going and Maybe */
export function attendanceValues(variant: Variant): Attendance[] {
  return isMinistry(variant) ? ['Going', 'Pending', 'Delegate', 'Other'] : ['Going', 'Pending', 'Not going', 'Maybe'];
}

/** attendance is answered only while the meeting is Scheduled or Live */
export const attendanceOpen = (statusId: number): boolean => statusId === MeetingStatus.Scheduled || statusId === MeetingStatus.Live;

export type AttendanceVerdict = { ok: true; reason: string | null } | { ok: false; error: 'status' | 'value' };

/** attendance can change only in statuses 2 and 3; the reason is dropped while Pending */
export function checkAttendance(f: { statusId: number; variant: Variant; value: Attendance; reason?: string | null }): AttendanceVerdict {
  if (!attendanceOpen(f.statusId)) return { ok: false, error: 'status' };
  if (!attendanceValues(f.variant).includes(f.value)) return { ok: false, error: 'value' };
  return { ok: true, reason: f.value === 'Pending' ? null : (f.reason ?? '').trim() || null };
}

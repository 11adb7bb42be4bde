import type { Attendance, Variant } from '@app/contracts';
import { attendanceOpen, attendanceValues, checkAttendance } from './attendance';

describe('attendance', () => {
  it.each([
    ['default', ['Going', 'Pending', 'Not going', 'Maybe']],
    ['moe', ['Going', 'Pending', 'Delegate', 'Other']],
    ['tender', ['Going', 'Pending', 'Delegate', 'Other']],
  ] as Array<[Variant, Attendance[]]>)('values in %s', (v, values) => expect(attendanceValues(v)).toEqual(values));

  const rows: Array<[number, Variant, Attendance, string | null, string]> = [
    [1, 'default', 'Going', null, 'status'],
    [2, 'default', 'Going', null, 'ok:null'],
    [3, 'default', 'Not going', 'ill', 'ok:ill'],
    [4, 'default', 'Going', null, 'status'],
    [5, 'default', 'Going', null, 'status'],
    [2, 'default', 'Maybe', '  ', 'ok:null'],
    [2, 'default', 'Delegate', null, 'value'],
    [2, 'default', 'Other', null, 'value'],
    [2, 'moe', 'Delegate', 'my deputy', 'ok:my deputy'],
    [2, 'moe', 'Other', 'x', 'ok:x'],
    [2, 'moe', 'Not going', null, 'value'],
    [2, 'moe', 'Maybe', null, 'value'],
    [2, 'default', 'Pending', 'dropped while Pending', 'ok:null'],
  ];
  it.each(rows)('status %i, %s, %s, reason %p -> %s', (statusId, variant, value, reason, expected) => {
    const v = checkAttendance({ statusId, variant, value, reason });
    expect(v.ok ? `ok:${v.reason}` : v.error).toBe(expected);
  });
});

describe('attendance open by status', () => {
  it.each([
    [1, false],
    [2, true],
    [3, true],
    [4, false],
    [5, false],
  ])('status %i -> %s', (s, open) => expect(attendanceOpen(s)).toBe(open));
});

import type { Attendance, Variant } from '@app/contracts';
import { attendanceValues, checkAttendance, deadlineBeforeStart, isEmptyNote, joinCutoffPassed, openTillBeforeStart } from './validators';

const start = new Date('2030-06-01T10:00:00Z');

describe('dates against the meeting start', () => {
  const rows: Array<[string, boolean]> = [
    ['2030-06-01T09:45:00Z', true],
    ['2030-06-01T10:00:00Z', false],
    ['2030-06-01T10:15:00Z', false],
  ];
  it.each(rows)('decision deadline %s before start: %s', (d, before) => expect(deadlineBeforeStart(new Date(d), start)).toBe(before));
  it.each(rows)('action open_till %s before start: %s', (d, before) => expect(openTillBeforeStart(new Date(d), start)).toBe(before));
});

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

describe('online join cutoff (on or before 20-07-2024)', () => {
  it.each([
    ['2024-07-19 23:45:00', true],
    ['2024-07-20 00:00:00', true],
    ['2024-07-20 23:45:00', true],
    ['2024-07-21 00:00:00', false],
    ['2030-01-01 10:00:00', false],
  ])('%s -> %s', (local, passed) => expect(joinCutoffPassed(local)).toBe(passed));
});

describe('empty notes', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['plain old text', false],
    ['""', true],
    ['"hello"', false],
    ['{"ops":[{"insert":"\\n"}]}', true],
    ['{"ops":[{"insert":"Remember the budget\\n"}]}', false],
    ['{"type":"doc","content":[{"type":"paragraph","content":[]}]}', true],
    ['{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"hi"}]}]}', false],
    ['[{"type":"paragraph","children":[{"text":""}]}]', true],
    ['[{"type":"paragraph","children":[{"text":"x"}]}]', false],
  ])('%p -> %s', (note, empty) => expect(isEmptyNote(note)).toBe(empty));
});

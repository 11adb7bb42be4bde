import { reminderFireTime, reminderJobId } from './reminder-time';

const now = new Date('2026-03-01T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('reminderFireTime', () => {
  const cases: [string, string, number[], string | null][] = [
    ['a deadline in 3 days: one day before', '2026-03-04T12:00:00Z', [1440, 60], '2026-03-03T12:00:00.000Z'],
    ['a deadline in 5 hours: one hour before', '2026-03-01T17:00:00Z', [1440, 60], '2026-03-01T16:00:00.000Z'],
    ['leads in any order', '2026-03-01T17:00:00Z', [60, 1440], '2026-03-01T16:00:00.000Z'],
    ['a deadline in 30 minutes: none', '2026-03-01T12:30:00Z', [1440, 60], null],
    ['exactly one lead away: none (it would fire now)', '2026-03-01T13:00:00Z', [60], null],
    ['a passed deadline: none', '2026-03-01T11:00:00Z', [1440, 60], null],
    ['the deadline is now: none', '2026-03-01T12:00:00Z', [1440, 60], null],
    ['fractional minutes (tests use seconds)', '2026-03-01T12:01:05Z', [1], '2026-03-01T12:00:05.000Z'],
    ['no usable lead: none', '2026-03-04T12:00:00Z', [0, -5], null],
  ];
  it.each(cases)('%s', (_name, due, leads, expected) => {
    const r = reminderFireTime(at(due), now, leads);
    expect(r ? r.toISOString() : null).toBe(expected);
  });

  it('an invalid date gives none', () => {
    expect(reminderFireTime(new Date('nope'), now, [60])).toBeNull();
  });
});

describe('reminderJobId', () => {
  it('changes with the fire time and has no colon', () => {
    const a = reminderJobId('decision-deadline', 'o', 7, at('2026-03-03T12:00:00Z'));
    const b = reminderJobId('decision-deadline', 'o', 7, at('2026-03-03T13:00:00Z'));
    expect(a).not.toBe(b);
    expect(a).not.toContain(':');
    expect(reminderJobId('decision-deadline', 'o', 7, at('2026-03-03T12:00:00Z'))).toBe(a);
  });
});

import { displayDate } from './format';

describe('displayDate', () => {
  it.each([
    ['2026-03-05T14:07:00Z', 'UTC', '05 Mar 2026 02:07 PM (UTC)'],
    ['2026-03-05T00:30:00Z', 'UTC', '05 Mar 2026 12:30 AM (UTC)'],
    ['2026-03-05T12:00:00Z', 'UTC', '05 Mar 2026 12:00 PM (UTC)'],
    ['2026-03-05T22:15:00Z', 'Asia/Dubai', '06 Mar 2026 02:15 AM (Asia/Dubai)'],
    ['2026-07-01T09:00:00Z', 'Europe/Moscow', '01 Jul 2026 12:00 PM (Europe/Moscow)'],
    ['2026-12-31T23:59:00-05:00', 'America/New_York', '31 Dec 2026 11:59 PM (America/New_York)'],
    ['not a date', 'UTC', 'not a date'],
  ])('%s in %s is %s', (iso, tz, expected) => {
    expect(displayDate(iso, tz)).toBe(expected);
  });

  it('falls back to UTC for an unknown time zone but still names it', () => {
    expect(displayDate('2026-03-05T14:07:00Z', 'Mars/Olympus')).toBe('05 Mar 2026 02:07 PM (Mars/Olympus)');
  });
});

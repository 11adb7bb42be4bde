import { instantToLocal, localDay, localToInstant, monthRange, safeZone, serverDate } from './time-zone';

describe('time zones', () => {
  const rows: Array<[tz: string, local: string, iso: string]> = [
    ['UTC', '2030-01-02 15:15:00', '2030-01-02T15:15:00.000Z'],
    ['Asia/Riyadh', '2030-01-02 15:15:00', '2030-01-02T12:15:00.000Z'],
    ['Europe/Moscow', '2024-07-20 00:00:00', '2024-07-19T21:00:00.000Z'],
    ['America/New_York', '2030-01-15 09:00:00', '2030-01-15T14:00:00.000Z'],
    ['America/New_York', '2030-07-15 09:00:00', '2030-07-15T13:00:00.000Z'],
    ['Asia/Kolkata', '2030-03-01 10:30:00', '2030-03-01T05:00:00.000Z'],
    // DST gap (02:30 does not exist on 2030-03-10 in New York): the later offset
    ['America/New_York', '2030-03-10 02:30:00', '2030-03-10T07:30:00.000Z'],
    // DST overlap (01:30 happens twice on 2030-11-03): the earlier instant
    ['America/New_York', '2030-11-03 01:30:00', '2030-11-03T05:30:00.000Z'],
  ];
  it.each(rows)('%s %s -> %s', (tz, local, iso) => {
    expect(localToInstant(local, tz).toISOString()).toBe(iso);
  });
  it.each(rows.filter((r) => !r[1].startsWith('2030-03-10')))('%s round trip of %s', (tz, local) => {
    expect(instantToLocal(localToInstant(local, tz), tz)).toBe(local);
  });
  it('a month in a zone', () => {
    const r = monthRange(2030, 12, 'Asia/Riyadh');
    expect(r.from.toISOString()).toBe('2030-11-30T21:00:00.000Z');
    expect(r.to.toISOString()).toBe('2030-12-31T21:00:00.000Z');
  });
  it.each([
    ['Asia/Riyadh', 'Asia/Riyadh'],
    ['Not/AZone', 'UTC'],
    ['', 'UTC'],
    [null, 'UTC'],
  ])('safeZone(%s) = %s', (tz, out) => expect(safeZone(tz as string | null)).toBe(out));

  /** what Intl says, formatted independently of time.ts */
  function intlLocal(instant: number, tz: string): string {
    const f = new Intl.DateTimeFormat('sv-SE', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    return f.format(new Date(instant)).replace('T', ' ');
  }

  it.each([
    // zone, a transition instant (UTC): every 37 s from 3 minutes before to 3 minutes after must agree with Intl
    ['America/New_York', '2030-03-10T07:00:00Z'],
    ['America/New_York', '2030-11-03T06:00:00Z'],
    ['America/St_Johns', '2030-03-10T05:30:00Z'],
    ['Australia/Lord_Howe', '2030-04-06T15:00:00Z'],
    ['Asia/Kathmandu', '2030-01-01T00:00:00Z'],
    ['Europe/London', '2030-03-31T01:00:00Z'],
  ])('%s around %s: the per-minute offset cache agrees with Intl to the second', (tz, at) => {
    const t = Date.parse(at);
    for (let instant = t - 180_000 + 123; instant <= t + 180_000; instant += 37_000) {
      expect(instantToLocal(new Date(instant), tz)).toBe(intlLocal(instant, tz));
    }
  });
});

describe('serverDate: the one way a date is answered (the organization\'s zone)', () => {
  it.each([
    ['2026-03-05T14:07:09Z', 'UTC', '2026-03-05 14:07:09'],
    ['2026-03-05T22:15:00Z', 'Asia/Dubai', '2026-03-06 02:15:00'],
    ['2026-01-01T00:00:00Z', 'UTC', '2026-01-01 00:00:00'],
    ['2026-07-01T12:00:00Z', 'America/New_York', '2026-07-01 08:00:00'],
    ['2026-07-01T12:00:00Z', 'Mars/Olympus', '2026-07-01 12:00:00'],
    ['2026-07-01T12:00:00Z', null, '2026-07-01 12:00:00'],
    [null, 'Asia/Dubai', null],
    ['not a date', 'Asia/Dubai', null],
  ])('%s in %s is %s', (input, tz, expected) => {
    expect(serverDate(input, tz)).toBe(expected);
  });
});

describe("localDay: today is the organization's day", () => {
  it.each([
    // 22:15 UTC is already the next day in Dubai (+04:00), still the same day in New York
    ['2026-03-05T22:15:00Z', 'Asia/Dubai', '2026-03-06'],
    ['2026-03-05T22:15:00Z', 'UTC', '2026-03-05'],
    ['2026-03-05T02:00:00Z', 'America/New_York', '2026-03-04'],
    ['2026-03-05T10:30:00Z', 'Pacific/Kiritimati', '2026-03-06'],
    ['2026-03-05T19:59:59Z', 'Asia/Dubai', '2026-03-05'],
    ['2026-03-05T20:00:00Z', 'Asia/Dubai', '2026-03-06'],
    ['2026-03-05T22:15:00Z', 'Mars/Olympus', '2026-03-05'],
    ['2026-03-05T22:15:00Z', null, '2026-03-05'],
  ])('%s in %s is %s', (instant, tz, expected) => {
    expect(localDay(new Date(instant), tz)).toBe(expected);
  });
});

import { instantToLocal, localToInstant, monthRange, safeZone } from './time';

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
});

import { resolutionNumber, resolutionYear, zMotionBody } from './record';

describe('resolution numbers', () => {
  it.each<[number | null, number | null, string | null]>([
    [2026, 1, '2026/001'],
    [2026, 14, '2026/014'],
    [2026, 999, '2026/999'],
    [2027, 1000, '2027/1000'],
    [null, 3, null],
    [2026, null, null],
  ])('resolutionNumber(%s, %s) = %s', (year, seq, out) => expect(resolutionNumber(year, seq)).toBe(out));
});

describe('the year of a resolution: its creation in the organization\'s time zone', () => {
  it.each<[string, string, number]>([
    ['2026-12-31T22:30:00Z', 'UTC', 2026],
    ['2026-12-31T22:30:00Z', 'Asia/Riyadh', 2027],
    ['2027-01-01T02:00:00Z', 'America/New_York', 2026],
  ])('%s in %s -> %s', (at, tz, year) => expect(resolutionYear(new Date(at), tz)).toBe(year));
});

describe('the motion body is strict', () => {
  it.each([true, [1], '1e3', 0, -1, { id: 1 }, 1.5, 'x'])('refuses mover_user_id %j', (bad) => expect(zMotionBody.safeParse({ mover_user_id: bad, seconder_user_id: null }).success).toBe(false));
  it('takes ids and nulls, and needs both fields', () => {
    expect(zMotionBody.parse({ mover_user_id: 4, seconder_user_id: null })).toEqual({ mover_user_id: 4, seconder_user_id: null });
    expect(zMotionBody.safeParse({ mover_user_id: 4 }).success).toBe(false);
  });
});

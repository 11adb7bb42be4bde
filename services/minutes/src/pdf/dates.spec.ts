import { printedDates, printedDateTime, printedDay, printedTime, printedZone } from './dates';

/** Dates and times as each language of the minutes writes them (issue 27; docs/minutes.md#dates-in-the-minutes-language). */
describe('printed dates', () => {
  it.each([
    ['en', '2026-11-24 14:05:00', '24 November 2026, 2:05 PM'],
    ['en', '2026-11-24 00:30:00', '24 November 2026, 12:30 AM'],
    ['ar', '2026-11-24 14:05:00', '24 نوفمبر 2026، 2:05 م'],
    ['ar', '2026-11-24 09:15:00', '24 نوفمبر 2026، 9:15 ص'],
    ['fr', '2026-11-24 14:05:00', '24 novembre 2026 à 14:05'],
    ['fr', '2026-11-24 00:30:00', '24 novembre 2026 à 00:30'],
    ['ru', '2026-11-24 14:05:00', '24 ноября 2026 г., 14:05'],
    ['ru', '2026-01-03 08:00:00', '3 января 2026 г., 08:00'],
  ] as const)('%s %s -> %s', (lang, local, out) => expect(printedDateTime(local, lang)).toBe(out));

  it.each([
    ['en', '2026-11-24 09:00:00', '9:00 AM'],
    ['en', '2026-11-24 12:00:00', '12:00 PM'],
    ['ar', '2026-11-24 09:00:00', '9:00 ص'],
    ['ar', '2026-11-24 21:45:00', '9:45 م'],
    ['fr', '2026-11-24 21:45:00', '21:45'],
    ['ru', '2026-11-24 09:00:00', '09:00'],
  ] as const)('time %s %s -> %s', (lang, local, out) => expect(printedTime(local, lang)).toBe(out));

  it.each([
    ['en', '24 November 2026'],
    ['ar', '24 نوفمبر 2026'],
    ['fr', '24 novembre 2026'],
    ['ru', '24 ноября 2026 г.'],
  ] as const)('day %s -> %s', (lang, out) => expect(printedDay('2026-11-24 10:00:00', lang)).toBe(out));

  it('Arabic uses Latin digits and no Arabic-Indic digit, whatever the ICU default', () => {
    expect(printedDateTime('2026-11-24 14:05:00', 'ar')).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  });

  it.each([
    ['en', 'Asia/Muscat', 'Asia/Muscat, GMT+4'],
    ['ar', 'Asia/Muscat', 'Asia/Muscat، غرينتش+4'],
    ['fr', 'Asia/Muscat', 'Asia/Muscat, UTC+4'],
    ['ru', 'Asia/Muscat', 'Asia/Muscat, GMT+4'],
    ['en', 'UTC', 'GMT+0'],
    ['ar', 'UTC', 'غرينتش+0'],
    // summer and winter in the same zone: the offset of that date
    ['en', 'Europe/Paris', 'Europe/Paris, GMT+1'],
  ] as const)('zone %s %s -> %s', (lang, zone, out) => expect(printedZone('2026-11-24 10:00:00', zone, lang)).toBe(out));

  it('the offset is the one of the date printed (daylight saving)', () => {
    expect(printedZone('2026-07-01 10:00:00', 'Europe/Paris', 'fr')).toBe('Europe/Paris, UTC+2');
  });

  it('one formatter per document: zoned when asked and a zone is known; empty in, empty out; not a date, as it is', () => {
    const ru = printedDates('ru', 'Europe/Moscow');
    expect(ru.dateTime('2026-11-24 14:05:00', { zoned: true })).toBe('24 ноября 2026 г., 14:05 (Europe/Moscow, GMT+3)');
    expect(ru.dateTime('2026-11-24 14:05:00')).toBe('24 ноября 2026 г., 14:05');
    expect(printedDates('en', null).dateTime('2026-11-24 14:05:00', { zoned: true })).toBe('24 November 2026, 2:05 PM');
    expect(ru.dateTime(null)).toBe('');
    expect(ru.time(undefined)).toBe('');
    expect(ru.dateTime('soon')).toBe('soon');
  });
});

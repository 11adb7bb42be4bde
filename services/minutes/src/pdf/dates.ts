import { localToInstant, parseLocalDateTime, safeZone, type Lang } from '@app/contracts';

/**
 * Every date and time the minutes (and the board book's front) print, in the document's language (issue 27). The
 * product's dates are 'YYYY-MM-DD HH:mm:ss' in the organization's time zone (serverDate); this writes them as each
 * language writes a date and a time, through Intl (Node's ICU):
 *
 * | lang | example                        | clock                      |
 * |------|--------------------------------|----------------------------|
 * | en   | 24 November 2026, 2:05 PM      | 12-hour, AM / PM           |
 * | ar   | 24 نوفمبر 2026، 2:05 م         | 12-hour, ص / م, Latin digits |
 * | fr   | 24 novembre 2026 à 14:05       | 24-hour                    |
 * | ru   | 24 ноября 2026 г., 14:05       | 24-hour                    |
 *
 * Arabic digits: Latin (`-u-nu-latn`), as the web shows them and as CLDR's `ar` now writes them; pinned so that an
 * ICU whose `ar` still means Arabic-Indic digits prints the same. The time zone is said after a date and time: the
 * zone's offset in the language ("GMT+4", "غرينتش+4", "UTC+4") and, for a zone other than UTC, its IANA name.
 * docs/minutes.md#dates-in-the-minutes-language.
 */

const LOCALE: Record<Lang, string> = { en: 'en-US', ar: 'ar-u-nu-latn', fr: 'fr', ru: 'ru' };
/** the day (English: day first, as the product's DD MMM YYYY) */
const DATE_LOCALE: Record<Lang, string> = { en: 'en-GB', ar: 'ar-u-nu-latn', fr: 'fr', ru: 'ru' };
/** how the day and the time are joined */
const JOIN: Record<Lang, (date: string, time: string) => string> = {
  en: (d, t) => `${d}, ${t}`,
  ar: (d, t) => `${d}، ${t}`,
  fr: (d, t) => `${d} à ${t}`,
  ru: (d, t) => `${d}, ${t}`,
};
/** the separator inside the zone's parentheses */
const COMMA: Record<Lang, string> = { en: ', ', ar: '، ', fr: ', ', ru: ', ' };

const cache = new Map<string, Intl.DateTimeFormat>();
function intl(key: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

/** the wall-clock fields as a Date read in UTC (no conversion: the string is already the organization's local time) */
function wallClock(local: string): Date | null {
  const l = parseLocalDateTime(local);
  return l ? new Date(Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second)) : null;
}

const twelveHour = (lang: Lang) => lang === 'en' || lang === 'ar';

/** '24 November 2026' in the language; what is not a server date prints as it is */
export function printedDay(local: string, lang: Lang): string {
  const d = wallClock(local);
  return d ? intl(`d|${lang}`, DATE_LOCALE[lang], { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(d) : local;
}

/** '2:05 PM', '2:05 م', '14:05' in the language */
export function printedTime(local: string, lang: Lang): string {
  const d = wallClock(local);
  if (!d) return local;
  const options: Intl.DateTimeFormatOptions = twelveHour(lang)
    ? { timeZone: 'UTC', hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }
    : { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  // ICU puts a narrow no-break space before AM / PM: a plain space reads and extracts the same everywhere
  return intl(`t|${lang}`, LOCALE[lang], options).format(d).replace(/[\u202f\u00a0]/g, ' ');
}

/** a day and a time in the language ('24 November 2026, 2:05 PM') */
export function printedDateTime(local: string, lang: Lang): string {
  return wallClock(local) ? JOIN[lang](printedDay(local, lang), printedTime(local, lang)) : local;
}

/** the zone as it is said after a time: its offset then in the language, and its IANA name unless it is UTC */
export function printedZone(local: string, zone: string, lang: Lang): string {
  const tz = safeZone(zone);
  let instant: Date;
  try {
    instant = localToInstant(local, tz);
  } catch {
    // not a server date: the zone's offset now
    instant = new Date();
  }
  const offset = intl(`z|${lang}|${tz}`, LOCALE[lang], { timeZone: tz, timeZoneName: 'shortOffset' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value;
  const parts = [tz === 'UTC' || tz === 'Etc/UTC' ? null : tz, offset ?? null].filter((x): x is string => !!x);
  return parts.join(COMMA[lang]);
}

/**
 * The one formatter of a printed document: its language and the organization's zone (null: none known, the zone is
 * not said). `dateTime` and `time` say the zone when `zoned` is asked for.
 */
export interface PrintedDates {
  dateTime(local: string | null | undefined, opts?: { zoned?: boolean }): string;
  day(local: string | null | undefined): string;
  time(local: string | null | undefined): string;
}

export function printedDates(lang: Lang, zone: string | null | undefined): PrintedDates {
  const withZone = (local: string, text: string, zoned: boolean | undefined) => (zoned && zone ? `${text} (${printedZone(local, zone, lang)})` : text);
  return {
    dateTime: (local, opts) => (local ? withZone(local, printedDateTime(local, lang), opts?.zoned) : ''),
    day: (local) => (local ? printedDay(local, lang) : ''),
    time: (local) => (local ? printedTime(local, lang) : ''),
  };
}

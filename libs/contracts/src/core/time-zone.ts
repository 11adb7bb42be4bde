import { formatLocal, parseLocalDateTime, type LocalDateTime } from './dates';

/**
 * Time zones without a library: the organization's local 'YYYY-MM-DD HH:mm:ss' <-> an instant. Every service
 * answers dates with `serverDate(instant, orgTimeZone)` (docs/decisions.md "Dates"); there is no UTC variant: no
 * answer of the product promises UTC (a wire format that does writes ISO 8601 with its 'Z', `toISOString()`).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

export function isValidTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    // Intl refuses an unknown time zone with a RangeError: that refusal is the answer
    return false;
  }
}

/** a known zone, else UTC */
export function safeZone(tz: string | null | undefined): string {
  return tz && isValidTimeZone(tz) ? tz : 'UTC';
}

/** Wall-clock fields of an instant in tz, straight from Intl (slow: a few microseconds each). */
function intlPartsAt(instant: number, tz: string): LocalDateTime {
  const p: Record<string, number> = {};
  for (const part of formatter(tz).formatToParts(new Date(instant))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour % 24, minute: p.minute, second: p.second };
}

/**
 * Offsets by (zone, minute): zone transitions fall on whole minutes, so one Intl call serves every instant
 * of that minute (a decision's 400 votes cast in the same minute cost one). Bounded: emptied when full.
 */
const offsets = new Map<string, number>();
const OFFSET_CACHE_MAX = 50_000;
const MINUTE = 60_000;

/** the zone's offset from UTC at an instant, in ms */
function offsetAt(instant: number, tz: string): number {
  if (tz === 'UTC') return 0;
  const minute = Math.floor(instant / MINUTE) * MINUTE;
  const key = `${tz}|${minute}`;
  let off = offsets.get(key);
  if (off === undefined) {
    const l = intlPartsAt(minute, tz);
    off = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - minute;
    if (offsets.size >= OFFSET_CACHE_MAX) offsets.clear();
    offsets.set(key, off);
  }
  return off;
}

function partsAt(instant: number, tz: string): LocalDateTime {
  const d = new Date(instant + offsetAt(instant, tz));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

/** 'YYYY-MM-DD HH:mm:ss' in tz -> Date. In a DST gap the later offset wins; in an overlap the earlier instant. */
export function localToInstant(local: string, tz: string): Date {
  const l = parseLocalDateTime(local);
  if (!l) throw new Error(`not a local date-time: ${local}`);
  const asUtc = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second);
  const first = asUtc - offsetAt(asUtc, tz);
  const second = asUtc - offsetAt(first, tz);
  if (first === second) return new Date(first);
  // the two guesses disagree near a transition: take the one that maps back to the same wall time
  const back = formatLocal(partsAt(second, tz));
  return new Date(back === formatLocal(l) ? Math.min(first, second) : Math.max(first, second));
}

/** Date -> 'YYYY-MM-DD HH:mm:ss' in tz */
export function instantToLocal(instant: Date, tz: string): string {
  return formatLocal(partsAt(instant.getTime(), tz));
}

/** first instant of a month and of the next one, in tz ('YYYY/MM') */
export function monthRange(year: number, month: number, tz: string): { from: Date; to: Date } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  return { from: localToInstant(`${year}-${pad(month)}-01 00:00:00`, tz), to: localToInstant(`${next.y}-${pad(next.m)}-01 00:00:00`, tz) };
}

/**
 * The spec's server date, 'YYYY-MM-DD HH:mm:ss', in the organization's time zone (an unknown zone reads as UTC):
 * the one way every service answers a date. null in, null out.
 */
export function serverDate(d: Date | string | null | undefined, tz: string | null | undefined): string | null {
  if (!d) return null;
  const x = typeof d === 'string' ? new Date(d) : d;
  if (Number.isNaN(x.getTime())) return null;
  return instantToLocal(x, safeZone(tz));
}

/**
 * The organization's day at an instant, 'YYYY-MM-DD' (the date part of serverDate): what "today" means for a rule
 * about dates (a board's expiration). Never the UTC date, which is a day off for hours every day in other zones.
 */
export function localDay(instant: Date, tz: string | null | undefined): string {
  return instantToLocal(instant, safeZone(tz)).slice(0, 10);
}

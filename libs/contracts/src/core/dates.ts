/**
 * Local date-times as the meeting forms send them. The meeting form sends 'YYYY-MM-DD hh:mm A'
 * (docs/product/meetings.md#api); decisions, actions and standalone resolutions send 'YYYY-MM-DD HH:mm:ss' or
 * 'YYYY-MM-DD HH:mm'. Every accepted form is normalized to 'YYYY-MM-DD HH:mm:ss' (the server format),
 * still in the organization's time zone; the meeting service converts it to an instant.
 */
const TWELVE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])$/;
const TWENTY_FOUR = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function formatLocal(d: LocalDateTime): string {
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)} ${pad(d.hour)}:${pad(d.minute)}:${pad(d.second)}`;
}

function valid(d: LocalDateTime): boolean {
  if (d.month < 1 || d.month > 12 || d.day < 1 || d.hour > 23 || d.minute > 59 || d.second > 59) return false;
  const days = new Date(Date.UTC(d.year, d.month, 0)).getUTCDate();
  return d.day <= days && d.year >= 1900 && d.year <= 2200;
}

/** Parse one of the accepted forms; null when it is not a real date-time. */
export function parseLocalDateTime(input: unknown): LocalDateTime | null {
  if (typeof input !== 'string') return null;
  const s = input.trim();
  let m = TWELVE.exec(s);
  if (m) {
    const h12 = Number(m[4]);
    if (h12 < 1 || h12 > 12) return null;
    const pm = m[7].toLowerCase() === 'pm';
    const d = { year: +m[1], month: +m[2], day: +m[3], hour: (h12 % 12) + (pm ? 12 : 0), minute: +m[5], second: m[6] ? +m[6] : 0 };
    return valid(d) ? d : null;
  }
  m = TWENTY_FOUR.exec(s);
  if (m) {
    const d = { year: +m[1], month: +m[2], day: +m[3], hour: +m[4], minute: +m[5], second: m[6] ? +m[6] : 0 };
    return valid(d) ? d : null;
  }
  return null;
}

/** 'YYYY/MM' (the calendar's month) -> { year, month } or null. */
export function parseMonth(input: unknown): { year: number; month: number } | null {
  if (typeof input !== 'string') return null;
  const m = /^(\d{4})[/-](\d{1,2})$/.exec(input.trim());
  if (!m) return null;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { year: Number(m[1]), month };
}

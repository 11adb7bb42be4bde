const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const formats = new Map<string, Intl.DateTimeFormat>();
const OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' };

/** Formatters are costly to build: one per time zone (an unknown zone uses UTC). */
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let fmt = formats.get(timeZone);
  if (!fmt) {
    try {
      fmt = new Intl.DateTimeFormat('en-US', { ...OPTIONS, timeZone });
    } catch {
      fmt = new Intl.DateTimeFormat('en-US', { ...OPTIONS, timeZone: 'UTC' });
    }
    if (formats.size > 500) formats.clear();
    formats.set(timeZone, fmt);
  }
  return fmt;
}

function parts(date: Date, timeZone: string): Record<string, string> {
  const fmt = formatFor(timeZone);
  const out: Record<string, string> = {};
  for (const p of fmt.formatToParts(date)) out[p.type] = p.value;
  return out;
}

const pad = (v: string | number) => String(v).padStart(2, '0');

/**
 * The spec's displayed date format (docs/product/overview.md#formats-and-limits: DD MMM YYYY hh:mm A, English month names in
 * every language) in the organization's time zone, followed by the zone so a reader elsewhere knows.
 * An unparseable input is returned as it is.
 */
export function displayDate(input: string | Date, timeZone: string): string {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return String(input);
  const p = parts(date, timeZone);
  const h = Number(p.hour) % 24;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad(p.day)} ${MONTHS[Number(p.month) - 1]} ${p.year} ${pad(h12)}:${pad(p.minute)} ${h < 12 ? 'AM' : 'PM'} (${timeZone})`;
}


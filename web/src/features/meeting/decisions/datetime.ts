/**
 * Wall-clock date-times of the meeting forms ('YYYY-MM-DD HH:mm:ss' in the organization's time zone,
 * as the server sends them) to and from the Date the pickers hold. 15-minute steps for deadlines and
 * open_till (docs/product/meetings.md#limits).
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function toLocalString(d: Date | null | undefined): string {
  if (!d || Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
}

export function fromLocalString(s: string | null | undefined): Date | null {
  if (!s) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(s);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) : null;
}

/** the next quarter hour at or after d */
export function ceilQuarter(d: Date): Date {
  const out = new Date(d.getTime());
  out.setSeconds(0, 0);
  const rest = out.getMinutes() % 15;
  if (rest) out.setMinutes(out.getMinutes() + 15 - rest);
  return out;
}

/** both 'YYYY-MM-DD HH:mm:ss' wall-clock strings: is a before b? */
export function isBefore(a: string, b: string): boolean {
  return a.slice(0, 16) < b.slice(0, 16);
}

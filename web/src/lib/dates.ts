import { parseLang } from '@app/contracts';
import { dateLocaleOf } from '../i18n/lang';

/**
 * Displayed dates: DD MMM YYYY hh:mm A (docs/product/overview.md#formats-and-limits); Russian (and French) use English names,
 * Arabic uses Arabic names.
 */
function localeOf(lang: string): string {
  return dateLocaleOf(parseLang(lang));
}

function parse(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  // server dates: 'YYYY-MM-DD HH:mm:ss'
  const d = new Date(/^\d{4}-\d{2}-\d{2} \d/.test(value) ? value.replace(' ', 'T') : value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** the morning / afternoon marker of the language's dates: AM / PM, in Arabic ص / م (Russian and French read as English) */
export function dayPeriod(hour: number, lang = 'en'): string {
  const parts = new Intl.DateTimeFormat(localeOf(lang), { hour: 'numeric', hour12: true, timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2000, 0, 1, hour)));
  return parts.find((x) => x.type === 'dayPeriod')?.value ?? (hour < 12 ? 'AM' : 'PM');
}

export function formatDate(value: string | Date | null | undefined, lang = 'en'): string {
  if (!value) return '';
  const d = parse(value);
  if (!d) return String(value);
  const month = new Intl.DateTimeFormat(localeOf(lang), { month: 'short' }).format(d);
  return `${pad(d.getDate())} ${month} ${d.getFullYear()}`;
}

export function formatDateTime(value: string | Date | null | undefined, lang = 'en'): string {
  if (!value) return '';
  const d = parse(value);
  if (!d) return String(value);
  const h = d.getHours() % 12 || 12;
  return `${formatDate(d, lang)} ${pad(h)}:${pad(d.getMinutes())} ${dayPeriod(d.getHours(), lang)}`;
}

/** hh:mm A of a date and time (an agenda item's planned start) */
export function formatTime(value: string | Date | null | undefined, lang = 'en'): string {
  if (!value) return '';
  const d = parse(value);
  if (!d) return String(value);
  return `${pad(d.getHours() % 12 || 12)}:${pad(d.getMinutes())} ${dayPeriod(d.getHours(), lang)}`;
}

export function formatMonth(d: Date, lang = 'en'): string {
  return new Intl.DateTimeFormat(localeOf(lang), { month: 'long', year: 'numeric' }).format(d);
}

/** Server date 'YYYY-MM-DD' from a Date (local). */
export function toServerDate(d: Date | null | undefined): string | null {
  if (!d) return null;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
export function fromServerDate(s: string | null | undefined): Date | null {
  if (!s) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

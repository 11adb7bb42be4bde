/**
 * iCalendar (RFC 5545) for the calendar feed: one VEVENT per meeting, times in UTC ('Z', so no VTIMEZONE is
 * needed and every client shows the local time of its user), cancelled meetings kept with STATUS:CANCELLED so
 * subscribed calendars drop them, and SEQUENCE growing with each change so a moved meeting replaces the old one.
 * A pure function: the service hands it rows, it answers the text.
 */
export interface IcsEvent {
  uid: string;
  title: string;
  description: string | null;
  start: Date;
  /** minutes */
  duration: number;
  location: string | null;
  /** the meeting's page (the join link of an online meeting is there) */
  url: string;
  cancelled: boolean;
  updatedAt: Date;
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11) */
export function icsText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** 20261124T093000Z */
export function icsDate(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

/** lines longer than 75 octets folded with CRLF + space, never inside a UTF-8 character (RFC 5545 3.1) */
export function foldLine(line: string): string {
  const out: string[] = [];
  let cur = '';
  let bytes = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > (out.length ? 74 : 75)) {
      out.push(cur);
      cur = '';
      bytes = 0;
    }
    cur += ch;
    bytes += n;
  }
  out.push(cur);
  return out.join('\r\n ');
}

/** seconds since 2020 of the last change: grows with every edit, fits the 32-bit integers clients use (until 2088) */
const sequenceOf = (updatedAt: Date) => Math.max(0, Math.floor((updatedAt.getTime() - Date.UTC(2020, 0, 1)) / 1000));

export function renderIcs(calendarName: string, events: readonly IcsEvent[], now: Date): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Boardroom//Meetings//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${icsText(calendarName)}`];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${icsDate(now)}`,
      `DTSTART:${icsDate(e.start)}`,
      `DTEND:${icsDate(new Date(e.start.getTime() + e.duration * 60_000))}`,
      `SUMMARY:${icsText(e.title)}`,
      ...(e.description ? [`DESCRIPTION:${icsText(e.description)}`] : []),
      ...(e.location ? [`LOCATION:${icsText(e.location)}`] : []),
      `URL:${e.url}`,
      `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
      `SEQUENCE:${sequenceOf(e.updatedAt)}`,
      `LAST-MODIFIED:${icsDate(e.updatedAt)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

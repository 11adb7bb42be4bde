/**
 * iCalendar (RFC 5545), the one writer of the calendar feed (METHOD:PUBLISH, services/meeting calendar-feed) and of the
 * invitations' `.ics` (METHOD:REQUEST / CANCEL, RFC 5546, attached by the notification service): one VEVENT per meeting, times in UTC ('Z', so no VTIMEZONE is
 * needed and every client shows the local time of its user), cancelled meetings kept with STATUS:CANCELLED so
 * subscribed calendars drop them, and SEQUENCE growing with each change so a moved meeting replaces the old one.
 * Pure (no Buffer: the web imports contracts too): the services hand it rows, it answers the text.
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

/** UTF-8 octets of one code point */
function utf8Length(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** a meeting's UID, the same in the feed and in every invitation and cancellation of it, so a client updates one event */
export const meetingIcsUid = (orgId: string, meetingId: number): string => `meeting-${meetingId}@${orgId}`;

/** lines longer than 75 octets folded with CRLF + space, never inside a UTF-8 character (RFC 5545 3.1) */
export function foldLine(line: string): string {
  const out: string[] = [];
  let cur = '';
  let bytes = 0;
  for (const ch of line) {
    const n = utf8Length(ch);
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
export const icsSequence = (changedAt: Date): number => Math.max(0, Math.floor((changedAt.getTime() - Date.UTC(2020, 0, 1)) / 1000));

function vevent(e: IcsEvent, now: Date, people: string[] = []): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${icsDate(now)}`,
    `DTSTART:${icsDate(e.start)}`,
    `DTEND:${icsDate(new Date(e.start.getTime() + e.duration * 60_000))}`,
    `SUMMARY:${icsText(e.title)}`,
    ...(e.description ? [`DESCRIPTION:${icsText(e.description)}`] : []),
    ...(e.location ? [`LOCATION:${icsText(e.location)}`] : []),
    `URL:${e.url}`,
    ...people,
    `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SEQUENCE:${icsSequence(e.updatedAt)}`,
    `LAST-MODIFIED:${icsDate(e.updatedAt)}`,
    'END:VEVENT',
  ];
}

const finish = (lines: string[]) => lines.map(foldLine).join('\r\n') + '\r\n';

export function renderIcs(calendarName: string, events: readonly IcsEvent[], now: Date): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Boardroom//Meetings//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${icsText(calendarName)}`];
  for (const e of events) lines.push(...vevent(e, now));
  lines.push('END:VCALENDAR');
  return finish(lines);
}

/** a CN parameter value: quoted, without the characters a quoted parameter cannot hold */
const cn = (name: string) => `"${name.replace(/["\r\n]/g, '')}"`;

/**
 * An invitation (METHOD:REQUEST) or its cancellation (METHOD:CANCEL, STATUS:CANCELLED) to one attendee (RFC 5546):
 * the meeting's UID, SEQUENCE from the time of the change (a later change replaces the earlier one in the client),
 * times in UTC, the organization as ORGANIZER (the sending address) and the recipient as ATTENDEE.
 */
export function renderInvitation(
  method: 'REQUEST' | 'CANCEL', e: IcsEvent, p: { organizer: { name: string; email: string }; attendee: { name: string | null; email: string } }, now: Date,
): string {
  const people = [
    `ORGANIZER;CN=${cn(p.organizer.name)}:mailto:${p.organizer.email}`,
    `ATTENDEE;${p.attendee.name ? `CN=${cn(p.attendee.name)};` : ''}ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${p.attendee.email}`,
  ];
  return finish([
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Boardroom//Meetings//EN', 'CALSCALE:GREGORIAN', `METHOD:${method}`,
    ...vevent({ ...e, cancelled: method === 'CANCEL' }, now, people),
    'END:VCALENDAR',
  ]);
}

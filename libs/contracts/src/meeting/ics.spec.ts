import { foldLine, icsDate, icsSequence, icsText, meetingIcsUid, renderIcs, renderInvitation } from './ics';

describe('iCalendar text', () => {
  it.each([
    ['plain', 'Board meeting', 'Board meeting'],
    ['comma and semicolon', 'Budget, Q3; final', 'Budget\\, Q3\\; final'],
    ['backslash first', 'a\\b', 'a\\\\b'],
    ['line breaks', 'one\ntwo\r\nthree', 'one\\ntwo\\nthree'],
    ['Arabic', 'اجتماع المجلس', 'اجتماع المجلس'],
  ])('%s', (_name, input, expected) => expect(icsText(input)).toBe(expected));

  it.each([
    [new Date('2026-11-24T09:30:00.000Z'), '20261124T093000Z'],
    [new Date('2027-01-01T00:00:00.000Z'), '20270101T000000Z'],
  ])('date %s', (d, expected) => expect(icsDate(d)).toBe(expected));

  it.each([
    ['short', 'SUMMARY:Board', ['SUMMARY:Board']],
    ['exactly 75 octets', 'X'.repeat(75), ['X'.repeat(75)]],
    ['76 octets', 'X'.repeat(76), ['X'.repeat(75), ' X']],
    ['multi-byte characters are not split', 'S:' + 'ج'.repeat(40), null],
  ])('folds %s', (_name, line, expected) => {
    const folded = foldLine(line).split('\r\n');
    if (expected) expect(folded).toEqual(expected);
    for (const l of folded) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    expect(folded.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(line);
  });
});

describe('renderIcs', () => {
  const base = { uid: 'meeting-1@acme', title: 'Board', description: null, start: new Date('2026-12-01T10:00:00Z'), duration: 90, location: 'Room 1', url: 'https://acme.example/app/activity/meetings/1', cancelled: false, updatedAt: new Date('2026-11-01T00:00:00Z') };

  it('one event per meeting: start, end from the duration, location, link, confirmed', () => {
    const ics = renderIcs('Acme', [base], new Date('2026-11-24T00:00:00Z'));
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const l of ['UID:meeting-1@acme', 'DTSTART:20261201T100000Z', 'DTEND:20261201T113000Z', 'LOCATION:Room 1', 'STATUS:CONFIRMED', 'URL:https://acme.example/app/activity/meetings/1']) expect(ics).toContain(`\r\n${l}\r\n`);
    expect(ics).not.toContain('DESCRIPTION');
  });

  it('a cancelled meeting stays in the feed as CANCELLED; a later change has a higher SEQUENCE', () => {
    const seq = (ics: string) => Number(/SEQUENCE:(\d+)/.exec(ics)![1]);
    const before = renderIcs('Acme', [base], new Date());
    const after = renderIcs('Acme', [{ ...base, cancelled: true, updatedAt: new Date('2026-11-02T00:00:00Z') }], new Date());
    expect(after).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(seq(after)).toBeGreaterThan(seq(before));
  });
});

describe('renderInvitation (RFC 5546): the invitation .ics of the e-mails', () => {
  const e = { uid: meetingIcsUid('org-1', 7), title: 'Board, Q3', description: null, start: new Date('2026-12-01T06:00:00Z'), duration: 90, location: 'Room 1', url: 'http://acme.localhost:3000/app/activity/meetings/7', cancelled: false, updatedAt: new Date('2026-11-20T08:00:00Z') };
  const people = { organizer: { name: 'Acme "Board"', email: 'no-reply@boardroom.local' }, attendee: { name: 'Layla', email: 'layla@example.com' } };
  const unfold = (ics: string) => ics.replace(/\r\n /g, '');
  const line = (ics: string, name: string) => unfold(ics).split('\r\n').find((l) => l.startsWith(name));

  it.each<[string, 'REQUEST' | 'CANCEL', Record<string, string>]>([
    ['an invitation', 'REQUEST', { METHOD: 'METHOD:REQUEST', STATUS: 'STATUS:CONFIRMED' }],
    ['a cancellation', 'CANCEL', { METHOD: 'METHOD:CANCEL', STATUS: 'STATUS:CANCELLED' }],
  ])('%s: method, status, the same UID, UTC times, organizer and attendee', (_name, method, expected) => {
    const ics = renderInvitation(method, e, people, e.updatedAt);
    for (const [name, value] of Object.entries(expected)) expect(line(ics, `${name}:`)).toBe(value);
    expect(line(ics, 'UID:')).toBe('UID:meeting-7@org-1');
    expect(line(ics, 'DTSTART:')).toBe('DTSTART:20261201T060000Z');
    expect(line(ics, 'DTEND:')).toBe('DTEND:20261201T073000Z');
    expect(line(ics, 'SUMMARY:')).toBe('SUMMARY:Board\\, Q3');
    expect(line(ics, 'ORGANIZER')).toBe('ORGANIZER;CN="Acme Board":mailto:no-reply@boardroom.local');
    expect(line(ics, 'ATTENDEE')).toBe('ATTENDEE;CN="Layla";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:layla@example.com');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('a later change of the same meeting: same UID, higher SEQUENCE; the feed of that change gives the same SEQUENCE', () => {
    const later = new Date('2026-11-21T08:00:00Z');
    const first = renderInvitation('REQUEST', e, people, e.updatedAt);
    const moved = renderInvitation('REQUEST', { ...e, start: new Date('2026-12-02T06:00:00Z'), updatedAt: later }, people, later);
    const seq = (ics: string) => Number(/SEQUENCE:(\d+)/.exec(ics)![1]);
    expect(line(moved, 'UID:')).toBe(line(first, 'UID:'));
    expect(seq(moved)).toBeGreaterThan(seq(first));
    expect(seq(moved)).toBe(icsSequence(later));
    expect(seq(renderIcs('Acme', [{ ...e, updatedAt: later }], later))).toBe(seq(moved));
  });

  it('an attendee without a name has no CN', () => {
    expect(line(renderInvitation('REQUEST', e, { ...people, attendee: { name: null, email: 'g@example.com' } }, e.updatedAt), 'ATTENDEE')).toBe('ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:g@example.com');
  });
});

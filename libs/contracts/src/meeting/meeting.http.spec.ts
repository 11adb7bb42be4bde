import { parseOrThrow } from '../core/validation';
import type { AppError } from '../core/errors';
import { parseLocalDateTime, parseMonth, formatLocal } from '../core/dates';
import {
  zActionBody, zActionStatusBody, zAddMemberBody, zAttendanceBody, zChangeStatusBody, zCommentBody, zDecisionBody, zGuestNameBody, zMeetingBody, zNoteBody,
  zOrderBody, zRateBody, zTalkingPointBody, zVoteBody,
} from './meeting.http';

/** field -> first message, or 'ok' */
function check(schema: Parameters<typeof parseOrThrow>[0], value: unknown): Record<string, string> | 'ok' {
  try {
    parseOrThrow(schema, value);
    return 'ok';
  } catch (e) {
    const f = (e as AppError).fields ?? {};
    return Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v[0]]));
  }
}

describe('local date-times', () => {
  it.each([
    ['2030-01-02 03:15 PM', '2030-01-02 15:15:00'],
    ['2030-01-02 12:00 AM', '2030-01-02 00:00:00'],
    ['2030-01-02 12:30 pm', '2030-01-02 12:30:00'],
    ['2030-01-02 9:45 am', '2030-01-02 09:45:00'],
    ['2030-01-02 15:15', '2030-01-02 15:15:00'],
    ['2030-01-02 15:15:30', '2030-01-02 15:15:30'],
    ['2030-01-02T15:15:30', '2030-01-02 15:15:30'],
    ['2028-02-29 10:00 AM', '2028-02-29 10:00:00'],
  ])('%s -> %s', (input, out) => expect(formatLocal(parseLocalDateTime(input)!)).toBe(out));
  it.each(['', 'tomorrow', '2030-02-30 10:00 AM', '2029-02-29 10:00', '2030-13-01 10:00', '2030-01-02 13:00 PM', '2030-01-02 00:00 AM', '2030-01-02 24:00', '2030-01-02 10:60', 42, null])(
    '%p is not a date-time',
    (input) => expect(parseLocalDateTime(input)).toBeNull(),
  );
  it.each([['2030/07', { year: 2030, month: 7 }], ['2030-7', { year: 2030, month: 7 }], ['2030/13', null], ['July', null]])('month %s', (m, r) => expect(parseMonth(m)).toEqual(r));
});

describe('meeting form (docs/product/meetings.md#validation)', () => {
  const ok = { title: 'Board', committee_id: 3, start_date: '2030-01-02 10:00 AM', location: 'HQ' };
  const rows: Array<[string, Record<string, unknown>, Record<string, string> | 'ok']> = [
    ['a complete form', ok, 'ok'],
    ['title required', { ...ok, title: '  ' }, { title: 'This field is required.' }],
    ['committee required', { ...ok, committee_id: undefined }, { committee_id: 'This field is required.' }],
    ['start date required', { ...ok, start_date: undefined }, { start_date: 'This field is required.' }],
    ['start date format', { ...ok, start_date: '02/01/2030' }, { start_date: 'The date must be in the format YYYY-MM-DD hh:mm A.' }],
    ['start in 15-minute steps', { ...ok, start_date: '2030-01-02 10:05 AM' }, { start_date: 'The start date must be in steps of 15 minutes.' }],
    ['location required', { ...ok, location: undefined }, { location: 'This field is required.' }],
    ['no location when virtual', { ...ok, location: undefined, virtual: 1 }, 'ok'],
    ['no location when a virtual type is chosen', { ...ok, location: '', virtual_type: 'zoom' }, 'ok'],
    ['duration optional', { ...ok, duration: '' }, 'ok'],
    ['duration > 0', { ...ok, duration: 0 }, { duration: 'duration must be > 0' }],
    ['duration in 15-minute steps', { ...ok, duration: 20 }, { duration: 'duration must be in steps of 15 minutes' }],
    ['duration a number', { ...ok, duration: 'long' }, { duration: 'This field must be a number.' }],
    ['virtual type ijmeet or zoom', { ...ok, virtual_type: 'teams' }, { virtual_type: 'The selected value is invalid.' }],
  ];
  it.each(rows)('%s', (_l, body, expected) => expect(check(zMeetingBody, body)).toEqual(expected));
});

describe('talking point form', () => {
  const sub = { title: 'S', presenter: 2, subpoint_viewers: [3] };
  const ok = { title: 'T', viewers: [1], presenters: [2] };
  const rows: Array<[string, Record<string, unknown>, Record<string, string> | 'ok']> = [
    ['complete', ok, 'ok'],
    ['people as ids, e-mails or objects', { ...ok, viewers: [1, 'g@x.co', { user_id: 4 }, { user_email: 'h@x.co' }] }, 'ok'],
    ['viewers required', { ...ok, viewers: [] }, { viewers: 'This field is required.' }],
    ['presenters required', { ...ok, presenters: undefined }, { presenters: 'This field is required.' }],
    ['a bad e-mail', { ...ok, viewers: ['nope'] }, { 'viewers.0.user_email': 'Organization.user.add.email.pattern' }],
    ['sub-point title', { ...ok, subpoints: [{ ...sub, title: '' }] }, { 'subpoints.0.title': 'This field is required.' }],
    ['sub-point presenter', { ...ok, subpoints: [{ ...sub, presenter: null }] }, { 'subpoints.0.presenter': 'This field is required.' }],
    ['sub-point viewers', { ...ok, subpoints: [{ ...sub, subpoint_viewers: [] }] }, { 'subpoints.0.subpoint_viewers': 'This field is required.' }],
  ];
  it.each(rows)('%s', (_l, body, expected) => expect(check(zTalkingPointBody, body)).toEqual(expected));
});

describe('decision, vote, action, attendance, comment, note, rating, status, order', () => {
  const rows: Array<[string, Parameters<typeof parseOrThrow>[0], unknown, Record<string, string> | 'ok']> = [
    ['decision: complete', zDecisionBody, { title: 'D', deadline: '2030-01-02 10:00:00', voters: [1] }, 'ok'],
    ['decision: voters required', zDecisionBody, { title: 'D', deadline: '2030-01-02 10:00:00', voters: [] }, { voters: 'This field is required.' }],
    ['decision: close date required', zDecisionBody, { title: 'D', voters: [1] }, { deadline: 'This field is required.' }],
    ['vote: Approved without reason', zVoteBody, { vote: 'Approved' }, 'ok'],
    ['vote: Denied needs a reason', zVoteBody, { vote: 'Denied' }, { reason: 'The reason field is required.' }],
    ['vote: Others needs a reason', zVoteBody, { vote: 'Others', reason: ' ' }, { reason: 'The reason field is required.' }],
    ['vote: Abstained without reason', zVoteBody, { vote: 'Abstained' }, 'ok'],
    ['vote: Pending', zVoteBody, { vote: 'Pending' }, 'ok'],
    ['vote: unknown value', zVoteBody, { vote: 'Yes' }, { vote: 'The selected value is invalid.' }],
    ['action: complete, priority defaults', zActionBody, { title: 'A', participants: [1], open_till: '2030-01-02 10:00:00' }, 'ok'],
    ['action: participants required', zActionBody, { title: 'A', participants: [], open_till: '2030-01-02 10:00:00' }, { participants: 'This field is required.' }],
    ['action: priority values', zActionBody, { title: 'A', participants: [1], open_till: '2030-01-02 10:00:00', priority: 'Urgent' }, { priority: 'The selected value is invalid.' }],
    ['action status: values', zActionStatusBody, { status: 'Done' }, { status: 'The selected value is invalid.' }],
    ['action status: Complete', zActionStatusBody, { status: 'Complete' }, 'ok'],
    ['attendance: Going', zAttendanceBody, { status: 'Going' }, 'ok'],
    ['attendance: Delegate is a value (the variant decides)', zAttendanceBody, { status: 'Delegate' }, 'ok'],
    ['attendance: unknown', zAttendanceBody, { status: 'Late' }, { status: 'The selected value is invalid.' }],
    ['comment: blank after trimming', zCommentBody, { comment: ' \n ' }, { comment: 'The comment field is required.' }],
    ['comment: body alias', zCommentBody, { body: 'hi' }, 'ok'],
    ['note: rich text object accepted as JSON', zNoteBody, { note: { ops: [] } }, 'ok'],
    ['rating: required', zRateBody, { comment: 'x' }, { rating: 'The rating field is required.' }],
    ['rating: comment required', zRateBody, { rating: 3 }, { comment: 'This field is required.' }],
    ['rating: at most 5', zRateBody, { rating: 6, comment: 'x' }, { rating: 'This field may not be greater than 5.' }],
    ['status change: reason required', zChangeStatusBody, { meeting_status_id: 2 }, { reason: 'The status reason field is required.' }],
    ['status change: status_reason alias', zChangeStatusBody, { meeting_status_id: 2, status_reason: 'ok' }, 'ok'],
    ['status change: unknown status', zChangeStatusBody, { meeting_status_id: 9, reason: 'x' }, { meeting_status_id: 'The selected value is invalid.' }],
    ['order: a list of {type, type_id}', zOrderBody, [{ type: 'talking_point', type_id: 1 }], 'ok'],
    ['order: wrapped in {order}', zOrderBody, { order: [{ type: 'decision', type_id: 1 }] }, 'ok'],
    ['order: unknown type', zOrderBody, [{ type: 'note', type_id: 1 }], { '0.type': 'The selected value is invalid.' }],
    ['member: by id', zAddMemberBody, { user_id: 5 }, 'ok'],
    ['member: by e-mail', zAddMemberBody, { user_email: 'g@x.co', organization_guest: 1 }, 'ok'],
    ['member: e-mail pattern', zAddMemberBody, { user_email: 'g@' }, { user_email: 'Organization.user.add.email.pattern' }],
    ['member: someone required', zAddMemberBody, {}, { user_id: 'This field is required.' }],
    ['guest edit: name required', zGuestNameBody, { user_email: 'g@x.co' }, { guest_name: 'This field is required.' }],
    ['guest edit: title optional', zGuestNameBody, { guest_name: 'G', user_email: 'g@x.co' }, 'ok'],
  ];
  it.each(rows)('%s', (_l, schema, body, expected) => expect(check(schema, body)).toEqual(expected));
});

describe('schemas accept their own output (the RPC re-validates what the gateway parsed)', () => {
  it.each([
    [zMeetingBody, { title: 'B', committee_id: '3', start_date: '2030-01-02 10:00 AM', virtual: '1', duration: '30' }],
    [zTalkingPointBody, { title: 'T', viewers: [1, 'g@x.co'], presenters: [{ user_id: 2 }], attachment_ids: [4], subpoints: [{ title: 'S', presenter: 2, subpoint_viewers: [3] }] }],
    [zDecisionBody, { title: 'D', deadline: '2030-01-02 10:00', voters: [1], decisionable: '0' }],
    [zActionBody, { title: 'A', participants: [1], open_till: '2030-01-02 10:00', progress: '20' }],
    [zChangeStatusBody, { meeting_status_id: '3', status_reason: 'x' }],
    [zAddMemberBody, { user_id: '5', type: 'Editor' }],
  ] as Array<[Parameters<typeof parseOrThrow>[0], unknown]>)('%#', (schema, input) => {
    const once = parseOrThrow(schema, input);
    expect(parseOrThrow(schema, once)).toEqual(once);
  });
});

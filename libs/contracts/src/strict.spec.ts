import { z } from 'zod';
import { AppError } from './core/errors';
import { INT4_MAX, decimalToNumber, zId, zPageQuery } from './core/common';
import { parseOrThrow, req } from './core/validation';
import { zRoleBody } from './organization/roles.http';
import { zUserBody, zUsersQuery } from './organization/users.http';
import { zChangeStatusBody, zNoteBody, zRateBody, zTalkingPointBody, zDecisionBody, zMeetingBody, zActionBody, zMeetingListQuery } from './meeting/meeting.http';

/**
 * Strict contracts (issue 9, docs/decisions.md "Numbers in requests"): nothing is coerced. A number field takes a
 * JSON number or a string of decimal digits (paths, query strings, form fields); booleans, arrays, objects,
 * exponents and out-of-range values are refused with field errors, never turned into 1.
 */

function fieldsOf(schema: z.ZodType, value: unknown): Record<string, string[]> | null {
  try {
    parseOrThrow(schema, value);
    return null;
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== 'VALIDATION') throw e;
    return e.fields ?? {};
  }
}

describe('decimalToNumber', () => {
  it.each<[unknown, unknown]>([
    ['1', 1],
    [' 42 ', 42],
    ['-1', -1],
    ['1.5', 1.5],
    ['1e3', '1e3'],
    ['0x10', '0x10'],
    ['', ''],
    ['1,2', '1,2'],
    [true, true],
    [[1], [1]],
    [null, null],
    [7, 7],
  ])('%j -> %j', (input, expected) => {
    expect(decimalToNumber(input)).toEqual(expected);
  });
});

describe('ids refuse everything but a positive integer in range', () => {
  const schemas: [string, z.ZodType][] = [
    ['zId', zId],
    ['req.id()', req.id()],
  ];
  const refused: unknown[] = [true, false, [1], ['1'], { id: 1 }, 1.5, '1.5', '1e3', 1e3 + 0.5, -1, '-1', 0, '0', INT4_MAX + 1, String(INT4_MAX + 1), 'abc', '', null, undefined, Number.NaN, Infinity];
  for (const [name, schema] of schemas) {
    it.each(refused.map((v) => [v]))(`${name} refuses %p`, (v) => {
      expect(schema.safeParse(v).success).toBe(false);
    });
    it.each([[1, 1], ['1', 1], [1000, 1000], [INT4_MAX, INT4_MAX], [String(INT4_MAX), INT4_MAX]])(`${name} takes %p`, (v, out) => {
      expect(schema.parse(v)).toBe(out);
    });
  }
});

describe('paging queries', () => {
  it.each([[{ page: 'true' }], [{ page: ['1', '2'] }], [{ per_page: '1e2' }], [{ per_page: '501' }], [{ page: '0' }], [{ search: ['a', 'b'] }]])('refuses %j', (q) => {
    expect(zPageQuery.safeParse(q).success).toBe(false);
  });
  it('takes strings of digits', () => {
    expect(zPageQuery.parse({ page: '2', per_page: '10' })).toMatchObject({ page: 2, per_page: 10 });
    expect(zUsersQuery.parse({ page: '3', perpage: '5' })).toMatchObject({ page: 3, perpage: 5 });
  });
  it('meeting list status and committee refuse booleans', () => {
    expect(fieldsOf(zMeetingListQuery, { status: 'true', committee_id: '1.5' })).toEqual({ status: expect.any(Array), committee_id: expect.any(Array) });
  });
});

const user = { name: 'Ann', email: 'ann@example.com', phone: '123', role_id: 2, member_committees: [1] };
const talkingPoint = { title: 'TP', viewers: [1], presenters: [1], subpoints: [{ title: 'S', presenter: 1, subpoint_viewers: [1], duration: 15 }] };

/** The cases seen in the attack run (issue 9, "What was seen"), one row each. */
describe.each<[string, z.ZodType, unknown, string]>([
  ['POST /api/users role_id: true', zUserBody, { ...user, role_id: true }, 'role_id'],
  ['POST /api/users role_id: [1]', zUserBody, { ...user, role_id: [1] }, 'role_id'],
  ['POST /api/users member_committees: [true]', zUserBody, { ...user, member_committees: [true] }, 'member_committees.0'],
  ['PUT /api/roles users: [true]', zRoleBody, { name: 'R', users: [true], permissions: [] }, 'users.0'],
  ['PUT /api/roles users: 5 (a number is not a list)', zRoleBody, { name: 'R', users: 5, permissions: [] }, 'users'],
  ['status reason: 12345', zChangeStatusBody, { meeting_status_id: 4, reason: 12345 }, 'reason'],
  ['status meeting_status_id: true', zChangeStatusBody, { meeting_status_id: true, reason: 'x' }, 'meeting_status_id'],
  ['note: ["a"]', zNoteBody, { note: ['a'] }, 'note'],
  ['note: 5', zNoteBody, { note: 5 }, 'note'],
  ['rating: true', zRateBody, { rating: true, comment: 'ok' }, 'rating'],
  ['rating: [1]', zRateBody, { rating: [1], comment: 'ok' }, 'rating'],
  ['talking point attachments: 5', zTalkingPointBody, { ...talkingPoint, attachments: 5 }, 'attachments'],
  ['talking point attachments: [true]', zTalkingPointBody, { ...talkingPoint, attachments: [true] }, 'attachments.0'],
  ['talking point duration: true', zTalkingPointBody, { ...talkingPoint, duration: true }, 'duration'],
  ['sub-point duration: true', zTalkingPointBody, { ...talkingPoint, subpoints: [{ ...talkingPoint.subpoints[0], duration: true }] }, 'subpoints.0.duration'],
  ['sub-point duration: 1e12', zTalkingPointBody, { ...talkingPoint, subpoints: [{ ...talkingPoint.subpoints[0], duration: 1e12 }] }, 'subpoints.0.duration'],
  ['decision talkingpoint_id: true', zDecisionBody, { title: 'D', deadline: '2030-01-01 10:00', voters: [1], talkingpoint_id: true }, 'talkingpoint_id'],
  ['decision committee_id: [1]', zDecisionBody, { title: 'D', deadline: '2030-01-01 10:00', voters: [1], committee_id: [1] }, 'committee_id'],
  ['meeting committee_id: true', zMeetingBody, { title: 'M', committee_id: true, start_date: '2030-01-01 10:00', location: 'x' }, 'committee_id'],
  ['meeting duration: true', zMeetingBody, { title: 'M', committee_id: 1, start_date: '2030-01-01 10:00', location: 'x', duration: true }, 'duration'],
  ['meeting title: 12345', zMeetingBody, { title: 12345, committee_id: 1, start_date: '2030-01-01 10:00', location: 'x' }, 'title'],
  ['action progress: true', zActionBody, { title: 'A', participants: [1], open_till: '2030-01-01 10:00', progress: true }, 'progress'],
])('%s', (_name, schema, body, field) => {
  it(`is refused with a field error on ${field}`, () => {
    const fields = fieldsOf(schema, body);
    expect(fields).not.toBeNull();
    expect(Object.keys(fields!)).toContain(field);
  });
});

describe('what the forms send still parses', () => {
  it('numeric strings from form fields', () => {
    expect(zUserBody.parse({ ...user, role_id: '2', member_committees: '1,2' })).toMatchObject({ role_id: 2, member_committees: [1, 2] });
  });
  it('a note object is kept as its JSON string', () => {
    expect(zNoteBody.parse({ note: { type: 'doc' } })).toEqual({ note: '{"type":"doc"}' });
  });
  it('attachments as numbers, digit strings and { id }', () => {
    expect(zTalkingPointBody.parse({ ...talkingPoint, attachments: [1, '2', { id: 3 }] }).attachments).toEqual([1, 2, 3]);
  });
});

import { z } from 'zod';
import { AppError } from './errors';
import { M, fieldErrorsOf, parseOrThrow, req } from './validation';

/** run parseOrThrow and return either the value or the field errors of the AppError */
function attempt(schema: z.ZodType, value: unknown): { ok: true; value: unknown } | { ok: false; code: string; status: number; fields: Record<string, string[]> } {
  try {
    return { ok: true, value: parseOrThrow(schema, value) };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { ok: false, code: e.code, status: e.status, fields: e.fields ?? {} };
  }
}

/** one field under test, wrapped in an object so messages carry the field name */
const field = (schema: z.ZodType) => z.object({ f: schema });

type Row = [label: string, value: unknown, expected: { value: unknown } | { errors: string[] }];

const cases: Record<string, [z.ZodType, Row[]]> = {
  'req.text()': [
    req.text(10),
    [
      ['trims', '  Board  ', { value: 'Board' }],
      ['missing', undefined, { errors: [M.required] }],
      ['null', null, { errors: [M.required] }],
      ['blank after trim', '   ', { errors: [M.required] }],
    ],
  ],
  'req.email()': [
    req.email(),
    [
      ['trimmed and lower-cased', '  Admin@Demo.TEST ', { value: 'admin@demo.test' }],
      ['missing', undefined, { errors: [M.required] }],
      ['empty', '', { errors: [M.required] }],
      ['not an address', 'admin', { errors: [M.email] }],
    ],
  ],
  'req.password()': [
    req.password(),
    [
      ['capital and special character', 'Demo@12345', { value: 'Demo@12345' }],
      ['missing', undefined, { errors: [M.required] }],
      ['too short, no capital, no special', 'abc', {
        errors: [
          'The password must be at least 8 characters.',
          'The password must contain at least one capital letter.',
          'The password must contain at least one special character.',
        ],
      }],
      ['no special character', 'Demo12345', { errors: ['The password must contain at least one special character.'] }],
      ['no capital letter', 'demo@12345', { errors: ['The password must contain at least one capital letter.'] }],
    ],
  ],
  'req.phone()': [
    req.phone(),
    [
      ['digits', '0123456789', { value: '0123456789' }],
      ['twelve digits', '123456789012', { value: '123456789012' }],
      ['thirteen digits', '1234567890123', { errors: ['The phone may not be greater than 12 digits.'] }],
      ['letters', '12ab', { errors: ['The phone must contain digits only.'] }],
      ['plus sign', '+33123', { errors: ['The phone must contain digits only.'] }],
    ],
  ],
  'req.pin()': [
    req.pin(),
    [
      ['five digits', '01234', { value: '01234' }],
      ['four digits', '1234', { errors: ['The PIN must be 5 digits.'] }],
      ['six digits', '123456', { errors: ['The PIN must be 5 digits.'] }],
      ['letters', 'abcde', { errors: ['The PIN must be 5 digits.'] }],
    ],
  ],
  'req.quorum()': [
    req.quorum(),
    [
      ['lower bound', 5, { value: 5 }],
      ['upper bound', 100, { value: 100 }],
      ['numeric string', '50', { value: 50 }],
      ['below', 4, { errors: ['The quorum must be between 5% and 100%.'] }],
      ['above', 101, { errors: ['The quorum must be between 5% and 100%.'] }],
    ],
  ],
  'req.id()': [
    req.id(),
    [
      ['number', 7, { value: 7 }],
      ['numeric string', '42', { value: 42 }],
      // ids come from selects: 0 means nothing was chosen
      ['zero', 0, { errors: [M.required] }],
      ['missing', undefined, { errors: [M.required] }],
      // nothing is coerced (issue 9): true and [1] were once read as id 1
      ['true', true, { errors: [M.invalid] }],
      ['array', [1], { errors: [M.invalid] }],
      ['fraction', 1.5, { errors: [M.invalid] }],
      ['negative', -1, { errors: [M.invalid] }],
      ['exponent', '1e3', { errors: [M.invalid] }],
      ['above int4', 2_147_483_648, { errors: [M.invalid] }],
    ],
  ],
  'req.bool01()': [
    req.bool01(),
    [
      ['true', true, { value: true }],
      ['false', false, { value: false }],
      ['1', 1, { value: true }],
      ['0', 0, { value: false }],
      ["'1'", '1', { value: true }],
      ["'0'", '0', { value: false }],
      ["'true'", 'true', { value: true }],
      ["'false'", 'false', { value: false }],
    ],
  ],
  'req.optionalText()': [
    req.optionalText(5),
    [
      ['absent', undefined, { value: undefined }],
      ['null', null, { value: null }],
      ['trims', ' ab ', { value: 'ab' }],
      ['too long', 'abcdef', { errors: ['This field may not be greater than 5 characters.'] }],
    ],
  ],
};

describe.each(Object.entries(cases))('%s', (_name, [schema, rows]) => {
  it.each(rows)('%s', (_label, value, expected) => {
    const r = attempt(field(schema), { f: value });
    if ('value' in expected) {
      expect(r).toEqual({ ok: true, value: { f: expected.value } });
    } else {
      expect(r).toMatchObject({ ok: false, code: 'VALIDATION', status: 409 });
      if (!r.ok) expect(r.fields.f).toEqual(expected.errors);
    }
  });
});

describe('required comes first', () => {
  // empty values report "required" first (other rules may follow: the spec does not say)
  it.each([
    ['req.password()', '', req.password()],
    ['req.phone()', ' ', req.phone()],
  ] as const)('%s with %j', (_name, value, schema) => {
    const r = attempt(field(schema), { f: value });
    expect(r).toMatchObject({ ok: false, code: 'VALIDATION' });
    if (!r.ok) expect(r.fields.f[0]).toBe(M.required);
  });
});

/**
 * Known defects in validation.ts, kept here so they are not forgotten: `it.failing` passes while the
 * defect is there and fails once it is fixed (then move the row into the tables above).
 *  - the schema-level `{ error: M.required }` of req.text() also replaces the max-length message;
 *  - a union (req.bool01) reports zod's untranslated 'Invalid input' (no invalid_union case in the map).
 */
describe('fixed defects (kept as regression rows)', () => {
  const defects: Array<[label: string, schema: z.ZodType, value: unknown, errors: string[]]> = [
    ['req.text(10) too long says "may not be greater than 10"', req.text(10), 'x'.repeat(11), ['This field may not be greater than 10 characters.']],
    ["req.bool01() 'yes' says M.invalid", req.bool01(), 'yes', [M.invalid]],
  ];
  it.each(defects)('%s', (_label, schema, value, errors) => {
    const r = attempt(field(schema), { f: value });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.fields.f).toEqual(errors);
  });
});

describe('parseOrThrow', () => {
  const signUp = z
    .object({ email: req.email(), password: req.password(), role: z.enum(['admin', 'member']), age: z.coerce.number().int() })
    .strict();

  it('returns the parsed (transformed) value', () => {
    expect(parseOrThrow(signUp, { email: ' A@B.co ', password: 'Demo@12345', role: 'admin', age: '30' })).toEqual({
      email: 'a@b.co',
      password: 'Demo@12345',
      role: 'admin',
      age: 30,
    });
  });

  it('throws one AppError VALIDATION with every field error keyed by field', () => {
    const r = attempt(signUp, { email: 'x', password: 'Demo@12345', role: 'owner', age: 'abc', extra: 1 });
    expect(r).toEqual({
      ok: false,
      code: 'VALIDATION',
      status: 409,
      fields: {
        email: [M.email],
        role: [M.oneOf],
        age: [M.number],
        extra: [M.unknown],
      },
    });
  });

  it.each([
    ['missing object', undefined],
    ['null', null],
    ['array', []],
  ])('reports a %s under "_"', (_label, value) => {
    const r = attempt(signUp, value);
    expect(r).toMatchObject({ ok: false, code: 'VALIDATION' });
    if (!r.ok) expect(Object.keys(r.fields)).toEqual(['_']);
  });

  it('keys nested fields by their dotted path', () => {
    const schema = z.object({ agenda: z.array(z.object({ title: req.text() })) });
    const r = attempt(schema, { agenda: [{ title: 'ok' }, { title: '' }] });
    expect(r).toMatchObject({ ok: false, fields: { 'agenda.1.title': [M.required] } });
  });

  it('does not repeat the same message twice for one field', () => {
    const schema = z.object({ f: z.string().min(3, M.invalid).regex(/^\d+$/, M.invalid) });
    const r = attempt(schema, { f: 'a' });
    expect(r).toMatchObject({ ok: false, fields: { f: [M.invalid] } });
  });
});

describe('fieldErrorsOf: field names that are also Object.prototype names', () => {
  it.each([['constructor'], ['__proto__'], ['toString'], ['hasOwnProperty']])('an unknown key %s in a strict object is named, never thrown on', (key) => {
    const r = z.strictObject({ a: z.number() }).safeParse(JSON.parse(`{"a":1,"${key}":{"prototype":{"x":1}}}`));
    expect(r.success).toBe(false);
    const fields = fieldErrorsOf(r.error!);
    expect(Object.keys(fields)).toEqual([key]);
    expect(Array.isArray(fields[key])).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

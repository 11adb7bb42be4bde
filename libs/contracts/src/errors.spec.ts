import { AppError, ERROR_CODES, ERROR_TABLES, ERRORS, errorSpec, isErrorCode, type ErrorCode } from '.';

// 410: an expired guest link (GUEST_LINK_EXPIRED; the spec names no status for it)
const STATUSES = [401, 403, 404, 409, 410, 413, 415, 429, 500, 503, 508];

describe('the error registry', () => {
  it.each(ERROR_CODES.map((c) => [c]))('%s has a catalogue status and a message', (code) => {
    const spec = errorSpec(code);
    expect(STATUSES).toContain(spec.status);
    expect(spec.message.trim().length).toBeGreaterThan(0);
    expect(new AppError(code).status).toBe(spec.status);
    expect(new AppError(code).message).toBe(spec.message);
  });

  it('no two domains define the same code (the registry would silently keep one)', () => {
    const seen = new Map<string, string>();
    for (const [domain, table] of Object.entries(ERROR_TABLES)) {
      for (const code of Object.keys(table)) {
        expect([code, seen.get(code)]).toEqual([code, undefined]);
        seen.set(code, domain);
      }
    }
    expect([...seen.keys()].sort()).toEqual(Object.keys(ERRORS).sort());
  });

  it('codes are upper snake case', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  const wire: [string, unknown, boolean][] = [
    ['a core code', 'NOT_FOUND', true],
    ['a domain code', 'MEETING_LOCKED', true],
    ['an unknown code', 'SOMETHING_NOBODY_DEFINED', false],
    ['a prototype key', 'toString', false],
    ['not a string', 42, false],
  ];
  it.each(wire)('isErrorCode: %s', (_name, code, known) => {
    expect(isErrorCode(code)).toBe(known);
  });
});

describe('AppError on the wire', () => {
  it('survives JSON with its code, status, fields and params', () => {
    const e = AppError.validation({ title: 'This field is required.' }, { n: 1 });
    const back = AppError.fromJSON(JSON.parse(JSON.stringify(e.toJSON())));
    expect(back).toBeInstanceOf(AppError);
    expect(back.code).toBe('VALIDATION');
    expect(back.status).toBe(409);
    expect(back.fields).toEqual({ title: ['This field is required.'] });
    expect(back.params).toEqual({ n: 1 });
  });

  const cases: [string, number, ErrorCode][] = [
    ['MEETING_LOCKED', 409, 'MEETING_LOCKED'],
    ['INVALID_CREDENTIALS', 401, 'INVALID_CREDENTIALS'],
    ['RPC_TIMEOUT', 508, 'RPC_TIMEOUT'],
    ['SOMETHING_NOBODY_DEFINED', 500, 'INTERNAL'],
    ['', 500, 'INTERNAL'],
  ];
  it.each(cases)('code %p from the wire -> %i (%s)', (code, status, mapped) => {
    const back = AppError.fromJSON({ code, details: { a: 1 } });
    expect(back.status).toBe(status);
    expect(back.code).toBe(mapped);
    expect(back.details).toEqual(mapped === 'INTERNAL' ? { a: 1, wireCode: code } : { a: 1 });
  });
});

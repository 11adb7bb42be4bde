import fs from 'node:fs';
import path from 'node:path';
import { AppError, ERRORS, errorCodes, errorSpec, errorTables, isErrorCode, registerErrors, type ErrorCode } from '.';

// 410: an expired guest link (GUEST_LINK_EXPIRED; the spec names no status for it)
const STATUSES = [401, 403, 404, 409, 410, 413, 415, 429, 500, 503, 508];

describe('the error registry', () => {
  it.each(errorCodes().map((c) => [c]))('%s has a catalogue status and a message', (code) => {
    const spec = errorSpec(code);
    expect(STATUSES).toContain(spec.status);
    expect(spec.message.trim().length).toBeGreaterThan(0);
    expect(new AppError(code).status).toBe(spec.status);
    expect(new AppError(code).message).toBe(spec.message);
  });

  it('every domain with an errors file has registered its table (the package index loads them all)', () => {
    const files = fs.readdirSync(__dirname, { withFileTypes: true }).filter((d) => d.isDirectory())
      .flatMap((d) => fs.readdirSync(path.join(__dirname, d.name)).filter((f) => f.endsWith('.errors.ts')).map((f) => f.replace(/\.errors\.ts$/, '')));
    expect(files.length).toBeGreaterThanOrEqual(5);
    expect([...errorTables().keys()].sort()).toEqual(['core', ...files].sort());
  });

  it('no two domains define the same code', () => {
    const seen = new Map<string, string>();
    for (const [domain, table] of errorTables()) {
      for (const code of Object.keys(table)) {
        expect([code, seen.get(code)]).toEqual([code, undefined]);
        seen.set(code, domain);
      }
    }
    expect([...seen.keys()].sort()).toEqual(Object.keys(ERRORS).sort());
  });

  it('codes are upper snake case', () => {
    for (const code of errorCodes()) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it("a domain registering a code another domain owns is refused when its module loads", () => {
    expect(() => registerErrors('library', { ...errorTables().get('library'), MEETING_LOCKED: { status: 409, message: 'x' } } as never)).toThrow('error code MEETING_LOCKED of library is already registered by meeting');
    // the registry is unchanged by the refusal
    expect(errorSpec('MEETING_LOCKED').message).toBe(errorTables().get('meeting')!.MEETING_LOCKED.message);
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

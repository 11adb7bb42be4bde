import { z } from 'zod';
import { AppError } from './core/errors';
import { ROUTE_TABLE } from './routes';
import { strictQuery } from './core/route';
import { parseOrThrow } from './core/validation';

/**
 * Unknown query keys (issue 9, docs/decisions.md "Unknown query keys"): every route's query schema is strict, so a key
 * the route does not know is a 409 naming it, never silently dropped. Guest routes also take the guest's `token`;
 * paged lists take the keys of the product's generic list call; the identity provider's callback is the one loose
 * query.
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

const LOOSE = new Set(['GET /api/sso/callback']);
const withQuery = ROUTE_TABLE.filter(({ route }) => route.query).map(({ route }) => [`${route.method} ${route.path}`, route] as const);

describe('strictQuery', () => {
  const q = z.object({ page: z.string().optional() });
  it.each<[string, z.ZodType, Record<string, string>, string[] | null]>([
    ['a user route refuses an unknown key', strictQuery(q, 'user'), { page: '1', foo: 'x' }, ['foo']],
    ['a user route refuses token', strictQuery(q, 'user'), { token: 'x' }, ['token']],
    ['a guest route takes token', strictQuery(q, 'guest'), { token: 'abc', page: '1' }, null],
    ['a guest route refuses another key', strictQuery(q, 'guest'), { token: 'abc', _: '123' }, ['_']],
    ['a loose object stays loose', strictQuery(z.looseObject({ a: z.string().optional() }), 'user'), { b: 'x' }, null],
    ['a strict object stays strict', strictQuery(z.strictObject({ a: z.string().optional() }), 'guest'), { token: 'x' }, ['token']],
    ['a paged list takes the generic list keys', strictQuery(q, 'user', 'paged'), { page: '1', per_page: '5', perpage: '5', status: 'Active', committee_id: '3', search: 's', from_date: '2030-01-01', to_date: '2030-02-01' }, null],
    ['a paged list refuses other keys', strictQuery(q, 'user', 'paged'), { per_page: '5', foo: 'x' }, ['foo']],
    ['a paged list refuses a generic key sent twice', strictQuery(q, 'user', 'paged'), { from_date: ['a', 'b'] } as never, ['from_date']],
    ['a list that is not paged takes only its keys', strictQuery(q, 'user', 'data'), { per_page: '5' }, ['per_page']],
  ])('%s', (_name, schema, value, fields) => {
    const got = fieldsOf(schema, value);
    if (fields === null) expect(got).toBeNull();
    else expect(Object.keys(got ?? {}).sort()).toEqual(fields);
  });
  it('no query stays no query', () => {
    expect(strictQuery(undefined, 'user')).toBeUndefined();
  });
});

describe.each(withQuery)('%s', (key, route) => {
  const schema = route.query!;
  if (LOOSE.has(key)) {
    it('ignores keys it does not list (the identity provider adds its own)', () => {
      expect(schema.safeParse({ state: 'x'.repeat(43), scope: 'openid', authuser: '0' }).success).toBe(true);
    });
    return;
  }
  if (route.answer === 'paged') {
    it('takes every key of the generic list call', () => {
      expect(fieldsOf(schema, { page: '1', per_page: '5', perpage: '5', search: 'x', from_date: '2030-01-01', to_date: '2030-02-01' })).toBeNull();
    });
  }
  it('refuses an unknown key with a 409 naming it', () => {
    const fields = fieldsOf(schema, { fuzz_unknown: '1' });
    expect(fields).not.toBeNull();
    expect(Object.keys(fields!)).toContain('fuzz_unknown');
  });
  it(route.access === 'guest' ? "takes the guest's token" : 'refuses a token in the query (only guest routes take one)', () => {
    const fields = fieldsOf(schema, { token: 'a'.repeat(43) }) ?? {};
    if (route.access === 'guest') expect(fields.token).toBeUndefined();
    else expect(Object.keys(fields)).toContain('token');
  });
});

/**
 * NUL and lone surrogates on every write route (issue 9, "What was seen": 500s on 26 write routes for a NUL in a
 * JSON string, and on PUT /api/meetings/{id} for a lone `\udc00`). Walks the route table: every POST, PUT, PATCH
 * and DELETE with a body gets its sample body (test/fuzz/derive.ts) with a string field holding a NUL, then a lone
 * surrogate, as the organization's administrator. Each is 409 'Error in validation' naming that field, and no
 * row of the organization changes.
 */
import { Client } from 'pg';
import { ROUTE_TABLE, type RouteDef } from '@app/contracts';
import { createTestOrg, login, rawRequest, testEnv, type TestOrg } from '@app/testing';
import { baseOf, pathsOf, setAt } from '../../fuzz/derive';

jest.setTimeout(180_000);
const env = testEnv();
const GATEWAY = env.TEST_GATEWAY_URL;
const MESSAGE = 'This field may not contain a NUL character or an unpaired surrogate.';

/** the first string field of the route's sample body, as a path */
function stringField(route: RouteDef): (string | number)[] | undefined {
  const body = baseOf(route).body;
  return pathsOf(body).find((p) => p.length > 0 && typeof p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], body) === 'string');
}

const writes = ROUTE_TABLE.map((r) => r.route)
  .filter((r) => r.method !== 'GET' && r.body)
  .map((r) => ({ route: r, field: stringField(r) }))
  .filter((x): x is { route: RouteDef; field: (string | number)[] } => !!x.field);

describe('NUL and lone surrogates on every write route', () => {
  let org: TestOrg;
  let token: string;
  let db: Client;
  let tables: string[];
  let before: Record<string, number>;

  const rows = async (): Promise<Record<string, number>> => {
    const out: Record<string, number> = {};
    for (const t of tables) out[t] = Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${t} WHERE org_id::text = $1`, [org.orgId])).rows[0].n);
    return out;
  };

  beforeAll(async () => {
    org = await createTestOrg(env.NATS_URL);
    token = await login(GATEWAY, org.slug, org.admin.email, org.admin.password);
    db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await db.connect();
    const r = await db.query<{ s: string; t: string }>(
      `SELECT c.table_schema AS s, c.table_name AS t FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
        WHERE c.column_name = 'org_id' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    tables = r.rows.map((x) => `"${x.s}"."${x.t}"`);
    before = await rows();
  });
  afterAll(async () => {
    await db?.end();
  });

  it('covers the write routes seen failing (meetings, users, roles, committees, talking points, comments)', () => {
    const keys = writes.map((w) => `${w.route.method} ${w.route.path}`);
    expect(keys.length).toBeGreaterThanOrEqual(26);
    expect(keys).toEqual(expect.arrayContaining([
      'POST /api/meetings', 'PUT /api/meetings/:id', 'POST /api/users', 'POST /api/roles', 'PUT /api/roles/:id', 'POST /api/committees',
      'POST /api/meetings/:id/talkingpoints', 'POST /api/talkingpoints/:id/comment',
    ]));
  });

  describe.each([['a NUL', 'a\u0000b'], ['a lone surrogate', 'x\udc00']])('%s', (_name, bad) => {
    it.each(writes.map((w) => [`${w.route.method} ${w.route.path} ${w.field.join('.')}`, w] as const))('%s: 409 naming the field', async (_key, { route, field }) => {
      const base = baseOf(route);
      const path = route.path.replace(/:([A-Za-z_]+)/g, (_m, n: string) => encodeURIComponent(base.params[n] ?? '1'));
      // JSON.stringify writes both as \u escapes: valid JSON that parses into exactly those strings
      const r = await rawRequest(GATEWAY, { method: route.method, path, headers: { 'x-org': org.slug, token, 'content-type': 'application/json' }, body: JSON.stringify(setAt(base.body, field, bad)) });
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ success: false, code: 'VALIDATION', message: 'Error in validation' });
      expect(r.body.errors[field.join('.')]).toEqual([MESSAGE]);
    });
  });

  it('and nothing of the organization changed', async () => {
    expect(await rows()).toEqual(before);
  });
});

/**
 * Bad forms and unknown query keys through the real gateway (issue 9; the generative suite draws the same cases at
 * random, docs/how-to-fuzz.md). Every route of the route table that takes multipart/form-data gets each broken form
 * below as the organization's administrator: the answer is a catalogue refusal (409, 413, 415), never a 5xx or a
 * 2xx, and no row of the organization changes. List routes refuse a query key they do not know with a 409 naming
 * it; paged lists take every key of the product's generic list call, guest routes keep taking the guest's token, and
 * the identity provider's callback keeps ignoring its own keys.
 */
import { Client } from 'pg';
import { ROUTE_TABLE, type RouteDef } from '@app/contracts';
import { api, createTestOrg, login, rawRequest, testEnv, type ApiClient, type TestOrg } from '@app/testing';
import { PNG_BYTES, baseForm, fileParts, formBody, type FormPart } from '../../fuzz/derive';

jest.setTimeout(180_000);
const env = testEnv();
const GATEWAY = env.TEST_GATEWAY_URL;
const B = 'formsBoundary9f3c';

const uploads = ROUTE_TABLE.map((r) => r.route).filter((r) => r.upload);
const fill = (route: RouteDef, id: number) => route.path.replace(/:[A-Za-z_]+/g, String(id));

/** Forms no route may take: each is refused by a limit, by its framing or by its Content-Type, whatever the fields. */
const BROKEN: [string, (route: RouteDef) => { type: string; body: Buffer }][] = [
  ['a field over 1 MB', (r) => ({ type: `multipart/form-data; boundary=${B}`, body: formBody([...baseForm(r).parts, { name: 'name', value: 'x'.repeat(1_100_000) }, ...fileParts(r)], B) })],
  ['a file in a field the route does not take', (r) => ({ type: `multipart/form-data; boundary=${B}`, body: formBody([...baseForm(r).parts, ...fileParts(r), { name: 'fuzz_file', value: PNG_BYTES, filename: 'x.png', type: 'image/png' }], B) })],
  ['22 files', (r) => ({ type: `multipart/form-data; boundary=${B}`, body: formBody([...baseForm(r).parts, ...Array.from({ length: 22 }, (): FormPart => ({ name: fileParts(r)[0]?.name ?? 'file', value: PNG_BYTES, filename: 'x.png', type: 'image/png' }))], B) })],
  ['a boundary the body does not use', (r) => ({ type: `multipart/form-data; boundary=${B}`, body: formBody([...baseForm(r).parts, ...fileParts(r)], 'another') })],
  ['no boundary', (r) => ({ type: 'multipart/form-data', body: formBody([...baseForm(r).parts, ...fileParts(r)], B) })],
  ['an empty boundary', (r) => ({ type: 'multipart/form-data; boundary=', body: formBody([...baseForm(r).parts, ...fileParts(r)], B) })],
  ['a form cut short', (r) => ({ type: `multipart/form-data; boundary=${B}`, body: formBody([...baseForm(r).parts, ...fileParts(r)], B, { close: false }) })],
  ['a part without a name', () => ({ type: `multipart/form-data; boundary=${B}`, body: Buffer.from(`--${B}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${B}--\r\n`) })],
  ['multipart/mixed', (r) => ({ type: `multipart/mixed; boundary=${B}`, body: formBody([...baseForm(r).parts, ...fileParts(r)], B) })],
  ['multipart/related', (r) => ({ type: `multipart/related; boundary=${B}`, body: formBody([...baseForm(r).parts, ...fileParts(r)], B) })],
  ['garbage bytes', () => ({ type: `multipart/form-data; boundary=${B}`, body: Buffer.from('\u0000\u00ff\u00fe not a form') })],
];

describe('forms and query keys at the gateway', () => {
  let org: TestOrg;
  let token: string;
  let admin: ApiClient;
  let db: Client;
  let tables: string[];

  const rows = async (): Promise<Record<string, number>> => {
    const out: Record<string, number> = {};
    for (const t of tables) out[t] = Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${t} WHERE org_id::text = $1`, [org.orgId])).rows[0].n);
    return out;
  };

  beforeAll(async () => {
    org = await createTestOrg(env.NATS_URL);
    token = await login(GATEWAY, org.slug, org.admin.email, org.admin.password);
    admin = api(GATEWAY, { org: org.slug, token });
    db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await db.connect();
    const r = await db.query<{ s: string; t: string }>(
      `SELECT c.table_schema AS s, c.table_name AS t FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
        WHERE c.column_name = 'org_id' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    tables = r.rows.map((x) => `"${x.s}"."${x.t}"`);
  });
  afterAll(async () => {
    await db?.end();
  });

  it('the table has upload routes to try', () => {
    expect(uploads.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['POST /api/library', 'POST /api/users', 'POST /api/news', 'PUT /api/profile']));
  });

  describe.each(BROKEN)('%s', (_name, make) => {
    it.each(uploads.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: refused from the catalogue, nothing written', async (_key, route) => {
      const before = await rows();
      const { type, body } = make(route);
      const r = await rawRequest(GATEWAY, { method: route.method, path: fill(route, 1), headers: { 'x-org': org.slug, token, 'content-type': type }, body });
      expect([409, 413, 415]).toContain(r.status);
      expect(r.body).toMatchObject({ success: false });
      expect(await rows()).toEqual(before);
    });
  });

  it('a required file left out is the route\'s own field error', async () => {
    const r = await rawRequest(GATEWAY, { path: '/api/library', headers: { 'x-org': org.slug, token, 'content-type': `multipart/form-data; boundary=${B}` }, body: formBody([{ name: 'name', value: 'No file' }], B) });
    expect(r.status).toBe(409);
    expect(Object.keys(r.body.errors)).toContain('file');
  });

  it('a form field that is an object (name[a]) or a lone surrogate is a field error, not a 500', async () => {
    const parts: FormPart[] = [{ name: 'name[a]', value: 'x' }, { name: 'email[$gt]', value: '' }, { name: 'role_id', value: 'true' }, { name: 'phone', value: '\ud800' }];
    const r = await rawRequest(GATEWAY, { path: '/api/users', headers: { 'x-org': org.slug, token, 'content-type': `multipart/form-data; boundary=${B}` }, body: formBody(parts, B) });
    expect(r.status).toBe(409);
    expect(Object.keys(r.body.errors)).toEqual(expect.arrayContaining(['name', 'email', 'role_id']));
  });

  describe('query keys', () => {
    it.each([
      ['/meetings', { serach: 'x' }, 'serach'],
      ['/users', { page: 1, debug: 1 }, 'debug'],
      ['/roles', { org_id: 'x' }, 'org_id'],
      ['/committees', { _: '1700000000000' }, '_'],
      ['/singleDecisions', { token: 'a'.repeat(43) }, 'token'],
      ['/library', { tab: 'my', admin: 'true' }, 'admin'],
    ])('GET /api%s with %j: 409 naming %s', async (path, query, key) => {
      const r = await admin.get(path, query);
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ success: false, code: 'VALIDATION', message: 'Error in validation' });
      expect(Object.keys(r.body.errors)).toEqual([key]);
    });

    it('the keys a route lists still work', async () => {
      expect((await admin.get('/meetings', { page: 1, per_page: 5, search: 'x' })).status).toBe(200);
      expect((await admin.get('/users', { perpage: 5, reset: 1 })).status).toBe(200);
    });

    it.each(['/roles', '/committees', '/boards', '/news', '/logs', '/reminders', '/meetings', '/singleDecisions', '/users'])(
      'the generic list call (page, per_page or perpage, search, dates) is taken by GET /api%s',
      async (path) => {
        const r = await admin.get(path, { page: 1, per_page: 5, perpage: 5, search: 'zzz', from_date: '2030-01-01', to_date: '2030-12-31' });
        expect(r.status).toBe(200);
        expect(r.body.meta).toMatchObject({ page: 1 });
      },
    );

    it("a guest route's token is not an unknown key", async () => {
      // a wrong guest token: refused as a credential or an unknown file, not as an unknown key (409)
      const r = await api(GATEWAY, { org: org.slug }).get('/library/fetch/1', { token: 'b'.repeat(43) });
      expect([401, 403, 404]).toContain(r.status);
    });

    it("the identity provider's callback ignores keys of its own", async () => {
      const r = await rawRequest(GATEWAY, { method: 'GET', path: `/api/sso/callback?state=${'s'.repeat(43)}&code=abc&scope=openid&authuser=0`, headers: {} });
      expect(r.status).not.toBe(409);
      expect(r.status).toBeLessThan(500);
    });
  });
});

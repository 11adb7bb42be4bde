/**
 * Every answer the browser reads is checked by the web against the route table (web/src/api/client.ts, `send`): an
 * answer that does not match its route's `response` is an error on the screen ("does not match the contract"). Here
 * every GET route of the table that takes no path parameter and answers JSON, and the detail routes of what this
 * test creates, are called as the organization's administrator through the real gateway; each 200 answer is read
 * the way the web reads it (the envelope's data, a paged list's items and meta) and must parse.
 */
import { ROUTE_TABLE, zPageMeta, type RouteDef } from '@app/contracts';
import { api, createTestOrg, login, testEnv, type ApiClient, type TestOrg } from '@app/testing';

jest.setTimeout(120_000);
const env = testEnv();
const GATEWAY = env.TEST_GATEWAY_URL;

/** the issues of reading `body` as the web does for `route`, or null when it parses */
function contractIssues(route: RouteDef, body: { data?: unknown; meta?: unknown }): string | null {
  const tries: Array<[string, { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } }, unknown]> =
    route.answer === 'raw'
      ? [['answer', route.response, body]]
      : route.answer === 'paged'
        ? [['data', route.response, body.data], ['meta', zPageMeta, body.meta]]
        : [['data', route.response, body.data ?? null]];
  const bad = tries.map(([part, schema, value]) => [part, schema.safeParse(value)] as const).filter(([, r]) => !r.success);
  return bad.length ? bad.map(([part, r]) => `${part}: ${JSON.stringify(r.error?.issues.slice(0, 3))}`).join('; ') : null;
}

describe('answers match the route table, read as the web reads them', () => {
  let org: TestOrg;
  let admin: ApiClient;
  const made: Record<string, number> = {};

  beforeAll(async () => {
    org = await createTestOrg(env.NATS_URL);
    admin = api(GATEWAY, { org: org.slug, token: await login(GATEWAY, org.slug, org.admin.email, org.admin.password) });
    // something in the lists: a committee, a meeting of it, a news item, and the built-in roles
    const c = await admin.post('/committees', { name: 'Audit', description: 'Audit committee', quorum: 60, admins: [org.admin.userId], users: [org.admin.userId] });
    expect(c.status).toBe(200);
    made.committee = c.body.data.id;
    const m = await admin.post('/meetings', { title: 'Contract meeting', committee_id: made.committee, start_date: '2031-03-04 10:00 AM', duration: 60, location: 'HQ' });
    expect(m.status).toBe(200);
    made.meeting = m.body.data.id;
    made.role = (await admin.get('/roles')).body.data[0].id;
    made.user = org.admin.userId;
  });

  const lists = ROUTE_TABLE.map((r) => r.route).filter((r) => r.method === 'GET' && !r.path.includes(':') && r.produces !== 'file' && r.access === 'user');

  it('has list routes to read', () => {
    expect(lists.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/roles', '/api/meetings', '/api/home', '/api/users', '/api/committees', '/api/library']));
  });

  it.each(lists.map((r) => [r.path, r] as const))('GET %s', async (_path, route) => {
    const r = await admin.get(route.path.replace(/^\/api/, ''));
    // a route that needs a query parameter answers 409 without it; what answers 200 must match
    expect([200, 409]).toContain(r.status);
    if (r.status === 200) expect(contractIssues(route, r.body)).toBeNull();
  });

  const details: Array<[string, (m: Record<string, number>) => string]> = [
    ['/api/roles/:id', (m) => `/roles/${m.role}`],
    ['/api/meetings/:id', (m) => `/meetings/${m.meeting}`],
    ['/api/committees/:id', (m) => `/committees/${m.committee}`],
    ['/api/users/:id', (m) => `/users/${m.user}`],
  ];

  it.each(details)('GET %s', async (path, fill) => {
    const route = ROUTE_TABLE.map((r) => r.route).find((r) => r.method === 'GET' && r.path === path);
    expect(route).toBeDefined();
    const r = await admin.get(fill(made));
    expect(r.status).toBe(200);
    expect(contractIssues(route!, r.body)).toBeNull();
  });
});

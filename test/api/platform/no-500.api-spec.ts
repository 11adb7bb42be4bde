import { api, createTestOrg, login, testEnv, type ApiClient } from '@app/testing';

/**
 * "No input reaches a 500": every route listed in the generated OpenAPI document is called with malformed
 * path ids and bodies (wrong types, nulls, arrays, huge strings, injection-looking text) by a signed-in
 * administrator of a fresh organization. Every answer must be an error of the spec's catalogue (4xx), never a
 * 5xx. The sweep follows the document, so a new route is covered the day it is documented.
 */
const env = testEnv();

interface Operation {
  method: string;
  path: string;
}

const BAD_IDS = ['abc', '-1', '0', '1.5', '99999999999999999999', "1' OR '1'='1", '%00'];
const BAD_BODIES: unknown[] = [
  {},
  [],
  { id: 'x', title: 12, name: { a: 1 }, email: ['x'], page: -1, deadline: 'yesterday', start_date: '31/31/2020 99:99', duration: -15 },
  { title: 'x'.repeat(20_000), description: null, voters: 'all', participants: [null], status: 99, vote: 'Maybe later' },
  { __proto__: { admin: true }, constructor: { prototype: { x: 1 } } },
];
/** routes whose success would end the session or send real mail, and would only blur the sweep */
const SKIP = new Set(['POST /api/logout', 'POST /api/login', 'POST /api/token_login', 'POST /api/forget_password', 'POST /api/sso/exchange']);

/**
 * server-sent event channels answer an open stream that never ends (a signed-in GET of /api/singleDecisions/live is
 * a success): test/api/meeting/live.api-spec.ts covers their refusals and messages
 */
const STREAM = /\/live$/;

function fill(path: string, id: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
}

describe('no input reaches a 500', () => {
  let client: ApiClient;
  let ops: Operation[] = [];
  let relogin: () => Promise<void>;

  beforeAll(async () => {
    const org = await createTestOrg(env.NATS_URL);
    relogin = async () => {
      client = api(env.TEST_GATEWAY_URL, { org: org.slug, token: await login(env.TEST_GATEWAY_URL, org.slug, org.admin.email, org.admin.password) });
    };
    await relogin();
    const doc = await api(env.TEST_GATEWAY_URL).get('/docs/openapi.json');
    expect(doc.status).toBe(200);
    for (const [path, methods] of Object.entries(doc.body.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(methods)) ops.push({ method: method.toUpperCase(), path });
    }
    ops = ops.filter((o) => !SKIP.has(`${o.method} ${o.path}`) && !STREAM.test(o.path));
  });

  it('the document lists the routes of every service', () => {
    const paths = ops.map((o) => o.path).join(' ');
    expect(ops.length).toBeGreaterThan(40);
    for (const p of ['/api/users', '/api/committees', '/api/meetings']) expect(paths).toContain(p);
  });

  it('every documented route answers malformed input with a 4xx', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      const hasParams = op.path.includes('{');
      const ids = hasParams ? BAD_IDS : ['-'];
      for (const id of ids) {
        const url = hasParams ? fill(op.path, id) : op.path;
        const bodies = op.method === 'GET' || op.method === 'DELETE' ? [undefined] : BAD_BODIES;
        for (const body of bodies) {
          let r = await send(op.method, url, body);
          if (r.status === 401) {
            // a route may legitimately end the session (e.g. deactivating oneself): sign in again and go on
            await relogin();
            r = await send(op.method, url, body);
          }
          if (r.status >= 500) failures.push(`${op.method} ${url} ${JSON.stringify(body)?.slice(0, 80)} -> ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  async function send(method: string, url: string, body: unknown) {
    const path = url.replace(/^\/api/, '');
    switch (method) {
      case 'GET':
        return client.get(path);
      case 'DELETE':
        return client.delete(path);
      case 'PUT':
        return client.put(path, body);
      case 'PATCH':
        return client.with({}).put(path, body);
      default:
        return client.post(path, body);
    }
  }
});

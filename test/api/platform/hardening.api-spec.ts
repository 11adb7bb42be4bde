/**
 * Bad input at the edge never reaches a 500 or a write (issue 9, the gateway's part), through the real gateway:
 * - a body the gateway cannot decode (unknown charset, unsupported or corrupt Content-Encoding): 415;
 * - a NUL or a lone surrogate in a body or a query: 409 'Error in validation' naming the field, nothing written;
 * - X-Org honoured only from a trusted proxy when ALLOW_X_ORG is off (a second gateway started with it off);
 * - PUT /api/roles/{id} racing POST /api/roles with the same name: one succeeds, the other is 409 on `name`.
 */
import { gzipSync } from 'node:zlib';
import { api, rawRequest as raw, createTestOrg, createTestUser, login, requireConcurrentDatabase, startServiceProcess, testEnv, type ApiClient, type ServiceProcess, type TestOrg } from '@app/testing';

jest.setTimeout(90_000);

const env = testEnv();
const GATEWAY = env.TEST_GATEWAY_URL;

describe('hardening at the gateway', () => {
  let org: TestOrg;
  let admin: ApiClient;
  let token: string;
  let users: number[];

  const rolesTotal = async () => {
    const r = await admin.get('/roles', { per_page: 500 });
    expect(r.status).toBe(200);
    return { total: r.body.meta.total as number, names: (r.body.data as { name: string }[]).map((x) => x.name).sort() };
  };
  const authed = (headers: Record<string, string>) => ({ 'x-org': org.slug, token, ...headers });

  beforeAll(async () => {
    org = await createTestOrg(env.NATS_URL);
    token = await login(GATEWAY, org.slug, org.admin.email, org.admin.password);
    admin = api(GATEWAY, { org: org.slug, token });
    users = [];
    for (let i = 0; i < 4; i++) users.push((await createTestUser(env.NATS_URL, org.orgId)).userId);
  });

  describe('415 for a body the gateway cannot decode', () => {
    const body = () => JSON.stringify({ name: `Undecodable ${Date.now()}`, users: [users[0]], permissions: [] });
    const cases: [string, () => Record<string, string>, () => Buffer | string][] = [
      ['an unknown charset in a JSON body', () => ({ 'content-type': 'application/json; charset=klingon' }), body],
      ['an unknown charset in a form body', () => ({ 'content-type': 'application/x-www-form-urlencoded; charset=klingon' }), () => 'name=x&users[]=1'],
      ['Content-Encoding br;q=abc', () => ({ 'content-type': 'application/json', 'content-encoding': 'br;q=abc' }), body],
      ['an unknown Content-Encoding', () => ({ 'content-type': 'application/json', 'content-encoding': 'klingon' }), body],
      ['Content-Encoding gzip over bytes that are not gzip', () => ({ 'content-type': 'application/json', 'content-encoding': 'gzip' }), body],
    ];
    it.each(cases)('%s', async (_name, headers, make) => {
      const before = await rolesTotal();
      const r = await raw(GATEWAY, { path: '/api/roles', headers: authed(headers()), body: make() });
      expect([r.status, r.body]).toEqual([415, { success: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported Media Type' }]);
      expect(await rolesTotal()).toEqual(before);
    });

    it('is translated by Lang', async () => {
      const r = await raw(GATEWAY, { path: '/api/roles', headers: authed({ 'content-type': 'application/json; charset=klingon', lang: 'ru' }), body: body() });
      expect([r.status, r.body.message]).toEqual([415, 'Неподдерживаемый тип данных']);
    });

    it('a real gzip body is decoded (here: its field errors come back), and one that inflates past the limit is 413', async () => {
      const ok = await raw(GATEWAY, { path: '/api/roles', headers: authed({ 'content-type': 'application/json', 'content-encoding': 'gzip' }), body: gzipSync(JSON.stringify({ name: '', users: [] })) });
      expect(ok.status).toBe(409);
      expect(Object.keys(ok.body.errors)).toEqual(expect.arrayContaining(['name']));
      const bomb = gzipSync(JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024), users: [users[0]] }));
      const big = await raw(GATEWAY, { path: '/api/roles', headers: authed({ 'content-type': 'application/json', 'content-encoding': 'gzip' }), body: bomb });
      expect([big.status, big.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    });
  });

  describe('NUL and lone surrogates: 409 naming the field, before any service', () => {
    const MESSAGE = 'This field may not contain a NUL character or an unpaired surrogate.';

    it.each([
      ['a NUL in a string', { name: 'Board\u0000', users: [1], permissions: [] }, 'name'],
      ['a lone surrogate in a string', { name: 'Board \udc00', users: [1], permissions: [] }, 'name'],
      ['a NUL inside an array', { name: 'Board', users: [1], permissions: ['news_show', '\u0000'] }, 'permissions.1'],
    ])('POST /api/roles: %s', async (_name, payload, field) => {
      const before = await rolesTotal();
      // JSON.stringify writes the NUL as \u0000 and the lone surrogate as \udc00: valid JSON, parsed into those strings
      const r = await raw(GATEWAY, { path: '/api/roles', headers: authed({ 'content-type': 'application/json' }), body: JSON.stringify({ ...payload, users: [users[0]] }) });
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ success: false, code: 'VALIDATION', message: 'Error in validation', errors: { [field]: [MESSAGE] } });
      expect(await rolesTotal()).toEqual(before);
    });

    it('PUT /api/roles/{id} with a lone surrogate changes nothing', async () => {
      const made = await admin.post('/roles', { name: `Surrogate ${Date.now()}`, users: [users[1]], permissions: [] });
      expect(made.status).toBe(200);
      const before = await rolesTotal();
      const r = await admin.put(`/roles/${made.body.data.id}`, { name: 'x\ud800', users: [users[1]], permissions: [] });
      expect([r.status, r.body.errors]).toEqual([409, { name: [MESSAGE] }]);
      expect(await rolesTotal()).toEqual(before);
    });

    it.each(['/roles', '/meetings', '/singleDecisions', '/users/all', '/users/list'])('GET %s?search=%%00', async (path) => {
      const r = await raw(GATEWAY, { method: 'GET', path: `/api${path}?search=%00`, headers: authed({}) });
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'VALIDATION', errors: { search: [MESSAGE] } });
    });

    it('a form body is checked the same way', async () => {
      const r = await raw(GATEWAY, { path: '/api/roles', headers: authed({ 'content-type': 'application/x-www-form-urlencoded' }), body: 'name=a%00b&users[]=1' });
      expect([r.status, r.body.errors?.name]).toEqual([409, [MESSAGE]]);
    });
  });

  describe('X-Org only from trusted proxies when ALLOW_X_ORG is off', () => {
    let strict: ServiceProcess;
    let base: string;

    beforeAll(async () => {
      // a second gateway on the same system, as production runs it: X-Org not allowed, one trusted proxy (127.0.0.2)
      strict = await startServiceProcess('gateway', { ...process.env, ALLOW_X_ORG: 'false', TRUSTED_PROXIES: '127.0.0.2' });
      base = `http://127.0.0.1:${strict.port}`;
    }, 90_000);
    afterAll(async () => {
      await strict?.stop();
    });

    it('the test system (ALLOW_X_ORG auto, not production) honours X-Org from any client', async () => {
      const r = await raw(GATEWAY, { method: 'GET', path: '/api/', headers: { 'x-org': org.slug }, localAddress: '127.0.0.1' });
      expect(r.status).toBe(200);
    });

    it('from an untrusted client, X-Org and X-Forwarded-Host are ignored: the Host decides', async () => {
      const xorg = await raw(base, { method: 'GET', path: '/api/', headers: { 'x-org': org.slug }, localAddress: '127.0.0.1' });
      expect([xorg.status, xorg.body.message]).toEqual([404, 'Invalid Organization URL']);
      const fwd = await raw(base, { method: 'GET', path: '/api/', headers: { 'x-forwarded-host': `${org.slug}.localhost` }, localAddress: '127.0.0.1' });
      expect([fwd.status, fwd.body.message]).toEqual([404, 'Invalid Organization URL']);
      const host = await raw(base, { method: 'GET', path: '/api/', headers: { host: `${org.slug}.localhost` }, localAddress: '127.0.0.1' });
      expect(host.status).toBe(200);
      // a signed-in call with another organization's label in X-Org still lands on the Host's organization only
      const roles = await raw(base, { method: 'GET', path: '/api/roles', headers: { 'x-org': org.slug, token }, localAddress: '127.0.0.1' });
      expect(roles.status).toBe(404);
    });

    it('from the trusted proxy, X-Org and X-Forwarded-Host name the organization', async () => {
      const xorg = await raw(base, { method: 'GET', path: '/api/', headers: { 'x-org': org.slug }, localAddress: '127.0.0.2' });
      expect(xorg.status).toBe(200);
      const fwd = await raw(base, { method: 'GET', path: '/api/', headers: { 'x-forwarded-host': `${org.slug}.localhost` }, localAddress: '127.0.0.2' });
      expect(fwd.status).toBe(200);
    });
  });

  describe('PUT /api/roles/{id} racing POST /api/roles with the same name', () => {
    it('one succeeds and the other is 409 on name, every time (never a 500)', async () => {
      requireConcurrentDatabase('PUT racing POST on a role name');
      for (let round = 0; round < 6; round++) {
        const existing = await admin.post('/roles', { name: `Race old ${round} ${Date.now()}`, users: [users[0]], permissions: [] });
        expect(existing.status).toBe(200);
        const name = `Race ${round} ${Date.now()}`;
        const [put, post] = await Promise.all([
          admin.put(`/roles/${existing.body.data.id}`, { name, users: [users[0]], permissions: [] }),
          admin.post('/roles', { name, users: [users[1 + (round % 3)]], permissions: [] }),
        ]);
        const statuses = [put.status, post.status].sort();
        expect(statuses).toEqual([200, 409]);
        const refused = put.status === 409 ? put : post;
        expect(refused.body).toMatchObject({ code: 'VALIDATION', errors: { name: ['The name has already been taken.'] } });
        const { names } = await rolesTotal();
        expect(names.filter((n) => n.toLowerCase() === name.toLowerCase())).toHaveLength(1);
      }
    });
  });
});

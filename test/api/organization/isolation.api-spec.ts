/**
 * Tenant isolation through the gateway: organization B's token and organization A's ids.
 * B's token on A's host is not a session of A (401); A's ids on B's host do not exist (404).
 */
import { api, createTestUser } from '@app/testing';
import { GATEWAY, PNG, env, orgWithAdmin } from './helpers';

jest.setTimeout(60_000);

type Ctx = Awaited<ReturnType<typeof orgWithAdmin>>;
let a: Ctx;
let b: Ctx;
const ids: { user: number; role: number; committee: number; board: number; news: number } = { user: 0, role: 0, committee: 0, board: 0, news: 0 };

beforeAll(async () => {
  a = await orgWithAdmin();
  b = await orgWithAdmin();
  const u = await createTestUser(env.NATS_URL, a.org.orgId, { name: 'A Person' });
  ids.user = u.userId;
  ids.role = (await a.admin.post('/roles', { name: 'A Role', users: [u.userId], permissions: ['home_show'] })).body.data.id;
  ids.committee = (await a.admin.post('/committees', { name: 'A Committee', description: 'd', quorum: 50, admins: [a.org.admin.userId], users: [u.userId] })).body.data.id;
  ids.board = (await a.admin.post('/boards', { name: 'A Board', description: 'd', quorum: 50, admins: [a.org.admin.userId], users: [u.userId] })).body.data.id;
  ids.news = (await a.admin.upload('/news', { title: 'A news', url: 'https://a.test', description: 'd', committee_id: String(ids.committee) }, { media: { name: 'p.png', type: 'image/png', data: PNG } })).body.data.id;
  expect(Object.values(ids).every((x) => x > 0)).toBe(true);
});

describe("organization B's token on organization A's host", () => {
  const crossHost = () => api(GATEWAY, { org: a.org.slug, token: b.token });
  it.each([
    ['GET', '/profile'], ['GET', '/users'], ['GET', '/users/all'], ['GET', '/roles'], ['GET', '/committees'], ['GET', '/boards'],
    ['GET', '/logs'], ['GET', '/information'], ['GET', '/status'], ['GET', '/news'], ['GET', '/integrations/calendars'],
    ['PUT', '/information'], ['POST', '/users'], ['POST', '/change_password'],
  ])('%s %s -> 401', async (method, path) => {
    const c = crossHost();
    const r = method === 'GET' ? await c.get(path) : method === 'PUT' ? await c.put(path, {}) : await c.post(path, {});
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Authentication Fail');
  });
});

describe("organization A's ids on organization B's host (B's administrator)", () => {
  const userBody = () => ({ name: 'X', email: `x-${Date.now()}@example.test`, phone: '123', role_id: ids.role, team: 'T' });
  const committeeBody = () => ({ name: 'X', description: 'd', quorum: 50, admins: [b.org.admin.userId], users: [b.org.admin.userId] });
  it.each<[string, string, () => unknown]>([
    ['GET', '/users/:user', () => undefined],
    ['PUT', '/users/:user', () => ({ ...userBody(), role_id: 1 })],
    ['POST', '/users/:user/togglestatus', () => ({})],
    ['POST', '/users/:user/restore', () => ({})],
    ['DELETE', '/users/:user/delete_photo', () => undefined],
    ['DELETE', '/users/:user', () => undefined],
    ['GET', '/roles/:role', () => undefined],
    ['PUT', '/roles/:role', () => ({ name: 'Y', users: [b.org.admin.userId], permissions: [] })],
    ['DELETE', '/roles/:role', () => undefined],
    ['GET', '/committees/:committee', () => undefined],
    ['PUT', '/committees/:committee', committeeBody],
    ['PUT', '/committees/:committee/status', () => ({ status: 'inactive' })],
    ['DELETE', '/committees/:committee', () => undefined],
    ['GET', '/boards/:board', () => undefined],
    ['PUT', '/boards/:board', committeeBody],
    ['DELETE', '/boards/:board', () => undefined],
    ['GET', '/news/:news', () => undefined],
    ['POST', '/news/:news/like', () => ({})],
    ['POST', '/news/:news/comments', () => ({ comment: 'hi' })],
    ['DELETE', '/news/:news', () => undefined],
  ])('%s %s -> 404', async (method, template, body) => {
    const path = template.replace(/:(\w+)/, (_m, k: keyof typeof ids) => String(ids[k]));
    const c = b.admin;
    const r = method === 'GET' ? await c.get(path) : method === 'PUT' ? await c.put(path, body()) : method === 'POST' ? await c.post(path, body()) : await c.delete(path);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Not Found');
  });

  it("A's users, committees and roles cannot be used in B's forms", async () => {
    const r = await b.admin.post('/committees', { name: 'Mixed', description: 'd', quorum: 50, admins: [b.org.admin.userId], users: [ids.user] });
    expect(r.status).toBe(409);
    expect(r.body.errors.users).toEqual(['The selected user is invalid.']);
    const u = await b.admin.post('/users', userBody());
    expect(u.status).toBe(409);
    expect(u.body.errors.role_id).toEqual(['The role is required.']);
  });

  it("B's lists show nothing of A, and A's data is unchanged", async () => {
    expect((await b.admin.get('/users/all')).body.data.map((x: { id: number }) => x.id)).not.toContain(ids.user);
    expect((await b.admin.get('/committees')).body.data.map((x: { id: number }) => x.id)).not.toContain(ids.committee);
    expect((await b.admin.get('/news')).body.data.map((x: { id: number }) => x.id)).not.toContain(ids.news);
    expect((await b.admin.get('/logs', { username: 'A Person' })).body.meta.total).toBe(0);
    expect((await a.admin.get(`/users/${ids.user}`)).body.data).toMatchObject({ name: 'A Person', status: 'Active', deleted_at: null });
    expect((await a.admin.get(`/committees/${ids.committee}`)).body.data).toMatchObject({ name: 'A Committee', status: 'active' });
    expect((await a.admin.get(`/news/${ids.news}`)).body.data).toMatchObject({ likes: 0, comments_count: 0 });
  });

  it("A's images are not served on B's host", async () => {
    const img = (await a.admin.get(`/news/${ids.news}`)).body.data.media[0] as string;
    expect((await fetch(`${GATEWAY}${img}`, { headers: { 'x-org': a.org.slug } })).status).toBe(200);
    expect((await fetch(`${GATEWAY}${img}`, { headers: { 'x-org': b.org.slug } })).status).toBe(404);
  });
});

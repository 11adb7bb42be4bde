/**
 * Sign-in limits that do not lock out an office (docs/conventions.md "Rate limits and trusted proxies"),
 * through the gateway on the real system: many members sign in from one address; wrong passwords lock
 * only that account at that address, with Retry-After holding the real remaining seconds; a success clears
 * the failures; after the window the account signs in again; X-Forwarded-For counts only from a trusted
 * proxy.
 *
 * The test system (scripts/test.mjs) trusts one proxy, 127.0.0.2: requests sent from that local address
 * play an ingress; the others come from 127.0.0.1, a client whose X-Forwarded-For must be ignored.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Bus } from '@app/platform';
import { api, createTestOrg, createTestUser, rawRequest, TEST_PASSWORD, type ApiAnswer, type TestOrg } from '@app/testing';
import { GATEWAY, env } from './helpers';

jest.setTimeout(60_000);

const TRUSTED_PROXY = '127.0.0.2';
const WINDOW_SECONDS = 60; // AUTH_RATE_WINDOW_SECONDS, the gateway's default
const WRONG = 'Wrong@12345';

/** POST /api/login from a chosen local address (the peer the gateway sees), with extra headers. */
function loginFrom(localAddress: string, org: string, body: Record<string, string>, headers: Record<string, string> = {}): Promise<ApiAnswer> {
  return rawRequest(GATEWAY, { path: '/api/login', localAddress, body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-org': org, ...headers } });
}

const retryAfter = (r: ApiAnswer) => r.headers.get('retry-after');

describe('sign-in limits', () => {
  let nc: NatsConnection;
  let org: TestOrg;
  let members: { email: string; password: string }[];
  let anon: ReturnType<typeof api>;
  /** the account locked by the wrong passwords below, and when its lock ends */
  let locked: { email: string; until: number };

  beforeAll(async () => {
    nc = await connect({ servers: env.NATS_URL.replace(/^nats:\/\//, ''), name: 'sign-in-limits-api' });
    const bus = new Bus(nc, { service: 'test', defaultTimeoutMs: 20_000 });
    org = await createTestOrg(bus);
    members = [];
    for (let i = 0; i < 33; i++) members.push(await createTestUser(bus, org.orgId, { email: `member${i}@${org.slug}.test` }));
    anon = api(GATEWAY, { org: org.slug });
  });
  afterAll(async () => {
    await nc?.drain();
  });

  it('six wrong passwords: the sixth answers 429 with Retry-After (the real remaining seconds), even for the right password', async () => {
    const victim = members[30];
    for (let i = 0; i < 5; i++) {
      const r = await anon.post('/login', { email: victim.email, password: WRONG });
      expect(r.status).toBe(401);
      expect(retryAfter(r)).toBeNull();
    }
    const sixth = await anon.post('/login', { email: victim.email, password: WRONG });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ success: false, code: 'TOO_MANY_ATTEMPTS', message: 'Too Many Attempts.' });
    const seconds = Number(retryAfter(sixth));
    expect(Number.isInteger(seconds)).toBe(true);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
    locked = { email: victim.email, until: Date.now() + seconds * 1000 };
    const right = await anon.post('/login', { email: victim.email, password: TEST_PASSWORD });
    expect(right.status).toBe(429);
    expect(Number(retryAfter(right))).toBeLessThanOrEqual(seconds);
    // the e-mail's case does not make it another account
    expect((await anon.post('/login', { email: victim.email.toUpperCase(), password: WRONG })).status).toBe(429);
  });

  it('thirty different members sign in from the same address within a minute, while that account is locked', async () => {
    const started = Date.now();
    const statuses: number[] = [];
    for (const m of members.slice(0, 30)) {
      const r = await anon.post('/login', { email: m.email, password: m.password });
      statuses.push(r.status);
      if (r.status === 200) expect(typeof r.body.token).toBe('string');
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(statuses).toEqual(Array(30).fill(200));
  });

  it('a spoofed X-Forwarded-For from an untrusted client does not change the counted address', async () => {
    for (const xff of ['198.51.100.23', '198.51.100.24, 127.0.0.1']) {
      const r = await anon.with({ headers: { 'x-forwarded-for': xff } }).post('/login', { email: locked.email, password: TEST_PASSWORD });
      expect(r.status).toBe(429);
    }
    // nor does one sent from 127.0.0.1 over a raw connection
    const raw = await loginFrom('127.0.0.1', org.slug, { email: locked.email, password: TEST_PASSWORD }, { 'x-forwarded-for': '198.51.100.25' });
    expect(raw.status).toBe(429);
  });

  it("behind the trusted proxy the forwarded client is counted: another client signs in to the locked account, and that client's failures are its own", async () => {
    const other = await loginFrom(TRUSTED_PROXY, org.slug, { email: locked.email, password: TEST_PASSWORD }, { 'x-forwarded-for': '198.51.100.23' });
    expect(other.status).toBe(200);
    expect(typeof other.body.token).toBe('string');
    // a client behind the proxy locks itself out of one account and only itself
    const member = members[31];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await loginFrom(TRUSTED_PROXY, org.slug, { email: member.email, password: WRONG }, { 'x-forwarded-for': '198.51.100.40' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const neighbour = await loginFrom(TRUSTED_PROXY, org.slug, { email: member.email, password: member.password }, { 'x-forwarded-for': '198.51.100.41' });
    expect(neighbour.status).toBe(200);
    // the proxy's own address was never counted for this account
    expect((await anon.post('/login', { email: member.email, password: member.password })).status).toBe(200);
  });

  it('a success clears the account failures', async () => {
    const m = members[32];
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await anon.post('/login', { email: m.email, password: WRONG })).status);
    statuses.push((await anon.post('/login', { email: m.email, password: m.password })).status);
    for (let i = 0; i < 5; i++) statuses.push((await anon.post('/login', { email: m.email, password: WRONG })).status);
    statuses.push((await anon.post('/login', { email: m.email, password: WRONG })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 200, 401, 401, 401, 401, 401, 429]);
  });

  it('another organization is not affected by this one', async () => {
    const fresh = await createTestOrg(env.NATS_URL);
    const r = await api(GATEWAY, { org: fresh.slug }).post('/login', { email: fresh.admin.email, password: fresh.admin.password });
    expect(r.status).toBe(200);
  });

  it('after the window the locked account signs in again', async () => {
    const wait = locked.until - Date.now() + 500;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const r = await anon.post('/login', { email: locked.email, password: TEST_PASSWORD });
    expect(r.status).toBe(200);
    expect(typeof r.body.token).toBe('string');
  }, (WINDOW_SECONDS + 30) * 1000);
});

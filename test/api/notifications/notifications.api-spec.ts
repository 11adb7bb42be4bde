/**
 * Through the gateway: the home widget's reminders (GET /api/reminders, POST /api/reminders/dismiss_all,
 * POST /api/reminders/{id}/dismiss) and the queue dashboard at /admin/queues (platform operators only, behind
 * QUEUE_DASHBOARD_USER/QUEUE_DASHBOARD_PASSWORD; never an organization's session, an admin's included). Reminders are fed by a meeting event,
 * published here as the meeting service publishes it.
 */
import 'reflect-metadata';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppPaths, MeetingScheduled, type Lang } from '@app/contracts';
import { createRootLogger, Events, PlatformModule } from '@app/platform';
import { api, createTestOrg, createTestUser, login, pollUntil, rawRequest as raw, startServiceProcess, testEnv, type ApiClient, type ServiceProcess, type TestOrg } from '@app/testing';

jest.setTimeout(120_000);

const env = testEnv();
const GATEWAY = env.TEST_GATEWAY_URL;

/** Raw HTTP to /admin/queues (not under /api), with the organization in X-Org. */
async function dashboard(slug: string, path: string, opts: { token?: string; cookie?: string; header?: string; lang?: Lang } = {}) {
  const res = await fetch(`${GATEWAY}/admin/queues${path}`, {
    redirect: 'manual',
    headers: {
      'x-org': slug,
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(opts.header ? { token: opts.header } : {}),
      ...(opts.lang ? { lang: opts.lang } : {}),
    },
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* html */
  }
  return { status: res.status, headers: res.headers, body, text };
}

describe('notifications through the gateway', () => {
  let events: INestApplicationContext;
  let org: TestOrg;
  let adminToken: string;
  let member: { email: string; password: string };
  let memberApi: ApiClient;

  beforeAll(async () => {
    createRootLogger('test', 'error');
    @Module({ imports: [PlatformModule.forRoot({ service: 'meeting', config: { SERVICE_NAME: 'meeting', NATS_URL: env.NATS_URL, REDIS_URL: env.REDIS_URL, RPC_TIMEOUT_MS: 10_000 }, streams: ['meeting'] })] })
    class Publisher {}
    events = await NestFactory.createApplicationContext(Publisher, { logger: false });
    await events.init();
    org = await createTestOrg(env.NATS_URL);
    adminToken = await login(GATEWAY, org.slug, org.admin.email, org.admin.password);
    member = await createTestUser(env.NATS_URL, org.orgId, { name: 'Reminded Member' });
    memberApi = api(GATEWAY, { org: org.slug, token: await login(GATEWAY, org.slug, member.email, member.password) });
  });

  afterAll(async () => {
    await events?.close();
  });

  function scheduled(meetingId: number, recipients: string[]) {
    return events.get(Events).publish(MeetingScheduled, {
      orgId: org.orgId,
      orgSlug: org.slug,
      orgName: 'Reminder Test Org',
      timeZone: 'UTC',
      meetingId,
      title: `Meeting ${meetingId}`,
      startsAt: '2030-05-06T09:30:00.000Z',
      startLocal: '2030-05-06 09:30:00',
      location: 'Room 1',
      virtual: false,
      link: AppPaths.meeting(meetingId),
      by: { userId: org.admin.userId, name: 'Admin', email: org.admin.email },
      recipients: recipients.map((email) => ({ email, name: null, lang: 'en' as const })),
    });
  }

  describe('reminders', () => {
    it('401 without a token', async () => {
      const r = await api(GATEWAY, { org: org.slug }).get('/reminders');
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ success: false, message: 'Authentication Fail' });
    });

    it('lists my reminders in my language, dismisses one, then all; someone else\'s is Not Found', async () => {
      await scheduled(3101, [member.email]);
      await scheduled(3102, [member.email, org.admin.email]);
      // events reach the notification service asynchronously; on a loaded CI machine that can take a while
      const listed = await pollUntil(() => memberApi.get('/reminders'), (r) => r.body?.data?.length === 2, 45_000);
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ success: true, meta: { page: 1, total: 2 } });
      const r3101 = listed.body.data.find((x: { meeting_id: number }) => x.meeting_id === 3101);
      expect(r3101).toMatchObject({
        type: 'meeting-scheduled',
        title: 'Meeting scheduled: Meeting 3101',
        message: 'The meeting starts on 06 May 2030 09:30 AM (UTC).',
        link: '/app/activity/meetings/3101',
        due_at: '2030-05-06 09:30:00',
      });
      const ar = await memberApi.with({ lang: 'ar' }).get('/reminders');
      expect(ar.body.data.find((x: { meeting_id: number }) => x.meeting_id === 3101).title).toBe('تمت جدولة اجتماع: Meeting 3101');
      expect((await memberApi.get('/reminders', { per_page: 1 })).body.meta).toMatchObject({ per_page: 1, total: 2, last_page: 2 });
      expect((await memberApi.get('/reminders', { per_page: 0 })).status).toBe(409);

      const admin = api(GATEWAY, { org: org.slug, token: adminToken });
      const adminList = await pollUntil(() => admin.get('/reminders'), (r) => r.body?.data?.length === 1, 45_000);
      const adminsOwn = adminList.body.data[0].id as number;
      const notMine = await memberApi.post(`/reminders/${adminsOwn}/dismiss`);
      expect(notMine.status).toBe(404);
      expect(notMine.body.message).toBe('Not Found');
      expect((await memberApi.post('/reminders/abc/dismiss')).status).toBe(409);

      const one = await memberApi.post(`/reminders/${r3101.id}/dismiss`);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ success: true, message: 'Reminder dismissed', data: { dismissed: 1 } });
      expect((await memberApi.get('/reminders')).body.data.map((x: { meeting_id: number }) => x.meeting_id)).toEqual([3102]);

      const all = await memberApi.with({ lang: 'ru' }).post('/reminders/dismiss_all');
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ success: true, message: 'Все напоминания скрыты', data: { dismissed: 1 } });
      expect((await memberApi.get('/reminders')).body.data).toEqual([]);
      // the administrator's reminder is untouched
      expect((await admin.get('/reminders')).body.data).toHaveLength(1);
    });
  });

  describe('queue dashboard at /admin/queues: platform operators only, behind its own credential', () => {
    const USER = 'operator';
    const PASSWORD = `op-${Date.now()}-long-enough-password`;
    const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    let gw: ServiceProcess;
    let base: string;

    beforeAll(async () => {
      // a second gateway with the operators' credential set (the test system runs with the dashboard off, as production does by default)
      gw = await startServiceProcess('gateway', { ...process.env, QUEUE_DASHBOARD_USER: USER, QUEUE_DASHBOARD_PASSWORD: PASSWORD });
      base = `http://127.0.0.1:${gw.port}`;
    }, 90_000);
    afterAll(async () => {
      await gw?.stop();
    });

    it('without a credential configured the dashboard is off: 404, an organization admin\'s session included', async () => {
      for (const path of ['', `?token=${encodeURIComponent(adminToken)}`, '/api/queues']) {
        const r = await dashboard(org.slug, path, { header: adminToken });
        expect(r.status).toBe(404);
      }
    });

    it('an organization admin\'s session never opens it (401 asking for the operators\' credential), in any form', async () => {
      const tries: Record<string, string>[] = [
        { 'x-org': org.slug, token: adminToken },
        { 'x-org': org.slug, authorization: `Bearer ${adminToken}` },
        { 'x-org': org.slug, cookie: `queues_token=${adminToken}` },
        { 'x-org': org.slug, authorization: basic(org.admin.email, org.admin.password) },
        { authorization: basic(USER, `${PASSWORD}x`) },
        { authorization: basic(`${USER}x`, PASSWORD) },
      ];
      for (const headers of tries) {
        for (const path of ['/admin/queues', `/admin/queues?token=${encodeURIComponent(adminToken)}`, '/admin/queues/api/queues']) {
          // from an address of its own: these wrong attempts count against it, not against the next tests' address
          const r = await raw(base, { method: 'GET', path, headers, localAddress: '127.0.0.4' });
          expect([path, r.status]).toEqual([path, 401]);
          expect(r.headers.get('www-authenticate')).toBe('Basic realm="Boardroom queues", charset="UTF-8"');
        }
      }
    });

    it('the operators\' credential opens it (200): every queue, payloads left sealed, no secret shown', async () => {
      const auth = { authorization: basic(USER, PASSWORD) };
      const page = await raw(base, { method: 'GET', path: '/admin/queues', headers: auth });
      expect(page.status).toBe(200);
      expect(String(page.body)).toContain('<html');
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      // an invitation e-mail job of this organization, to be seen sealed
      const admin = api(GATEWAY, { org: org.slug, token: adminToken });
      const roles = (await admin.get('/roles')).body.data as { id: number; name: string }[];
      const created = await admin.post('/users', { name: 'Dashboard Invitee', email: `dash-${Date.now()}@${org.slug}.test`, phone: '5550101', role_id: roles.find((r) => r.name !== 'Admin')?.id ?? roles[0].id, team: 'Board' });
      expect(created.status).toBe(200);
      type Job = { data: Record<string, unknown> };
      const queues = async () => {
        const r = await raw(base, { method: 'GET', path: '/admin/queues/api/queues?activeQueue=notification-email&status=latest&page=1&jobsPerPage=50', headers: auth });
        expect(r.status).toBe(200);
        return r.body as { queues: { name: string; jobs: Job[] }[] };
      };
      const found = await pollUntil(queues, (b) => !!b.queues.find((q) => q.name === 'notification-email')?.jobs.some((j) => j.data.orgId === org.orgId), 45_000);
      expect(found.queues.map((q) => q.name)).toEqual(expect.arrayContaining(['notification-email', 'notification-reminder']));
      for (const q of found.queues) {
        for (const j of q.jobs) {
          expect(JSON.stringify(j.data)).not.toMatch(/token=(?!\[hidden\])[A-Za-z0-9_-]{8,}|"token":"(?!\[hidden\])|"sealed"/);
        }
      }
      const own = found.queues.find((q) => q.name === 'notification-email')!.jobs.find((j) => j.data.orgId === org.orgId)!;
      expect(own.data.payload).toBe('[sealed]');
    });

    it('guessing the credential is limited per address: 429 after 20 attempts a minute', async () => {
      let last = 0;
      for (let i = 0; i < 21; i++) last = (await raw(base, { method: 'GET', path: '/admin/queues', headers: { authorization: basic(USER, `guess-${i}`) }, localAddress: '127.0.0.3' })).status;
      expect(last).toBe(429);
      // even the right credential waits from that address; another address is not affected
      expect((await raw(base, { method: 'GET', path: '/admin/queues', headers: { authorization: basic(USER, PASSWORD) }, localAddress: '127.0.0.3' })).status).toBe(429);
      expect((await raw(base, { method: 'GET', path: '/admin/queues', headers: { authorization: basic(USER, PASSWORD) } })).status).toBe(200);
    });
  });
});

/**
 * Through the gateway: the home widget's reminders (GET /api/reminders, POST /api/reminders/dismiss_all,
 * POST /api/reminders/{id}/dismiss) and the queue dashboard at /admin/queues (organization admins; a
 * `token` query parameter exchanged for an HttpOnly cookie). Reminders are fed by a meeting event,
 * published here as the meeting service publishes it.
 */
import 'reflect-metadata';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppPaths, MeetingScheduled, type Lang } from '@app/contracts';
import { createRootLogger, Events, PlatformModule } from '@app/platform';
import { api, createTestOrg, createTestUser, login, pollUntil, testEnv, type ApiClient, type TestOrg } from '@app/testing';

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
    @Module({ imports: [PlatformModule.forRoot({ service: 'test', config: { SERVICE_NAME: 'test', NATS_URL: env.NATS_URL, REDIS_URL: env.REDIS_URL, RPC_TIMEOUT_MS: 10_000 }, streams: ['meeting'] })] })
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

  describe('queue dashboard at /admin/queues', () => {
    it('answers 401 without a session and 403 to a member who is not an administrator', async () => {
      expect((await dashboard(org.slug, '')).status).toBe(401);
      expect((await dashboard(org.slug, '?token=not-a-session')).status).toBe(401);
      const memberToken = await login(GATEWAY, org.slug, member.email, member.password);
      const r = await dashboard(org.slug, `?token=${memberToken}`, { lang: 'ru' });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('Панель очередей доступна только администраторам организации.');
    });

    it('exchanges the token in the URL for an HttpOnly cookie scoped to /admin/queues, then serves the board', async () => {
      const first = await dashboard(org.slug, `?token=${encodeURIComponent(adminToken)}`);
      expect(first.status).toBe(303);
      expect(first.headers.get('location')).toBe('/admin/queues');
      const setCookie = first.headers.get('set-cookie') ?? '';
      expect(setCookie).toContain('queues_token=');
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/Path=\/admin\/queues/i);
      expect(setCookie).toMatch(/SameSite=Strict/i);
      const cookie = setCookie.split(';')[0];

      const page = await dashboard(org.slug, '', { cookie });
      expect(page.status).toBe(200);
      expect(page.text).toContain('<html');

      const queues = await dashboard(org.slug, '/api/queues?activeQueue=notification-email&status=latest&page=1&jobsPerPage=10', { cookie });
      expect(queues.status).toBe(200);
      const names = (queues.body.queues as { name: string }[]).map((q) => q.name);
      expect(names).toEqual(expect.arrayContaining(['notification-email', 'notification-reminder']));
      // jobs carry no secret in the dashboard, and other organizations' jobs show no data
      for (const q of queues.body.queues as { jobs: { data: Record<string, unknown> }[] }[]) {
        for (const j of q.jobs) expect(JSON.stringify(j.data)).not.toMatch(/token=(?!\[hidden\])[A-Za-z0-9_-]{8,}|"token":"(?!\[hidden\])/);
      }
      // the session header works for tools, the cookie is not valid for another organization
      expect((await dashboard(org.slug, '/api/queues', { header: adminToken })).status).toBe(200);
      const other = await createTestOrg(env.NATS_URL);
      expect((await dashboard(other.slug, '/api/queues', { cookie })).status).toBe(401);
    });

    it('shows the organization\'s own e-mail jobs with their secrets hidden', async () => {
      const admin = api(GATEWAY, { org: org.slug, token: adminToken });
      const roles = (await admin.get('/roles')).body.data as { id: number; name: string }[];
      const email = `dash-${Date.now()}@${org.slug}.test`;
      const created = await admin.post('/users', { name: 'Dashboard Invitee', email, phone: '5550101', role_id: roles.find((r) => r.name !== 'Admin')?.id ?? roles[0].id, team: 'Board' });
      expect(created.status).toBe(200);
      type Job = { id: string; data: { payload?: { to?: { email: string }; params?: Record<string, unknown> } } };
      const find = async () => {
        const r = await dashboard(org.slug, '/api/queues?activeQueue=notification-email&status=latest&page=1&jobsPerPage=50', { header: adminToken });
        const q = (r.body.queues as { name: string; jobs: Job[] }[]).find((x) => x.name === 'notification-email');
        return q?.jobs.find((j) => j.data.payload?.to?.email === email);
      };
      const job = await pollUntil(find, (j) => !!j, 45_000);
      expect(job).toBeDefined();
      expect(job!.data.payload!.params!.token).toBe('[hidden]');
      expect(job!.data.payload!.params!.email).toBe(email);
    });

    it('refuses queue-wide actions that would touch other organizations\' jobs', async () => {
      const r = await fetch(`${GATEWAY}/admin/queues/api/queues/notification-email/pause`, { method: 'PUT', headers: { 'x-org': org.slug, token: adminToken } });
      expect(r.status).toBeGreaterThanOrEqual(400);
      const q = await dashboard(org.slug, '/api/queues?activeQueue=notification-email', { header: adminToken });
      expect((q.body.queues as { name: string; isPaused: boolean }[]).find((x) => x.name === 'notification-email')?.isPaused).toBe(false);
    });
  });
});

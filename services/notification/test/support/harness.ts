import 'reflect-metadata';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import { DecisionOpened, ListPendingVoters, OrganizationUpdated } from '@app/contracts';
import { Bus, createRootLogger, Events, NATS_CONNECTION, PlatformModule, REDIS } from '@app/platform';
import { publisherForEveryOwner, testEnv, waitFor, type AnyOwnerPublisher, type TestEnv } from '@app/testing';
import { AppModule } from '../../src/app.module';
import { loadNotificationConfig, type NotificationConfig } from '../../src/config';

export const env: TestEnv = testEnv();

/** The notification service's environment for a test: real infrastructure, the test's SMTP sink, short timings. */
export function serviceEnv(smtpUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    HTTP_PORT: '0',
    DATABASE_URL: env.DATABASE_URL,
    NATS_URL: env.NATS_URL,
    REDIS_URL: env.REDIS_URL,
    SMTP_URL: smtpUrl,
    PUBLIC_BASE_DOMAIN: 'localhost:3000',
    RPC_TIMEOUT_MS: '1500',
    EMAIL_CONCURRENCY: '10',
    JOB_LOCK_MS: '4000',
    JOB_STALLED_INTERVAL_MS: '1000',
    // one minute before a deadline, so a test can set deadlines a minute and a few seconds away
    REMINDER_LEADS_MINUTES: '1',
    ...extra,
  };
  if (env.DATABASE_SET_ROLE) out.DATABASE_SET_ROLE = env.DATABASE_SET_ROLE;
  return out;
}

export function serviceConfig(smtpUrl: string, extra: Record<string, string> = {}): NotificationConfig {
  return loadNotificationConfig(serviceEnv(smtpUrl, extra));
}

/** The notification service in this process (consumers, processors and RPC handlers, no HTTP). */
export async function startNotification(config: NotificationConfig): Promise<INestApplicationContext> {
  createRootLogger('notification', config.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(AppModule.register(config), { logger: false });
  app.enableShutdownHooks();
  await app.init();
  return app;
}

/** A test client that calls any RPC and publishes each event as its owner (publisherForEveryOwner). */
export async function startPublisher(): Promise<{ app: INestApplicationContext; events: AnyOwnerPublisher; bus: Bus }> {
  createRootLogger('test', 'error');
  const config = { SERVICE_NAME: 'test', NATS_URL: env.NATS_URL, REDIS_URL: env.REDIS_URL, RPC_TIMEOUT_MS: 5000 };
  @Module({ imports: [PlatformModule.forRoot({ service: 'test', config, streams: ['organization', 'meeting'] })] })
  class PublisherModule {}
  const app = await NestFactory.createApplicationContext(PublisherModule, { logger: false });
  await app.init();
  return { app, events: publisherForEveryOwner(app.get(NATS_CONNECTION), app.get(REDIS)), bus: app.get(Bus) };
}

/**
 * The meeting service's side of ListPendingVoters for this suite (the meeting service does not run in the int tier):
 * a decision's voters who have not voted: DecisionOpened (published here) names its voters, and `vote` marks one as
 * voted, as a vote stored in the meeting service would (a vote publishes no event the notification service hears).
 * The notification service asks it when a deadline reminder fires. `pending` shows what it would answer.
 */
export async function meetingStandIn(pub: { app: INestApplicationContext; bus: Bus }): Promise<{ pending: (orgId: string, decisionId: number) => string[]; vote: (orgId: string, decisionId: number, email: string) => void }> {
  const voters = new Map<string, Set<string>>();
  const key = (orgId: string, decisionId: number) => `${orgId}:${decisionId}`;
  const of = (orgId: string, decisionId: number) => voters.get(key(orgId, decisionId)) ?? voters.set(key(orgId, decisionId), new Set()).get(key(orgId, decisionId))!;
  const events = pub.app.get(Events);
  // guests, by address, with the path of their own page (the meeting service makes their link again)
  const guestLinks = new Map<string, Map<string, string | null>>();
  await events.watch(DecisionOpened, (e) => {
    e.recipients.forEach((r) => of(e.orgId, e.decisionId).add(r.email.trim().toLowerCase()));
    guestLinks.set(key(e.orgId, e.decisionId), new Map(e.guestLinks.map((g) => [g.email.trim().toLowerCase(), g.link])));
  });
  pub.bus.handle(ListPendingVoters, (req) => {
    const emails = [...of(req.orgId, req.decisionId)];
    const guests = guestLinks.get(key(req.orgId, req.decisionId)) ?? new Map<string, string | null>();
    return { emails, guests: emails.filter((x) => guests.has(x)).map((email) => ({ email, link: guests.get(email) ?? null })) };
  });
  return { pending: (orgId, decisionId) => [...of(orgId, decisionId)], vote: (orgId, decisionId, email) => void of(orgId, decisionId).delete(email.trim().toLowerCase()) };
}

/** PostgreSQL as the owner, for assertions on the notification schema across organizations. */
export async function adminDb(): Promise<Client> {
  const c = new Client({ connectionString: env.DATABASE_ADMIN_URL });
  await c.connect();
  return c;
}

/** A fresh organization for the suite, known to the notification service through OrganizationUpdated. */
export async function freshOrganization(events: AnyOwnerPublisher, db: Client, name = 'Notify Test Board', timeoutMs = 20_000): Promise<{ orgId: string; slug: string; name: string; timeZone: string }> {
  const orgId = randomUUID();
  const slug = `nt${orgId.replace(/-/g, '').slice(0, 10)}`;
  const org = { orgId, slug, name, timeZone: 'Asia/Dubai' };
  await events.publish(OrganizationUpdated, { ...org, logo: null });
  await waitFor('the organization copy', async () => (await db.query('select 1 from notification.organizations where org_id = $1', [orgId])).rowCount, timeoutMs);
  return org;
}

/** A unique address for one recipient of one test. */
export const address = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;

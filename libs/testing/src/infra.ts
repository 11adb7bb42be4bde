import fs from 'node:fs';
import path from 'node:path';

/**
 * The infrastructure a jest test talks to. `npm test` (scripts/test.mjs) resolves it with
 * scripts/infra.mjs and passes it in the environment; when a developer runs jest directly, the
 * loopback defaults for the test database are used (PostgreSQL, NATS, Redis on their usual ports;
 * s3rver 4569; maildev 1025/1080 — start them with `npm test -- --only int` once, or by hand).
 *
 * This is a config file: it is the one place in libs/testing that reads process.env.
 */
export interface TestEnv {
  /** PostgreSQL as the application role boardroom_app (RLS applies), database boardroom_test */
  DATABASE_URL: string;
  /** PostgreSQL as the owner (migrations, fixtures that bypass the services) */
  DATABASE_ADMIN_URL: string;
  /** set with PGlite: the DB layer runs SET LOCAL ROLE to it in each transaction */
  DATABASE_SET_ROLE?: string;
  NATS_URL: string;
  REDIS_URL: string;
  S3_ENDPOINT: string;
  S3_ACCESS_KEY: string;
  S3_SECRET_KEY: string;
  S3_BUCKET: string;
  S3_REGION: string;
  SMTP_URL: string;
  /** maildev web UI / REST API (GET /email), '' when the SMTP server has none */
  MAIL_UI_URL: string;
  /** the running gateway for api and browser tests (npm test starts it on port 4000) */
  TEST_GATEWAY_URL: string;
}

export const TEST_ENV_DEFAULTS: Readonly<TestEnv> = Object.freeze({
  DATABASE_URL: 'postgres://boardroom_app@127.0.0.1:5432/boardroom_test',
  DATABASE_ADMIN_URL: 'postgres://postgres@127.0.0.1:5432/boardroom_test',
  NATS_URL: 'nats://127.0.0.1:4222',
  REDIS_URL: 'redis://127.0.0.1:6379',
  S3_ENDPOINT: 'http://127.0.0.1:4569',
  S3_ACCESS_KEY: 'S3RVER',
  S3_SECRET_KEY: 'S3RVER',
  S3_BUCKET: 'boardroom-test',
  S3_REGION: 'us-east-1',
  SMTP_URL: 'smtp://127.0.0.1:1025',
  MAIL_UI_URL: 'http://127.0.0.1:1080',
  TEST_GATEWAY_URL: 'http://127.0.0.1:4000',
});

/** The infra env for tests: process.env where set by `npm test`, else the loopback defaults. */
export function testEnv(env: Record<string, string | undefined> = process.env): TestEnv {
  const pick = <K extends keyof TestEnv>(key: K): string => {
    const v = env[key];
    return v !== undefined && v !== '' ? v : (TEST_ENV_DEFAULTS[key] ?? '');
  };
  const out: TestEnv = {
    DATABASE_URL: pick('DATABASE_URL'),
    DATABASE_ADMIN_URL: pick('DATABASE_ADMIN_URL'),
    NATS_URL: pick('NATS_URL'),
    REDIS_URL: pick('REDIS_URL'),
    S3_ENDPOINT: pick('S3_ENDPOINT'),
    S3_ACCESS_KEY: pick('S3_ACCESS_KEY'),
    S3_SECRET_KEY: pick('S3_SECRET_KEY'),
    S3_BUCKET: pick('S3_BUCKET'),
    S3_REGION: pick('S3_REGION'),
    SMTP_URL: pick('SMTP_URL'),
    // set (possibly to '') by npm test; the maildev default only when nobody said anything
    MAIL_UI_URL: env.MAIL_UI_URL ?? TEST_ENV_DEFAULTS.MAIL_UI_URL,
    TEST_GATEWAY_URL: pick('TEST_GATEWAY_URL'),
  };
  if (env.DATABASE_SET_ROLE) out.DATABASE_SET_ROLE = env.DATABASE_SET_ROLE;
  return out;
}

/**
 * How a service connects to the test database: its own role's URL (`npm test` passes DATABASE_URL_<SERVICE>, made by
 * scripts/infra.mjs; else the loopback default as `boardroom_<service>`) and, with PGlite, the role to SET in each
 * transaction. What scripts/services.mjs hands the running service as DATABASE_URL / DATABASE_SET_ROLE.
 */
export function serviceDatabase(service: string, env: Record<string, string | undefined> = process.env): { url: string; setRole?: string } {
  const role = `boardroom_${service}`;
  const given = env[`DATABASE_URL_${service.toUpperCase().replace(/-/g, '_')}`];
  let url = given;
  if (!url) {
    const u = new URL(testEnv(env).DATABASE_URL);
    u.username = role;
    u.password = '';
    url = u.toString();
  }
  return env.DATABASE_SET_ROLE ? { url, setRole: role } : { url };
}

/** 'pglite' when `npm test` started PGlite for this run (or DATABASE_SET_ROLE says so), else 'postgresql' */
export function databaseEngine(env: Record<string, string | undefined> = process.env): 'postgresql' | 'pglite' {
  if (env.TEST_DATABASE_ENGINE === 'pglite' || env.TEST_DATABASE_ENGINE === 'postgresql') return env.TEST_DATABASE_ENGINE;
  return env.DATABASE_SET_ROLE ? 'pglite' : 'postgresql';
}

/**
 * A test that races transactions proves nothing on PGlite, which runs them one at a time: it refuses to run there
 * (fails with this message) instead of passing vacuously. Call it first in such a test.
 */
export function requireConcurrentDatabase(what: string, env: Record<string, string | undefined> = process.env): void {
  if (databaseEngine(env) === 'pglite') {
    throw new Error(`${what} races transactions, and PGlite runs them one at a time, so it cannot fail there: run it against PostgreSQL (a server on 127.0.0.1:5432 or DATABASE_URL)`);
  }
}

/**
 * The logs the running system of THIS test run writes (`npm test` sets TEST_LOG_DIR: .data/test/logs, or
 * .data/test-<slot>/logs under TEST_SLOT, and TEST_RUN_STARTED). A test that scans logs reads these, never a fixed
 * path that another run may have filled; it fails when the folder is unknown or holds no log written since this run
 * started (the services log their start, so a run's own logs are always there).
 */
export function runLogFiles(env: Record<string, string | undefined> = process.env): string[] {
  const dir = env.TEST_LOG_DIR;
  const since = Number(env.TEST_RUN_STARTED);
  if (!dir || !Number.isFinite(since) || since <= 0) throw new Error('TEST_LOG_DIR and TEST_RUN_STARTED are not set: run the api tier through npm test, which starts the system and says where it logs');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.log')).map((f) => path.join(dir, f));
  const fresh = files.filter((f) => fs.statSync(f).mtimeMs >= since);
  if (!fresh.length) throw new Error(`no log in ${dir} was written since ${new Date(since).toISOString()}: the scan would prove nothing`);
  return fresh;
}

/**
 * A service's own Redis URL in the running system (its Valkey/Redis ACL user): `npm test` starts Redis with the
 * services' users by default (REDIS_IDENTITIES=1, scripts/infra.mjs) and passes each as REDIS_URL_<SERVICE>. A test
 * that needs them fails with this message when they are off, instead of passing without them.
 */
export function serviceRedisUrl(service: string, env: Record<string, string | undefined> = process.env): string {
  const url = env[`REDIS_URL_${service.toUpperCase().replace(/-/g, '_')}`];
  if (!url) throw new Error(`REDIS_URL_${service.toUpperCase()} is not set: run the api tier through npm test with the services' Redis users (REDIS_IDENTITIES=1, the default without a REDIS_URL)`);
  return url;
}

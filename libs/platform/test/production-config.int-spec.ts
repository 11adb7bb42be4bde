import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEVELOPMENT_SECRETS } from '@app/platform';
import { freePort, sleep, testEnv, testLogFile } from '@app/testing';

/**
 * No default secret in production (docs/security.md "Secrets and configuration"): each service's real entry point
 * (services/<name>/src/main.ts, as the image runs it) is started with NODE_ENV=production
 *   - with every secret it needs (scripts/services.mjs `secrets`) unset: it exits non-zero naming each one;
 *   - with each secret that has a development default set to it: it exits non-zero naming each one;
 *   - with all of them set to values of their own: it gets past its configuration and answers /health/live.
 * scripts/production-config.spec.ts checks each variable alone against each service's config.
 */
jest.setTimeout(600_000);

const ROOT = path.resolve(__dirname, '../../..');
const env = testEnv();
const manifest = JSON.parse(
  execFileSync(process.execPath, ['--input-type=module', '-e', "import { presentServices } from './scripts/services.mjs'; console.log(JSON.stringify(presentServices()))"], { cwd: ROOT, encoding: 'utf8' }),
) as { name: string; secrets?: string[] }[];
const devDefaults = DEVELOPMENT_SECRETS as Record<string, string>;

/** the environment of a production process on this machine's infrastructure, with no secret */
function productionEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    NATS_URL: env.NATS_URL,
    REDIS_URL: env.REDIS_URL,
    S3_ENDPOINT: env.S3_ENDPOINT,
    S3_BUCKET: env.S3_BUCKET,
    S3_REGION: env.S3_REGION,
    PUBLIC_BASE_DOMAIN: 'example.test',
    SHUTDOWN_DELAY_MS: '0',
    ...(env.DATABASE_SET_ROLE ? { DATABASE_SET_ROLE: env.DATABASE_SET_ROLE } : {}),
  };
}
/**
 * a value of its own for each secret (the infrastructure's where the process must reach it). SMTP_URL: a relay's name,
 * since production refuses the tests' maildev on a loopback address; the notification service connects only to send
 */
const realValue = (k: string): string =>
  k === 'DATABASE_URL' ? env.DATABASE_URL : k === 'SMTP_URL' ? 'smtp://relay.example.test:587' : randomBytes(24).toString('base64url');

/** run the entry point; resolve with its exit code and output, or with `live: true` once /health/live answers */
async function run(name: string, vars: Record<string, string>, opts: { untilLive: boolean }): Promise<{ code: number | null; output: string; live: boolean }> {
  const port = await freePort();
  const logFile = testLogFile(`production-${name}`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const child = spawn(process.execPath, ['-r', '@swc-node/register', `services/${name}/src/main.ts`], { cwd: ROOT, env: { ...vars, HTTP_PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  let code: number | null | undefined;
  void exited.then((c) => (code = c));
  let live = false;
  const deadline = Date.now() + 180_000;
  while (code === undefined && Date.now() < deadline) {
    if (opts.untilLive) live = await fetch(`http://127.0.0.1:${port}/health/live`).then((r) => r.ok, () => false);
    if (live) break;
    await sleep(250);
  }
  if (code === undefined) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  fs.appendFileSync(logFile, output);
  return { code: code ?? null, output, live };
}

/** two at a time (the machine is shared) */
async function each<T>(items: T[], fn: (x: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all([0, 1].map(async () => {
    for (let x = queue.shift(); x !== undefined; x = queue.shift()) await fn(x);
  }));
}

describe('a service started with NODE_ENV=production', () => {
  it('lists its secrets (scripts/services.mjs) for every service', () => {
    expect(manifest.length).toBeGreaterThanOrEqual(8);
    for (const s of manifest) expect({ name: s.name, secrets: s.secrets?.length ?? 0 }).toEqual({ name: s.name, secrets: expect.any(Number) });
    for (const s of manifest) expect(s.secrets).toContain('OUTBOX_KEY');
  });

  it('exits non-zero naming every secret it needs when they are unset', async () => {
    const results = new Map<string, { code: number | null; output: string }>();
    await each(manifest, async (s) => void results.set(s.name, await run(s.name, productionEnv(), { untilLive: false })));
    for (const s of manifest) {
      const r = results.get(s.name)!;
      expect({ service: s.name, code: r.code }).toEqual({ service: s.name, code: 1 });
      expect(r.output).toContain('Invalid configuration');
      for (const k of s.secrets ?? []) expect({ service: s.name, names: new RegExp(`^\\s+${k}: `, 'm').test(r.output) }).toEqual({ service: s.name, names: true });
    }
  });

  it('exits non-zero naming every secret still set to its development default', async () => {
    const results = new Map<string, { code: number | null; output: string; named: string[] }>();
    await each(manifest, async (s) => {
      const vars = productionEnv();
      const named: string[] = [];
      for (const k of s.secrets ?? []) {
        if (k in devDefaults) {
          vars[k] = devDefaults[k];
          named.push(k);
        } else vars[k] = realValue(k);
      }
      results.set(s.name, { ...(await run(s.name, vars, { untilLive: false })), named });
    });
    for (const s of manifest) {
      const r = results.get(s.name)!;
      expect(r.named.length).toBeGreaterThan(0);
      expect({ service: s.name, code: r.code }).toEqual({ service: s.name, code: 1 });
      for (const k of r.named) expect({ service: s.name, line: new RegExp(`^\\s+${k}: still a development default`, 'm').test(r.output) }).toEqual({ service: s.name, line: true });
      // the secrets given real values are not named
      for (const k of (s.secrets ?? []).filter((x) => !r.named.includes(x))) expect(new RegExp(`^\\s+${k}: `, 'm').test(r.output)).toBe(false);
    }
  });

  it('gets past its configuration and answers /health/live when every secret is set to a value of its own', async () => {
    const results = new Map<string, { code: number | null; output: string; live: boolean }>();
    await each(manifest, async (s) => {
      const vars = productionEnv();
      for (const k of s.secrets ?? []) vars[k] = realValue(k);
      results.set(s.name, await run(s.name, vars, { untilLive: true }));
    });
    for (const s of manifest) {
      const r = results.get(s.name)!;
      expect({ service: s.name, live: r.live, config: r.output.includes('Invalid configuration') }).toEqual({ service: s.name, live: true, config: false });
    }
  });
});

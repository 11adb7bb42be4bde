import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { redisUrlOf } from '@app/platform';
import { freePort } from '@app/testing';

/**
 * Compose's Redis (docker-compose.yml `redis`): deploy/redis/acl.sh writes the services' ACL users from the generated
 * rules (deploy/identities/valkey-users.acl, scripts/identities.ts) and each password from the environment, then
 * starts the server. Run here with a real redis-server in place of the image's entrypoint: the library service's user
 * is refused the notification queue, the default user answers PING only, and a missing password stops the start.
 */
const ROOT = path.resolve(__dirname, '../../..');
const SCRIPT = path.join(ROOT, 'deploy/redis/acl.sh');
const RULES = path.join(ROOT, 'deploy/identities/valkey-users.acl');
const USERS = fs
  .readFileSync(RULES, 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => l.split(' ')[0]);
const passwords = Object.fromEntries(USERS.map((u) => [u, randomBytes(16).toString('hex')]));
const passwordEnv = Object.fromEntries(USERS.map((u) => [`REDIS_PASSWORD_${u.toUpperCase().replace(/-/g, '_')}`, passwords[u]]));

function run(env: Record<string, string>, args: string[]): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn('sh', [SCRIPT, ...args], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

describe("Compose's Redis with the services' ACL users (deploy/redis/acl.sh)", () => {
  let dir = '';
  let port = 0;
  let server: ReturnType<typeof run>;
  const clients: Redis[] = [];
  const connect = (url: string) => {
    const r = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true, enableReadyCheck: false, retryStrategy: () => null });
    r.on('error', () => undefined);
    clients.push(r);
    return r;
  };
  const as = (user: string) => connect(redisUrlOf({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_USER: user, REDIS_PASSWORD: passwords[user] }));
  const refusal = (p: Promise<unknown>) => p.then(() => 'allowed', (e: unknown) => String((e as Error).message));

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-redis-'));
    port = await freePort();
    server = run({ ...passwordEnv, ACL_RULES: RULES, ACL_FILE: path.join(dir, 'users.acl'), REDIS_ENTRYPOINT: 'env' }, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir]);
    for (let i = 0; i < 100; i++) {
      if (server.child.exitCode !== null) throw new Error(`acl.sh exited: ${server.output()}`);
      if (/Ready to accept connections/.test(server.output())) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`redis-server did not start: ${server.output()}`);
  }, 30_000);

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    server?.child.kill('SIGTERM');
    if (server && server.child.exitCode === null) await new Promise((r) => server.child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('has every service of the generated rules, and the ACL file only the server may read', () => {
    expect(USERS.sort()).toEqual(['approval', 'gateway', 'library', 'meeting', 'minutes', 'notification', 'organization', 'presentation']);
    expect(fs.statSync(path.join(dir, 'users.acl')).mode & 0o077).toBe(0);
  });

  it("the library service's user cannot read or write the notification queue's keys; each its own", async () => {
    const notification = as('notification');
    const library = as('library');
    await expect(notification.set('bull:notification-email:1', 'job')).resolves.toBe('OK');
    await expect(refusal(library.get('bull:notification-email:1'))).resolves.toMatch(/^NOPERM/);
    await expect(refusal(library.set('bull:notification-email:1', 'forged'))).resolves.toMatch(/^NOPERM/);
    await expect(library.set('bull:library-convert:1', 'own')).resolves.toBe('OK');
    await expect(refusal(connect(redisUrlOf({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_USER: 'library', REDIS_PASSWORD: passwords.notification })).get('bull:library-convert:1'))).resolves.toMatch(/WRONGPASS/);
  });

  it('the default user (no credentials) answers PING for the healthcheck and nothing else', async () => {
    const anonymous = connect(`redis://127.0.0.1:${port}`);
    await expect(anonymous.ping()).resolves.toBe('PONG');
    await expect(refusal(anonymous.get('bull:library-convert:1'))).resolves.toMatch(/^NOPERM/);
    await expect(refusal(anonymous.keys('*'))).resolves.toMatch(/^NOPERM/);
  });

  it('refuses to start without a service password, naming the variable', async () => {
    const { REDIS_PASSWORD_MINUTES: _gone, ...missing } = passwordEnv;
    const bad = run({ ...missing, ACL_RULES: RULES, ACL_FILE: path.join(dir, 'bad.acl'), REDIS_ENTRYPOINT: 'env' }, ['--port', '1']);
    const code = await new Promise((r) => bad.child.once('exit', r));
    expect(code).not.toBe(0);
    expect(bad.output()).toMatch(/set REDIS_PASSWORD_MINUTES in \.env/);
  });
});

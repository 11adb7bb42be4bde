import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { redisConnection, redisUrlOf } from '@app/platform';
import { freePort } from '@app/testing';

/**
 * The services' Valkey ACL users as generated (deploy/identities/valkey-acl.json, the same as
 * k8s/infra/valkey.values.yaml; scripts/identities.ts), on a real redis-server started here on a spare port with the
 * default user off: one service's user cannot read or write another's keys, and BullMQ works within its own queue.
 */
interface Acl {
  user: string;
  keys: string[];
  commands: string;
}
const ACLS = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../deploy/identities/valkey-acl.json'), 'utf8')) as Acl[];
const seed = randomBytes(8).toString('hex');
const password = (user: string) => `pw-${user}-${seed}`;

describe('Valkey ACL users generated per service, on a real redis-server', () => {
  let child: ChildProcess;
  let port = 0;
  let dir = '';
  let output = '';
  const clients: Redis[] = [];
  const as = (user: string) => {
    const r = new Redis(redisUrlOf({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_USER: user, REDIS_PASSWORD: password(user) }), { maxRetriesPerRequest: 1, lazyConnect: true });
    clients.push(r);
    return r;
  };
  const refusal = (p: Promise<unknown>) => p.then(() => 'allowed', (e: unknown) => String((e as Error).message));

  beforeAll(async () => {
    port = await freePort();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-identities-'));
    const conf = path.join(dir, 'redis.conf');
    const users = ACLS.map((a) => `user ${a.user} on >${password(a.user)} resetkeys ${a.keys.map((k) => `~${k}`).join(' ')} resetchannels ${a.commands}`);
    fs.writeFileSync(conf, [`port ${port}`, 'bind 127.0.0.1', `dir ${dir}`, 'save ""', 'appendonly no', 'user default off', ...users, ''].join('\n'));
    child = spawn('redis-server', [conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
      if (/Ready to accept connections/.test(output)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`redis-server did not start: ${output}`);
  }, 30_000);

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    child?.kill('SIGTERM');
    if (child && child.exitCode === null) await new Promise((r) => child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('has a user for every service', () => {
    expect(ACLS.map((a) => a.user).sort()).toEqual(['approval', 'gateway', 'library', 'meeting', 'minutes', 'notification', 'organization', 'presentation']);
  });

  it('refuses a connection without credentials (the default user is off)', async () => {
    const r = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 0, lazyConnect: true, enableReadyCheck: false, retryStrategy: () => null });
    r.on('error', () => undefined);
    clients.push(r);
    await r.connect();
    await expect(refusal(r.get('bull:library-convert:1'))).resolves.toMatch(/NOAUTH/);
  });

  it("one service's user cannot read or write another's keys; its own it can", async () => {
    const notification = as('notification');
    const library = as('library');
    const presentation = as('presentation');
    await notification.set('bull:notification-email:probe', 'mail job');
    await presentation.set('pres:{org:1}:2:state', 'room');
    // its own
    await expect(notification.get('bull:notification-email:probe')).resolves.toBe('mail job');
    await expect(library.set('bull:library-convert:probe', 'x')).resolves.toBe('OK');
    // another's: refused by the server
    await expect(refusal(library.get('bull:notification-email:probe'))).resolves.toMatch(/NOPERM/);
    await expect(refusal(library.set('bull:notification-email:probe', 'forged'))).resolves.toMatch(/NOPERM/);
    await expect(refusal(library.get('pres:{org:1}:2:state'))).resolves.toMatch(/NOPERM/);
    await expect(refusal(library.get('sess:anything'))).resolves.toMatch(/NOPERM/);
    await expect(refusal(as('meeting').get('evt:notification__x:1'))).resolves.toMatch(/NOPERM/);
    // and no administration
    await expect(refusal(library.flushall())).resolves.toMatch(/NOPERM/);
    await expect(refusal(library.keys('*'))).resolves.toMatch(/NOPERM/);
    await expect(notification.get('bull:notification-email:probe')).resolves.toBe('mail job');
  });

  it('BullMQ adds and processes a job within its own queue, and not in another service’s', async () => {
    const url = redisUrlOf({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_USER: 'library', REDIS_PASSWORD: password('library') });
    const queue = new Queue('library-convert', { connection: redisConnection(url), prefix: 'bull' });
    const done = new Promise<unknown>((resolve) => {
      const worker = new Worker('library-convert', async (job) => job.data, { connection: redisConnection(url), prefix: 'bull' });
      worker.on('completed', (job, value) => void worker.close().then(() => resolve(value)));
    });
    await queue.add('convert', { n: 1 });
    await expect(done).resolves.toEqual({ n: 1 });
    await queue.close();
    const other = new Queue('notification-email', { connection: redisConnection(url), prefix: 'bull' });
    other.on('error', () => undefined);
    await expect(refusal(other.add('send', { to: 'x' }))).resolves.toMatch(/NOPERM/);
    await other.close().catch(() => undefined);
  }, 30_000);
});

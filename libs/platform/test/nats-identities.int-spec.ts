import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { DeleteMeeting, MeetingScheduled, SYSTEM_ACTOR } from '@app/contracts';
import { Bus, PlatformModule } from '@app/platform';
import { freePort, testEnv } from '@app/testing';

/**
 * The services' NATS users as generated (deploy/identities/nats-authorization.conf, scripts/identities.ts), on a real
 * nats-server started here on a spare port: the server itself refuses what a service's user may not do, whatever the
 * service's code would try. Each service connects through libs/platform (PlatformModule: NATS_USER/NATS_PASSWORD,
 * inbox `_INBOX.<service>`), as in the cluster.
 */
const CONF = path.resolve(__dirname, '../../../deploy/identities/nats-authorization.conf');
const env = testEnv();
const password = (user: string) => `pw-${user}-${PASSWORDS_SEED}`;
const PASSWORDS_SEED = randomBytes(8).toString('hex');
const USERS = [...fs.readFileSync(CONF, 'utf8').matchAll(/^\s*user: "([a-z-]+)"$/gm)].map((m) => m[1]);

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nats-server exited: ${log()}`);
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.end(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nats-server did not listen on ${port}: ${log()}`);
}

function moduleFor(service: string, url: string) {
  @Module({
    imports: [
      PlatformModule.forRoot({
        service,
        config: { SERVICE_NAME: service, NATS_URL: url, NATS_USER: service, NATS_PASSWORD: password(service), REDIS_URL: env.REDIS_URL, RPC_TIMEOUT_MS: 3000, NATS_STREAM_REPLICAS: 1 },
      }),
    ],
  })
  class IdentityTestModule {}
  return IdentityTestModule;
}

describe('NATS users generated from the contracts, on a real nats-server', () => {
  let child: ChildProcess;
  let url = '';
  let port = 0;
  let output = '';
  let dir = '';
  const apps: INestApplicationContext[] = [];
  const start = async (service: string) => {
    const app = await NestFactory.createApplicationContext(moduleFor(service, url), { logger: false });
    await app.init();
    apps.push(app);
    return app;
  };
  const extra: NatsConnection[] = [];

  beforeAll(async () => {
    port = await freePort();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nats-identities-'));
    const serverEnv: Record<string, string> = { ...(process.env as Record<string, string>) };
    for (const u of USERS) serverEnv[`NATS_PASSWORD_${u.toUpperCase().replace(/-/g, '_')}`] = password(u);
    child = spawn('nats-server', ['-c', CONF, '-js', '-sd', dir, '-a', '127.0.0.1', '-p', String(port)], { env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await waitForPort(port, child, () => output);
    url = `nats://127.0.0.1:${port}`;
  }, 30_000);

  afterAll(async () => {
    for (const nc of extra) await nc.close().catch(() => undefined);
    for (const a of apps) await a.close().catch(() => undefined);
    child?.kill('SIGTERM');
    if (child && child.exitCode === null) await new Promise((r) => child.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('has a user for every service, and the local tooling user', () => {
    expect(USERS).toEqual(expect.arrayContaining(['organization', 'meeting', 'notification', 'approval', 'library', 'presentation', 'minutes', 'gateway', 'tooling']));
  });

  it('refuses a wrong password', async () => {
    await expect(connect({ servers: `127.0.0.1:${port}`, user: 'meeting', pass: 'not-the-password', reconnect: false })).rejects.toThrow(/Authorization/i);
  });

  /** the server's -ERR lines that reach a connection (permission violations), as text */
  const errorsOf = (nc: NatsConnection): string[] => {
    const errors: string[] = [];
    (async () => {
      for await (const s of nc.status()) if (s.type === 'error') errors.push(String((s.error as Error)?.message ?? s.error));
    })().catch(() => undefined);
    return errors;
  };

  it("the meeting service's user publishes a meeting event; the library service's user is refused", async () => {
    const meeting = await start('meeting');
    const library = await start('library');
    const libraryErrors = errorsOf(library.get(Bus).connection);
    // what the server judges: a JetStream publish of the event's subject (the PubAck comes from the MEETING stream)
    const js = (app: INestApplicationContext) => jetstream(app.get(Bus).connection, { timeout: 2000 });
    const ack = await js(meeting).publish(MeetingScheduled.subject, new TextEncoder().encode('{}'), { msgID: randomUUID() });
    expect(ack.stream).toBe('MEETING');
    const refused = await js(library)
      .publish(MeetingScheduled.subject, new TextEncoder().encode('{}'), { msgID: randomUUID() })
      .then(() => 'stored', (e: unknown) => String((e as Error).message ?? e));
    expect(refused).not.toBe('stored');
    await library.get(Bus).connection.flush();
    expect(libraryErrors.join('\n')).toMatch(/Permissions Violation for Publish to "meeting\.v1\.meeting\.scheduled"/);
    // and the stream holds the meeting service's message only
    const info = await jetstreamManager(meeting.get(Bus).connection).then((m) => m.streams.info('MEETING'));
    expect(info.state.messages).toBe(1);
  }, 30_000);

  it('an RPC round trip: the gateway calls a meeting RPC, the meeting service answers', async () => {
    const meeting = apps[0];
    meeting.get(Bus).handle(DeleteMeeting, () => ({ ok: true as const }));
    const gateway = await start('gateway');
    await expect(gateway.get(Bus).request(DeleteMeeting, { orgId: randomUUID(), actor: SYSTEM_ACTOR, meetingId: 7 })).resolves.toEqual({ ok: true });
  }, 30_000);

  it("the library service's user may neither serve a meeting RPC nor read another service's replies", async () => {
    const nc = await connect({ servers: `127.0.0.1:${port}`, user: 'library', pass: password('library'), inboxPrefix: '_INBOX.library' });
    extra.push(nc);
    const errors = errorsOf(nc);
    nc.subscribe(DeleteMeeting.subject);
    nc.subscribe('_INBOX.gateway.>');
    await nc.flush();
    await new Promise((r) => setTimeout(r, 300));
    expect(errors.join('\n')).toMatch(/Permissions Violation for Subscription to "meeting\.v1\.delete-meeting"/);
    expect(errors.join('\n')).toMatch(/Permissions Violation for Subscription to "_INBOX\.gateway\.>"/);
  }, 30_000);
});

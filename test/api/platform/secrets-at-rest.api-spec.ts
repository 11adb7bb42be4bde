import fs from 'node:fs';
import path from 'node:path';
import IORedis from 'ioredis';
import { Client } from 'pg';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { MemberInvited, SendEmail } from '@app/contracts';
import { openJobData, type JobData } from '@app/platform';
import { api, mailsTo, openEvent, pollUntil, runLogFiles, sleep, testSeal, uniqueSlug } from '@app/testing';
import { closeRedis, env, expectOk, scheduled, world, type World } from '../meeting/helpers';

/**
 * No token at rest in plain text (issue 9, docs/decisions.md "Secrets at rest"): a guest invited to a scheduled
 * meeting gets an e-mail whose link works, while the guest's token (and so its link) is readable in none of the
 * places the invitation travels through and rests in: the raw JetStream stream messages, the raw BullMQ job hashes
 * (and every other key) in Redis, any row of any table in PostgreSQL, and the services' logs. The sealed stream
 * message and job are found and opened with the services' key, so the test proves they are the ones that carry it.
 */
jest.setTimeout(120_000);

/** Every string Redis holds under a key, whatever the key's type. */
async function redisValues(redis: IORedis, key: string): Promise<string[]> {
  const type = await redis.type(key);
  switch (type) {
    case 'string':
      return [(await redis.get(key)) ?? ''];
    case 'hash':
      return Object.entries(await redis.hgetall(key)).flat();
    case 'list':
      return redis.lrange(key, 0, -1);
    case 'set':
      return redis.smembers(key);
    case 'zset':
      return redis.zrange(key, 0, -1);
    case 'stream':
      return (await redis.xrange(key, '-', '+')).flatMap(([id, fields]) => [id, ...fields]);
    default:
      return [];
  }
}

describe('secrets at rest: a guest invitation', () => {
  let w: World;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let redis: IORedis;
  let db: Client;

  beforeAll(async () => {
    w = await world();
    nc = await connect({ servers: env.NATS_URL.replace(/^nats:\/\//, ''), name: 'secrets-at-rest' });
    jsm = await jetstreamManager(nc);
    redis = new IORedis(env.REDIS_URL, { maxRetriesPerRequest: 2 });
    db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await db.connect();
  });
  afterAll(async () => {
    await nc?.drain().catch(() => undefined);
    redis?.disconnect();
    await db?.end();
    closeRedis();
  });

  it('the e-mailed link works, and the token is in clear in no stream message, Redis key, table row or log', async () => {
    const m = await scheduled(w);
    // where each stream stood before the invitation: only what comes after is read
    const streams = new Map<string, number>();
    for await (const s of jsm.streams.list()) streams.set(s.config.name, s.state.last_seq);

    const email = `guest-${uniqueSlug('g')}@example.test`;
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: email, guest_name: 'Sealed Guest' }));

    // the e-mail arrives, and its link opens the meeting for the guest
    const mails = await pollUntil(() => mailsTo(email), (x) => x.length >= 1, 60_000);
    const text = `${mails[0].text ?? ''}\n${mails[0].html ?? ''}`;
    const link = /https?:\/\/[^\s"'<>]+\/meeting\/(\d+)\?token=([A-Za-z0-9_-]+)/.exec(text);
    expect(link).not.toBeNull();
    const [whole, meetingId, token] = link!;
    expect(Number(meetingId)).toBe(m.id);
    expect(token.length).toBeGreaterThanOrEqual(20);
    const opened = await api(env.TEST_GATEWAY_URL, { org: w.org.slug }).get(`/meeting/guest/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ id: m.id, current_member: { user_email: email } });
    const secrets = [token, encodeURIComponent(token), `token=${token}`];
    const leaks = (where: string, value: string): string[] => (secrets.some((s) => value.includes(s)) ? [where] : []);
    const found: string[] = [];

    // JetStream: every message appended to any stream since the invitation, raw; the invitation itself is sealed
    let invitation: Uint8Array | undefined;
    for await (const s of jsm.streams.list()) {
      const from = (streams.get(s.config.name) ?? 0) + 1;
      for (let seq = Math.max(from, s.state.first_seq); seq <= s.state.last_seq; seq++) {
        const msg = await jsm.streams.getMessage(s.config.name, { seq }).catch(() => null);
        if (!msg) continue;
        found.push(...leaks(`stream ${s.config.name} #${seq} (${msg.subject})`, new TextDecoder().decode(msg.data)));
        if (msg.subject === MemberInvited.subject) {
          const e = openEvent<{ meetingId: number; recipient: { email: string }; link: string }>(msg.data);
          if (e.payload.meetingId === m.id && e.payload.recipient.email === email) invitation = msg.data;
        }
      }
    }
    expect(invitation).toBeDefined();
    expect(JSON.parse(new TextDecoder().decode(invitation))).toMatchObject({ subject: MemberInvited.subject, sealed: expect.stringMatching(/^v1\./) });
    expect(openEvent<{ link: string }>(invitation!).payload.link).toContain(token);

    // Redis: the e-mail job's hash holds ciphertext that opens to the link; no key of the run's database holds the token
    let job: Record<string, string> | undefined;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        found.push(...leaks(`redis key name ${key}`, key));
        for (const value of await redisValues(redis, key)) found.push(...leaks(`redis ${key}`, value));
        if (key.startsWith(`bull:${SendEmail.queue}:`) && (await redis.type(key)) === 'hash') {
          const h = await redis.hgetall(key);
          if (h.name !== SendEmail.name || !h.data) continue;
          const data = JSON.parse(h.data) as JobData;
          if (data.orgId !== w.org.orgId || typeof data.sealed !== 'string') continue;
          const payload = openJobData(testSeal, SendEmail.queue, SendEmail.name, data) as { to?: { email?: string }; link?: string };
          if (payload.to?.email === email) job = h;
        }
      }
    } while (cursor !== '0');
    expect(job).toBeDefined();
    // in clear: the tenant, the correlation id and the W3C trace context (docs/operations.md, tracing); all else sealed
    expect(JSON.parse(job!.data)).toEqual({
      orgId: w.org.orgId, correlationId: expect.any(String), traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/), sealed: expect.stringMatching(/^v1\./),
    });
    expect(JSON.stringify(openJobData(testSeal, SendEmail.queue, SendEmail.name, JSON.parse(job!.data)))).toContain(token);

    // PostgreSQL: no row of any table of any schema (outboxes, members, e-mail records) holds it
    const tables = await db.query<{ s: string; t: string }>(
      `SELECT table_schema AS s, table_name AS t FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    expect(tables.rows.length).toBeGreaterThan(10);
    for (const { s, t } of tables.rows) {
      const r = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${s}"."${t}" x WHERE strpos(x::text, $1) > 0`, [token]);
      if (r.rows[0].n !== '0') found.push(`table ${s}.${t}: ${r.rows[0].n} row(s)`);
    }

    // logs: the services' output of this run
    await sleep(1500);
    // this run's logs only (TEST_LOG_DIR, written since the run started)
    for (const f of runLogFiles()) found.push(...leaks(`log ${path.basename(f)}`, fs.readFileSync(f, 'utf8')));

    expect(found).toEqual([]);
    expect(whole).toContain(`/meeting/${m.id}?token=`);
  });
});

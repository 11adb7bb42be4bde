import 'reflect-metadata';
import { Injectable, Module, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { defineEvent, streamOf } from '@app/contracts';
import { Db, Events, OnEvent, Outbox, PayloadSeal, PlatformModule, ensureOutbox, ensureRole, ensureTenantRls } from '@app/platform';
import { sleep, testEnv, waitFor } from '@app/testing';

/** The outbox commits or rolls back with the change it announces, and is published exactly once. */
const env = testEnv();
const service = `otest${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;
const Changed = defineEvent({ subject: `${service}.v1.thing.changed`, payload: z.object({ orgId: z.string(), n: z.number() }) });
const received: number[] = [];

@Injectable()
class Consumer {
  @OnEvent(Changed) on(p: { n: number }) {
    received.push(p.n);
  }
}

const config = {
  SERVICE_NAME: service, NATS_URL: env.NATS_URL, REDIS_URL: env.REDIS_URL, RPC_TIMEOUT_MS: 2000,
  DATABASE_URL: env.DATABASE_URL, DATABASE_SET_ROLE: env.DATABASE_SET_ROLE,
};
@Module({ imports: [PlatformModule.forRoot({ service, config, db: { schema: {} } })], providers: [Consumer] })
class TestModule {}

describe('transactional outbox', () => {
  let admin: Client;
  let app: INestApplicationContext;
  let db: Db;
  let outbox: Outbox;
  const orgId = randomUUID();

  beforeAll(async () => {
    admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${service}"`);
    await admin.query(`CREATE TABLE "${service}".things (id int primary key, org_id uuid not null)`);
    await ensureOutbox(admin, service);
    await ensureTenantRls(admin, service);
    await ensureRole(admin, 'boardroom_app');
    await admin.query(`GRANT USAGE ON SCHEMA "${service}" TO boardroom_app`);
    await admin.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${service}" TO boardroom_app`);
    app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    await app.init();
    db = app.get(Db);
    outbox = app.get(Outbox);
  });
  afterAll(async () => {
    await app.close();
    await admin.query(`DROP SCHEMA "${service}" CASCADE`);
    await admin.end();
  });

  it('a rolled-back change announces nothing', async () => {
    await expect(
      db.tenant(orgId, async (tx) => {
        await tx.execute(sql.raw(`INSERT INTO "${service}".things VALUES (1, '${orgId}')`));
        await outbox.add(tx, Changed, { orgId, n: 1 });
        throw new Error('the use case fails after writing');
      }),
    ).rejects.toThrow('the use case fails');
    await outbox.drain();
    expect(await outbox.pending()).toBe(0);
    const rows = (await admin.query(`SELECT count(*)::int AS n FROM "${service}".__outbox`)).rows[0].n;
    expect(rows).toBe(0);
  });

  it('a committed change is published once, even when the relay runs again', async () => {
    await db.tenant(orgId, async (tx) => {
      await tx.execute(sql.raw(`INSERT INTO "${service}".things VALUES (2, '${orgId}')`));
      await outbox.add(tx, Changed, { orgId, n: 2 });
    });
    // at rest the row holds the payload sealed (issue 9: links with tokens are never plain text in a table)
    const stored = (await admin.query(`SELECT envelope FROM "${service}".__outbox`)).rows.map((r) => r.envelope);
    for (const e of stored) {
      expect(e).not.toHaveProperty('payload');
      expect(e.sealed).toMatch(/^v1\./);
    }
    await waitFor('event 2', () => received.includes(2), 8000, 50);
    await outbox.drain();
    await sleep(300);
    expect(received.filter((n) => n === 2)).toHaveLength(1);
    expect(await outbox.pending()).toBe(0);
  });

  it("one organization's transaction cannot see another's pending events", async () => {
    const other = randomUUID();
    await admin.query(`INSERT INTO "${service}".__outbox (id, org_id, subject, envelope, published_at) VALUES ($1, $2, $3, '{}', now())`, [randomUUID(), other, Changed.subject]);
    const seenByOrg = await db.tenant(orgId, async (_tx, c) => (await c.query(`SELECT org_id FROM "${service}".__outbox`)).rows.map((r) => r.org_id));
    expect(seenByOrg).not.toContain(other);
    expect(new Set(seenByOrg)).toEqual(new Set(seenByOrg.length ? [orgId] : []));
  });

  it('events left pending by a process that died are published by the next relay, and a re-publish is deduplicated', async () => {
    // a row committed but never relayed (the process died right after commit)
    const id = randomUUID();
    const envelope = { id, subject: Changed.subject, occurredAt: new Date().toISOString(), payload: { orgId, n: 3 } };
    await admin.query(`INSERT INTO "${service}".__outbox (id, org_id, subject, envelope) VALUES ($1, $2, $3, $4)`, [id, orgId, Changed.subject, JSON.stringify(envelope)]);
    await waitFor('event 3', () => received.includes(3), 8000, 50);
    // a relay that published but died before marking the row: the same id again is dropped by the stream
    await admin.query(`UPDATE "${service}".__outbox SET published_at = NULL WHERE id = $1`, [id]);
    await outbox.drain();
    await sleep(300);
    expect(received.filter((n) => n === 3)).toHaveLength(1);
  });

  it("one transaction's events are published in the order it wrote them", async () => {
    // one created_at for all of them (the transaction's start): the relay orders them by seq, as written
    const ns = Array.from({ length: 60 }, (_, i) => 300 + i);
    await db.tenant(orgId, async (tx) => {
      await outbox.addMany(tx, ns.slice(0, 59).map((n) => ({ def: Changed, payload: { orgId, n } })));
      await outbox.add(tx, Changed, { orgId, n: ns[59] });
    });
    await waitFor('events 300..359', () => ns.every((n) => received.includes(n)), 15_000, 50);
    expect(received.filter((n) => n >= 300 && n < 400)).toEqual(ns);
  });

  it('a batch published together arrives in order and exactly once, after a relay that died mid-batch', async () => {
    // 100 rows committed at once (one claimed batch: BATCH is 200), oldest first; every other one sealed before
    // `sealedBy` existed (or under a key the relay must name), so both the as-stored and the re-sealed paths interleave
    const seal = PayloadSeal.fromKey(undefined, false);
    const ns = Array.from({ length: 100 }, (_, i) => 100 + i);
    const envelopes = ns.map((n) => ({ id: randomUUID(), subject: Changed.subject, occurredAt: new Date().toISOString(), payload: { orgId, n } }));
    const t0 = Date.now();
    const values = envelopes.map((_, i) => `($${4 * i + 1}::uuid, '${orgId}'::uuid, '${Changed.subject}', $${4 * i + 2}::jsonb, $${4 * i + 3}::timestamptz + ($${4 * i + 4}::int * interval '1 millisecond'))`);
    const params = envelopes.flatMap((e, i) => [e.id, JSON.stringify(i % 2 ? seal.seal(e) : { ...seal.seal(e), sealedBy: seal.keyId }), new Date(t0).toISOString(), i]);
    // the relay that died had published the batch's first 40 (the stream holds them) and marked nothing
    const events = app.get(Events);
    for (const e of envelopes.slice(0, 40)) await events.publishEnvelope(service, e);
    await admin.query(`INSERT INTO "${service}".__outbox (id, org_id, subject, envelope, created_at) VALUES ${values.join(', ')}`, params);
    await outbox.drain();
    await waitFor('events 100..199', () => ns.every((n) => received.includes(n)), 15_000, 50);
    // a relay running again over rows it already published (its marks lost) is deduplicated too
    await admin.query(`UPDATE "${service}".__outbox SET published_at = NULL WHERE id = ANY($1::uuid[])`, [envelopes.slice(60).map((e) => e.id)]);
    expect(await outbox.drain()).toBe(40);
    await sleep(500);
    expect(received.filter((n) => n >= 100 && n < 200)).toEqual(ns);
    expect(await outbox.pending()).toBe(0);
    // the stream holds the batch once, in the order written: its last 60 messages are 140..199, each a sealed envelope
    // without the row's key name, opened by the key that sealed it
    const nc = await connect({ servers: env.NATS_URL });
    try {
      const jsm = await jetstreamManager(nc);
      const stream = streamOf(Changed.owner);
      const last = (await jsm.streams.info(stream)).state.last_seq;
      const tail: Array<{ n: number; keys: string[] }> = [];
      for (let seq = last - 59; seq <= last; seq++) {
        const m = await jsm.streams.getMessage(stream, { seq });
        const sealed = m!.json<Record<string, unknown> & { id: string; sealed: string }>();
        tail.push({ n: (seal.open(sealed).payload as { n: number }).n, keys: Object.keys(sealed).filter((k) => k === 'sealedBy' || k === 'payload') });
      }
      expect(tail).toEqual(ns.slice(40).map((n) => ({ n, keys: [] })));
    } finally {
      await nc.close();
    }
  });
});

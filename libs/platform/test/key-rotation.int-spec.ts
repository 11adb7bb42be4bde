import 'reflect-metadata';
import { Injectable, Module, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineEvent } from '@app/contracts';
import { Db, OnEvent, Outbox, PayloadSeal, PlatformModule, SecretBox, ensureOutbox, ensureRole, ensureTenantRls } from '@app/platform';
import { sleep, testEnv, waitFor } from '@app/testing';

/**
 * Key rotation without downtime (issue 26, docs/operations.md#rotating-secrets), against real PostgreSQL and NATS
 * JetStream. OUTBOX_KEY: an event sealed under the old key (an outbox row not yet relayed, a message resting in the
 * stream) is still delivered by a service started with the new key and OUTBOX_KEY_PREVIOUS=old, and refused (never
 * handed to the handler) by one started with the new key alone. AUTH_SECRET: a value sealed in a table under the
 * old secret opens with AUTH_SECRET_PREVIOUS, is written back sealed under the new one, and a value that was not
 * re-sealed no longer opens once the previous secret is dropped.
 */
jest.setTimeout(120_000);

const env = testEnv();
const service = `krot${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;
const Changed = defineEvent({ subject: `${service}.v1.thing.changed`, payload: z.object({ orgId: z.string(), n: z.number() }) });
const received: number[] = [];
const OLD = 'outbox-key-before-the-rotation';
const NEW = 'outbox-key-after-the-rotation!';
const AUTH_OLD = 'auth-secret-before-the-rotation';
const AUTH_NEW = 'auth-secret-after-the-rotation!';

@Injectable()
class Consumer {
  @OnEvent(Changed) on(p: { n: number }) {
    received.push(p.n);
  }
}

const baseConfig = {
  SERVICE_NAME: service, NATS_URL: env.NATS_URL, REDIS_URL: env.REDIS_URL, RPC_TIMEOUT_MS: 2000,
  DATABASE_URL: env.DATABASE_URL, DATABASE_SET_ROLE: env.DATABASE_SET_ROLE,
};

/** the service with this key ring (a pod of one phase of the rotation) */
async function start(keys: { OUTBOX_KEY: string; OUTBOX_KEY_PREVIOUS?: string }): Promise<INestApplicationContext> {
  @Module({ imports: [PlatformModule.forRoot({ service, config: { ...baseConfig, ...keys }, db: { schema: {} } })], providers: [Consumer] })
  class PhaseModule {}
  const app = await NestFactory.createApplicationContext(PhaseModule, { logger: false });
  await app.init();
  return app;
}

const envelopeOf = (orgId: string, n: number) => ({ id: randomUUID(), subject: Changed.subject, occurredAt: new Date().toISOString(), payload: { orgId, n } });

describe('key rotation: OUTBOX_KEY and AUTH_SECRET rings on real PostgreSQL and NATS', () => {
  let admin: Client;
  let nc: NatsConnection;
  let app: INestApplicationContext | undefined;
  const orgId = randomUUID();

  /** an outbox row committed by a pod that seals with `key`, not yet relayed */
  async function pendingRow(key: string, n: number): Promise<string> {
    const e = envelopeOf(orgId, n);
    await admin.query(`INSERT INTO "${service}".__outbox (id, org_id, subject, envelope) VALUES ($1, $2, $3, $4)`, [e.id, orgId, Changed.subject, JSON.stringify(new PayloadSeal(key).seal(e))]);
    return e.id;
  }
  /** a message resting in the stream, published by a pod that seals with `key` */
  async function inStream(key: string, n: number): Promise<void> {
    const e = envelopeOf(orgId, n);
    await jetstream(nc).publish(Changed.subject, new TextEncoder().encode(JSON.stringify(new PayloadSeal(key).seal(e))), { msgID: e.id });
  }
  const published = async (id: string) => (await admin.query(`SELECT published_at FROM "${service}".__outbox WHERE id = $1`, [id])).rows[0]?.published_at ?? null;

  beforeAll(async () => {
    admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${service}"`);
    await admin.query(`CREATE TABLE "${service}".vault (org_id uuid not null, name text not null, sealed text not null, primary key (org_id, name))`);
    await ensureOutbox(admin, service);
    await ensureTenantRls(admin, service);
    await ensureRole(admin, 'boardroom_app');
    await admin.query(`GRANT USAGE ON SCHEMA "${service}" TO boardroom_app`);
    await admin.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${service}" TO boardroom_app`);
    nc = await connect({ servers: env.NATS_URL });
  });
  afterAll(async () => {
    await app?.close();
    await nc?.close();
    await admin.query(`DROP SCHEMA "${service}" CASCADE`);
    await admin.end();
  });

  it('OUTBOX_KEY: before the rotation, the old key seals and delivers', async () => {
    app = await start({ OUTBOX_KEY: OLD });
    await app.get(Db).tenant(orgId, async (tx) => {
      await app!.get(Outbox).add(tx, Changed, { orgId, n: 1 });
    });
    await waitFor('event 1', () => received.includes(1), 15_000, 50);
    await app.close();
    app = undefined;
  });

  it('OUTBOX_KEY: during the rotation (new key, OUTBOX_KEY_PREVIOUS=old), what the old key sealed is still delivered', async () => {
    // left behind by the pods of the old key: a message in the stream and an outbox row not yet relayed
    await inStream(OLD, 2);
    const row = await pendingRow(OLD, 3);
    app = await start({ OUTBOX_KEY: NEW, OUTBOX_KEY_PREVIOUS: OLD });
    // and a new event, sealed under the new key
    await app.get(Db).tenant(orgId, async (tx) => {
      await app!.get(Outbox).add(tx, Changed, { orgId, n: 4 });
    });
    await waitFor('events 2, 3 and 4', () => [2, 3, 4].every((n) => received.includes(n)), 15_000, 50);
    expect(await published(row)).not.toBeNull();
    // what the pods of this phase write rests sealed under the new key: the old key alone cannot open it
    const rows = (await admin.query(`SELECT envelope FROM "${service}".__outbox WHERE envelope->>'sealed' IS NOT NULL AND id <> $1`, [row])).rows.map((r) => r.envelope);
    const newest = rows.find((e) => { try { return (new PayloadSeal(NEW).open(e).payload as { n: number }).n === 4; } catch { return false; } });
    expect(newest).toBeDefined();
    expect(() => new PayloadSeal(OLD).open(newest)).toThrow();
    await app.close();
    app = undefined;
  });

  it('OUTBOX_KEY: after the previous key is dropped, what only it sealed is refused; the new key\'s events still flow', async () => {
    await inStream(OLD, 5);
    const row = await pendingRow(OLD, 6);
    await inStream(NEW, 7);
    app = await start({ OUTBOX_KEY: NEW });
    await waitFor('event 7', () => received.includes(7), 15_000, 50);
    // the row under the old key is taken by the relay but refused (marked, so that it holds nothing back), never delivered
    await waitFor('the old row taken by the relay', async () => (await published(row)) !== null, 15_000, 100);
    await app.get(Db).tenant(orgId, async (tx) => {
      await app!.get(Outbox).add(tx, Changed, { orgId, n: 8 });
    });
    await waitFor('event 8 after the refused row', () => received.includes(8), 15_000, 50);
    await sleep(1000);
    expect(received).not.toContain(5);
    expect(received).not.toContain(6);
    expect(received.filter((n) => n === 7)).toHaveLength(1);
    await app.close();
    app = undefined;
  });

  it('AUTH_SECRET: a value sealed under the old secret opens during the rotation and is re-sealed; without the previous secret the rest no longer opens', async () => {
    app = await start({ OUTBOX_KEY: NEW });
    const tenant = app.get(Db);
    const put = (name: string, sealed: string) => tenant.tenant(orgId, (tx) => tx.execute(sql`INSERT INTO ${sql.raw(`"${service}".vault`)} (org_id, name, sealed) VALUES (${orgId}, ${name}, ${sealed}) ON CONFLICT (org_id, name) DO UPDATE SET sealed = EXCLUDED.sealed`));
    const get = async (name: string): Promise<string> => tenant.tenant(orgId, async (_tx, c) => (await c.query(`SELECT sealed FROM "${service}".vault WHERE name = $1`, [name])).rows[0].sealed as string);

    // written by pods of the old secret: a TOTP-like seed and a signing-key-like value of this organization
    const before = new SecretBox(AUTH_OLD, 'rotation-test');
    await put('read-during-rotation', before.seal('seed-read-during-the-rotation', orgId));
    await put('never-read', before.seal('seed-never-read', orgId));

    // during: the ring opens the old value and hands it back sealed under the new secret, written back
    const during = new SecretBox(AUTH_NEW, 'rotation-test', AUTH_OLD);
    const r = during.reopen(await get('read-during-rotation'), orgId);
    expect(r?.plain).toBe('seed-read-during-the-rotation');
    expect(r?.resealed).not.toBeNull();
    await put('read-during-rotation', r!.resealed!);
    expect(during.open(await get('never-read'), orgId)).toBe('seed-never-read');

    // after: the previous secret dropped; the re-sealed value opens, the one never re-sealed is refused
    const after = new SecretBox(AUTH_NEW, 'rotation-test');
    expect(after.open(await get('read-during-rotation'), orgId)).toBe('seed-read-during-the-rotation');
    expect(after.open(await get('never-read'), orgId)).toBeNull();
    // and in another organization's row the value does not open under any key of the ring
    expect(during.open(await get('never-read'), randomUUID())).toBeNull();
  });
});

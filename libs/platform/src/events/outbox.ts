import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Client } from 'pg';
import type { EventDef, PayloadInputOf } from '@app/contracts';
import { Db, type Tx } from '../db/db';
import { logger } from '../logger';
import { PayloadSeal, type Sealed } from '../seal';
import { Events, EVENTS_OPTIONS, type EventEnvelope, type EventsOptions, type OutgoingEvent } from './events.service';

export const OUTBOX_TABLE = '__outbox';

/**
 * Created by the migrator in every service schema, before row-level security is applied: the table has
 * `org_id`, so the tenant policy (forced) hides other organizations' events from every tenant transaction.
 * A second policy lets the relay, and only a transaction that declares itself the relay, read and mark rows.
 */
export async function ensureOutbox(client: Client, schema: string): Promise<void> {
  const t = `"${schema}"."${OUTBOX_TABLE}"`;
  await client.query(`CREATE TABLE IF NOT EXISTS ${t} (
    id uuid PRIMARY KEY,
    org_id uuid NOT NULL,
    subject text NOT NULL,
    envelope jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz
  )`);
  // created_at is the transaction's start, the same for every event of one transaction: seq keeps their order as
  // written (the events of one command in the order it added them)
  await client.query(`ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS seq bigint GENERATED ALWAYS AS IDENTITY`);
  await client.query(`DROP INDEX IF EXISTS "${schema}"."${OUTBOX_TABLE}_pending"`);
  await client.query(`CREATE INDEX IF NOT EXISTS "${OUTBOX_TABLE}_pending_order" ON ${t} (created_at, seq) WHERE published_at IS NULL`);
  const relay = `current_setting('app.outbox_relay', true) = 'on'`;
  await client.query(`DROP POLICY IF EXISTS outbox_relay ON ${t}`);
  await client.query(`CREATE POLICY outbox_relay ON ${t} USING (${relay}) WITH CHECK (${relay})`);
}

/**
 * Outbox rows are sealed (docs/decisions.md "Secrets at rest"): the row keeps id, subject and times in clear and
 * the payload as ciphertext under OUTBOX_KEY, with `sealedBy`, the id of the key that sealed it. The stream's seal is
 * the same (same key ring, the event id as associated data), so the relay publishes a row sealed under the current
 * key as it is stored; only an older row (sealed under the previous key, or written before `sealedBy`) is opened and
 * sealed again, and one no key opens is dropped.
 */
export const OutboxSeal = {
  fromOptions: (opts: EventsOptions): PayloadSeal => PayloadSeal.fromKey(opts.outboxKey, opts.production, opts.outboxKeyPrevious),
};
export type SealedEnvelope = Sealed<EventEnvelope>;
/** the field of a stored envelope naming the key that sealed it; the relay leaves it out of what it publishes */
const SEALED_BY = 'sealedBy';

const RELAY_INTERVAL_MS = 200;
const BATCH = 200;
const KEEP_PUBLISHED_MS = 24 * 3600 * 1000;

/**
 * Transactional outbox: `add(tx, Event, payload)` stores the event in the same transaction as the change it
 * announces, so the two commit or roll back together; the relay publishes pending rows to JetStream (the row
 * id is the event id and the Nats-Msg-Id, so a relay that dies after publishing and publishes again is
 * deduplicated by the stream and by consumers). At-least-once, never lost.
 */
@Injectable()
export class Outbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private lastCleanup = 0;
  private readonly table: string;
  private readonly seal: PayloadSeal;

  constructor(private readonly db: Db, private readonly events: Events, @Inject(EVENTS_OPTIONS) opts: EventsOptions) {
    this.table = `"${opts.service}"."${OUTBOX_TABLE}"`;
    this.seal = OutboxSeal.fromOptions(opts);
  }

  /** Store an event in the caller's transaction; it is published after commit by the relay. */
  async add<D extends EventDef>(tx: Tx<any>, def: D, payload: PayloadInputOf<D>, opts: { id?: string } = {}): Promise<string> {
    const envelope = this.events.envelope(def, payload, opts);
    await tx.execute(
      sql`INSERT INTO ${sql.raw(this.table)} (id, org_id, subject, envelope) VALUES (${envelope.id}, current_setting('app.org_id')::uuid, ${def.subject}, ${this.stored(envelope)}::jsonb) ON CONFLICT (id) DO NOTHING`,
    );
    this.kick();
    return envelope.id;
  }

  /**
   * Store several events in the caller's transaction with one multi-row INSERT (a batch of votes written together:
   * one event per vote, one round trip for all of them). Each keeps its own id; published after commit.
   */
  async addMany(tx: Tx<any>, items: Array<{ def: EventDef; payload: unknown; id?: string }>): Promise<string[]> {
    if (!items.length) return [];
    const rows = items.map(({ def, payload, id }) => {
      const envelope = this.events.envelope(def, payload as PayloadInputOf<typeof def>, { id });
      return { id: envelope.id, row: sql`(${envelope.id}, current_setting('app.org_id')::uuid, ${def.subject}, ${this.stored(envelope)}::jsonb)` };
    });
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await tx.execute(sql`INSERT INTO ${sql.raw(this.table)} (id, org_id, subject, envelope) VALUES ${sql.join(chunk.map((r) => r.row), sql`, `)} ON CONFLICT (id) DO NOTHING`);
    }
    this.kick();
    return rows.map((r) => r.id);
  }

  /** the row's envelope: checked against its contract already (Events.envelope), sealed once, its key named */
  private stored(envelope: EventEnvelope): string {
    return JSON.stringify({ ...this.seal.seal(envelope), [SEALED_BY]: this.seal.keyId });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), RELAY_INTERVAL_MS);
    this.timer.unref();
  }

  /** Publish what is pending now (also called after each add; runs one batch loop at a time). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!this.running) {
      this.running = this.drain()
        .then(() => undefined, (e) => logger().warn({ err: e }, 'outbox relay pass failed; will retry'))
        .finally(() => (this.running = undefined));
    }
    return this.running;
  }

  /**
   * Publish until nothing is pending. Exposed for tests and shutdown. Each pass claims up to BATCH rows (oldest first,
   * in the order written within one transaction, FOR UPDATE SKIP LOCKED, so two relays never take the same row), publishes them together (Events.publishMany: all
   * sent in order on one connection, then the acknowledgements awaited together) and marks them in the same
   * transaction. When any publish fails the pass throws: nothing is marked, the whole batch is published again by the
   * next pass and what the stream already holds is dropped there by its Nats-Msg-Id (the event id). A relay killed
   * mid-batch leaves the same state: at-least-once, never lost.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.unsafeGlobal(async (_tx, client) => {
        await client.query(`SELECT set_config('app.outbox_relay', 'on', true)`);
        const rows = await client.query<{ id: string; subject: string; sealed_by: string | null; correlation_id: string | null; traceparent: string | null; body: string }>(
          `SELECT id, subject, envelope->>'${SEALED_BY}' AS sealed_by, envelope->>'correlationId' AS correlation_id, envelope->>'traceparent' AS traceparent,
             (envelope - '${SEALED_BY}')::text AS body
           FROM ${this.table} WHERE published_at IS NULL ORDER BY created_at, seq LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
        );
        const byOwner = new Map<string, OutgoingEvent[]>();
        for (const r of rows.rows) {
          const e = this.outgoing(r);
          if (!e) continue;
          const owner = r.subject.split('.')[0];
          const list = byOwner.get(owner);
          if (list) list.push(e);
          else byOwner.set(owner, [e]);
        }
        for (const [owner, items] of byOwner) {
          const failed = (await this.events.publishMany(owner, items)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
          if (failed) throw failed.reason;
        }
        if (rows.rowCount) await client.query(`UPDATE ${this.table} SET published_at = now() WHERE id = ANY($1::uuid[])`, [rows.rows.map((r) => r.id)]);
        return rows.rowCount ?? 0;
      });
      total += n;
      if (n < BATCH) break;
    }
    if (Date.now() - this.lastCleanup > 3600_000) {
      this.lastCleanup = Date.now();
      await this.db.unsafeGlobal(async (_tx, c) => {
        await c.query(`SELECT set_config('app.outbox_relay', 'on', true)`);
        await c.query(`DELETE FROM ${this.table} WHERE published_at < now() - interval '${KEEP_PUBLISHED_MS / 1000} seconds'`);
      });
    }
    return total;
  }

  /**
   * A claimed row as the stream takes it. Sealed under the current key: its stored text, not opened (the payload was
   * checked against its contract when written). Otherwise opened and sealed again under the current key; undefined
   * when no key of the ring opens it (an OUTBOX_KEY_PREVIOUS dropped too early): refused, as the stream's consumers
   * refuse such a message, and marked with the batch so that it does not hold back the rows after it.
   */
  private outgoing(r: { id: string; subject: string; sealed_by: string | null; correlation_id: string | null; traceparent: string | null; body: string }): OutgoingEvent | undefined {
    if (r.sealed_by === this.seal.keyId) {
      return { id: r.id, subject: r.subject, correlationId: r.correlation_id ?? undefined, traceparent: r.traceparent ?? undefined, body: r.body };
    }
    try {
      return this.events.outgoing(this.seal.open<EventEnvelope>(JSON.parse(r.body) as SealedEnvelope | EventEnvelope));
    } catch (e) {
      logger().error({ id: r.id, subject: r.subject, err: e }, 'dropping an outbox event that cannot be opened (sealed under a key that is no longer in the ring?)');
      return undefined;
    }
  }

  async pending(): Promise<number> {
    return this.db.unsafeGlobal(async (_tx, c) => {
      await c.query(`SELECT set_config('app.outbox_relay', 'on', true)`);
      return Number((await c.query(`SELECT count(*) AS n FROM ${this.table} WHERE published_at IS NULL`)).rows[0].n);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running; // never rejects: a failed pass is logged where it runs
    this.stopped = true;
  }
}

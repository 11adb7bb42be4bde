/**
 * A hot read built once, run many times: drizzle builds the statement a single time, with named placeholders
 * (`sql.placeholder('orgId')`), and each call runs it as a named prepared statement on the transaction's own
 * connection with the call's values.
 *
 * Why: a large statement (the meeting page's, BundleRepository) cost 0.77 ms of drizzle query building per call,
 * about a seventh of the meeting service's CPU per meeting read (docs/performance.md, P1); and PostgreSQL parses a
 * named statement once per connection and, after a few executions, keeps its plan, where an unnamed one is parsed
 * and planned every time. Row-level security still applies: the policies read the transaction's setting when the
 * statement runs, not when it was planned.
 *
 * A name is one text: `key` tells the variants of one statement apart (PostgreSQL refuses a second text under a
 * name a connection already prepared). A connection pooler in transaction mode in front of PostgreSQL must keep
 * prepared statements per server connection (PgBouncer 1.21 or later with `max_prepared_statements`; docs/decisions.md).
 */
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import type { Tx } from './db';

const dialect = new PgDialect();

export class Prepared<V extends Record<string, unknown>> {
  private readonly built = new Map<string, { text: string; params: unknown[] }>();

  /** `name`: unique in the process (a prefix of every variant's statement name) */
  constructor(
    private readonly name: string,
    private readonly build: (key: string) => SQL,
  ) {}

  /** the rows of the statement variant `key` (built on first use) with `values` for its placeholders */
  async rows<R extends Record<string, unknown>>(tx: Tx<never> | object, key: string, values: V): Promise<R[]> {
    let q = this.built.get(key);
    if (!q) {
      const built = dialect.sqlToQuery(this.build(key));
      q = { text: built.sql, params: built.params };
      this.built.set(key, q);
    }
    // the connection the transaction runs on: Db hands out drizzle(client) per pooled client (db.ts)
    const client = (tx as { $client?: PoolClient }).$client;
    if (!client) throw new Error(`Prepared ${this.name}: the transaction has no connection ($client)`);
    const r = await client.query<R>({ name: `${this.name}:${key}`, text: q.text, values: fillPlaceholders(q.params, values) });
    return r.rows;
  }

  /** the SQL text of a variant, for tests */
  textOf(key: string): string {
    return dialect.sqlToQuery(this.build(key)).sql;
  }
}

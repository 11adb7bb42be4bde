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

/** one prepared statement's name, text and values, run by `Prepared.together` */
export interface PreparedPart {
  name: string;
  text: string;
  values: unknown[];
}

export class Prepared<V extends Record<string, unknown>> {
  private readonly built = new Map<string, { text: string; params: unknown[] }>();

  /** `name`: unique in the process (a prefix of every variant's statement name) */
  constructor(
    private readonly name: string,
    private readonly build: (key: string) => SQL,
  ) {}

  /** the rows of the statement variant `key` (built on first use) with `values` for its placeholders */
  async rows<R extends Record<string, unknown>>(tx: Tx<never> | object, key: string, values: V): Promise<R[]> {
    return (await Prepared.together(tx, [this.part(key, values)]))[0] as R[];
  }

  /** the statement variant `key` with `values`, to be run with others in one round trip (`together`) */
  part(key: string, values: V): PreparedPart {
    let q = this.built.get(key);
    if (!q) {
      const built = dialect.sqlToQuery(this.build(key));
      q = { text: built.sql, params: built.params };
      this.built.set(key, q);
    }
    return { name: `${this.name}:${key}`, text: q.text, values: fillPlaceholders(q.params, values) };
  }

  /**
   * The rows of several statements (`part`), in their order. On reads run alone (`Db.tenantReads`) they go in one
   * simple query, one round trip: `<setting>; EXECUTE a(...); EXECUTE b(...)`, one implicit transaction, as `rows`
   * sends one; in a transaction, one after the other.
   */
  static async together(tx: Tx<never> | object, parts: PreparedPart[]): Promise<Array<Record<string, unknown>[]>> {
    const client = (tx as { $client?: PoolClient | StatementsAlone }).$client;
    if (!client) throw new Error('Prepared.together: the transaction has no connection ($client)');
    if (client instanceof StatementsAlone) return client.runAll(parts.map((p) => ({ ...p, name: `${p.name}:alone` })));
    const out: Array<Record<string, unknown>[]> = [];
    for (const p of parts) out.push((await client.query<Record<string, unknown>>({ name: p.name, text: p.text, values: p.values })).rows);
    return out;
  }

  /** the SQL text of a variant, for tests */
  textOf(key: string): string {
    return dialect.sqlToQuery(this.build(key)).sql;
  }
}

/** the statements a connection has prepared with SQL `PREPARE` (StatementsAlone): they last as long as the connection */
const preparedBySql = new WeakMap<PoolClient, Set<string>>();

/**
 * What `Db.tenantReads` lends: a pooled connection on which each prepared statement runs alone, in one simple query
 * `<setting>; [PREPARE name AS <text>;] EXECUTE name(<values>)`. A simple query of several statements runs as one
 * implicit transaction, so the organization's setting (`set_config(..., true)`) holds for the statement and ends with
 * it, and no BEGIN or COMMIT is sent. The values go in as quoted literals (escaped; untyped, so PostgreSQL takes each
 * as its parameter's type, as it does the text values of a bound statement). The statement is prepared with SQL
 * `PREPARE` under its own name (`…:alone`), once per connection.
 *
 * Any other query (drizzle's, through `query`: a secret ballot's counts) runs in a transaction of its own with the
 * setting, BEGIN and COMMIT around it: correct, at the two round trips `Prepared` saves.
 */
export class StatementsAlone {
  private setting: string | null = null;
  /** a query that carried a PREPARE (or a ROLLBACK) failed: the connection's state is not known */
  unsure = false;

  constructor(private readonly client: PoolClient) {}

  /** lent to one read; `setting`: the statement that sets the organization, run first in every query */
  open(setting: string): void {
    this.setting = setting;
    this.unsure = false;
  }

  close(): void {
    this.setting = null;
  }

  private current(name: string): string {
    if (this.setting === null) throw new Error(`${name}: the reads have ended`);
    return this.setting;
  }

  async run<R extends Record<string, unknown>>(name: string, text: string, values: unknown[]): Promise<R[]> {
    return (await this.runAll<R>([{ name, text, values }]))[0];
  }

  /** several prepared statements in one simple query (one round trip, one implicit transaction): the rows of each */
  async runAll<R extends Record<string, unknown>>(statements: PreparedPart[]): Promise<R[][]> {
    const setting = this.current(statements[0]?.name ?? 'runAll');
    let done = preparedBySql.get(this.client);
    if (!done) preparedBySql.set(this.client, (done = new Set()));
    const prepares: string[] = [];
    const executes: string[] = [];
    for (const { name, text, values } of statements) {
      const ident = this.client.escapeIdentifier(name);
      if (!done.has(name) && !prepares.some((p) => p.startsWith(`PREPARE ${ident} `))) prepares.push(`PREPARE ${ident} AS ${text}; `);
      executes.push(`EXECUTE ${ident}${values.length ? `(${values.map((v) => this.literal(v)).join(', ')})` : ''}`);
    }
    let results: unknown;
    try {
      results = await this.client.query(`${setting}; ${prepares.join('')}${executes.join('; ')}`);
    } catch (e) {
      if (prepares.length) this.unsure = true;
      throw e;
    }
    for (const { name } of statements) done.add(name);
    const all = results as Array<{ rows: R[] }>;
    return all.slice(all.length - statements.length).map((r) => r.rows);
  }

  /** pg's `query` for drizzle: the query in a transaction of its own that sets the organization first */
  async query(config: unknown, values?: unknown): Promise<unknown> {
    const setting = this.current('query');
    await this.client.query(`BEGIN; ${setting}`);
    try {
      const r = await this.client.query(config as never, values as never);
      await this.client.query('COMMIT');
      return r;
    } catch (e) {
      await this.client.query('ROLLBACK').catch(() => {
        this.unsure = true;
      });
      throw e;
    }
  }

  /** a value as an untyped SQL literal (what a bound parameter's text would be) */
  private literal(v: unknown): string {
    if (v === null || v === undefined) return 'NULL';
    if (typeof v === 'string') return this.client.escapeLiteral(v);
    if (typeof v === 'number' && Number.isFinite(v)) return `'${v}'`;
    if (typeof v === 'bigint' || typeof v === 'boolean') return `'${v}'`;
    if (v instanceof Date) return this.client.escapeLiteral(v.toISOString());
    throw new Error(`a value of type ${typeof v} cannot be sent to a statement run alone`);
  }
}

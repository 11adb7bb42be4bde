import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { pgOptionsOf, type TlsCa } from '../tls';
import { Pool, PoolClient } from 'pg';
import { drizzle, NodePgDatabase } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { AppError, zOrgId } from '@app/contracts';
import { logger } from '../logger';
import { currentContext } from '../context';
import { metrics } from '../metrics';
import { StatementsAlone } from './prepared';

export const DB_OPTIONS = Symbol('DB_OPTIONS');
export interface DbOptions {
  url: string;
  /** the CA a sslmode=verify-full/verify-ca server's certificate is checked against (TLS_CA_FILE; tls.ts pgOptionsOf) */
  ca?: TlsCa;
  /** SET LOCAL ROLE in every transaction (PGlite, where a connection cannot log in as the role) */
  setRole?: string;
  poolMax?: number;
  /** drizzle schema object (tables) for typed queries */
  schema: Record<string, unknown>;
}

export type Tx<S extends Record<string, unknown> = Record<string, unknown>> = NodePgDatabase<S>;

/** Postgres unique violation etc. mapped to AppErrors by callers that care. */
export function pgErrorCode(e: unknown): string | undefined {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code ?? err?.cause?.code;
}

/**
 * PostgreSQL errors that are the caller's fault: integrity violations (unique, foreign key, check, not null) and
 * data exceptions (a value the column cannot hold: too long, out of range, a NUL byte, a malformed number or date).
 */
const CONFLICT_MESSAGES: Record<string, string> = {
  '23505': 'The {field} has already been taken.',
  '23503': 'The selected value is invalid.',
  '23514': 'This field is invalid.',
  '23502': 'This field is required.',
  '22001': 'This field is invalid.',
  '22003': 'This field is invalid.',
  '22P02': 'This field is invalid.',
  '22021': 'This field is invalid.',
  '22007': 'This field must be a valid date.',
  '22008': 'This field must be a valid date.',
};

const NOT_COLUMNS = new Set(['lower', 'upper', 'btrim', 'trim', 'coalesce', 'text', 'varchar', 'character', 'varying', 'citext', 'bigint', 'integer', 'int', 'date', 'timestamp', 'timestamptz', 'uuid', 'jsonb']);
/** The column a violation is about, from the error itself: `column`, or the last non-tenant column of `Key (…)=` in its detail. */
export function pgErrorField(e: unknown): string | undefined {
  const err = e as { column?: string; detail?: string; cause?: { column?: string; detail?: string } };
  const column = err?.column ?? err?.cause?.column;
  if (column) return column;
  const detail = err?.detail ?? err?.cause?.detail ?? '';
  const m = /^Key \((.+?)\)=\(/.exec(detail);
  if (!m) return undefined;
  // 'org_id, lower((name)::text)' -> the identifiers that are columns: functions and casts are not
  const cols = m[1]
    .split(',')
    .map((c) => (c.match(/[a-z_][a-z0-9_]*/gi) ?? []).filter((w) => !NOT_COLUMNS.has(w.toLowerCase())).pop())
    .filter((c): c is string => !!c && c !== 'org_id');
  return cols[cols.length - 1];
}

/**
 * A violation or data exception that is the caller's fault (above) -> AppError VALIDATION (409) naming the field
 * of the violated constraint (`fieldByConstraint`; else the column PostgreSQL names; else `_`); anything else is
 * returned as it was. The original error stays the AppError's `cause`. Every tenant transaction applies it
 * (Db.run), so no service answers a 500 for a duplicate or a dangling id; map constraints by name where a
 * clearer field is wanted: `catch (e) { throw pgConflict(e, { roles_org_name_uq: 'name' }) }`.
 */
export function pgConflict(e: unknown, fieldByConstraint: Record<string, string> = {}): unknown {
  // already mapped by the transaction (Db.run): map again from its cause when the caller names the constraint
  if (e instanceof AppError) {
    const cause = (e as { cause?: { constraint?: string; cause?: { constraint?: string } } }).cause;
    const constraint = cause?.constraint ?? cause?.cause?.constraint;
    return cause && constraint && Object.prototype.hasOwnProperty.call(fieldByConstraint, constraint) ? pgConflict(cause, fieldByConstraint) : e;
  }
  const code = pgErrorCode(e);
  if (!code || !Object.prototype.hasOwnProperty.call(CONFLICT_MESSAGES, code)) return e;
  const err = e as { constraint?: string; cause?: { constraint?: string } };
  const constraint = err?.constraint ?? err?.cause?.constraint ?? '';
  const field = Object.prototype.hasOwnProperty.call(fieldByConstraint, constraint) ? fieldByConstraint[constraint] : (pgErrorField(e) ?? '_');
  const message = code === '23505' && field === '_' ? 'This value has already been taken.' : CONFLICT_MESSAGES[code].replace('{field}', field.replace(/_id$/, '').replace(/_/g, ' '));
  const out = AppError.validation({ [field]: message });
  (out as { cause?: unknown }).cause = e;
  return out;
}

/**
 * The only way services reach PostgreSQL. `tenant(orgId, fn)` runs fn in a transaction that sets
 * `app.org_id`, which the row-level security policy of every tenant table compares with `org_id`;
 * repositories take orgId first and call it. `unsafeGlobal` is for the few deliberate cross-tenant
 * look-ups (an organization by its host name), and says so in its name.
 */
@Injectable()
export class Db<S extends Record<string, unknown> = Record<string, unknown>> implements OnApplicationShutdown {
  readonly pool: Pool;
  private readonly setRole?: string;
  private readonly schema: S;

  constructor(@Inject(DB_OPTIONS) opts: DbOptions) {
    this.pool = new Pool({ ...pgOptionsOf(opts.url, opts.ca), max: opts.poolMax ?? 5, idleTimeoutMillis: 30_000 });
    this.pool.on('error', (e) => logger().error({ err: e }, 'idle pg client error'));
    this.setRole = opts.setRole;
    this.schema = opts.schema as S;
  }

  private async run<T>(orgId: string | null, fn: (tx: Tx<S>, client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // an RPC whose caller has stopped waiting (its deadline passed while it queued for a connection) does nothing
    const deadline = currentContext()?.deadline;
    if (deadline !== undefined && Date.now() > deadline) {
      client.release();
      metrics.expiredTransactions.inc();
      throw new AppError('RPC_TIMEOUT', { details: { reason: 'the caller stopped waiting before the transaction began' } });
    }
    // a connection whose ROLLBACK failed (or that is still inside a transaction afterwards) is in an unknown
    // state: it is destroyed, never handed to the next transaction (docs/security.md "Secrets and configuration")
    let broken: Error | undefined;
    // a checked-out connection the server ends (restart, failover, an administrator) emits 'error': without a
    // listener that would end the process; it marks the connection broken and the transaction's query fails
    const onError = (err: Error): void => {
      broken = err;
      logger().warn({ err }, 'database connection lost during a transaction');
    };
    client.on('error', onError);
    try {
      // one round trip: BEGIN, the role and the organization as one simple query (no parameters there, so the
      // organization id goes in as an escaped literal); a transaction used to cost three round trips with COMMIT (four on PGlite)
      const role = this.setRole ? `SET LOCAL ROLE ${this.setRole}; ` : '';
      await client.query(`BEGIN; ${role}SELECT set_config('app.org_id', ${client.escapeLiteral(orgId ?? '')}, true)`);
      const tx = this.drizzleFor(client);
      const out = await fn(tx, client);
      await client.query('COMMIT');
      return out;
    } catch (e) {
      await client.query('ROLLBACK').catch((err: unknown) => {
        broken = err instanceof Error ? err : new Error(String(err));
        logger().warn({ err }, 'ROLLBACK failed: the connection is destroyed (the transaction\'s own error follows)');
      });
      const status = client.getTransactionStatus();
      if (!broken && (status === 'T' || status === 'E')) broken = new Error('still in a transaction after ROLLBACK');
      // a duplicate, a dangling id or a value the column cannot hold is the caller's fault: 409 with a field
      throw pgConflict(e);
    } finally {
      // release(err) makes the pool end the connection and open a fresh one when needed
      client.off('error', onError);
      client.release(broken);
    }
  }

  /** One drizzle wrapper per pooled connection (building it per transaction showed up in profiles). */
  private readonly wrappers = new WeakMap<PoolClient, Tx<S>>();
  private drizzleFor(client: PoolClient): Tx<S> {
    let tx = this.wrappers.get(client);
    if (!tx) {
      tx = drizzle(client, { schema: this.schema }) as unknown as Tx<S>;
      this.wrappers.set(client, tx);
    }
    return tx;
  }

  /** A transaction scoped to one organization (RLS). */
  tenant<T>(orgId: string, fn: (tx: Tx<S>, client: PoolClient) => Promise<T>): Promise<T> {
    if (!zOrgId.safeParse(orgId).success) throw AppError.notFound('organization');
    return this.run(orgId, fn);
  }

  /**
   * Reads of one organization without a transaction of their own, for a hot read made only of prepared statements
   * (`Prepared`; the meeting page, docs/performance.md P1): each statement runs alone, in the implicit transaction of
   * one simple query that first sets the organization for row-level security (`set_config(..., true)`, local to that
   * query, so nothing stays on the pooled connection), in one round trip. A transaction (`tenant`) costs two more,
   * BEGIN and COMMIT. Each statement sees its own snapshot, as each statement of a READ COMMITTED transaction does.
   * A drizzle query on what `fn` gets still works, in a transaction of its own (StatementsAlone.query). A connection
   * whose statement failed while preparing is not reused.
   * With `setRole` (PGlite) this is an ordinary tenant transaction.
   */
  async tenantReads<T>(orgId: string, fn: (tx: Tx<S>) => Promise<T>): Promise<T> {
    if (!zOrgId.safeParse(orgId).success) throw AppError.notFound('organization');
    if (this.setRole) return this.run(orgId, (tx) => fn(tx));
    const client = await this.pool.connect();
    const deadline = currentContext()?.deadline;
    if (deadline !== undefined && Date.now() > deadline) {
      client.release();
      metrics.expiredTransactions.inc();
      throw new AppError('RPC_TIMEOUT', { details: { reason: 'the caller stopped waiting before the reads began' } });
    }
    let broken: Error | undefined;
    const onError = (err: Error): void => {
      broken = err;
      logger().warn({ err }, 'database connection lost during reads');
    };
    client.on('error', onError);
    const { alone, tx } = this.aloneFor(client);
    alone.open(`SELECT set_config('app.org_id', ${client.escapeLiteral(orgId)}, true)`);
    try {
      return await fn(tx);
    } finally {
      alone.close();
      client.off('error', onError);
      if (!broken && alone.unsure) broken = new Error('a statement failed while it was being prepared');
      if (!broken && client.getTransactionStatus() !== 'I') broken = new Error('in a transaction after reads that open none');
      client.release(broken);
    }
  }

  /** One StatementsAlone and its drizzle wrapper per pooled connection, as `drizzleFor`. */
  private readonly alones = new WeakMap<PoolClient, { alone: StatementsAlone; tx: Tx<S> }>();
  private aloneFor(client: PoolClient): { alone: StatementsAlone; tx: Tx<S> } {
    let a = this.alones.get(client);
    if (!a) {
      const alone = new StatementsAlone(client);
      a = { alone, tx: drizzle(alone as unknown as PoolClient, { schema: this.schema }) as unknown as Tx<S> };
      this.alones.set(client, a);
    }
    return a;
  }

  /** A transaction with no organization set: tenant tables show nothing. Name says it crosses tenants. */
  unsafeGlobal<T>(fn: (tx: Tx<S>, client: PoolClient) => Promise<T>): Promise<T> {
    return this.run(null, fn);
  }

  async ping(): Promise<boolean> {
    const r = await this.pool.query('select 1 as ok');
    return r.rows[0]?.ok === 1;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end().catch((err: unknown) => logger().warn({ err }, 'database pool did not close cleanly'));
  }
}

export { sql };

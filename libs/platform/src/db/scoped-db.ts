import type { Db, Tx } from './db';

/**
 * A repository call's tenant scope: the organization and the RLS-scoped transaction it runs in. Every
 * service hands repositories a Scope (orgId first), never a bare transaction or a bare org id.
 */
export interface Scope<S extends Record<string, unknown> = Record<string, unknown>> {
  readonly orgId: string;
  readonly tx: Tx<S>;
}

/** Work queued by a command to run only once its transaction has committed (events, session ends). */
export type After = (f: () => Promise<unknown>) => void;

/**
 * The one tenancy style of every service: use cases open one transaction per request (a failed request
 * writes nothing) and hand its Scope to the repositories. A service subclasses it with its own schema
 * (`class OrgDb extends ScopedDb<OrgSchema>`), so Nest injects one typed instance.
 */
export class ScopedDb<S extends Record<string, unknown> = Record<string, unknown>> {
  constructor(readonly db: Db<S>) {}

  tenant<T>(orgId: string, fn: (s: Scope<S>) => Promise<T>): Promise<T> {
    return this.db.tenant(orgId, (tx) => fn({ orgId, tx }));
  }

  /**
   * A read made only of prepared statements (`Prepared`), each run alone with the organization set, without BEGIN
   * and COMMIT (`Db.tenantReads`): for hot reads whose every statement is prepared (the meeting page).
   */
  reads<T>(orgId: string, fn: (s: Scope<S>) => Promise<T>): Promise<T> {
    return this.db.tenantReads(orgId, (tx) => fn({ orgId, tx }));
  }

  /**
   * Prepared statements (`Prepared`) each run alone, as `reads` runs them, writes included: a statement alone is its
   * own implicit transaction (all of it or nothing, the organization set for row-level security), so a write that is
   * one statement needs no BEGIN and COMMIT around it: one round trip instead of three (the e-mail delivery log,
   * docs/performance.md P6). Two statements in `fn` are two transactions; use `tenant` when they must commit together.
   */
  alone<T>(orgId: string, fn: (s: Scope<S>) => Promise<T>): Promise<T> {
    return this.db.tenantReads(orgId, (tx) => fn({ orgId, tx }));
  }

  /**
   * One transaction for a command; `after` queues work (event publishing, NATS requests, session ends)
   * that runs only once the transaction has committed, so a failed request neither writes nor announces
   * anything, and no NATS round trip happens while the transaction holds row locks.
   */
  async command<T>(orgId: string, fn: (s: Scope<S>, after: After) => Promise<T>): Promise<T> {
    const queued: (() => Promise<unknown>)[] = [];
    const out = await this.db.tenant(orgId, (tx) => fn({ orgId, tx }, (f) => queued.push(f)));
    for (const f of queued) await f();
    return out;
  }

  /** Crosses organizations (registries only: host look-up, provisioning); the name says so. */
  unsafeGlobal<T>(fn: (tx: Tx<S>) => Promise<T>): Promise<T> {
    return this.db.unsafeGlobal((tx) => fn(tx));
  }
}

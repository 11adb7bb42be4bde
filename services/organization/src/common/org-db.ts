import { Injectable } from '@nestjs/common';
import { Db, type Tx } from '@app/platform';
import type { OrgSchema } from '../db/schema';

/** A repository call's tenant scope: the organization and the RLS-scoped transaction it runs in. */
export interface Scope {
  readonly orgId: string;
  readonly tx: Tx<OrgSchema>;
}

/**
 * Use cases open one transaction per request (a failed request writes nothing) and hand its scope to
 * the repositories, whose methods take the scope (orgId first) and also filter by it.
 */
@Injectable()
export class OrgDb {
  constructor(readonly db: Db<OrgSchema>) {}

  tenant<T>(orgId: string, fn: (s: Scope) => Promise<T>): Promise<T> {
    return this.db.tenant(orgId, (tx) => fn({ orgId, tx }));
  }

  /**
   * One transaction for a command; `after` queues work (event publishing, session ends) that runs only
   * once the transaction has committed, so a failed request neither writes nor announces anything.
   */
  async command<T>(orgId: string, fn: (s: Scope, after: (f: () => Promise<unknown>) => void) => Promise<T>): Promise<T> {
    const queued: (() => Promise<unknown>)[] = [];
    const out = await this.db.tenant(orgId, (tx) => fn({ orgId, tx }, (f) => queued.push(f)));
    for (const f of queued) await f();
    return out;
  }

  /** Crosses organizations (the organizations registry only: host look-up, provisioning). */
  unsafeGlobal<T>(fn: (tx: Tx<OrgSchema>) => Promise<T>): Promise<T> {
    return this.db.unsafeGlobal((tx) => fn(tx));
  }
}

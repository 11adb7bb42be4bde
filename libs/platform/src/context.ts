import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * Per-request context carried through async calls: correlation id, org id, deadline. The trace (span) context is
 * OpenTelemetry's own, beside it (tracing.ts).
 */
export interface RequestContext {
  correlationId: string;
  orgId?: string;
  /**
   * when the caller stops waiting (epoch ms; the RPC's timeout, carried in `x-deadline`): work that has not started
   * by then is not done — under a burst, requests whose caller has given up do not hold the database (Db.run)
   */
  deadline?: number;
  /**
   * the gateway's request only reads (GET, HEAD): an RPC that finds no responder (a replica restarting) is sent once
   * more; never set for a write
   */
  readOnly?: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export function runWithContext<T>(ctx: Partial<RequestContext>, fn: () => T): T {
  const parent = storage.getStore();
  const next: RequestContext = {
    correlationId: ctx.correlationId ?? parent?.correlationId ?? randomUUID(),
    orgId: ctx.orgId ?? parent?.orgId,
    deadline: ctx.deadline ?? parent?.deadline,
    readOnly: ctx.readOnly ?? parent?.readOnly,
  };
  return storage.run(next, fn);
}

/**
 * Run fn with exactly this context, inheriting nothing from the caller's (work done for several requests at once,
 * such as a batch of votes, must not carry the deadline of the request that happened to start it).
 */
export function runDetached<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run({ ...ctx }, fn);
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Per-request context carried through async calls: correlation id, org id, trace parent. */
export interface RequestContext {
  correlationId: string;
  orgId?: string;
  traceparent?: string;
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
    traceparent: ctx.traceparent ?? parent?.traceparent,
  };
  return storage.run(next, fn);
}

export function newTraceparent(): string {
  const hex = (n: number) => randomUUID().replace(/-/g, '').slice(0, n);
  return `00-${hex(32)}-${hex(16)}-01`;
}

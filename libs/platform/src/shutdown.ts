import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { logger } from './logger';

/**
 * Graceful shutdown (SIGTERM, SIGINT): what a rolling restart needs so that no request fails.
 *
 *   1. draining: /health/ready answers 503 (the load balancer, or Kubernetes' endpoints, stop sending new
 *      requests) and every response says `Connection: close` (keep-alive clients open a new connection elsewhere);
 *   2. after SHUTDOWN_DELAY_MS (the time the balancer takes to notice; default 5000 in production, else 0), the
 *      stages run in order:
 *        'sockets'  long-lived connections are told to go elsewhere (WebSockets closed with 1012 "service restart",
 *                   server-sent event streams ended: their clients reconnect through another process);
 *        'http'     (internal) the HTTP server stops accepting, finishes the requests in flight, closes idle sockets
 *                   (and, once no request is in flight, every connection left);
 *        'nats'     RPC subscriptions drained: the server routes new requests to the other replicas, the requests
 *                   already delivered here are answered;
 *        'jobs'     BullMQ workers closed: the current jobs finish, no new one is taken;
 *   3. the Nest application closes (event consumers, database, NATS connection, Redis) and the process exits 0.
 * A stage that takes longer than SHUTDOWN_TIMEOUT_MS is left; the process exits 1 if the whole takes longer than
 * twice that.
 */
export type DrainStage = 'sockets' | 'nats' | 'jobs';

const state = { draining: false };
const hooks: Record<DrainStage, Set<() => Promise<unknown> | unknown>> = { sockets: new Set(), nats: new Set(), jobs: new Set() };

/** true once the process has been told to stop */
export const isDraining = (): boolean => state.draining;

/** run `fn` at one stage of a graceful shutdown; returns the function that removes it */
export function onDrain(stage: DrainStage, fn: () => Promise<unknown> | unknown): () => void {
  hooks[stage].add(fn);
  return () => hooks[stage].delete(fn);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

async function stage(name: string, fns: Iterable<() => Promise<unknown> | unknown>, timeoutMs: number): Promise<void> {
  const all = Promise.allSettled([...fns].map(async (fn) => fn()));
  const timedOut = await Promise.race([all.then(() => false), sleep(timeoutMs).then(() => true)]);
  if (timedOut) logger().warn({ stage: name, timeoutMs }, 'graceful shutdown: a stage did not finish in time');
  for (const r of timedOut ? [] : await all) if (r.status === 'rejected') logger().warn({ err: r.reason, stage: name }, 'graceful shutdown: a stage failed');
}

/** Requests in flight on a server, so that draining can tell each one to close its connection. */
export function trackResponses(server: Server): Set<ServerResponse> {
  const open = new Set<ServerResponse>();
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    res.once('close', () => open.delete(res));
  });
  return open;
}

/** `Connection: close` on a response when the process drains (Express middleware; before the routes) */
export function closeConnectionsWhileDraining(_req: unknown, res: ServerResponse, next: () => void): void {
  if (state.draining && !res.headersSent) res.setHeader('Connection', 'close');
  next();
}

export interface ShutdownTimes {
  /** SHUTDOWN_DELAY_MS (config.ts) */
  delayMs: number;
  /** SHUTDOWN_TIMEOUT_MS */
  timeoutMs: number;
}

/** Install the SIGTERM/SIGINT handler (instead of Nest's enableShutdownHooks). */
export function installGracefulShutdown(app: INestApplication, server: Server, open: Set<ServerResponse>, times: ShutdownTimes): void {
  let started = false;
  const run = async (signal: string) => {
    if (started) return;
    started = true;
    const { delayMs, timeoutMs } = times;
    const hard = setTimeout(() => {
      logger().error({ signal }, 'graceful shutdown took too long: exiting');
      process.exit(1);
    }, 2 * timeoutMs + delayMs + 5000);
    hard.unref();
    const t0 = Date.now();
    state.draining = true;
    for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
    logger().info({ signal, delayMs }, 'draining: not ready any more, connections close after their response');
    await sleep(delayMs);
    await stage('sockets', hooks.sockets, timeoutMs);
    await stage(
      'http',
      [
        () =>
          new Promise<void>((resolve) => {
            // no new connections; idle keep-alive ones close now, busy ones after their response (Connection: close)
            server.close(() => resolve());
            server.closeIdleConnections();
            // done when no request is in flight: a connection that outlives its requests (a client that keeps its
            // side open, an upgraded socket already told to go) is closed below, it does not hold the shutdown
            const settled = () => (open.size === 0 ? resolve() : void setTimeout(settled, 50).unref());
            settled();
          }),
      ],
      timeoutMs,
    );
    server.closeAllConnections();
    await stage('nats', hooks.nats, timeoutMs);
    await stage('jobs', hooks.jobs, timeoutMs);
    await app.close().catch((err: unknown) => logger().warn({ err }, 'graceful shutdown: closing the application failed'));
    logger().info({ signal, ms: Date.now() - t0 }, 'stopped');
    clearTimeout(hard);
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void run(signal));
}

import 'reflect-metadata';
import { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Server } from 'node:http';
import { createRootLogger, PinoNestLogger } from './logger';
import { tracingExporter } from './tracing';
import { CONFIG, type BaseConfig } from './config';
import { closeConnectionsWhileDraining, installGracefulShutdown, trackResponses } from './shutdown';

export interface BootstrapOptions {
  service: string;
  port: number;
  logLevel?: string;
  configure?: (app: INestApplication) => void | Promise<void>;
}

/** How long an idle HTTP keep-alive socket stays open on the server side. */
export const KEEP_ALIVE_MS = 65_000;

/** Start a service: pino logger, shutdown hooks, HTTP (/health, /metrics and, for the gateway, /api). */
export async function bootstrapService(module: Type | DynamicModule, opts: BootstrapOptions): Promise<INestApplication> {
  const log = createRootLogger(opts.service, opts.logLevel ?? 'info');
  const app = await NestFactory.create(module as Type, { logger: new PinoNestLogger(log), bufferLogs: false });
  // SIGTERM drains (shutdown.ts): not ready, `Connection: close`, sockets told to reconnect, HTTP, NATS, jobs
  app.use(closeConnectionsWhileDraining);
  if (opts.configure) await opts.configure(app);
  // an idle keep-alive socket stays open longer than clients and load balancers keep theirs (60 s behind most), so
  // the client closes it first and never sends a request on a socket the server is closing ("other side closed")
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  const c = app.get<symbol, Partial<BaseConfig>>(CONFIG, { strict: false });
  // in production the balancer needs a few seconds to see the 503; on one machine (npm start, tests) nothing waits
  const delayMs = c.SHUTDOWN_DELAY_MS ?? (c.NODE_ENV === 'production' ? 5000 : 0);
  installGracefulShutdown(app, server, trackResponses(server), { delayMs, timeoutMs: c.SHUTDOWN_TIMEOUT_MS ?? 20_000 });
  await app.listen(opts.port, '0.0.0.0');
  log.info({ port: opts.port, traces: tracingExporter() ?? 'not exported' }, `${opts.service} listening`);
  return app;
}

/**
 * A service's entry point: run `start`, and when it fails (bad configuration, a dependency that is not
 * there) print the reason on one line and exit 1, so a supervisor or `npm start` shows why.
 */
export function runService(start: () => Promise<unknown>): void {
  start().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}

import 'reflect-metadata';
import { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createRootLogger, PinoNestLogger } from './logger';
import { tracingExporter } from './tracing';

export interface BootstrapOptions {
  service: string;
  port: number;
  logLevel?: string;
  configure?: (app: INestApplication) => void | Promise<void>;
}

/** Start a service: pino logger, shutdown hooks, HTTP (/health, /metrics and, for the gateway, /api). */
export async function bootstrapService(module: Type | DynamicModule, opts: BootstrapOptions): Promise<INestApplication> {
  const log = createRootLogger(opts.service, opts.logLevel ?? 'info');
  const app = await NestFactory.create(module as Type, { logger: new PinoNestLogger(log), bufferLogs: false });
  app.enableShutdownHooks();
  if (opts.configure) await opts.configure(app);
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

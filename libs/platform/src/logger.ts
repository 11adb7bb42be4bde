import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { currentContext } from './context';

let root: Logger | undefined;

/** pino JSON logs with service, correlation id and org id on every line. */
export function createRootLogger(service: string, level = 'info'): Logger {
  root = pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const ctx = currentContext();
      return ctx ? { correlationId: ctx.correlationId, orgId: ctx.orgId } : {};
    },
  });
  return root;
}

export function logger(): Logger {
  if (!root) root = createRootLogger('app', 'info');
  return root;
}

/** Nest's logger interface over pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}
  private write(level: 'info' | 'warn' | 'error' | 'debug' | 'trace', message: unknown, params: unknown[]) {
    const context = typeof params[params.length - 1] === 'string' ? params[params.length - 1] : undefined;
    if (message instanceof Error) this.pino[level]({ err: message, context }, message.message);
    else if (typeof message === 'object') this.pino[level]({ ...(message as object), context });
    else this.pino[level]({ context }, String(message));
  }
  log(message: unknown, ...params: unknown[]) { this.write('info', message, params); }
  error(message: unknown, ...params: unknown[]) { this.write('error', message, params); }
  warn(message: unknown, ...params: unknown[]) { this.write('warn', message, params); }
  debug(message: unknown, ...params: unknown[]) { this.write('debug', message, params); }
  verbose(message: unknown, ...params: unknown[]) { this.write('trace', message, params); }
}

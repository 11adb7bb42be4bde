import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { currentContext } from './context';
import { activeTraceIds } from './tracing';

let root: Logger | undefined;

/** keys whose values never reach a log line (tokens, passwords, secrets, cookies, the session header) */
const SECRET_KEY = /^(token|.*[_-]?token|.*password.*|.*secret.*|.*private[_-]?key.*|.*_key_previous|outbox_key|authorization|cookie|set-cookie|pin|otp|code_verifier)$/i;
/** tokens inside text: query parameters and path segments after a token-bearing route, long opaque strings after 'token' */
const SECRET_IN_TEXT: [RegExp, string][] = [
  // a PEM private key (DKIM_PRIVATE_KEY, a signing key) anywhere in a text, its line ends real or written as \n
  [/-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----[\s\S]*?-----END \1PRIVATE KEY-----/g, '[redacted private key]'],
  [/([?&](?:token|log_token|pin_token|code|state|signature)=)[^&\s"']+/gi, '$1[redacted]'],
  [/(\/(?:guest|invitation|invite|reset|verify|complete-profile|namebytoken|auth\/[a-z-]+|t)\/)[A-Za-z0-9._~%-]{16,}/gi, '$1[redacted]'],
  [/((?:token|secret|password)["']?\s*[:=]\s*["']?)(?!\[redacted\])[^"',\s}&]{6,}/gi, '$1[redacted]'],
];

/** What a log line may not carry, removed (exported for the test that greps the logs). */
export function scrubText(text: string): string {
  let out = text;
  for (const [re, to] of SECRET_IN_TEXT) out = out.replace(re, to);
  return out;
}
export function scrubSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (!value || typeof value !== 'object' || depth > 6) return value;
  if (value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((v) => scrubSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) && v !== null && v !== undefined && v !== '' ? '[redacted]' : scrubSecrets(v, depth + 1);
  return out;
}

/**
 * pino JSON logs with service, correlation id, org id and, inside a span, trace and span id on every line.
 * `destination`: where lines go (stdout by default; tests collect them).
 */
export function createRootLogger(service: string, level = 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    // logs never print tokens (issue 9): secret-named fields and token-looking text are replaced before writing
    formatters: { log: (obj) => scrubSecrets(obj) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? scrubText(a) : a)) as Parameters<typeof method>);
      },
    },
    serializers: {
      err: (e: unknown) => scrubSecrets(pino.stdSerializers.err(e as Error)),
    },
    mixin() {
      const ctx = currentContext();
      const ids = activeTraceIds();
      return { ...(ctx ? { correlationId: ctx.correlationId, orgId: ctx.orgId } : {}), ...ids };
    },
  };
  root = destination ? pino(options, destination) : pino(options);
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

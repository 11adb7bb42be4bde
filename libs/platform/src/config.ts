import { z } from 'zod';
import { databaseUrl, natsUrl, redisUrl, tlsCaFile } from './tls';

/**
 * Secrets (docs/security.md "Secrets and configuration"): one rule for every service. A secret is declared in a
 * config schema with `secret('NAME')` (required: development and tests get its development default below) or
 * `optionalSecret()` (a feature is off without it), a setting whose default only suits one machine with
 * `devOnly(schema, default)`. `parseConfig` then refuses to start with NODE_ENV=production when a required one is
 * unset, or any of them holds a development default, and names the variable.
 */
export const DEVELOPMENT_SECRETS = Object.freeze({
  AUTH_SECRET: 'development-only-auth-secret',
  OUTBOX_KEY: 'development-only-outbox-key',
  S3_ACCESS_KEY: 'S3RVER',
  S3_SECRET_KEY: 'S3RVER',
});
export type SecretName = keyof typeof DEVELOPMENT_SECRETS;
/** every value that was ever a development default (the retired IJMEET_SECRET's too): refused in production in any secret */
const DEVELOPMENT_VALUES = new Set<string>([...Object.values(DEVELOPMENT_SECRETS), 'development-ijmeet-secret']);

type SecretKind = { kind: 'secret'; dev: string } | { kind: 'optional' } | { kind: 'devOnly'; dev: string };
const DECLARED = new WeakMap<z.ZodType, SecretKind>();
const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);

/** A required secret: its development default outside production; production refuses it unset or at that default. */
export function secret(name: SecretName, opts: { min?: number } = {}) {
  const dev = DEVELOPMENT_SECRETS[name];
  const s = z.preprocess(blankIsUnset, z.string().min(opts.min ?? 1).optional()).transform((v): string => v ?? dev);
  DECLARED.set(s, { kind: 'secret', dev });
  return s;
}

/**
 * A secret a feature needs (the feature is off without it): production refuses only a development default. `schema`
 * replaces the plain non-empty string when the secret has a form of its own (a PEM key, a length); its messages must
 * never repeat the value (a ConfigError is printed).
 */
export function optionalSecret<T extends z.ZodType<unknown, string> = z.ZodString>(opts: { min?: number; schema?: T } = {}) {
  const inner = (opts.schema ?? z.string().min(opts.min ?? 1)) as T;
  const s = z.preprocess(blankIsUnset, inner.optional());
  DECLARED.set(s, { kind: 'optional' });
  return s;
}

/** An optional setting that is not a secret; an empty value is unset (a deploy file's `${NAME:-}`). */
export function optionalSetting<T extends z.ZodType<unknown, string>>(schema: T) {
  return z.preprocess(blankIsUnset, schema.optional());
}

/** A setting whose default suits one machine only (maildev): production must set it (any value, the same one too). */
export function devOnly<T extends z.ZodType<string>>(schema: T, dev: string) {
  const s = z.preprocess(blankIsUnset, schema.optional()).transform((v) => (v ?? dev) as z.output<T>);
  DECLARED.set(s, { kind: 'devOnly', dev });
  return s;
}

/**
 * A key ring (docs/operations.md#rotating-secrets): the current key, then the previous one while a rotation is under
 * way (AUTH_SECRET_PREVIOUS, OUTBOX_KEY_PREVIOUS). The first key seals and signs; every key of the ring opens and
 * verifies. A previous key equal to the current one, or unset, adds nothing.
 */
export function keyRing(current: string, previous?: string): string[] {
  return previous && previous !== current ? [current, previous] : [current];
}

/** The variables a schema declares with secret()/optionalSecret()/devOnly(), and whether production requires each. */
export function declaredSecrets(schema: z.ZodType): { name: string; required: boolean; kind: SecretKind['kind'] }[] {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  return Object.entries(shape).flatMap(([name, field]) => {
    const d = DECLARED.get(field);
    return d ? [{ name, required: d.kind !== 'optional', kind: d.kind }] : [];
  });
}

/** With NODE_ENV=production: each declared variable unset (when required) or holding a development default. */
export function productionSecretProblems(schema: z.ZodType, env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  const out: string[] = [];
  for (const [name, field] of Object.entries(shape)) {
    const d = DECLARED.get(field);
    if (!d) continue;
    const raw = env[name];
    if (raw === undefined || raw === '') {
      if (d.kind !== 'optional') out.push(`${name}: required in production (${d.kind === 'secret' ? 'a secret; the development default is refused' : 'the default suits one machine only'})`);
    } else if (d.kind !== 'devOnly' && DEVELOPMENT_VALUES.has(raw)) {
      out.push(`${name}: still a development default; set a secret of its own in production`);
    }
  }
  return out;
}

/**
 * Config once (docs/architecture.md#configuration-parsed-once): each service parses its environment with a zod schema at start-up
 * and fails fast with a clear message. This file and each service's config.ts are the only readers of
 * process.env.
 */
export const baseConfigSchema = z.object({
  SERVICE_NAME: z.string().min(1).default('service'),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  HTTP_PORT: z.coerce.number().int().min(0).max(65535),
  /** nats:// or tls:// (TLS required, the server checked against TLS_CA_FILE: k8s/base) */
  NATS_URL: natsUrl.default('nats://127.0.0.1:4222'),
  /**
   * this service's NATS user and password (docs/operations.md "Who may talk to whom"): in the cluster the user is
   * the service's name and the password its own key of the Secret boardroom-identities; unset, the connection is
   * anonymous (one machine, unless NATS_IDENTITIES=1)
   */
  NATS_USER: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  NATS_PASSWORD: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  /** redis:// or rediss:// (TLS, the server checked against TLS_CA_FILE); the local runner puts each service's user in it */
  REDIS_URL: redisUrl.default('redis://127.0.0.1:6379'),
  /** this service's Valkey ACL user and password (the Secret boardroom-identities, `redis-<service>`); unset: REDIS_URL's */
  REDIS_USER: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  REDIS_PASSWORD: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  /**
   * the CA that signs the data systems' certificates (NATS, Valkey, PostgreSQL: docs/operations.md "TLS inside the
   * cluster"), a PEM file read once here; unset: the system's trust store
   */
  TLS_CA_FILE: tlsCaFile,
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * graceful shutdown (shutdown.ts): how long a stopping process stays not-ready, still serving, before it closes
   * (the balancer's time to notice); unset: 5000 in production, 0 otherwise
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** graceful shutdown: the longest each stage (sockets, HTTP requests, NATS requests, jobs) may take */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().max(300_000).default(20_000),
  /** copies of each domain event stream on a NATS cluster (3 in Kubernetes: k8s/base); 1 on one server */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /**
   * seals payloads at rest — outbox rows, JetStream messages, BullMQ job data (links with tokens): the same key in
   * every service; required in production (secret(): refused unset or at its development default)
   */
  OUTBOX_KEY: secret('OUTBOX_KEY', { min: 16 }),
  /**
   * during a rotation of OUTBOX_KEY only (docs/operations.md#rotating-secrets): the key before it, which still opens
   * what it sealed (outbox rows, stream messages, queued jobs) but seals nothing; removed once they are gone
   */
  OUTBOX_KEY_PREVIOUS: optionalSecret({ min: 16 }),
  /** OTLP/HTTP collector for trace spans (docs/operations.md#tracing); unset: spans are not recorded, ids still travel */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  /** share of new traces recorded when exporting (0..1); continued traces follow their caller */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  /**
   * the development and test checks of replies (`auto`: on outside production): a reply built to its contract
   * (`@Rpc(def, { builtToContract: true })`) is parsed and must equal what the handler built, or the request fails
   * (docs/decisions.md, "Every RPC reply is checked in production"); the gateway checks each composed route's answer
   */
  VALIDATE_RESPONSES: z.enum(['auto', 'true', 'false']).default('auto'),
});

/** VALIDATE_RESPONSES: `auto` (and unset) is on outside production */
export const checksBuiltReplies = (c: { VALIDATE_RESPONSES?: 'auto' | 'true' | 'false'; NODE_ENV?: string }): boolean =>
  c.VALIDATE_RESPONSES === 'true' || ((c.VALIDATE_RESPONSES ?? 'auto') === 'auto' && c.NODE_ENV !== 'production');

export const databaseConfigSchema = z.object({
  /** postgres://, with sslmode=verify-full (or verify-ca) for TLS checked against TLS_CA_FILE */
  DATABASE_URL: databaseUrl,
  DATABASE_ADMIN_URL: z.string().min(1).optional(),
  /** set where connections cannot log in as the application role (PGlite): SET LOCAL ROLE in each transaction */
  DATABASE_SET_ROLE: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().positive().default(5),
});

export const s3ConfigSchema = z.object({
  S3_ENDPOINT: z.url().default('http://127.0.0.1:4569'),
  S3_ACCESS_KEY: secret('S3_ACCESS_KEY'),
  S3_SECRET_KEY: secret('S3_SECRET_KEY'),
  S3_BUCKET: z.string().min(3).default('boardroom'),
  S3_REGION: z.string().min(1).default('us-east-1'),
});

export const linksConfigSchema = z.object({
  PUBLIC_BASE_DOMAIN: z.string().min(1).default('localhost:3000'),
  PUBLIC_PROTOCOL: z.enum(['http', 'https']).default('http'),
});

/**
 * BullMQ worker lock and stalled check for the services that process jobs (minutes, approval): unset, BullMQ's own
 * (a 30 s lock, a 30 s check). A killed worker's job is taken back by another process once its lock has expired and a
 * stalled check has run; the crash tests (workerTakeover in libs/testing) set both short so that takes seconds.
 * Production keeps the defaults: a lock shorter than a blocked event loop (a big PDF) would hand a running job to a
 * second worker.
 */
export const jobWorkerConfigSchema = z.object({
  JOB_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).optional(),
  JOB_STALLED_INTERVAL_MS: z.coerce.number().int().min(500).max(600_000).optional(),
});

/** The worker tuning of PlatformModule's queues from jobWorkerConfigSchema's values (unset: BullMQ's). */
export function workerTuningOf(c: { JOB_LOCK_MS?: number; JOB_STALLED_INTERVAL_MS?: number }): { lockDurationMs?: number; stalledIntervalMs?: number } {
  return { ...(c.JOB_LOCK_MS ? { lockDurationMs: c.JOB_LOCK_MS } : {}), ...(c.JOB_STALLED_INTERVAL_MS ? { stalledIntervalMs: c.JOB_STALLED_INTERVAL_MS } : {}) };
}

export type BaseConfig = z.output<typeof baseConfigSchema>;

export class ConfigError extends Error {}

/** Parse `env` with `schema`; on failure (or a secret production refuses) throw one error listing every bad variable. */
export function parseConfig<T extends z.ZodType>(schema: T, env: Record<string, string | undefined> = process.env): z.output<T> {
  const r = schema.safeParse(env);
  const production = productionSecretProblems(schema, env);
  // a variable production refuses (unset, a development default) is named once, by that rule: a schema's check of the
  // default it stands in for would only repeat it
  const named = new Set(production.map((l) => l.slice(0, l.indexOf(':'))));
  const issues = r.success ? [] : r.error.issues.filter((i) => !named.has(String(i.path[0])));
  const lines = [...issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`), ...production];
  if (!lines.length && r.success) return r.data;
  throw new ConfigError(`Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}

/** Token under which a service's parsed config is provided. */
export const CONFIG = Symbol('CONFIG');

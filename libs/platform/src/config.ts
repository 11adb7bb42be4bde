import { z } from 'zod';

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
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  REDIS_URL: z.string().min(1).default('redis://127.0.0.1:6379'),
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
   * every service; required in production, a fixed development key otherwise
   */
  OUTBOX_KEY: z.string().min(16).optional(),
  /** OTLP/HTTP collector for trace spans (docs/operations.md#tracing); unset: spans are not recorded, ids still travel */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  /** share of new traces recorded when exporting (0..1); continued traces follow their caller */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
});

export const databaseConfigSchema = z.object({
  DATABASE_URL: z.string().min(1),
  DATABASE_ADMIN_URL: z.string().min(1).optional(),
  /** set where connections cannot log in as the application role (PGlite): SET LOCAL ROLE in each transaction */
  DATABASE_SET_ROLE: z.string().regex(/^[a-z_][a-z0-9_]*$/).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().positive().default(5),
});

export const s3ConfigSchema = z.object({
  S3_ENDPOINT: z.url().default('http://127.0.0.1:4569'),
  S3_ACCESS_KEY: z.string().min(1).default('S3RVER'),
  S3_SECRET_KEY: z.string().min(1).default('S3RVER'),
  S3_BUCKET: z.string().min(3).default('boardroom'),
  S3_REGION: z.string().min(1).default('us-east-1'),
});

export const linksConfigSchema = z.object({
  PUBLIC_BASE_DOMAIN: z.string().min(1).default('localhost:3000'),
  PUBLIC_PROTOCOL: z.enum(['http', 'https']).default('http'),
});

export type BaseConfig = z.output<typeof baseConfigSchema>;

export class ConfigError extends Error {}

/** Parse `env` with `schema`; on failure throw one error listing every bad variable. */
export function parseConfig<T extends z.ZodType>(schema: T, env: Record<string, string | undefined> = process.env): z.output<T> {
  const r = schema.safeParse(env);
  if (r.success) return r.data;
  const lines = r.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Token under which a service's parsed config is provided. */
export const CONFIG = Symbol('CONFIG');

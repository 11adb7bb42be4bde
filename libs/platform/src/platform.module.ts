import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationBootstrap, Provider } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { JobDef, RpcDef } from '@app/contracts';
import { Bus, BUS_OPTIONS } from './bus/bus.service';
import { connectNats, NATS_CONNECTION } from './bus/nats';
import { RPC_HANDLER, RPC_OPTIONS, type RpcOptions } from './bus/rpc.decorator';
import { Events, EVENTS_OPTIONS } from './events/events.service';
import { EVENT_HANDLER, EventHandlerMeta } from './events/on-event.decorator';
import { createRedis, REDIS, redisUrlOf } from './redis';
import type { TlsCa } from './tls';
import { Db, DB_OPTIONS } from './db/db';
import { Outbox } from './events/outbox';
import { Storage, STORAGE_OPTIONS } from './storage/storage';
import { HealthController } from './http/health.controller';
import { JOB_HANDLER, JobRegistry, QueuesModule, QUEUES_OPTIONS, QueuesOptions, WorkerTuning } from './queues/jobs';
import { CONFIG, checksBuiltReplies } from './config';
import { enableDefaultMetrics } from './metrics';
import { logger } from './logger';
import { flushTracing, initTracing } from './tracing';
import { SessionStore } from './sessions';
import { RateLimiter } from './rate-limit';
import type { NatsConnection } from '@nats-io/transport-node';
import type Redis from 'ioredis';

export interface PlatformConfig {
  SERVICE_NAME: string;
  NATS_URL: string;
  /** its own NATS user (docs/operations.md "Who may talk to whom"); unset: anonymous */
  NATS_USER?: string;
  NATS_PASSWORD?: string;
  REDIS_URL: string;
  /** its own Valkey ACL user; unset: REDIS_URL's */
  REDIS_USER?: string;
  REDIS_PASSWORD?: string;
  /** the CA of the data systems' certificates (tls:// NATS, rediss:// Redis, sslmode=verify-full PostgreSQL), read by the config */
  TLS_CA_FILE?: TlsCa;
  RPC_TIMEOUT_MS: number;
  NATS_STREAM_REPLICAS?: number;
  DATABASE_URL?: string;
  DATABASE_SET_ROLE?: string;
  DATABASE_POOL_MAX?: number;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY?: string;
  S3_SECRET_KEY?: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
  NODE_ENV?: string;
  /** seals outbox payloads at rest (databaseConfigSchema) */
  OUTBOX_KEY?: string;
  /** during a rotation: the previous OUTBOX_KEY, which still opens what it sealed (docs/operations.md#rotating-secrets) */
  OUTBOX_KEY_PREVIOUS?: string;
  /** tracing (baseConfigSchema): spans are exported over OTLP/HTTP when set */
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_TRACES_SAMPLER_ARG?: number;
  /** baseConfigSchema: `auto` (unset) checks built-to-contract replies outside production (Bus) */
  VALIDATE_RESPONSES?: 'auto' | 'true' | 'false';
}

export interface PlatformOptions {
  /** the service's name: NATS queue group, log field, owner of its events and jobs */
  service: string;
  config: PlatformConfig;
  /** drizzle tables of the service's own schema */
  db?: { schema: Record<string, unknown> };
  storage?: boolean;
  queues?: { produces?: readonly JobDef[]; processes?: readonly JobDef[]; concurrency?: number; worker?: WorkerTuning };
  /** owners whose event streams this service publishes to or consumes (its own is always ensured) */
  streams?: readonly string[];
}

export const PLATFORM_OPTIONS = Symbol('PLATFORM_OPTIONS');

/** Finds @Rpc, @OnEvent and @ProcessJob methods on providers and wires them at start-up. */
@Injectable()
export class PlatformExplorer implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly bus: Bus,
    private readonly events: Events,
    @Inject(PLATFORM_OPTIONS) private readonly opts: PlatformOptions,
  ) {}

  private methods(): { instance: Record<string, (...a: unknown[]) => unknown>; name: string; fn: (...a: unknown[]) => unknown }[] {
    const out: { instance: Record<string, (...a: unknown[]) => unknown>; name: string; fn: (...a: unknown[]) => unknown }[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, (...a: unknown[]) => unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const proto = Object.getPrototypeOf(instance);
      for (const name of this.scanner.getAllMethodNames(proto)) out.push({ instance, name, fn: instance[name] });
    }
    return out;
  }

  async onApplicationBootstrap(): Promise<void> {
    const seenRpc = new Set<string>();
    const registry = this.opts.queues ? this.discoveryRegistry() : undefined;
    await this.events.ensureStream(this.opts.service);
    for (const owner of this.opts.streams ?? []) await this.events.ensureStream(owner);
    for (const m of this.methods()) {
      const rpc = this.reflector.get<RpcDef | undefined>(RPC_HANDLER, m.fn);
      if (rpc) {
        if (seenRpc.has(rpc.subject)) throw new Error(`two handlers for ${rpc.subject}`);
        if (rpc.owner !== this.opts.service) throw new Error(`${this.opts.service} handles ${rpc.subject}, owned by ${rpc.owner}`);
        seenRpc.add(rpc.subject);
        this.bus.handle(rpc, (req) => m.fn.call(m.instance, req) as never, this.reflector.get<RpcOptions | undefined>(RPC_OPTIONS, m.fn));
      }
      const ev = this.reflector.get<EventHandlerMeta | undefined>(EVENT_HANDLER, m.fn);
      if (ev) {
        const durable = ev.options.durable ?? `${this.opts.service}__${ev.def.subject.replace(/\./g, '_')}__${m.name}`;
        await this.events.subscribe(ev.def, (p, meta) => m.fn.call(m.instance, p, meta) as Promise<void>, { ...ev.options, durable });
      }
      const job = this.reflector.get<JobDef | undefined>(JOB_HANDLER, m.fn);
      if (job) {
        if (!registry) throw new Error(`${m.name} processes ${job.queue}:${job.name} but the service declares no queues`);
        registry.register(job, (p, ctx) => m.fn.call(m.instance, p, ctx) as Promise<unknown>);
      }
    }
    if (registry) {
      const q = this.discovery.getProviders().find((w) => w.token === QUEUES_OPTIONS)?.instance as QueuesOptions;
      registry.assertExactlyOne(q.processes ?? []);
    }
    logger().info({ rpcs: seenRpc.size }, 'handlers registered');
  }

  private discoveryRegistry(): JobRegistry {
    const w = this.discovery.getProviders().find((p) => p.token === JobRegistry);
    if (!w) throw new Error('JobRegistry missing');
    return w.instance as JobRegistry;
  }
}

@Global()
@Module({})
export class PlatformModule {
  static forRoot(opts: PlatformOptions): DynamicModule {
    enableDefaultMetrics(opts.service);
    const c = opts.config;
    initTracing({ service: opts.service, otlpEndpoint: c.OTEL_EXPORTER_OTLP_ENDPOINT, sampleRatio: c.OTEL_TRACES_SAMPLER_ARG });
    const providers: Provider[] = [
      { provide: PLATFORM_OPTIONS, useValue: opts },
      { provide: CONFIG, useValue: c },
      { provide: NATS_CONNECTION, useFactory: () => connectNats(c.NATS_URL, opts.service, { user: c.NATS_USER, pass: c.NATS_PASSWORD }, c.TLS_CA_FILE) },
      { provide: REDIS, useFactory: () => createRedis(redisUrlOf(c), opts.service, c.TLS_CA_FILE) },
      { provide: BUS_OPTIONS, useValue: { service: opts.service, defaultTimeoutMs: c.RPC_TIMEOUT_MS, checkBuiltReplies: checksBuiltReplies(c) } },
      { provide: EVENTS_OPTIONS, useValue: { service: opts.service, outboxKey: c.OUTBOX_KEY, outboxKeyPrevious: c.OUTBOX_KEY_PREVIOUS, production: c.NODE_ENV === 'production', streamReplicas: c.NATS_STREAM_REPLICAS ?? 1 } },
      Bus,
      Events,
      SessionStore,
      RateLimiter,
      PlatformExplorer,
      CloseConnections,
    ];
    const exports: (string | symbol | Function)[] = [CONFIG, NATS_CONNECTION, REDIS, Bus, Events, SessionStore, RateLimiter];
    if (opts.db) {
      if (!c.DATABASE_URL) throw new Error('DATABASE_URL is required');
      providers.push({ provide: DB_OPTIONS, useValue: { url: c.DATABASE_URL, ca: c.TLS_CA_FILE, setRole: c.DATABASE_SET_ROLE, poolMax: c.DATABASE_POOL_MAX, schema: opts.db.schema } }, Db, Outbox);
      exports.push(Db, Outbox);
    }
    if (opts.storage) {
      providers.push(
        {
          provide: STORAGE_OPTIONS,
          useValue: { endpoint: c.S3_ENDPOINT, accessKey: c.S3_ACCESS_KEY, secretKey: c.S3_SECRET_KEY, bucket: c.S3_BUCKET, region: c.S3_REGION },
        },
        Storage,
      );
      exports.push(Storage);
    }
    const imports: DynamicModule[] = [DiscoveryModule as unknown as DynamicModule];
    if (opts.queues) {
      imports.push(QueuesModule.register({ redisUrl: redisUrlOf(c), redisCa: c.TLS_CA_FILE, produces: opts.queues.produces ?? [], processes: opts.queues.processes ?? [], concurrency: opts.queues.concurrency, worker: opts.queues.worker, sealKey: c.OUTBOX_KEY, sealKeyPrevious: c.OUTBOX_KEY_PREVIOUS, production: c.NODE_ENV === 'production' }));
    }
    return { module: PlatformModule, global: true, imports, controllers: [HealthController], providers, exports };
  }
}

/** Closes NATS and Redis after everything else has shut down, and sends the last spans. */
@Injectable()
class CloseConnections {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection, @Inject(REDIS) private readonly redis: Redis) {}
  async beforeApplicationShutdown(): Promise<void> {}
  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain().catch((err: unknown) => logger().warn({ err }, 'NATS connection did not drain cleanly'));
    this.redis.disconnect();
    await flushTracing().catch((err: unknown) => logger().warn({ err }, 'the last trace spans could not be sent'));
  }
}

import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown, OnModuleDestroy, OnModuleInit, SetMetadata, Type } from '@nestjs/common';
import { redisOptionsOf, type TlsCa } from '../tls';
import { BullModule, InjectQueue, Processor, WorkerHost, getQueueToken } from '@nestjs/bullmq';
import { ModuleRef } from '@nestjs/core';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { AppError, JobDef, PayloadInputOf, PayloadOf, fieldErrorsOf } from '@app/contracts';
import { runWithContext, currentContext } from '../context';
import { contextFromHeaders, inSpan, SpanKind, traceparentOf } from '../tracing';
import { logger } from '../logger';
import { metrics, queueDepthSources, type QueueDepthSource } from '../metrics';
import { PayloadSeal } from '../seal';
import { watchRedisErrors } from '../redis';
import { onDrain } from '../shutdown';

/**
 * Job data as it rests in Redis: the organization and correlation id in clear (the tenant's queue view, logs),
 * the payload sealed (e-mail jobs carry links with tokens). Jobs added before sealing carry `payload` in clear.
 */
export interface JobData {
  orgId?: string;
  correlationId?: string;
  /** the trace of the code that added the job (W3C traceparent): each attempt's span continues it */
  traceparent?: string;
  sealed?: string;
  payload?: unknown;
}
/** Associated data of a job's sealed payload: a payload moved to another kind of job cannot be opened. */
const jobAad = (queue: string, name: string) => `job:${queue}:${name}`;

/** The payload of a job's data (sealed or not); throws when it cannot be opened. */
export function openJobData(seal: PayloadSeal, queue: string, name: string, data: JobData | undefined): unknown {
  if (typeof data?.sealed === 'string') return seal.openValue(data.sealed, jobAad(queue, name));
  return data?.payload;
}

export const QUEUES_OPTIONS = Symbol('QUEUES_OPTIONS');
export interface QueuesOptions {
  redisUrl: string;
  /** the CA of a rediss:// server (TLS_CA_FILE) */
  redisCa?: TlsCa;
  /** jobs this service adds */
  produces: readonly JobDef[];
  /** jobs this service processes (it owns them): exactly one processor each */
  processes?: readonly JobDef[];
  concurrency?: number;
  worker?: WorkerTuning;
  /** OUTBOX_KEY: job payloads rest sealed in Redis; required when `production` */
  sealKey?: string;
  /** during a rotation: the previous OUTBOX_KEY, which still opens job data (never seals) */
  sealKeyPrevious?: string;
  production?: boolean;
}

export const JOB_HANDLER = Symbol('JOB_HANDLER');
/** Marks a method of a `*.processor.ts` provider as the processor of a job defined in libs/contracts. */
export const ProcessJob = (def: JobDef): MethodDecorator => SetMetadata(JOB_HANDLER, def);

export interface JobContext {
  id: string;
  attempt: number;
  attemptsAllowed: number;
  /** the job's progress as its readers see it (BullMQ's job.progress; a job whose state is read back, docs/annotations.md#export) */
  progress(value: number | object): Promise<void>;
}
type JobHandlerFn = (payload: unknown, ctx: JobContext) => Promise<unknown>;

/** Handlers by queue and job name, filled by the platform explorer at start-up. */
@Injectable()
export class JobRegistry {
  private readonly handlers = new Map<string, { def: JobDef; fn: JobHandlerFn }[]>();
  private readonly seal: PayloadSeal;
  constructor(@Inject(QUEUES_OPTIONS) opts: QueuesOptions) {
    this.seal = PayloadSeal.fromKey(opts.sealKey, opts.production, opts.sealKeyPrevious);
  }
  private readyResolve!: () => void;
  readonly ready = new Promise<void>((r) => (this.readyResolve = r));

  register(def: JobDef, fn: JobHandlerFn): void {
    const key = `${def.queue}:${def.name}`;
    const list = this.handlers.get(key) ?? [];
    list.push({ def, fn });
    this.handlers.set(key, list);
  }

  /** Each job this service processes has exactly one processor; nothing else is processed here. */
  assertExactlyOne(processes: readonly JobDef[]): void {
    for (const def of processes) {
      const n = this.handlers.get(`${def.queue}:${def.name}`)?.length ?? 0;
      if (n !== 1) throw new Error(`job ${def.queue}:${def.name} must have exactly one processor, found ${n}`);
    }
    for (const [key] of this.handlers) {
      if (!processes.some((d) => `${d.queue}:${d.name}` === key)) throw new Error(`processor for ${key} is not declared in QueuesModule processes`);
    }
    this.readyResolve();
  }

  async dispatch(job: Job): Promise<unknown> {
    await this.ready;
    const entry = this.handlers.get(`${job.queueName}:${job.name}`)?.[0];
    if (!entry) throw new Error(`no processor for ${job.queueName}:${job.name}`);
    let payload: unknown;
    try {
      payload = openJobData(this.seal, job.queueName, job.name, job.data as JobData);
    } catch (e) {
      logger().error({ job: job.name, id: job.id, err: e }, 'job data cannot be opened (another OUTBOX_KEY?)');
      throw new UnrecoverableError('job data cannot be opened');
    }
    const parsed = entry.def.payload.safeParse(payload);
    if (!parsed.success) {
      logger().error({ job: job.name, id: job.id, issues: parsed.error.issues.slice(0, 5) }, 'job payload does not match its contract');
      throw new Error('job payload does not match its contract');
    }
    const data = job.data as JobData | undefined;
    const parent = contextFromHeaders((k) => (k === 'traceparent' ? data?.traceparent : undefined));
    const attempt = job.attemptsMade + 1;
    const attributes = { 'messaging.system': 'bullmq', 'messaging.operation.type': 'process', 'messaging.destination.name': job.queueName, 'messaging.message.id': String(job.id), 'app.job.name': job.name, 'messaging.delivery_count': attempt };
    return inSpan(`process ${job.queueName} ${job.name}`, { kind: SpanKind.CONSUMER, parent, attributes }, async () => {
      const end = metrics.jobDuration.startTimer({ queue: job.queueName, name: job.name });
      try {
        const out = await runWithContext({ correlationId: data?.correlationId, orgId: (parsed.data as { orgId?: string }).orgId }, () =>
          entry.fn(parsed.data, { id: String(job.id), attempt, attemptsAllowed: job.opts.attempts ?? 1, progress: (value) => job.updateProgress(value) }),
        );
        end({ outcome: 'ok' });
        return out;
      } catch (e) {
        end({ outcome: 'error' });
        logger().warn({ err: e, job: job.name, id: job.id, attempt }, 'job failed');
        throw e;
      }
    });
  }
}

export interface AddJobOptions {
  /** deduplication: a job with an id that exists (waiting, delayed, active, completed or failed) is not added again */
  jobId?: string;
  delayMs?: number;
}

/** Typed producer: validates the payload against its definition and applies its retry policy. */
@Injectable()
export class Jobs {
  private readonly seal: PayloadSeal;
  constructor(private readonly moduleRef: ModuleRef, @Inject(QUEUES_OPTIONS) opts: QueuesOptions) {
    this.seal = PayloadSeal.fromKey(opts.sealKey, opts.production, opts.sealKeyPrevious);
  }

  queue(name: string): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }

  async add<D extends JobDef>(def: D, payload: PayloadInputOf<D>, opts: AddJobOptions = {}): Promise<string> {
    const [id] = await this.addMany(def, [{ payload, opts }]);
    return id;
  }

  /**
   * Several jobs of one definition in one round trip (a meeting's e-mail to its 400 members). Every
   * payload is validated first, so a bad one adds nothing; ids that exist are skipped as in `add`.
   */
  async addMany<D extends JobDef>(def: D, list: { payload: PayloadInputOf<D>; opts?: AddJobOptions }[]): Promise<string[]> {
    if (!list.length) return [];
    const correlationId = currentContext()?.correlationId;
    const prepared = list.map(({ payload, opts = {} }) => {
      const parsed = def.payload.safeParse(payload);
      if (!parsed.success) throw new AppError('VALIDATION', { fields: fieldErrorsOf(parsed.error) });
      return { data: parsed.data, opts };
    });
    const attributes = { 'messaging.system': 'bullmq', 'messaging.operation.type': 'send', 'messaging.destination.name': def.queue, 'app.job.name': def.name, 'messaging.batch.message_count': list.length };
    return inSpan(`enqueue ${def.queue} ${def.name}`, { kind: SpanKind.PRODUCER, attributes }, async () => {
      const traceparent = traceparentOf();
      const jobs = prepared.map(({ data, opts }) => ({
        name: def.name,
        data: { orgId: (data as { orgId?: string }).orgId, correlationId, traceparent, sealed: this.seal.sealValue(data, jobAad(def.queue, def.name)) } satisfies JobData,
        opts: {
          jobId: opts.jobId,
          delay: opts.delayMs,
          attempts: def.attempts ?? 5,
          backoff: { type: 'exponential' as const, delay: def.backoffMs ?? 1000 },
          removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
          removeOnFail: false,
        },
      }));
      const added = await this.queue(def.queue).addBulk(jobs);
      return added.map((j) => String(j.id));
    });
  }

  /** Remove a waiting or delayed job (a reminder whose item was closed or deleted). */
  async remove(def: JobDef, jobId: string): Promise<boolean> {
    const job = await this.queue(def.queue).getJob(jobId);
    if (!job) return false;
    const state = await job.getState();
    if (state === 'active') return false;
    await job.remove();
    return true;
  }
}

/** BullMQ worker tuning: how long a job's lock lasts and how often stalled jobs (a killed worker's) are taken back. */
export interface WorkerTuning {
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  maxStalledCount?: number;
}

function processorFor(queue: string, concurrency: number, tuning: WorkerTuning = {}): Type {
  @Processor(queue, {
    concurrency,
    ...(tuning.lockDurationMs ? { lockDuration: tuning.lockDurationMs } : {}),
    ...(tuning.stalledIntervalMs ? { stalledInterval: tuning.stalledIntervalMs } : {}),
    ...(tuning.maxStalledCount !== undefined ? { maxStalledCount: tuning.maxStalledCount } : {}),
  })
  class QueueProcessor extends WorkerHost implements OnApplicationBootstrap, OnApplicationShutdown {
    private removeDrain?: () => void;
    constructor(@Inject(JobRegistry) private readonly registry: JobRegistry) {
      super();
    }
    async process(job: Job): Promise<unknown> {
      return this.registry.dispatch(job);
    }
    onApplicationBootstrap(): void {
      // the worker exists once BullModule's explorer has run (onModuleInit)
      watchRedisErrors(this.worker, `worker ${queue}`);
      // graceful shutdown: the jobs being processed finish, no new one is taken (a killed process's jobs come back
      // as stalled after the lock expires instead)
      this.removeDrain = onDrain('jobs', () => this.worker.close());
    }
    onApplicationShutdown(): void {
      this.removeDrain?.();
    }
  }
  Object.defineProperty(QueueProcessor, 'name', { value: `QueueProcessor_${queue.replace(/\W/g, '_')}` });
  return QueueProcessor;
}

export function redisConnection(url: string, ca?: TlsCa) {
  return { ...redisOptionsOf(url, ca), maxRetriesPerRequest: null };
}

/** Each queue's Redis errors (its connection retrying while Redis is away) go to the outage log, not to stderr. */
@Injectable()
export class QueueErrorListeners implements OnModuleInit {
  constructor(private readonly jobs: Jobs, @Inject(QUEUES_OPTIONS) private readonly opts: QueuesOptions) {}
  onModuleInit(): void {
    const names = new Set([...this.opts.produces, ...(this.opts.processes ?? [])].map((d) => d.queue));
    for (const name of names) watchRedisErrors(this.jobs.queue(name), `queue ${name}`);
  }
}

/** queue_jobs{queue,state} on /metrics for the queues this service processes (waiting, delayed, active, failed). */
@Injectable()
export class QueueDepthMetrics implements OnModuleInit, OnModuleDestroy {
  private readonly source: QueueDepthSource = async (set) => {
    for (const name of this.opts.processes?.map((d) => d.queue) ?? []) {
      // Redis down: the figure is missing from this scrape (the readiness probe reports the outage)
      const counts = await this.jobs
        .queue(name)
        .getJobCounts('waiting', 'delayed', 'active', 'failed', 'prioritized')
        .catch(() => null);
      if (!counts) continue;
      for (const [state, n] of Object.entries(counts)) set(name, state, n);
    }
  };
  constructor(private readonly jobs: Jobs, @Inject(QUEUES_OPTIONS) private readonly opts: QueuesOptions) {}
  onModuleInit(): void {
    queueDepthSources.add(this.source);
  }
  onModuleDestroy(): void {
    queueDepthSources.delete(this.source);
  }
}

@Module({})
export class QueuesModule {
  static register(opts: QueuesOptions): DynamicModule {
    const processes = opts.processes ?? [];
    const queues = [...new Set([...opts.produces, ...processes].map((d) => d.queue))];
    const processorQueues = [...new Set(processes.map((d) => d.queue))];
    const processors = processorQueues.map((q) => processorFor(q, opts.concurrency ?? 5, opts.worker));
    return {
      module: QueuesModule,
      global: true,
      imports: [
        BullModule.forRoot({ connection: redisConnection(opts.redisUrl, opts.redisCa), prefix: 'bull' }),
        BullModule.registerQueue(...queues.map((name) => ({ name }))),
      ],
      providers: [JobRegistry, Jobs, QueueDepthMetrics, QueueErrorListeners, ...processors, { provide: QUEUES_OPTIONS, useValue: { ...opts, processes } }],
      exports: [JobRegistry, Jobs, BullModule, QUEUES_OPTIONS],
    };
  }
}

export { InjectQueue };
export type { PayloadOf };

import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { NatsConnection, headers as natsHeaders } from '@nats-io/transport-node';
import type { Span } from '@opentelemetry/api';
import {
  AckPolicy, Consumer, ConsumerMessages, DeliverPolicy, JetStreamClient, JetStreamManager, JsMsg, jetstream, jetstreamManager,
  RetentionPolicy, StorageType,
} from '@nats-io/jetstream';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { EventDef, EventMeta, PayloadInputOf, PayloadOf, fieldErrorsOf, AppError, streamOf, streamSubjects } from '@app/contracts';
import { NATS_CONNECTION } from '../bus/nats';
import { REDIS } from '../redis';
import { currentContext, runWithContext } from '../context';
import { contextFromHeaders, inSpan, markFailed, otelContext, SpanKind, traceHeaders, traceparentOf } from '../tracing';
import { logger } from '../logger';
import { metrics } from '../metrics';
import { Lanes } from './lanes';
import { PayloadSeal } from '../seal';

export interface EventEnvelope<P = unknown> extends EventMeta {
  payload: P;
  /** the trace of the change that wrote the event (W3C traceparent): the relay's publish span continues it */
  traceparent?: string;
}

/** An event ready for the stream: `body` is the sealed envelope's JSON, sent as it is. */
export interface OutgoingEvent {
  id: string;
  subject: string;
  correlationId?: string;
  traceparent?: string;
  body: string;
}

export type EventHandlerFn<D extends EventDef> = (payload: PayloadOf<D>, meta: EventMeta) => Promise<void> | void;

export interface SubscribeOptions {
  /** durable consumer name; default `<service>__<subject>` */
  durable?: string;
  maxDeliver?: number;
  ackWaitMs?: number;
  /** skip events already handled by this consumer (Redis marker written after success); default true */
  idempotent?: boolean;
  /**
   * events handled at once by this consumer; default 8. Events of one organization are always handled
   * one after another, in order; only different organizations' events overlap.
   */
  concurrency?: number;
}

export const EVENTS_OPTIONS = Symbol('EVENTS_OPTIONS');

/** Only an event's owner publishes it: no other name, tests included, is let through (tests publish as the owner). */
export function mayPublish(service: string, def: Pick<EventDef, 'owner'>): boolean {
  return service === def.owner;
}
export interface EventsOptions {
  service: string;
  /** key that seals outbox payloads at rest (OUTBOX_KEY); required when `production` */
  outboxKey?: string;
  /** during a rotation: the previous key, which still opens (never seals) */
  outboxKeyPrevious?: string;
  production?: boolean;
  /** copies of each stream on a NATS cluster (NATS_STREAM_REPLICAS); 1 when unset */
  streamReplicas?: number;
}

const enc = new TextEncoder();
/** An event handled this long after it was written is logged (a consumer falling behind). */
const LATE_EVENT_MS = 5_000;
const dec = new TextDecoder();
const PROCESSED_TTL_S = 7 * 24 * 3600;
const DEFAULT_CONCURRENCY = 8;

/**
 * Domain events on JetStream. Publishing sets `Nats-Msg-Id` to the event id (the stream drops a
 * duplicate within its window); consumers are durable, ack explicitly and are redelivered on failure
 * with backoff; handlers are made idempotent by an (consumer, event id) marker in Redis. A consumer
 * handles one organization's events in order and different organizations' side by side (see Lanes).
 */
@Injectable()
export class Events implements OnApplicationShutdown {
  private js!: JetStreamClient;
  private jsm!: JetStreamManager;
  private readonly ensured = new Set<string>();
  private readonly running: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];
  private readonly lanes: Lanes[] = [];
  private stopping = false;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EVENTS_OPTIONS) private readonly opts: EventsOptions,
  ) {
    this.seal = PayloadSeal.fromKey(opts.outboxKey, opts.production, opts.outboxKeyPrevious);
  }
  /** payloads rest in the streams as ciphertext (guest and invitation links carry tokens): sealed here, opened on delivery */
  private readonly seal: PayloadSeal;

  private async init(): Promise<void> {
    if (!this.jsm) {
      this.jsm = await jetstreamManager(this.nc);
      this.js = jetstream(this.nc);
    }
  }

  /** Create (or update) the stream holding an owner's events. Safe to call from every service. */
  async ensureStream(owner: string): Promise<void> {
    await this.init();
    const name = streamOf(owner);
    if (this.ensured.has(name)) return;
    const config = {
      name,
      subjects: streamSubjects(owner),
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      max_age: 14 * 24 * 3600 * 1e9,
      duplicate_window: 10 * 60 * 1e9,
      num_replicas: this.opts.streamReplicas ?? 1,
    };
    let existing;
    try {
      existing = await this.jsm.streams.info(name);
    } catch {
      try {
        await this.jsm.streams.add(config);
      } catch (e) {
        // another instance created it meanwhile
        await this.jsm.streams.info(name).catch(() => { throw e; });
      }
    }
    if (existing && existing.config.num_replicas !== config.num_replicas) {
      // a stream made before the cluster grew (or with another setting): NATS moves it to the new replica count
      await this.jsm.streams.update(name, { num_replicas: config.num_replicas });
      logger().info({ stream: name, replicas: config.num_replicas }, 'stream replicas changed');
    }
    this.ensured.add(name);
  }

  /** Validate a payload and wrap it in an envelope (only the owner may publish its events). */
  envelope<D extends EventDef>(def: D, payload: PayloadInputOf<D>, opts: { id?: string } = {}): EventEnvelope {
    if (!mayPublish(this.opts.service, def)) {
      throw new Error(`${this.opts.service} may not publish ${def.subject}: only ${def.owner} publishes its events`);
    }
    const parsed = def.payload.safeParse(payload);
    if (!parsed.success) throw new AppError('VALIDATION', { fields: fieldErrorsOf(parsed.error) });
    return {
      id: opts.id ?? randomUUID(),
      subject: def.subject,
      occurredAt: new Date().toISOString(),
      correlationId: currentContext()?.correlationId,
      traceparent: traceparentOf(),
      payload: parsed.data,
    };
  }

  /**
   * Publish now. Prefer `Outbox.add(tx, ...)` inside the transaction that makes the change: an event published
   * after commit is lost if the process dies in between.
   */
  async publish<D extends EventDef>(def: D, payload: PayloadInputOf<D>, opts: { id?: string } = {}): Promise<EventMeta> {
    const envelope = this.envelope(def, payload, opts);
    await this.publishEnvelope(def.owner, envelope);
    const { payload: _p, traceparent: _t, ...meta } = envelope;
    return meta;
  }

  /** Publish a stored envelope; its id is the Nats-Msg-Id, so publishing it twice within the window stores it once. */
  async publishEnvelope(owner: string, envelope: EventEnvelope): Promise<void> {
    const [r] = await this.publishMany(owner, [this.outgoing(envelope)]);
    if (r.status === 'rejected') throw r.reason;
  }

  /** An envelope as the stream holds it: its payload sealed under its id with the current OUTBOX_KEY. */
  outgoing(envelope: EventEnvelope): OutgoingEvent {
    const { id, subject, correlationId, traceparent } = envelope;
    return { id, subject, correlationId, traceparent, body: JSON.stringify(this.seal.seal(envelope)) };
  }

  /**
   * Publish several events of one owner together (the outbox relay's claimed batch): every publish is written to the
   * connection in the given order before any acknowledgement is awaited, then the acknowledgements are awaited
   * together. One connection, so the stream stores them in the order sent. Settles each (never rejects): the caller
   * decides what a failure means. Each id is its Nats-Msg-Id: a re-publish within the window is stored once.
   */
  async publishMany(owner: string, items: OutgoingEvent[]): Promise<PromiseSettledResult<void>[]> {
    await this.ensureStream(owner);
    // no await between the publishes: inSpan and js.publish write synchronously, so the order on the wire is this one
    const acks = items.map((e) => {
      // the relay publishes long after the request: the span continues the trace stored with the event
      const parent = e.traceparent ? contextFromHeaders((k) => (k === 'traceparent' ? e.traceparent : undefined)) : otelContext.active();
      const attributes = { 'messaging.system': 'nats', 'messaging.operation.type': 'send', 'messaging.destination.name': e.subject, 'messaging.message.id': e.id };
      return inSpan(`publish ${e.subject}`, { kind: SpanKind.PRODUCER, parent, attributes }, async () => {
        const h = natsHeaders();
        if (e.correlationId) h.set('x-correlation-id', e.correlationId);
        for (const [k, v] of Object.entries(traceHeaders())) h.set(k, v);
        await this.js.publish(e.subject, enc.encode(e.body), { msgID: e.id, headers: h });
        metrics.eventsPublished.inc({ subject: e.subject });
      });
    });
    return Promise.allSettled(acks);
  }

  durableName(def: EventDef, durable?: string): string {
    return durable ?? `${this.opts.service}__${def.subject.replace(/[.]/g, '_')}`;
  }

  /** Start a durable consumer for an event; returns when the consumer exists and is consuming. */
  async subscribe<D extends EventDef>(def: D, handler: EventHandlerFn<D>, options: SubscribeOptions = {}): Promise<void> {
    await this.ensureStream(def.owner);
    const stream = streamOf(def.owner);
    const durable = this.durableName(def, options.durable);
    const maxDeliver = options.maxDeliver ?? 10;
    const ackWait = options.ackWaitMs ?? 30_000;
    try {
      await this.jsm.consumers.info(stream, durable);
    } catch {
      await this.jsm.consumers.add(stream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        filter_subject: def.subject,
        deliver_policy: DeliverPolicy.All,
        max_deliver: maxDeliver,
        ack_wait: ackWait * 1e6,
      });
    }
    const consumer: Consumer = await this.js.consumers.get(stream, durable);
    const messages = await consumer.consume({ max_messages: 32 });
    this.running.push(messages);
    const idempotent = options.idempotent ?? true;
    const lanes = new Lanes(options.concurrency ?? DEFAULT_CONCURRENCY);
    this.lanes.push(lanes);

    const handle = (m: JsMsg, envelope: EventEnvelope): Promise<void> => {
      // the consumer's span continues the publisher's (headers), else the trace stored in the envelope
      const fromHeaders = m.headers?.get('traceparent');
      const parent = contextFromHeaders((k) => (fromHeaders ? m.headers?.get(k) : k === 'traceparent' ? envelope.traceparent : undefined) || undefined);
      const attributes = { 'messaging.system': 'nats', 'messaging.operation.type': 'process', 'messaging.destination.name': def.subject, 'messaging.consumer.group.name': durable, 'messaging.message.id': envelope.id };
      return inSpan(`process ${def.subject}`, { kind: SpanKind.CONSUMER, parent, attributes }, (span) => handleInSpan(m, envelope, span));
    };
    const handleInSpan = async (m: JsMsg, envelope: EventEnvelope, span: Span): Promise<void> => {
      const marker = `evt:${durable}:${envelope.id}`;
      if (idempotent && (await this.redis.exists(marker))) {
        m.ack();
        span.setAttribute('app.outcome', 'duplicate');
        metrics.eventsConsumed.inc({ subject: def.subject, outcome: 'duplicate' });
        return;
      }
      const parsed = def.payload.safeParse(envelope.payload);
      if (!parsed.success) {
        logger().error({ subject: def.subject, id: envelope.id, issues: parsed.error.issues.slice(0, 5) }, 'event does not match its contract; terminated');
        m.term();
        markFailed(span, new Error('event does not match its contract'));
        metrics.eventsConsumed.inc({ subject: def.subject, outcome: 'invalid' });
        return;
      }
      const orgId = (parsed.data as { orgId?: string }).orgId;
      const started = Date.now();
      try {
        await runWithContext({ correlationId: envelope.correlationId, orgId }, () =>
          handler(parsed.data as PayloadOf<D>, { id: envelope.id, subject: envelope.subject, occurredAt: envelope.occurredAt, correlationId: envelope.correlationId }),
        );
        if (idempotent) await this.redis.set(marker, '1', 'EX', PROCESSED_TTL_S);
        m.ack();
        metrics.eventsConsumed.inc({ subject: def.subject, outcome: 'ok' });
        const lagMs = Date.now() - Date.parse(envelope.occurredAt);
        metrics.eventLag.observe({ subject: def.subject }, lagMs / 1000);
        if (lagMs > LATE_EVENT_MS) {
          logger().warn({ subject: def.subject, id: envelope.id, lagMs, handlerMs: Date.now() - started, attempt: m.info.deliveryCount, pending: m.info.pending }, 'event handled late');
        }
      } catch (e) {
        const attempt = m.info.deliveryCount;
        markFailed(span, e);
        span.setAttribute('messaging.delivery_count', attempt);
        const delay = Math.min(30_000, 250 * 2 ** (attempt - 1));
        logger().warn({ err: e, subject: def.subject, id: envelope.id, attempt }, 'event handler failed; will be redelivered');
        m.nak(delay);
        metrics.eventsConsumed.inc({ subject: def.subject, outcome: 'retry' });
      }
    };

    // One lane per organization: its events in order, other organizations' beside them.
    const loop = (async () => {
      for await (const m of messages) {
        let envelope: EventEnvelope;
        try {
          envelope = this.seal.open(JSON.parse(dec.decode(m.data)) as EventEnvelope);
        } catch (e) {
          logger().error({ subject: m.subject, err: e }, 'dropping an event that is not JSON or cannot be opened');
          m.term();
          continue;
        }
        const orgId = (envelope.payload as { orgId?: unknown } | null)?.orgId;
        await lanes.room();
        lanes.push(typeof orgId === 'string' ? orgId : '', () => handle(m, envelope));
      }
      await lanes.drain();
    })().catch((e) => {
      if (!this.stopping) logger().error({ err: e, durable }, 'consumer loop ended');
    });
    this.loops.push(loop);
  }

  /**
   * Watch an event in this process without a durable consumer: every process that watches gets every event
   * published from now on (fan-out, unlike `subscribe`, whose replicas share the work), in stream order, with
   * its stream sequence. An ordered consumer: it fills its own gaps after a reconnect; no acks, redelivery or
   * idempotency markers. For pushing to open pages (the gateway's live channel), never for effects.
   */
  async watch<D extends EventDef>(def: D, handler: (payload: PayloadOf<D>, meta: EventMeta & { seq: number }) => void): Promise<void> {
    await this.ensureStream(def.owner);
    const consumer = await this.js.consumers.get(streamOf(def.owner), { filter_subjects: def.subject, deliver_policy: DeliverPolicy.New });
    const messages = await consumer.consume({ max_messages: 256 });
    this.running.push(messages);
    const loop = (async () => {
      for await (const m of messages) {
        try {
          const envelope = this.seal.open(JSON.parse(dec.decode(m.data)) as EventEnvelope);
          const parsed = def.payload.safeParse(envelope.payload);
          if (!parsed.success) {
            logger().error({ subject: def.subject, id: envelope.id }, 'watched event does not match its contract; skipped');
            continue;
          }
          handler(parsed.data as PayloadOf<D>, { id: envelope.id, subject: envelope.subject, occurredAt: envelope.occurredAt, correlationId: envelope.correlationId, seq: m.seq });
        } catch (e) {
          logger().error({ err: e, subject: m.subject }, 'watched event could not be handled; skipped');
        }
      }
    })().catch((e) => {
      if (!this.stopping) logger().error({ err: e, subject: def.subject }, 'watch loop ended');
    });
    this.loops.push(loop);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    for (const m of this.running) await m.close().catch((err: unknown) => logger().warn({ err }, 'event consumer did not close cleanly'));
    // handlers under way finish (and ack) before the connection goes; unacked events come back anyway
    await Promise.race([Promise.all([...this.loops, ...this.lanes.map((l) => l.drain())]), new Promise((r) => setTimeout(r, 5000))]);
  }
}

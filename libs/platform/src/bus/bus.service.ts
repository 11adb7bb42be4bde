import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { headers as natsHeaders, Msg, NatsConnection, Subscription, TimeoutError, RequestError } from '@nats-io/transport-node';
import { AppError, AppErrorJson, fieldErrorsOf, RpcDef, RequestInputOf, ResponseOf, RequestOf } from '@app/contracts';
import { currentContext, runWithContext } from '../context';
import { contextFromHeaders, inSpan, markFailed, SpanKind, traceHeaders } from '../tracing';
import { logger } from '../logger';
import { NATS_CONNECTION } from './nats';
import { metrics } from '../metrics';
import { onDrain } from '../shutdown';
import { packReply, unpackReply } from './wire';
import type { RpcOptions } from './rpc.decorator';
import { replyDifference } from './reply-difference';

type Reply = { ok: true; data: unknown } | { ok: false; error: AppErrorJson };

const enc = new TextEncoder();
const dec = new TextDecoder();
/** room left in a request for its headers (correlation, trace, org, deadline) under the server's max_payload */
const REQUEST_HEADER_ROOM = 4096;

export const BUS_OPTIONS = Symbol('BUS_OPTIONS');
export interface RequestOptions {
  timeoutMs?: number;
  /** take the reply as the serving side checked it against the response schema (Bus.serve), without parsing it again */
  checkedReply?: boolean;
}
export interface BusOptions {
  service: string;
  defaultTimeoutMs: number;
  /**
   * VALIDATE_RESPONSES (on outside production; unset: on): a reply built to its contract (`RpcOptions.builtToContract`)
   * is parsed and compared with what was built; off, it is sent as built
   */
  checkBuiltReplies?: boolean;
}

/**
 * The typed NATS bus. `request(rpc, payload)` validates the request before sending and the reply
 * after receiving (unless the caller takes it as the serving side checked it: `checkedReply`); an AppError thrown by the handler crosses the wire intact; a timeout or no
 * responder becomes AppError('RPC_TIMEOUT') which the gateway answers as 508 'Time Out'.
 */
@Injectable()
export class Bus implements OnApplicationShutdown {
  private readonly subs: Subscription[] = [];
  /** requests being answered: a drain waits for them */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly removeDrain: () => void;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(BUS_OPTIONS) private readonly opts: BusOptions,
  ) {
    this.removeDrain = onDrain('nats', () => this.drain());
  }

  /**
   * Graceful shutdown: the server stops routing this service's subjects here (the other replicas of the queue group
   * take them), the requests already delivered are handled and answered.
   */
  async drain(): Promise<void> {
    await Promise.all(
      this.subs.map((s) =>
        s.isClosed()
          ? undefined
          : s.drain().catch((err: unknown) => {
              // the connection closed under it: nothing more is delivered here; the requests in flight still finish
              logger().warn({ err, subject: s.getSubject() }, 'NATS subscription did not drain');
            }),
      ),
    );
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * `checkedReply`: the reply is not parsed again here. Every handler's result is checked against the RPC's response
   * schema before it is sent (`serve`), or, for a reply built to its contract, built as exactly the contract's output
   * (checked against the parse wherever VALIDATE_RESPONSES is on), so a caller that forwards a large answer as it is
   * (the meeting details) takes it as the service sent it instead of parsing it a second time (docs/performance.md, P1).
   */
  async request<D extends RpcDef>(def: D, payload: RequestInputOf<D>, options: RequestOptions = {}): Promise<ResponseOf<D>> {
    const parsed = def.request.safeParse(payload);
    if (!parsed.success) throw new AppError('VALIDATION', { fields: fieldErrorsOf(parsed.error) });
    return inSpan(def.subject, { kind: SpanKind.CLIENT, attributes: { 'rpc.system': 'nats', 'rpc.method': def.subject, 'messaging.system': 'nats' } }, () => this.send(def, parsed.data, options));
  }

  private async send<D extends RpcDef>(def: D, data: unknown, options: RequestOptions): Promise<ResponseOf<D>> {
    const ctx = currentContext();
    const h = natsHeaders();
    h.set('x-correlation-id', ctx?.correlationId ?? crypto.randomUUID());
    // the W3C trace context of this client span: the handler's span continues it
    for (const [k, v] of Object.entries(traceHeaders())) h.set(k, v);
    const orgId = (data as { orgId?: string }).orgId;
    if (orgId) h.set('x-org-id', orgId);
    const timeout = options.timeoutMs ?? def.timeoutMs ?? this.opts.defaultTimeoutMs;
    // the callee skips work its caller (or the caller's caller) no longer waits for
    h.set('x-deadline', String(Math.min(Date.now() + timeout, ctx?.deadline ?? Infinity)));
    // NATS refuses a message above the server's max_payload (1 MiB by default): a request that big (a large but
    // well-formed field) is the caller's body being too large, 413, not an internal error
    const body = enc.encode(JSON.stringify(data));
    const maxPayload = this.nc.info?.max_payload ?? 1024 * 1024;
    if (body.length > maxPayload - REQUEST_HEADER_ROOM) throw new AppError('PAYLOAD_TOO_LARGE', { details: { subject: def.subject, bytes: body.length, maxPayload } });
    const end = metrics.rpcClientDuration.startTimer({ subject: def.subject });
    let msg: Msg;
    try {
      try {
        msg = await this.nc.request(def.subject, body, { timeout, headers: h });
      } catch (e) {
        // no process listened (a replica restarting while its peer was not subscribed yet): nothing was delivered;
        // a read is sent once more, a write never (its caller decides)
        if (!(e instanceof RequestError && e.isNoResponders() && ctx?.readOnly)) throw e;
        metrics.rpcNoResponderRetries.inc({ subject: def.subject });
        await new Promise((r) => setTimeout(r, 250));
        msg = await this.nc.request(def.subject, body, { timeout, headers: h });
      }
    } catch (e) {
      end({ outcome: 'timeout' });
      if (e instanceof TimeoutError || e instanceof RequestError) {
        throw new AppError('RPC_TIMEOUT', { details: { subject: def.subject } });
      }
      throw e;
    }
    const reply = JSON.parse(unpackReply(msg)) as Reply;
    if (!reply.ok) {
      end({ outcome: 'error' });
      throw AppError.fromJSON(reply.error);
    }
    end({ outcome: 'ok' });
    if (options.checkedReply) return reply.data as ResponseOf<D>;
    const res = def.response.safeParse(reply.data);
    if (!res.success) {
      logger().error({ subject: def.subject, issues: res.error.issues.slice(0, 5) }, 'RPC reply does not match its contract');
      throw new AppError('INTERNAL', { details: { subject: def.subject, reason: 'reply contract' } });
    }
    return res.data as ResponseOf<D>;
  }

  /** Serve an RPC in this service's queue group (one instance of the service answers each request). */
  handle<D extends RpcDef>(def: D, fn: (req: RequestOf<D>) => Promise<ResponseOf<D>> | ResponseOf<D>, options: RpcOptions = {}): void {
    const sub = this.nc.subscribe(def.subject, {
      queue: this.opts.service,
      callback: (err, msg) => {
        if (err) {
          logger().error({ err, subject: def.subject }, 'subscription error');
          return;
        }
        const p = this.serve(def, fn, msg, options).finally(() => this.inFlight.delete(p));
        this.inFlight.add(p);
      },
    });
    this.subs.push(sub);
  }

  private async serve<D extends RpcDef>(def: D, fn: (req: RequestOf<D>) => unknown, msg: Msg, options: RpcOptions): Promise<void> {
    const correlationId = msg.headers?.get('x-correlation-id') || crypto.randomUUID();
    const deadline = Number(msg.headers?.get('x-deadline')) || undefined;
    const parent = contextFromHeaders((k) => msg.headers?.get(k) || undefined);
    const end = metrics.rpcServerDuration.startTimer({ subject: def.subject });
    const attributes = { 'rpc.system': 'nats', 'rpc.method': def.subject, 'rpc.service': this.opts.service, 'messaging.system': 'nats' };
    await inSpan(def.subject, { kind: SpanKind.SERVER, parent, attributes }, (span) => runWithContext({ correlationId, deadline }, async () => {
      let reply: Reply;
      try {
        const raw = JSON.parse(dec.decode(msg.data));
        const parsed = def.request.safeParse(raw);
        if (!parsed.success) throw new AppError('VALIDATION', { fields: fieldErrorsOf(parsed.error) });
        const orgId = (parsed.data as { orgId?: string }).orgId;
        const result = await runWithContext({ orgId }, () => fn(parsed.data as RequestOf<D>));
        reply = { ok: true, data: this.replyData(def, result, !!options.builtToContract) };
        end({ outcome: 'ok' });
      } catch (e) {
        markFailed(span, e);
        if (e instanceof AppError) {
          reply = { ok: false, error: e.toJSON() };
          end({ outcome: e.status >= 500 ? 'error' : 'rejected' });
        } else {
          logger().error({ err: e, subject: def.subject }, 'RPC handler failed');
          reply = { ok: false, error: { code: 'INTERNAL' } };
          end({ outcome: 'error' });
        }
      }
      if (msg.reply) this.respond(def.subject, msg, reply);
    }));
  }

  /**
   * What a handler's result sends: its contract's parse (the contract strips what it does not name, fills defaults);
   * a reply built to its contract is sent as built, and with `checkBuiltReplies` (development, every test tier) only
   * once the parse is exactly what was built (docs/decisions.md, "Every RPC reply is checked in production").
   */
  private replyData(def: RpcDef, result: unknown, builtToContract: boolean): unknown {
    if (builtToContract && this.opts.checkBuiltReplies === false) return result;
    const out = def.response.safeParse(result);
    if (!out.success) {
      logger().error({ subject: def.subject, issues: out.error.issues.slice(0, 5) }, 'handler result does not match its contract');
      throw new AppError('INTERNAL', { details: { subject: def.subject, reason: 'response contract' } });
    }
    if (!builtToContract) return out.data;
    const at = replyDifference(out.data, result);
    if (at !== null) {
      logger().error({ subject: def.subject, at }, 'a reply built to its contract is not its contract\'s output');
      throw new AppError('INTERNAL', { details: { subject: def.subject, reason: 'reply not built to contract', at } });
    }
    return result;
  }

  /**
   * Send a reply; never throws (an exception here would end the process, as nothing above catches it). A reply too
   * big for NATS even compressed becomes an INTERNAL error for the caller, and the log says which subject.
   */
  private respond(subject: string, msg: Msg, reply: Reply): void {
    const maxPayload = this.nc.info?.max_payload ?? 1024 * 1024;
    try {
      let packed = packReply(JSON.stringify(reply), maxPayload);
      if (!packed) {
        logger().error({ subject, maxPayload }, 'RPC reply too big for NATS even compressed: answered as an internal error');
        packed = packReply(JSON.stringify({ ok: false, error: { code: 'INTERNAL', details: { subject, reason: 'reply too big' } } }), maxPayload)!;
      }
      msg.respond(packed.data, packed.headers ? { headers: packed.headers } : undefined);
    } catch (err) {
      logger().error({ err, subject }, 'RPC reply could not be sent');
    }
  }

  get connection(): NatsConnection {
    return this.nc;
  }

  async onApplicationShutdown(): Promise<void> {
    this.removeDrain();
    for (const s of this.subs) if (!s.isClosed()) s.unsubscribe();
  }
}

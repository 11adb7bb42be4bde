import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace,
  type Attributes, type Context, type Link, type Span,
} from '@opentelemetry/api';
import {
  BatchSpanProcessor, NodeTracerProvider, ParentBasedSampler, SamplingDecision, TraceIdRatioBasedSampler,
  type ReadableSpan, type Sampler, type SamplingResult, type Span as SdkSpan, type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AppError } from '@app/contracts';

/**
 * Tracing (docs/operations.md#tracing): OpenTelemetry spans from the gateway's HTTP request through NATS requests,
 * JetStream events and BullMQ jobs. The W3C trace context travels in NATS message headers (RPCs and events) and in
 * a job's data; the trace id is on every log line written inside a span (logger.ts).
 *
 * Ids are made and carried always; spans are recorded only while something takes them: the OTLP exporter when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is configured, or a test's in-memory exporter (`addSpanProcessor`). On one machine
 * nothing is configured, so nothing is recorded and the cost is the ids.
 */
export interface TracingOptions {
  /** `service.name` of the spans this process sends */
  service: string;
  /** OTLP/HTTP base URL (`…/v1/traces` is appended unless it is already there); no exporter when unset */
  otlpEndpoint?: string;
  /** share of new traces recorded (0..1); a continued trace follows its parent's choice */
  sampleRatio?: number;
}

/** The span processors in use; recording is on while the list is not empty. */
class Processors implements SpanProcessor {
  readonly list: SpanProcessor[] = [];
  onStart(span: SdkSpan, parent: Context): void {
    for (const p of this.list) p.onStart(span, parent);
  }
  onEnd(span: ReadableSpan): void {
    for (const p of this.list) p.onEnd(span);
  }
  async forceFlush(): Promise<void> {
    await Promise.all(this.list.map((p) => p.forceFlush()));
  }
  async shutdown(): Promise<void> {
    await Promise.all(this.list.map((p) => p.shutdown()));
  }
}

/** Records only while a processor listens; then the configured ratio for new traces, the parent's choice otherwise. */
class WhenListenedSampler implements Sampler {
  constructor(private readonly processors: Processors, private readonly inner: Sampler) {}
  shouldSample(ctx: Context, traceId: string, name: string, kind: SpanKind, attributes: Attributes, links: Link[]): SamplingResult {
    if (!this.processors.list.length) return { decision: SamplingDecision.NOT_RECORD };
    return this.inner.shouldSample(ctx, traceId, name, kind, attributes, links);
  }
  toString(): string {
    return `WhenListened(${this.inner.toString()})`;
  }
}

const processors = new Processors();
let provider: NodeTracerProvider | undefined;
let exporting: string | undefined;

/** The endpoint the OTLP exporter posts to. */
export function otlpTracesUrl(endpoint: string): string {
  const base = endpoint.replace(/\/+$/, '');
  return base.endsWith('/v1/traces') ? base : `${base}/v1/traces`;
}

/**
 * Install the tracer provider, the async context and the W3C propagator once per process (PlatformModule.forRoot
 * calls it with the service's parsed config); a later call may add the exporter, nothing else changes.
 */
export function initTracing(opts: TracingOptions): void {
  if (!provider) {
    const ratio = opts.sampleRatio ?? 1;
    provider = new NodeTracerProvider({
      resource: resourceFromAttributes({ 'service.name': opts.service }),
      sampler: new WhenListenedSampler(processors, new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) })),
      spanProcessors: [processors],
    });
    provider.register();
  }
  if (opts.otlpEndpoint && !exporting) {
    exporting = otlpTracesUrl(opts.otlpEndpoint);
    processors.list.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: exporting })));
  }
}

/** Whether spans are exported over OTLP (for the start-up log line). */
export const tracingExporter = (): string | undefined => exporting;

/** Take spans too (tests: an in-memory exporter behind a SimpleSpanProcessor). */
export function addSpanProcessor(p: SpanProcessor): void {
  processors.list.push(p);
}
export function removeSpanProcessor(p: SpanProcessor): void {
  const i = processors.list.indexOf(p);
  if (i >= 0) processors.list.splice(i, 1);
}

/** Send what is buffered (at shutdown, so the last spans of a stopping pod are not lost). */
export async function flushTracing(): Promise<void> {
  await processors.forceFlush();
}

export const tracer = () => trace.getTracer('@app/platform');

/** The trace and span id of the active span, for log lines. */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const sc = trace.getSpanContext(context.active());
  if (!sc || !trace.isSpanContextValid(sc)) return undefined;
  return { traceId: sc.traceId, spanId: sc.spanId };
}

/** W3C headers (`traceparent`, `tracestate`) of a context, to put on a message. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/** The `traceparent` of a context (stored with an event or a job), if it has a span. */
export function traceparentOf(ctx: Context = context.active()): string | undefined {
  return traceHeaders(ctx).traceparent;
}

/** The context a message's headers continue (a fresh root when they carry none or a malformed one). */
export function contextFromHeaders(get: (key: string) => string | undefined): Context {
  const carrier: Record<string, string> = {};
  for (const k of ['traceparent', 'tracestate']) {
    const v = get(k);
    if (v) carrier[k] = v;
  }
  return propagation.extract(ROOT_CONTEXT, carrier);
}

/** A failure worth a red span: anything but a business refusal (an AppError below 500). */
export function isFault(e: unknown): boolean {
  return !(e instanceof AppError) || e.status >= 500;
}

export function markFailed(span: Span, e: unknown): void {
  if (!isFault(e)) {
    span.setAttribute('app.error_code', (e as AppError).code);
    return;
  }
  if (e instanceof Error) span.recordException(e);
  span.setStatus({ code: SpanStatusCode.ERROR, message: e instanceof AppError ? e.code : e instanceof Error ? e.message : String(e) });
}

export interface SpanOptions {
  kind: SpanKind;
  /** the context to continue (a message's headers); default the active one */
  parent?: Context;
  attributes?: Attributes;
}

/** Run `fn` in a new active span that ends when it settles; a thrown fault marks the span failed. */
export function inSpan<T>(name: string, opts: SpanOptions, fn: (span: Span) => Promise<T> | T): Promise<T> {
  return tracer().startActiveSpan(name, { kind: opts.kind, attributes: opts.attributes }, opts.parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (e) {
      markFailed(span, e);
      throw e;
    } finally {
      span.end();
    }
  });
}

/**
 * The server span of an HTTP request (the gateway's ContextMiddleware): continues a caller's `traceparent`, is
 * named `METHOD route` when the answer is sent and failed on a 5xx. Returns the context to run the request in.
 */
export function httpServerSpan(req: IncomingMessage & { route?: { path?: unknown } }, res: ServerResponse): Context {
  const parent = contextFromHeaders((k) => {
    const v = req.headers[k];
    return typeof v === 'string' && v.length <= 512 ? v : undefined;
  });
  const method = req.method ?? 'GET';
  // no URL attribute: paths may hold tokens (guest links); the route pattern names the span at the end
  const span = tracer().startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } }, parent);
  let ended = false;
  const end = (aborted: boolean) => {
    if (ended) return;
    ended = true;
    const route = typeof req.route?.path === 'string' ? req.route.path : undefined;
    if (route) {
      span.updateName(`${method} ${route}`);
      span.setAttribute('http.route', route);
    }
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500 || aborted) span.setStatus({ code: SpanStatusCode.ERROR, message: aborted ? 'connection closed before the answer' : undefined });
    span.end();
  };
  res.once('finish', () => end(false));
  res.once('close', () => end(!res.writableFinished));
  return trace.setSpan(parent, span);
}

export { context as otelContext, SpanKind };

import 'reflect-metadata';
import { Controller, Get, Injectable, Module, Param, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { defineEvent, defineJob, defineRpc, zTenant } from '@app/contracts';
import {
  addSpanProcessor, Bus, createRootLogger, Db, ensureOutbox, ensureRole, ensureTenantRls, httpServerSpan, Jobs, logger,
  OnEvent, otelContext, Outbox, PlatformModule, ProcessJob, removeSpanProcessor, Rpc, runWithContext,
} from '@app/platform';
import { testEnv, waitFor } from '@app/testing';

/**
 * One HTTP request → an RPC over NATS → an event through the outbox and JetStream → a BullMQ job: every span and
 * every log line written on the way carry the same trace id (real NATS, Redis and PostgreSQL; spans taken by an
 * in-memory exporter, as an OTLP collector would take them).
 */
const env = testEnv();
const service = `trtest${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;
const Start = defineRpc({ subject: `${service}.v1.start`, request: zTenant.extend({ n: z.number() }), response: z.object({ ok: z.literal(true) }) });
const Started = defineEvent({ subject: `${service}.v1.thing.started`, payload: z.object({ orgId: z.string(), n: z.number() }) });
const Finish = defineJob({ queue: `${service}-finish`, name: 'finish', owner: service, payload: z.object({ orgId: z.string(), n: z.number() }), attempts: 2, backoffMs: 50 });

const finished: number[] = [];
const lines: Record<string, unknown>[] = [];
const orgId = randomUUID();
const actor = { kind: 'user' as const, userId: 1, email: 'a@b.test' };

@Injectable()
class Steps {
  constructor(private readonly db: Db, private readonly outbox: Outbox, private readonly jobs: Jobs) {}

  @Rpc(Start) async start(r: z.output<typeof Start.request>) {
    logger().info({ step: 'rpc', n: r.n }, 'rpc handled');
    await this.db.tenant(r.orgId, async (tx) => {
      await tx.execute(sql.raw(`INSERT INTO "${service}".things VALUES (${r.n}, '${r.orgId}')`));
      await this.outbox.add(tx, Started, { orgId: r.orgId, n: r.n });
    });
    return { ok: true as const };
  }

  @OnEvent(Started) async started(p: { orgId: string; n: number }) {
    logger().info({ step: 'event', n: p.n }, 'event handled');
    await this.jobs.add(Finish, p);
  }

  @ProcessJob(Finish) async finish(p: { n: number }) {
    logger().info({ step: 'job', n: p.n }, 'job ran');
    finished.push(p.n);
  }
}

@Controller('trace')
class Front {
  constructor(private readonly bus: Bus) {}
  @Get(':n') async go(@Param('n') n: string) {
    logger().info({ step: 'http', n: Number(n) }, 'request taken');
    return this.bus.request(Start, { orgId, actor, n: Number(n) });
  }
}

const config = {
  SERVICE_NAME: service, NATS_URL: env.NATS_URL, REDIS_URL: env.REDIS_URL, RPC_TIMEOUT_MS: 5000,
  DATABASE_URL: env.DATABASE_URL, DATABASE_SET_ROLE: env.DATABASE_SET_ROLE,
};
@Module({
  imports: [PlatformModule.forRoot({ service, config, db: { schema: {} }, queues: { produces: [Finish], processes: [Finish] } })],
  controllers: [Front],
  providers: [Steps],
})
class TestModule {}

const ids = (s: ReadableSpan) => ({ trace: s.spanContext().traceId, span: s.spanContext().spanId, parent: s.parentSpanContext?.spanId });

describe('tracing: HTTP → RPC → event → job', () => {
  let admin: Client;
  let app: INestApplication;
  let base: string;
  const exporter = new InMemorySpanExporter();
  const processor = new SimpleSpanProcessor(exporter);

  beforeAll(async () => {
    admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${service}"`);
    await admin.query(`CREATE TABLE "${service}".things (id int primary key, org_id uuid not null)`);
    await ensureOutbox(admin, service);
    await ensureTenantRls(admin, service);
    await ensureRole(admin, 'boardroom_app');
    await admin.query(`GRANT USAGE ON SCHEMA "${service}" TO boardroom_app`);
    await admin.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "${service}" TO boardroom_app`);
    createRootLogger(service, 'info', { write: (s: string) => void lines.push(JSON.parse(s)) });
    app = await NestFactory.create(TestModule, { logger: false });
    // what the gateway's ContextMiddleware does for every request
    app.use((req: Parameters<typeof httpServerSpan>[0], res: Parameters<typeof httpServerSpan>[1], next: () => void) =>
      otelContext.with(httpServerSpan(req, res), () => runWithContext({ correlationId: randomUUID() }, next)),
    );
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    addSpanProcessor(processor);
  });
  afterAll(async () => {
    removeSpanProcessor(processor);
    await app.get(Jobs).queue(Finish.queue).obliterate({ force: true }).catch(() => undefined);
    await app.close();
    await admin.query(`DROP SCHEMA "${service}" CASCADE`);
    await admin.end();
  });

  it('the spans of one request form one trace, each continuing the one before, and every log line names it', async () => {
    const r = await fetch(`${base}/trace/1`);
    expect(r.status).toBe(200);
    await waitFor('the job', () => finished.includes(1), 15_000, 50);
    // each span ends when its own work ends: the event's consumer span after the handler returned and the event was
    // acknowledged, which on a busy machine can be after the job it enqueued has run, so wait for both
    await waitFor('the job and event consumer spans', () => {
      const done = exporter.getFinishedSpans();
      return done.some((s) => s.name === `process ${Finish.queue} finish`) && done.some((s) => s.name === `process ${Started.subject}` && s.kind === SpanKind.CONSUMER);
    }, 10_000, 50);
    const spans = exporter.getFinishedSpans();
    const find = (name: string, kind: SpanKind) => {
      const s = spans.find((x) => x.name === name && x.kind === kind);
      if (!s) throw new Error(`no ${SpanKind[kind]} span ${name} among ${spans.map((x) => `${SpanKind[x.kind]} ${x.name}`).join(', ')}`);
      return s;
    };
    const http = find('GET /trace/:n', SpanKind.SERVER);
    const chain = [
      http,
      find(Start.subject, SpanKind.CLIENT),
      find(Start.subject, SpanKind.SERVER),
      find(`publish ${Started.subject}`, SpanKind.PRODUCER),
      find(`process ${Started.subject}`, SpanKind.CONSUMER),
      find(`enqueue ${Finish.queue} finish`, SpanKind.PRODUCER),
      find(`process ${Finish.queue} finish`, SpanKind.CONSUMER),
    ];
    const traceId = ids(http).trace;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(ids(http).parent).toBeUndefined();
    for (let i = 1; i < chain.length; i++) {
      expect({ span: chain[i].name, trace: ids(chain[i]).trace, parent: ids(chain[i]).parent }).toEqual({ span: chain[i].name, trace: traceId, parent: ids(chain[i - 1]).span });
    }
    expect(http.attributes['http.response.status_code']).toBe(200);

    const steps = lines.filter((l) => l.n === 1 && typeof l.step === 'string');
    expect(steps.map((l) => l.step).sort()).toEqual(['event', 'http', 'job', 'rpc']);
    for (const l of steps) expect({ step: l.step, traceId: l.traceId }).toEqual({ step: l.step, traceId });
    // a line names the span it was written in: the RPC handler's line names the RPC server span
    expect(steps.find((l) => l.step === 'rpc')!.spanId).toBe(ids(chain[2]).span);
    expect(steps.find((l) => l.step === 'job')!.spanId).toBe(ids(chain[6]).span);
  });

  it("a caller's traceparent is continued", async () => {
    const callerTrace = randomUUID().replace(/-/g, '');
    const r = await fetch(`${base}/trace/2`, { headers: { traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` } });
    expect(r.status).toBe(200);
    await waitFor('the job', () => finished.includes(2), 15_000, 50);
    const http = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER && ids(s).trace === callerTrace && s.name.startsWith('GET'));
    expect(http && ids(http).parent).toBe('00f067aa0ba902b7');
    await waitFor('job line', () => lines.some((l) => l.n === 2 && l.step === 'job'), 5000, 50);
    expect(lines.filter((l) => l.n === 2 && typeof l.step === 'string').map((l) => l.traceId)).toEqual([callerTrace, callerTrace, callerTrace, callerTrace]);
  });

  it('with nothing taking spans none are recorded, and the trace id still reaches every log line', async () => {
    removeSpanProcessor(processor);
    exporter.reset();
    const r = await fetch(`${base}/trace/3`);
    expect(r.status).toBe(200);
    await waitFor('the job', () => finished.includes(3), 15_000, 50);
    await waitFor('job line', () => lines.some((l) => l.n === 3 && l.step === 'job'), 5000, 50);
    expect(exporter.getFinishedSpans()).toHaveLength(0);
    const traceIds = lines.filter((l) => l.n === 3 && typeof l.step === 'string').map((l) => l.traceId);
    expect(traceIds).toHaveLength(4);
    expect(new Set(traceIds).size).toBe(1);
    expect(traceIds[0]).toMatch(/^[0-9a-f]{32}$/);
  });
});

import 'reflect-metadata';
import { Injectable, Module, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError, defineEvent, defineRpc, zTenant, type EventMeta } from '@app/contracts';
import { Bus, currentContext, Events, OnEvent, PlatformModule, Rpc, runWithContext } from '@app/platform';
import { sleep, testEnv, waitFor } from '@app/testing';

const env = testEnv();
const suffix = randomUUID().replace(/[^a-f]/g, '').slice(0, 8);
const owner = `ptest${suffix}`;

const Add = defineRpc({ subject: `${owner}.v1.add`, request: zTenant.extend({ a: z.number(), b: z.number() }), response: z.object({ sum: z.number() }) });
const Refuse = defineRpc({ subject: `${owner}.v1.refuse`, request: z.object({}), response: z.object({}) });
const BadReply = defineRpc({ subject: `${owner}.v1.bad-reply`, request: z.object({}), response: z.object({ n: z.number() }) });
const Crash = defineRpc({ subject: `${owner}.v1.crash`, request: z.object({}), response: z.object({}) });
const Slow = defineRpc({ subject: `${owner}.v1.slow`, request: z.object({}), response: z.object({}), timeoutMs: 300 });
const Deadline = defineRpc({ subject: `${owner}.v1.deadline`, request: z.object({}), response: z.object({ deadline: z.number().nullable() }), timeoutMs: 700 });
const Absent = defineRpc({ subject: `${owner}.v1.absent`, request: z.object({}), response: z.object({}), timeoutMs: 300 });
const Big = defineRpc({ subject: `${owner}.v1.big`, request: z.object({ rows: z.number().int(), random: z.boolean() }), response: z.object({ rows: z.array(z.object({ id: z.number(), text: z.string() })) }) });
/** a reply built to its contract (RpcOptions.builtToContract): exact, with a stray key, or without a default the contract fills */
const BuiltShape = z.object({ items: z.array(z.object({ id: z.number(), shown: z.boolean().default(true) })) });
const BuiltReq = z.object({ as: z.enum(['exact', 'stray', 'no-default']) });
const Built = defineRpc({ subject: `${owner}.v1.built`, request: BuiltReq, response: BuiltShape });
const BuiltUnchecked = defineRpc({ subject: `${owner}.v1.built-unchecked`, request: BuiltReq, response: BuiltShape });
const built = (r: { as: 'exact' | 'stray' | 'no-default' }) =>
  ({ items: [{ id: 1, shown: false }, r.as === 'stray' ? { id: 2, shown: true, passwordHash: 'h' } : r.as === 'no-default' ? { id: 2 } : { id: 2, shown: true }] }) as z.output<typeof BuiltShape>;
const Happened = defineEvent({ subject: `${owner}.v1.thing.happened`, payload: z.object({ orgId: z.string(), n: z.number() }) });

const seen: { n: number; orgId: string; meta: EventMeta }[] = [];
/** events 500–599 wait here until the test opens it */
let gate: Promise<void> = Promise.resolve();
let failuresLeft = 0;
const attempts: number[] = [];

@Injectable()
class Handlers {
  @Rpc(Add) add(r: z.output<typeof Add.request>) {
    return { sum: r.a + r.b };
  }
  @Rpc(Refuse) refuse() {
    throw AppError.validation({ title: 'This field is required.' });
  }
  @Rpc(BadReply) bad() {
    return { n: 'not a number' } as unknown as { n: number };
  }
  @Rpc(Crash) crash(): {} {
    throw new Error('unexpected');
  }
  /** a reply of `rows` rows of 200 characters: repetitive text (compresses), or random (does not) */
  @Rpc(Big) big(r: { rows: number; random: boolean }) {
    return { rows: Array.from({ length: r.rows }, (_, id) => ({ id, text: r.random ? randomBytes(100).toString('hex') : `decision ${id} `.padEnd(200, 'x') })) };
  }
  @Rpc(Built, { builtToContract: true }) built(r: z.output<typeof BuiltReq>) {
    return built(r);
  }
  @Rpc(Deadline) deadline() {
    return { deadline: currentContext()?.deadline ?? null };
  }
  @Rpc(Slow) async slow() {
    await sleep(1500);
    return {};
  }
  @OnEvent(Happened) async on(p: { orgId: string; n: number }, meta: EventMeta) {
    attempts.push(p.n);
    if (p.n >= 500 && p.n < 600) await gate;
    if (p.n === 99 && failuresLeft > 0) {
      failuresLeft--;
      throw new Error('transient');
    }
    seen.push({ n: p.n, orgId: p.orgId, meta });
  }
}

@Module({
  imports: [PlatformModule.forRoot({ service: owner, config: { SERVICE_NAME: owner, NATS_URL: env.NATS_URL, REDIS_URL: env.REDIS_URL, RPC_TIMEOUT_MS: 2000 } })],
  providers: [Handlers],
})
class TestModule {}

describe('typed NATS bus and JetStream events', () => {
  let app: INestApplicationContext;
  let bus: Bus;
  let events: Events;
  const actor = { kind: 'user' as const, userId: 1, email: 'a@b.test' };

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    await app.init();
    bus = app.get(Bus);
    events = app.get(Events);
  });
  afterAll(async () => {
    const nc = bus.connection;
    const { jetstreamManager } = await import('@nats-io/jetstream');
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(owner.toUpperCase()).catch(() => undefined);
    await app.close();
  });

  it('request/reply is validated both ways', async () => {
    await expect(bus.request(Add, { orgId: randomUUID(), actor, a: 2, b: 3 })).resolves.toEqual({ sum: 5 });
    await expect(bus.request(Add, { orgId: 'nope', actor, a: 2, b: 3 } as never)).rejects.toMatchObject({ code: 'VALIDATION', fields: { orgId: expect.any(Array) } });
  });

  it('an AppError crosses the wire intact', async () => {
    await expect(bus.request(Refuse, {})).rejects.toMatchObject({ code: 'VALIDATION', status: 409, fields: { title: ['This field is required.'] } });
  });

  it('a reply that breaks its contract, or a handler crash, is an INTERNAL error, not a leak', async () => {
    await expect(bus.request(BadReply, {})).rejects.toMatchObject({ code: 'INTERNAL' });
    await expect(bus.request(Crash, {})).rejects.toMatchObject({ code: 'INTERNAL', status: 500 });
  });

  it('a reply built to its contract must be exactly its contract\'s output where VALIDATE_RESPONSES is on (unset: on); off, it is sent as built', async () => {
    await expect(bus.request(Built, { as: 'exact' })).resolves.toEqual({ items: [{ id: 1, shown: false }, { id: 2, shown: true }] });
    // a stray key (a column a repository started selecting) fails loudly instead of being stripped quietly
    await expect(bus.request(Built, { as: 'stray' })).rejects.toMatchObject({ code: 'INTERNAL', status: 500, details: { reason: 'reply not built to contract', at: '$.items.1.passwordHash (not in the contract)' } });
    // so does a field left to the contract's default: the production reply would lack it
    await expect(bus.request(Built, { as: 'no-default' })).rejects.toMatchObject({ code: 'INTERNAL', details: { reason: 'reply not built to contract', at: '$.items.1.shown (not built: a default of the contract)' } });
    // with the check off (production) the reply is not parsed: what was built is what is sent, which is why the
    // tiers above must run with it on
    const production = new Bus(bus.connection, { service: `${owner}-production`, defaultTimeoutMs: 2000, checkBuiltReplies: false });
    production.handle(BuiltUnchecked, (r) => built(r), { builtToContract: true });
    try {
      await bus.connection.flush();
      await expect(bus.request(BuiltUnchecked, { as: 'stray' }, { checkedReply: true })).resolves.toEqual({ items: [{ id: 1, shown: false }, { id: 2, shown: true, passwordHash: 'h' }] });
      await expect(bus.request(BuiltUnchecked, { as: 'exact' })).resolves.toEqual({ items: [{ id: 1, shown: false }, { id: 2, shown: true }] });
    } finally {
      await production.onApplicationShutdown();
    }
  });

  it('a reply bigger than NATS takes travels compressed; one too big even so is an INTERNAL error, and the service lives on', async () => {
    // 12,000 rows of 200 characters: about 2.6 MB of JSON, over the server's 1 MiB max_payload
    const big = await bus.request(Big, { rows: 12_000, random: false });
    expect(big.rows).toHaveLength(12_000);
    expect(big.rows[11_999]).toEqual({ id: 11_999, text: 'decision 11999 '.padEnd(200, 'x') });
    // random text does not compress: about 2.6 MB stays too big
    await expect(bus.request(Big, { rows: 12_000, random: true })).rejects.toMatchObject({ code: 'INTERNAL', status: 500 });
    // small replies are as before, and the handler's process still answers
    await expect(bus.request(Big, { rows: 2, random: true })).resolves.toMatchObject({ rows: [{ id: 0 }, { id: 1 }] });
    await expect(bus.request(Add, { orgId: randomUUID(), actor, a: 1, b: 1 })).resolves.toEqual({ sum: 2 });
  });

  it('a service that does not answer in time, or at all, gives RPC_TIMEOUT (508)', async () => {
    await expect(bus.request(Slow, {})).rejects.toMatchObject({ code: 'RPC_TIMEOUT', status: 508 });
    await expect(bus.request(Absent, {})).rejects.toMatchObject({ code: 'RPC_TIMEOUT', status: 508 });
  });

  it('the handler knows when its caller stops waiting: the timeout, or an earlier deadline of the caller\'s own caller', async () => {
    const before = Date.now();
    const { deadline } = await bus.request(Deadline, {});
    expect(deadline).toBeGreaterThanOrEqual(before + 700);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 700);
    const outer = Date.now() + 300;
    expect((await runWithContext({ deadline: outer }, () => bus.request(Deadline, {}))).deadline).toBe(outer);
  });

  it('the same event published twice is handled once', async () => {
    const id = randomUUID();
    await events.publish(Happened, { orgId: 'o', n: 1 }, { id });
    await events.publish(Happened, { orgId: 'o', n: 1 }, { id });
    await events.publish(Happened, { orgId: 'o', n: 2 });
    await waitFor('event 2', () => seen.some((s) => s.n === 2), 8000, 50);
    await sleep(300);
    expect(seen.filter((s) => s.n === 1)).toHaveLength(1);
    expect(seen.find((s) => s.n === 1)?.meta.id).toBe(id);
  });

  it('a failing handler is redelivered until it succeeds, and the effect happens once', async () => {
    failuresLeft = 2;
    await events.publish(Happened, { orgId: 'o', n: 99 });
    await waitFor('event 99', () => seen.some((s) => s.n === 99), 8000, 50);
    expect(attempts.filter((n) => n === 99)).toHaveLength(3);
    expect(seen.filter((s) => s.n === 99)).toHaveLength(1);
  });

  it("one organization's held-up events do not hold back another's, and each keeps its order", async () => {
    let open!: () => void;
    gate = new Promise<void>((r) => (open = r));
    for (const n of [500, 501, 502]) await events.publish(Happened, { orgId: 'busy-org', n });
    for (const n of [600, 601, 602]) await events.publish(Happened, { orgId: 'quiet-org', n });
    await waitFor('the quiet organization', () => seen.filter((s) => s.orgId === 'quiet-org').length === 3, 8000, 50);
    expect(seen.filter((s) => s.orgId === 'busy-org')).toEqual([]);
    expect(seen.filter((s) => s.orgId === 'quiet-org').map((s) => s.n)).toEqual([600, 601, 602]);
    open();
    await waitFor('the busy organization', () => seen.filter((s) => s.orgId === 'busy-org').length === 3, 8000, 50);
    expect(seen.filter((s) => s.orgId === 'busy-org').map((s) => s.n)).toEqual([500, 501, 502]);
  });

  it('only the owner publishes its events', async () => {
    const Foreign = defineEvent({ subject: 'someoneelse.v1.thing.happened', payload: z.object({}) });
    await expect(events.publish(Foreign, {})).rejects.toThrow(/only someoneelse publishes/);
  });
});

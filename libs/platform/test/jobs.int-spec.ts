import 'reflect-metadata';
import { Injectable, Module, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineJob } from '@app/contracts';
import { Jobs, PlatformModule, ProcessJob, registry, type JobContext } from '@app/platform';
import { sleep, testEnv, waitFor } from '@app/testing';

const env = testEnv();
const owner = `jtest${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;
const Work = defineJob({ queue: `${owner}-work`, name: 'work', owner, payload: z.object({ orgId: z.string(), key: z.string() }), attempts: 4, backoffMs: 50 });
const Other = defineJob({ queue: `${owner}-work`, name: 'other', owner, payload: z.object({ n: z.number() }) });

const done: string[] = [];
const tries = new Map<string, number>();

@Injectable()
class Processors {
  @ProcessJob(Work) async work(p: { key: string }, ctx: JobContext) {
    tries.set(p.key, ctx.attempt);
    if (p.key.startsWith('flaky') && ctx.attempt < 3) throw new Error('not yet');
    if (p.key.startsWith('doomed')) throw new Error('never');
    done.push(p.key);
  }
}

const config = { SERVICE_NAME: owner, NATS_URL: env.NATS_URL, REDIS_URL: env.REDIS_URL, RPC_TIMEOUT_MS: 2000 };

@Module({ imports: [PlatformModule.forRoot({ service: owner, config, queues: { produces: [Work], processes: [Work] } })], providers: [Processors] })
class GoodModule {}

@Module({ imports: [PlatformModule.forRoot({ service: owner, config, queues: { produces: [Work, Other], processes: [Work, Other] } })], providers: [Processors] })
class MissingProcessorModule {}

describe('BullMQ jobs from defineJob', () => {
  let app: INestApplicationContext;
  let jobs: Jobs;

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(GoodModule, { logger: false });
    await app.init();
    jobs = app.get(Jobs);
  });
  afterAll(async () => {
    await jobs.queue(Work.queue).obliterate({ force: true }).catch(() => undefined);
    await app.close();
  });

  it('a job added twice with the same id runs once', async () => {
    const id = `dedupe-${randomUUID()}`;
    await jobs.add(Work, { orgId: 'o', key: 'once' }, { jobId: id });
    await jobs.add(Work, { orgId: 'o', key: 'once' }, { jobId: id });
    await waitFor('the job', () => done.includes('once'), 10_000, 50);
    await sleep(300);
    expect(done.filter((k) => k === 'once')).toHaveLength(1);
  });

  it('a failing job is retried with backoff until it succeeds', async () => {
    await jobs.add(Work, { orgId: 'o', key: 'flaky-1' });
    await waitFor('the retried job', () => done.includes('flaky-1'), 10_000, 50);
    expect(tries.get('flaky-1')).toBe(3);
  });

  it('after the last attempt the job stays in the failed list', async () => {
    const id = await jobs.add(Work, { orgId: 'o', key: 'doomed-1' });
    const q = jobs.queue(Work.queue);
    await waitFor('the failed job', async () => (await q.getJob(id))?.failedReason !== undefined && (await (await q.getJob(id))!.getState()) === 'failed', 10_000, 50);
    const job = await q.getJob(id);
    expect(job?.attemptsMade).toBe(4);
    expect(await job?.getState()).toBe('failed');
  });

  it('a delayed job can be removed before it runs', async () => {
    const id = await jobs.add(Work, { orgId: 'o', key: 'removed' }, { jobId: `rm-${randomUUID()}`, delayMs: 60_000 });
    expect(await jobs.remove(Work, id)).toBe(true);
    expect(await jobs.queue(Work.queue).getJob(id)).toBeUndefined();
  });

  it('/metrics shows the depth of the queues the service works on (queue_jobs), read from Redis when scraped', async () => {
    const id = await jobs.add(Work, { orgId: 'o', key: 'depth' }, { jobId: `depth-${randomUUID()}`, delayMs: 60_000 });
    const text = await registry.metrics();
    const delayed = new RegExp(`^queue_jobs\\{queue="${owner}-work",state="delayed"[^}]*\\} (\\d+)$`, 'm').exec(text);
    expect(Number(delayed?.[1])).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(new RegExp(`^queue_jobs\\{queue="${owner}-work",state="failed"[^}]*\\} [1-9]`, 'm'));
    await jobs.queue(Work.queue).remove(id);
  });

  it('payloads are validated against the definition', async () => {
    await expect(jobs.add(Work, { orgId: 'o' } as never)).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('a service whose owned job has no processor refuses to start', async () => {
    await expect(NestFactory.createApplicationContext(MissingProcessorModule, { logger: false, abortOnError: false })).rejects.toThrow(
      /exactly one processor, found 0/,
    );
  });
});

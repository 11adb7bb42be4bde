import 'reflect-metadata';
import { INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { jetstreamManager } from '@nats-io/jetstream';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { Bus, HealthController, PlatformModule, REDIS } from '@app/platform';
import { testEnv, waitFor } from '@app/testing';

/** /health/live (the process) apart from /health/ready (NATS, Redis, the database), against the real infrastructure. */
const env = testEnv();
const owner = `phealth${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;

@Module({
  imports: [
    PlatformModule.forRoot({
      service: owner,
      config: {
        SERVICE_NAME: owner,
        NATS_URL: env.NATS_URL,
        REDIS_URL: env.REDIS_URL,
        RPC_TIMEOUT_MS: 2000,
        DATABASE_URL: env.DATABASE_URL,
        DATABASE_SET_ROLE: env.DATABASE_SET_ROLE,
      },
      db: { schema: {} },
    }),
  ],
})
class HealthTestModule {}

describe('health probes', () => {
  let app: INestApplication;
  let base: string;
  const get = async (path: string) => {
    const r = await fetch(`${base}${path}`);
    return { status: r.status, body: (await r.json()) as { status: string; checks?: Record<string, boolean> } };
  };

  beforeAll(async () => {
    app = await NestFactory.create(HealthTestModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    const jsm = await jetstreamManager(app.get(Bus).connection);
    await jsm.streams.delete(owner.toUpperCase()).catch(() => undefined);
    await app.close();
  });

  it('live answers 200 from the process alone; ready and /health check NATS, Redis and the database', async () => {
    expect(await get('/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await get('/health/ready');
    expect(ready).toEqual({ status: 200, body: { status: 'ok', checks: { nats: true, redis: true, database: true } } });
    expect(await get('/health')).toEqual(ready);
  });

  it('a Redis outage makes the pod unready but keeps it live (no restart), and it is ready again once Redis is back', async () => {
    const redis = app.get<Redis>(REDIS);
    redis.disconnect();
    await waitFor('ready 503', async () => (await get('/health/ready')).status === 503);
    const ready = await get('/health/ready');
    expect(ready).toEqual({ status: 503, body: { status: 'down', checks: { nats: true, redis: false, database: true } } });
    expect((await get('/health')).status).toBe(503);
    expect(await get('/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    await redis.connect();
    await waitFor('ready 200', async () => (await get('/health/ready')).status === 200);
  });

  it('while shutting down the service is unready (it leaves the endpoints first) and still live', async () => {
    app.get(HealthController).beforeApplicationShutdown();
    expect(await get('/health/ready')).toMatchObject({ status: 503, body: { status: 'stopping' } });
    expect((await get('/health/live')).status).toBe(200);
  });
});

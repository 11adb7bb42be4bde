import 'reflect-metadata';
import { INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { jetstreamManager } from '@nats-io/jetstream';
import { randomUUID } from 'node:crypto';
import { streamOf } from '@app/contracts';
import { Bus, Events, PlatformModule } from '@app/platform';
import { testEnv } from '@app/testing';

/**
 * NATS_STREAM_REPLICAS reaches JetStream: the event streams get that many copies (3 on the Kubernetes cluster). The
 * test server is a single node: it records 3 on an existing stream but refuses to create one with 3, which shows the
 * setting is passed on; 1 is what one machine runs.
 */
const env = testEnv();
const suffix = () => randomUUID().replace(/[^a-f]/g, '').slice(0, 8);

function moduleWith(service: string, replicas: number) {
  @Module({
    imports: [PlatformModule.forRoot({ service, config: { SERVICE_NAME: service, NATS_URL: env.NATS_URL, REDIS_URL: env.REDIS_URL, RPC_TIMEOUT_MS: 2000, NATS_STREAM_REPLICAS: replicas } })],
  })
  class StreamsTestModule {}
  return StreamsTestModule;
}

describe('event stream replicas', () => {
  const apps: INestApplicationContext[] = [];
  const owners: string[] = [];
  const start = async (service: string, replicas: number) => {
    const app = await NestFactory.createApplicationContext(moduleWith(service, replicas), { logger: false });
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    if (apps[0]) {
      const jsm = await jetstreamManager(apps[0].get(Bus).connection);
      for (const o of owners) await jsm.streams.delete(streamOf(o)).catch(() => undefined);
    }
    for (const a of apps) await a.close().catch(() => undefined);
  });

  it('a service creates its stream with NATS_STREAM_REPLICAS copies', async () => {
    const owner = `prepl${suffix()}`;
    owners.push(owner);
    const app = await start(owner, 1);
    await app.init();
    const jsm = await jetstreamManager(app.get(Bus).connection);
    expect((await jsm.streams.info(streamOf(owner))).config.num_replicas).toBe(1);
  });

  it('three copies are asked of NATS: an existing stream is moved to them, a new one is created with them', async () => {
    const owner = `prepl${suffix()}`;
    owners.push(owner);
    const one = await start(owner, 1);
    await one.init();
    const jsm = await jetstreamManager(one.get(Bus).connection);
    expect((await jsm.streams.info(streamOf(owner))).config.num_replicas).toBe(1);

    // the stream exists with 1 copy: the service started with 3 updates it (a single server records the setting)
    const three = await start(owner, 3);
    await three.get(Events).ensureStream(owner);
    expect((await jsm.streams.info(streamOf(owner))).config.num_replicas).toBe(3);

    // a new stream with 3 copies: the single test server refuses it (on the cluster it is created on 3 servers)
    const fresh = `prepl${suffix()}`;
    await expect(three.get(Events).ensureStream(fresh)).rejects.toThrow(/replicas > 1 not supported/);
  });
});

import * as net from 'node:net';
import { randomUUID } from 'node:crypto';
import { AppError } from '@app/contracts';
import { Storage } from '@app/platform';
import { freePort, testEnv } from '@app/testing';

/** Storage against real S3 (s3rver from the resolver), and against an S3 that is down (a closed port). */
const env = testEnv();
const options = (endpoint: string) => ({ endpoint, accessKey: env.S3_ACCESS_KEY, secretKey: env.S3_SECRET_KEY, bucket: env.S3_BUCKET, region: env.S3_REGION });

describe('Storage (real S3)', () => {
  const storage = new Storage(options(env.S3_ENDPOINT));
  const key = Storage.key(randomUUID(), 'images', `stat-${randomUUID()}.png`);

  beforeAll(async () => {
    await storage.ensureBucket();
    await storage.put(key, Buffer.from('eleven byte'), 11, 'image/png');
  });
  afterAll(async () => {
    await storage.remove(key);
  });

  it('stat of an object: its size and type', async () => {
    expect(await storage.stat(key)).toEqual({ size: 11, contentType: 'image/png' });
  });

  it('stat of a key nobody wrote: null', async () => {
    expect(await storage.stat(Storage.key(randomUUID(), 'images', 'missing.png'))).toBeNull();
  });

  it('stat when S3 is down: throws UNAVAILABLE (503), never "not found"', async () => {
    const down = new Storage(options(`http://127.0.0.1:${await freePort()}`));
    const err = await down.stat(key).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'UNAVAILABLE', status: 503, details: { what: 'storage', op: 'stat' } });
  });

  it('ensureBucket while S3 is down rejects; once S3 answers, the next call succeeds', async () => {
    const port = await freePort();
    const flaky = new Storage(options(`http://127.0.0.1:${port}`));
    await expect(flaky.ensureBucket()).rejects.toThrow(/ECONNREFUSED|connect|socket/i);
    // S3 "comes back" on that port: a TCP relay to the real server
    const real = new URL(env.S3_ENDPOINT);
    const relay = net.createServer((c) => {
      const up = net.connect(Number(real.port || 80), real.hostname);
      c.pipe(up).pipe(c);
      const end = () => (c.destroy(), up.destroy());
      c.once('error', end);
      up.once('error', end);
    });
    await new Promise<void>((r) => relay.listen(port, '127.0.0.1', () => r()));
    try {
      await expect(flaky.ensureBucket()).resolves.toBeUndefined();
      expect(await flaky.stat(key)).toEqual({ size: 11, contentType: 'image/png' });
    } finally {
      await new Promise<void>((r) => relay.close(() => r()));
    }
  });
});

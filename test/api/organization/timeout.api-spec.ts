/**
 * An RPC nobody answers becomes 508 'Time Out': a gateway started in this test on its own NATS server,
 * where no organization service runs (so even the host look-up has no responder).
 */
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { api, waitFor } from '@app/testing';
import { GatewayModule } from '../../../services/gateway/src/app.module';
import { gatewayConfigSchema } from '../../../services/gateway/src/config';
import { parseConfig } from '@app/platform';
import { env } from './helpers';

jest.setTimeout(60_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function natsBinary(): string {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/bin', '/usr/bin']) {
    const p = path.join(dir, 'nats-server');
    if (dir && fs.existsSync(p)) return p;
  }
  throw new Error('nats-server binary not found (npm start / npm test install it)');
}

function portOpen(port: number): Promise<boolean> {
  return new Promise<boolean>((r) => {
    const c = net.connect(port, '127.0.0.1', () => { c.end(); r(true); });
    c.on('error', () => r(false));
  });
}

describe('RPC timeout', () => {
  let nats: ChildProcess;
  let app: INestApplication;
  let url: string;
  let store: string;

  beforeAll(async () => {
    const natsPort = await freePort();
    store = fs.mkdtempSync(path.join(os.tmpdir(), 'nats-timeout-'));
    nats = spawn(natsBinary(), ['-js', '-a', '127.0.0.1', '-p', String(natsPort), '-sd', store], { stdio: 'ignore' });
    await waitFor(`port ${natsPort}`, () => portOpen(natsPort), 10_000);
    const config = parseConfig(gatewayConfigSchema, {
      NATS_URL: `nats://127.0.0.1:${natsPort}`, REDIS_URL: env.REDIS_URL, HTTP_PORT: '0', LOG_LEVEL: 'silent', RPC_TIMEOUT_MS: '700',
      S3_ENDPOINT: env.S3_ENDPOINT, S3_ACCESS_KEY: env.S3_ACCESS_KEY, S3_SECRET_KEY: env.S3_SECRET_KEY, S3_BUCKET: env.S3_BUCKET, S3_REGION: env.S3_REGION,
      WEB_DIST: '/nonexistent',
    });
    app = await NestFactory.create(GatewayModule.register(config), { logger: false });
    app.setGlobalPrefix('api', { exclude: ['health', 'metrics'] });
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as net.AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    nats?.kill('SIGTERM');
    if (store) fs.rmSync(store, { recursive: true, force: true });
  });

  it.each([
    ['en', 'Time Out'],
    ['ar', 'انتهت المهلة'],
  ] as const)('answers 508 %s', async (lang, message) => {
    const r = await api(url, { org: 'demo', lang }).post('/login', { email: 'admin@demo.test', password: 'Demo@12345' });
    expect(r.status).toBe(508);
    expect(r.body).toMatchObject({ success: false, message });
  });
});

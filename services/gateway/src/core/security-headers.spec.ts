import express from 'express';
import type { AddressInfo } from 'node:net';
import { parseConfig } from '@app/platform';
import { gatewayConfigSchema } from '../config';
import { contentSecurityPolicy, securityHeaders } from './security-headers';

/** the headers a real Express app with the middleware answers, for a config made of `env` */
async function headersFor(env: Record<string, string>): Promise<Headers> {
  const app = express();
  // a production config needs its secrets (docs/security.md "Secrets and configuration")
  const secrets = env.NODE_ENV === 'production' ? { OUTBOX_KEY: 'outbox-key-of-this-test-0123', S3_ACCESS_KEY: 'test-access', S3_SECRET_KEY: 'test-secret' } : {};
  app.use(securityHeaders(parseConfig(gatewayConfigSchema, { ...secrets, ...env })));
  app.get('/', (_req, res) => res.json({ ok: true }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return r.headers;
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it.each([
    ['development', null],
    ['test', null],
    ['production', 'max-age=31536000; includeSubDomains'],
  ])('NODE_ENV=%s: Strict-Transport-Security %p', async (NODE_ENV, hsts) => {
    const h = await headersFor({ NODE_ENV });
    expect(h.get('strict-transport-security')).toBe(hsts);
    expect(h.get('x-frame-options')).toBe('DENY');
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('upgrade-insecure-requests only in production', async () => {
    expect((await headersFor({ NODE_ENV: 'production' })).get('content-security-policy')).toContain('upgrade-insecure-requests');
    expect((await headersFor({ NODE_ENV: 'development' })).get('content-security-policy')).not.toContain('upgrade-insecure-requests');
  });

  it.each([
    [{ S3_ENDPOINT: 'https://s3.example.com/some/path', PUBLIC_PROTOCOL: 'https', PUBLIC_BASE_DOMAIN: 'boardroom.example' }, 'https://s3.example.com', 'wss://*.boardroom.example', 'https://*.boardroom.example'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:4569', PUBLIC_PROTOCOL: 'http', PUBLIC_BASE_DOMAIN: 'localhost:3000' }, 'http://127.0.0.1:4569', 'ws://*.localhost:3000', 'http://*.localhost:3000'],
  ])('the S3 origin, the organization hosts and their sockets come from the config: %p', (env, s3, sockets, hosts) => {
    const d = contentSecurityPolicy(parseConfig(gatewayConfigSchema, env));
    expect(d['connect-src']).toEqual(["'self'", hosts, sockets, s3, 'blob:']);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', s3]);
    expect(d['media-src']).toEqual(["'self'", 'blob:', s3]);
    expect(d['script-src']).toEqual(["'self'"]);
  });

  it('CSP_FRAME_SRC: the video providers the app may frame; anything but origins is refused at start-up', () => {
    expect(contentSecurityPolicy(parseConfig(gatewayConfigSchema, {}))['frame-src']).toEqual(["'self'", 'https://ijmeet.com', 'https://*.zoom.us']);
    expect(contentSecurityPolicy(parseConfig(gatewayConfigSchema, { CSP_FRAME_SRC: 'https://meet.example.org:8443' }))['frame-src']).toEqual(["'self'", 'https://meet.example.org:8443']);
    for (const bad of ['*', "'unsafe-inline'", 'https://x.org/path', 'javascript:', 'https://x.org; script-src *']) {
      expect(() => parseConfig(gatewayConfigSchema, { CSP_FRAME_SRC: bad })).toThrow(/CSP_FRAME_SRC/);
    }
  });
});

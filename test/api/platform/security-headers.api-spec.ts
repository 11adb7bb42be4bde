/**
 * Security headers on every answer of the gateway (issue 32, finding 12; docs/security.md "HTTP edge"), read from
 * real answers: an /api JSON answer, an error answer (401, 404, 409), the web app's index.html (also on the
 * signing page's path, which can no longer be framed), a static asset, and the API documentation page.
 *
 * A second gateway serves a small web build of its own (WEB_DIST, a temporary folder), so the test does not depend
 * on whether `npm run build -w web` ran before the API tier.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestOrg, login, rawRequest as raw, startServiceProcess, testEnv, type ServiceProcess, type TestOrg } from '@app/testing';

jest.setTimeout(90_000);

const env = testEnv();

/** the directives of a Content-Security-Policy header: name -> sources */
function directives(header: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

describe('security headers on every answer', () => {
  let gw: ServiceProcess;
  let base: string;
  let dist: string;
  let org: TestOrg;
  let token: string;
  const s3 = new URL(process.env.S3_ENDPOINT ?? 'http://127.0.0.1:4569').origin;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app");\n');
    gw = await startServiceProcess('gateway', { ...process.env, WEB_DIST: dist });
    base = `http://127.0.0.1:${gw.port}`;
    org = await createTestOrg(env.NATS_URL);
    token = await login(base, org.slug, org.admin.email, org.admin.password);
  }, 90_000);

  afterAll(async () => {
    await gw?.stop();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  const answers: [string, () => Promise<{ status: number; headers: Headers; body: unknown }>, number][] = [
    ['GET /api/ (public JSON)', () => raw(base, { method: 'GET', path: '/api/', headers: { 'x-org': org.slug } }), 200],
    ['GET /api/committees (signed-in JSON)', () => raw(base, { method: 'GET', path: '/api/committees', headers: { 'x-org': org.slug, token } }), 200],
    ['GET /api/roles without a session (401)', () => raw(base, { method: 'GET', path: '/api/roles', headers: { 'x-org': org.slug } }), 401],
    ['GET /api/no-such-route (404)', () => raw(base, { method: 'GET', path: '/api/no-such-route', headers: { 'x-org': org.slug, token } }), 404],
    ['POST /api/roles with an empty name (409)', () => raw(base, { path: '/api/roles', headers: { 'x-org': org.slug, token, 'content-type': 'application/json' }, body: '{"name":""}' }), 409],
    ['POST /api/roles with broken JSON (body parser error)', () => raw(base, { path: '/api/roles', headers: { 'x-org': org.slug, token, 'content-type': 'application/json' }, body: '{"name":' }), 409],
    ['GET / (index.html)', () => raw(base, { method: 'GET', path: '/', headers: { host: `${org.slug}.localhost` } }), 200],
    ['GET the signing page (index.html)', () => raw(base, { method: 'GET', path: '/app/activity/approval/abc/sign', headers: { host: `${org.slug}.localhost` } }), 200],
    ['GET /assets/app.js (static asset)', () => raw(base, { method: 'GET', path: '/assets/app.js' }), 200],
    ['POST /assets/missing.js (404 outside /api)', () => raw(base, { method: 'POST', path: '/assets/missing.js' }), 404],
    ['DELETE /no-such-file.js (404 outside /api)', () => raw(base, { method: 'DELETE', path: '/no-such-file.js' }), 404],
    ['GET /api/docs (the API documentation page)', () => raw(base, { method: 'GET', path: '/api/docs' }), 200],
    ['GET /health', () => raw(base, { method: 'GET', path: '/health' }), 200],
  ];

  it.each(answers)('%s: CSP, X-Frame-Options, nosniff, Referrer-Policy; no HSTS outside production', async (_name, ask, status) => {
    const r = await ask();
    expect(r.status).toBe(status);
    const csp = directives(r.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    // only this origin, the organization hosts (the portal), their sockets, the S3 endpoint of the presigned URLs, blob:
    const domain = process.env.PUBLIC_BASE_DOMAIN ?? 'localhost:3000';
    expect(csp.get('connect-src')).toEqual(["'self'", `http://*.${domain}`, `ws://*.${domain}`, s3, 'blob:']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', s3]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    for (const sources of csp.values()) {
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('*');
    }
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(r.headers.get('strict-transport-security')).toBeNull();
    expect(r.headers.get('x-powered-by')).toBeNull();
  });

  it('a 404 outside /api is the catalogue\'s (JSON), not an HTML error page with a policy of its own', async () => {
    const r = await raw(base, { method: 'POST', path: '/assets/missing.js' });
    expect(r.body).toEqual({ success: false, code: 'NOT_FOUND', message: 'Not Found' });
  });

  it('the index.html and the asset are the files served (not an error page with the headers)', async () => {
    const page = await raw(base, { method: 'GET', path: '/app/activity/approval/abc/sign', headers: { host: `${org.slug}.localhost` } });
    expect(String(page.body)).toContain('<div id="root"></div>');
    const asset = await raw(base, { method: 'GET', path: '/assets/app.js' });
    expect(String(asset.body)).toContain('console.log("app")');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
  });

  it('the API documentation page runs no inline script (its start-up is a file)', async () => {
    const page = await raw(base, { method: 'GET', path: '/api/docs' });
    expect(String(page.body)).not.toMatch(/<script>(?!<)/);
    expect(String(page.body)).toContain('<script src="/api/docs/init.js"></script>');
    const init = await raw(base, { method: 'GET', path: '/api/docs/init.js' });
    expect([init.status, init.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(String(init.body)).toContain('SwaggerUIBundle');
  });

  it('the test system (the gateway the other suites use) sends them too', async () => {
    const r = await raw(env.TEST_GATEWAY_URL, { method: 'GET', path: '/api/', headers: { 'x-org': org.slug } });
    expect(directives(r.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
    expect(r.headers.get('x-frame-options')).toBe('DENY');
  });
});

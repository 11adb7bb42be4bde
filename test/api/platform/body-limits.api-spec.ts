/**
 * Bodies at the edge (issue 32, finding 3 and the 1 MB annotation): every multipart body has a total limit (all its
 * parts and fields together, declared or chunked), also on the public /api/sso/check and /api/sso/exchange; a large
 * but well-formed field never answers 5xx (a request too big for NATS is 413); credentials are never taken from the
 * query string (test/api/organization/auth.api-spec.ts).
 */
import http from 'node:http';
import { api, createTestOrg, login, pdfFile, rawRequest as raw, testEnv, type ApiClient, type TestOrg } from '@app/testing';

jest.setTimeout(90_000);

const env = testEnv();
const GATEWAY = env.TEST_GATEWAY_URL;
const MB = 1024 * 1024;
const TOO_LARGE = { success: false, code: 'PAYLOAD_TOO_LARGE', message: 'File too large' };

/** a multipart body: text fields, then one file part of `fileBytes` bytes (none when 0) */
function multipart(fields: Record<string, string>, file?: { field: string; name: string; type: string; data: Buffer }): { body: Buffer; type: string } {
  const boundary = `----edge${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** the same body sent chunked (no Content-Length): the gateway must count what it reads */
function chunked(path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: any }> {
  const url = new URL(GATEWAY + path);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    // the server may answer and close before the whole body is written: the answer counts, not the write
    req.on('error', (e) => reject(e));
    let i = 0;
    const step = 256 * 1024;
    const write = () => {
      while (i < body.length) {
        const ok = req.write(body.subarray(i, i + step));
        i += step;
        if (!ok) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

describe('body limits at the gateway', () => {
  let org: TestOrg;
  let token: string;
  let admin: ApiClient;

  beforeAll(async () => {
    org = await createTestOrg(env.NATS_URL);
    token = await login(GATEWAY, org.slug, org.admin.email, org.admin.password);
    admin = api(GATEWAY, { org: org.slug, token });
  });

  describe('a multipart body has a total limit on every multipart route', () => {
    it.each(['/api/sso/check', '/api/sso/exchange'])('%s: a 12 MB body of text fields is 413, declared or chunked', async (path) => {
      const { body, type } = multipart({ email: org.admin.email, secret: 'x', padding: 'a'.repeat(12 * MB) });
      const declared = await raw(GATEWAY, { path, headers: { 'x-org': org.slug, 'content-type': type }, body });
      expect([declared.status, declared.body]).toEqual([413, TOO_LARGE]);
      const streamed = await chunked(path, { 'x-org': org.slug, 'content-type': type }, body);
      expect([streamed.status, streamed.body]).toEqual([413, TOO_LARGE]);
    });

    it('/api/sso/check: many fields that each stay under the per-field limit, 3 MB together, is 413', async () => {
      const fields: Record<string, string> = { email: org.admin.email };
      for (let i = 0; i < 30; i++) fields[`f${i}`] = 'a'.repeat(100 * 1024);
      const { body, type } = multipart(fields);
      const streamed = await chunked('/api/sso/check', { 'x-org': org.slug, 'content-type': type, lang: 'ru' }, body);
      expect(streamed.status).toBe(413);
      expect(streamed.body.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('/api/sso/check: a small multipart body still works (200)', async () => {
      const { body, type } = multipart({ email: org.admin.email });
      const r = await raw(GATEWAY, { path: '/api/sso/check', headers: { 'x-org': org.slug, 'content-type': type }, body });
      expect(r.status).toBe(200);
      expect(r.body.sso).toBe(false);
    });

    it('an image route (POST /api/users): an image within its limit plus 12 MB of fields is 413, and no user is created', async () => {
      const before = (await admin.get('/users', { per_page: 500 })).body.meta.total as number;
      const { body, type } = multipart(
        { name: 'Big Body', email: `big-${Date.now()}@example.test`, padding: 'a'.repeat(12 * MB) },
        { field: 'image', name: 'a.png', type: 'image/png', data: Buffer.from('89504e470d0a1a0a', 'hex') },
      );
      const streamed = await chunked('/api/users', { 'x-org': org.slug, token, 'content-type': type }, body);
      expect([streamed.status, streamed.body]).toEqual([413, TOO_LARGE]);
      expect((await admin.get('/users', { per_page: 500 })).body.meta.total).toBe(before);
    });
  });

  describe('a large but well-formed field never answers 5xx', () => {
    let fileId: number;
    beforeAll(async () => {
      const up = await admin.upload('/library', {}, { file: { name: 'board.pdf', type: 'application/pdf', data: await pdfFile(1) } });
      expect(up.status).toBe(200);
      fileId = up.body.data.id;
    });

    it('POST /api/library/{id}/annotation with a 1 MB string: 413, nothing saved', async () => {
      const r = await admin.post(`/library/${fileId}/annotation`, { annotation: 'a'.repeat(MB) });
      expect([r.status, r.body]).toEqual([413, TOO_LARGE]);
      expect((await admin.get(`/library/${fileId}/annotation`)).body.data.annotation).toBeNull();
    });

    it('POST /api/library/{id}/annotation with 1.9 MB of escaped characters (JSON under 2 MB): 413, not 500', async () => {
      const r = await admin.post(`/library/${fileId}/annotation`, { annotation: '"'.repeat(950 * 1024) });
      expect(r.status).toBe(413);
    });

    it('an annotation well under the limit is saved (200)', async () => {
      const r = await admin.post(`/library/${fileId}/annotation`, { annotation: 'a'.repeat(200 * 1024) });
      expect(r.status).toBe(200);
    });

    it('a JSON body past 2 MB is 413', async () => {
      const r = await admin.post(`/library/${fileId}/annotation`, { annotation: 'a'.repeat(3 * MB) });
      expect([r.status, r.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    });
  });
});

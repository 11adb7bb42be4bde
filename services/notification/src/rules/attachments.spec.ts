import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AttachmentRefused, fitsAttached, readAttachment } from './attachments';

describe('fitsAttached: the documents together within the bound', () => {
  it.each([
    [[], 0, true],
    [[{ size: 5 }, { size: 5 }], 10, true],
    [[{ size: 5 }, { size: 6 }], 10, false],
  ])('%j within %d: %s', (docs, max, want) => expect(fitsAttached(docs, max)).toBe(want));
});

describe('readAttachment: the bytes of a URL, bounded', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = Buffer.alloc(100, 1);
      if (req.url === '/ok') return res.writeHead(200, { 'content-length': 100 }).end(body);
      // no Content-Length: the bound is kept while reading
      if (req.url === '/chunked') { res.writeHead(200); res.write(body); return res.end(body); }
      if (req.url === '/expired') return res.writeHead(403).end('<Error>Request has expired</Error>');
      return res.writeHead(503).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('reads what fits', async () => expect((await readAttachment(`${base}/ok`, 100)).length).toBe(100));
  it('refuses a declared size over the bound', async () => expect(readAttachment(`${base}/ok`, 99)).rejects.toBeInstanceOf(AttachmentRefused));
  it('refuses more bytes than the bound while reading', async () => expect(readAttachment(`${base}/chunked`, 150)).rejects.toBeInstanceOf(AttachmentRefused));
  it('refuses an expired URL (4xx) for good', async () => expect(readAttachment(`${base}/expired`, 1000)).rejects.toBeInstanceOf(AttachmentRefused));
  it('a 5xx may pass: a plain error, retried', async () => {
    const e = await readAttachment(`${base}/down`, 1000).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Error);
    expect(e).not.toBeInstanceOf(AttachmentRefused);
  });
});

/**
 * What an uploaded file can make the library's external programs do, through the gateway and the real conversion
 * job (docs/security.md#files-and-external-programs, docs/library.md#the-sandbox): an ODT with two linked images,
 * one on a listener this test starts on the host's loopback and one `file:///usr/share/...`, is converted to a PDF
 * holding neither, and the listener gets no request; decompression bombs are refused before they are inflated.
 * Without the sandbox and the link stripping the same ODT comes back with both images in it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { api, createTestUser, login, odtWithLinkedImages, pdfImages, pdfText, waitFor, zipBomb, type ApiClient } from '@app/testing';
import { GATEWAY, env, orgWithAdmin } from '../organization/helpers';

jest.setTimeout(180_000);

let member: ApiClient;
let server: http.Server;
let port: number;
const requests: string[] = [];

/** a PNG the host has under /usr/share (Chromium's and LibreOffice's icons are installed on every test machine) */
function sharePng(): string {
  const walk = (dir: string, depth: number): string | undefined => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      // unreadable directory: look elsewhere
      return undefined;
    }
    for (const n of names) {
      const p = path.join(dir, n);
      if (n.endsWith('.png') && statSync(p).isFile() && statSync(p).size > 100) return p;
    }
    if (depth === 0) return undefined;
    for (const n of names) {
      const p = path.join(dir, n);
      if (statSync(p, { throwIfNoEntry: false })?.isDirectory()) {
        const hit = walk(p, depth - 1);
        if (hit) return hit;
      }
    }
    return undefined;
  };
  const found = walk('/usr/share/icons', 4) ?? walk('/usr/share/pixmaps', 1);
  if (!found) throw new Error('no PNG under /usr/share/icons or /usr/share/pixmaps to link to');
  return found;
}

async function converted(id: number): Promise<{ conversion: { status: string; progress: number }; file_url: string | null }> {
  return waitFor(
    'the conversion to end',
    async () => {
      const f = await member.get(`/library/fetch/${id}`);
      const s = f.body.data.conversion.status;
      return s === 'done' || s === 'failed' ? f.body.data : undefined;
    },
    150_000,
    1000,
  );
}

beforeAll(async () => {
  const a = await orgWithAdmin();
  const m = await createTestUser(env.NATS_URL, a.org.orgId, { name: 'Uploader' });
  member = api(GATEWAY, { org: a.org.slug, token: await login(GATEWAY, a.org.slug, m.email, m.password) });
  const png = readFileSync(sharePng());
  // what LibreOffice would fetch: a real PNG, so a fetch would put an image in the PDF
  server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
    res.end(png);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe('office conversion in the sandbox', () => {
  it('an ODT with an http://127.0.0.1 image and a file:///usr/share image: no request, neither image in the PDF', async () => {
    const local = sharePng();
    // the listener works: a request from this process is seen (and then forgotten)
    expect((await fetch(`http://127.0.0.1:${port}/probe.png`)).status).toBe(200);
    expect(requests).toEqual(['GET /probe.png']);
    requests.length = 0;

    const odt = await odtWithLinkedImages([`http://127.0.0.1:${port}/x.png`, `file://${local}`], 'Linked images below');
    const up = await member.upload('/library', {}, { file: { name: 'linked.odt', type: 'application/vnd.oasis.opendocument.text', data: odt } });
    expect(up.status).toBe(200);
    expect(up.body.data).toEqual(expect.objectContaining({ kind: 'word', type: 'application/vnd.oasis.opendocument.text' }));

    const done = await converted(up.body.data.id);
    expect(done.conversion).toEqual({ status: 'done', progress: 100 });
    const pdf = Buffer.from(await (await fetch(done.file_url!)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(pdf)).toContain('Linked images below');
    expect(await pdfImages(pdf)).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('a docx that is a decompression bomb fails its conversion at once (refused, not retried)', async () => {
    const up = await member.upload('/library', {}, { file: { name: 'bomb.docx', type: 'application/octet-stream', data: zipBomb('docx', 200) } });
    expect(up.status).toBe(200);
    const started = Date.now();
    const done = await converted(up.body.data.id);
    expect(done.conversion.status).toBe('failed');
    expect(done.file_url).toBeNull();
    expect(Date.now() - started).toBeLessThan(60_000);
  });
});

describe('the spreadsheet viewer and decompression bombs', () => {
  it('an xlsx of 200 MiB uncompressed is 413 File too large, answered from its central directory', async () => {
    const bomb = zipBomb('xlsx', 200);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const up = await member.upload('/library', {}, { file: { name: 'bomb.xlsx', type: 'application/octet-stream', data: bomb } });
    expect(up.status).toBe(200);
    expect(up.body.data.kind).toBe('excel');
    const started = Date.now();
    const r = await member.get(`/library/excel_to_json/${up.body.data.id}`);
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('File too large');
    // inflating 200 MiB and building exceljs's model of it takes seconds and gigabytes; reading the directory does not
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

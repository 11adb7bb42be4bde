/**
 * The gateway's library upload path against the real library and organization services (their own processes) over
 * real NATS, PostgreSQL (RLS), Redis and S3 (s3rver): every upload is a real multipart HTTP request parsed as a
 * stream by `streamUpload` (the code the route's interceptor runs) and then handled by LibraryGatewayRoutes.
 * Kinds by content, refusals that store nothing, a stream over the limit and an aborted upload that leave nothing
 * behind, another organization's ids, presigned URLs that expire, an upload that fails half-way, and the
 * attachment checks the meeting service asks for.
 */
import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  AppError, CreateDirectory, DeleteItem, FetchFile, GetDetails, LIBRARY_MAX_BYTES, ListLibrary, parseOrThrow, ResolveFiles, Routes, ShareItem, UseFiles,
  type Actor, type ErrorCode, type LibraryItem, type RpcDef,
} from '@app/contracts';
import { Bus, Storage } from '@app/platform';
import {
  createTestOrg, createTestUser, docxFile, emlFile, exeFile, pdfFile, sleep, startServiceProcess, testEnv, wavFile, xlsxFile, type ServiceProcess,
} from '@app/testing';
import { streamUpload } from '../src/core/streamed-upload';
import { LibraryGatewayRoutes } from '../src/library/library.routes';
import { Uploads } from '../src/core/uploads';

jest.setTimeout(120_000);
const env = testEnv();
const TTL = 5;

const user = (userId: number, isAdmin = false, name = `User ${userId}`): Actor => ({ kind: 'user', userId, email: null, name, roleId: null, isAdmin, permissions: [], guestToken: null });
const MiB = 1024 * 1024;

describe('library service (real PostgreSQL, S3, NATS, Redis)', () => {
  let org: ServiceProcess;
  let lib: ServiceProcess;
  let nc: NatsConnection;
  let bus: Bus;
  let storage: Storage;
  let routes: LibraryGatewayRoutes;
  let a: Awaited<ReturnType<typeof createTestOrg>>;
  let b: Awaited<ReturnType<typeof createTestOrg>>;
  let alice: Actor;
  let bob: Actor;
  let otherOrgAdmin: Actor;

  const call = (orgId: string, actor: Actor) => ({ orgId, actor, variant: 'default' as const, lang: 'en' as const });

  /**
   * The gateway's upload path over real HTTP: the multipart body is parsed as a stream and the file goes to S3 as it
   * arrives (`streamUpload`), then the route registers it. `handled` settles once the request is fully dealt with
   * (a refused or aborted file cleaned up), so a test can wait for it instead of for a clock.
   */
  let server: http.Server;
  let origin = '';
  let current: () => LibraryGatewayRoutes;
  const handled: Promise<unknown>[] = [];
  const who = new Map<string, { orgId: string; actor: Actor; maxBytes: number }>();
  function serve(req: http.IncomingMessage, res: http.ServerResponse): void {
    const caller = who.get(String(req.headers['x-caller']))!;
    const work = (async () => {
      const stored = await streamUpload(req as never, { storage, orgId: caller.orgId, folder: 'library', field: 'file', maxBytes: caller.maxBytes });
      if (!stored) throw AppError.validation({ file: 'The file field is required.' });
      const body = parseOrThrow(Routes.uploadLibraryFile.body, { ...(req as unknown as { body: object }).body });
      return current().upload({ call: call(caller.orgId, caller.actor), body, stored } as never);
    })();
    handled.push(work.catch(() => undefined));
    work.then(
      (item) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(item)),
      (e: unknown) => {
        const err = e instanceof AppError ? e : new AppError('INTERNAL');
        if (!res.destroyed) res.writeHead(err.status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: err.code, fields: err.fields ?? null }));
      },
    );
  }
  let callers = 0;
  function caller(orgId: string, actor: Actor, maxBytes = LIBRARY_MAX_BYTES): string {
    const id = String(++callers);
    who.set(id, { orgId, actor, maxBytes });
    return id;
  }
  async function upload(orgId: string, actor: Actor, name: string, data: Buffer, body: Record<string, string> = {}): Promise<LibraryItem> {
    const form = new FormData();
    for (const [k, v] of Object.entries(body)) form.append(k, v);
    form.append('file', new Blob([data]), name);
    const r = await fetch(`${origin}/upload`, { method: 'POST', body: form, headers: { 'x-caller': caller(orgId, actor) } });
    const json = (await r.json()) as { code?: ErrorCode; fields?: Record<string, string[]> | null };
    if (r.status !== 200) throw new AppError(json.code!, { fields: json.fields ?? undefined });
    return json as unknown as LibraryItem;
  }
  /** a multipart body sent in chunks (no Content-Length, so only the stream's own count can stop it) */
  function chunkedUpload(who: string, name: string, head: Buffer, total: number): { req: http.ClientRequest; sent: (n: number) => Promise<void>; answer: Promise<{ status: number; body: any }> } {
    const boundary = '----streamtest';
    const req = http.request(`${origin}/upload`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked', 'x-caller': who } });
    const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
      });
      req.on('error', reject);
    });
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`);
    req.write(head);
    let written = head.length;
    /** write more of the file, waiting for the socket to take it */
    const sent = async (n: number): Promise<void> => {
      const block = Buffer.alloc(64 * 1024, 0x20);
      for (let left = Math.min(n, total - written); left > 0; left -= block.length) {
        const piece = left >= block.length ? block : block.subarray(0, left);
        written += piece.length;
        if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
      }
      if (written >= total) req.end(`\r\n--${boundary}--\r\n`);
    };
    return { req, sent, answer };
  }
  /**
   * The files the organization's library holds in S3, one entry per file id (`<id>.<ext>` and its renderings
   * `<id>.v<N>.pdf` count once): an earlier test's office file gets its PDF rendering from a background job, which may
   * land while a later test compares before and after (seen in CI: `<id>.v1.pdf` of the xlsx appearing mid-test).
   */
  async function objects(orgId: string): Promise<string[]> {
    const ids = new Set<string>();
    for await (const o of storage.client.listObjectsV2(storage.bucket, `${orgId}/library/`, true)) {
      if (o.name) ids.add(o.name.slice(`${orgId}/library/`.length).split('.')[0]);
    }
    return [...ids].sort();
  }
  async function rejects(p: Promise<unknown>, status: number): Promise<AppError> {
    const e = await p.then(() => null, (x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(status);
    return e as AppError;
  }

  beforeAll(async () => {
    const base = { ...env, HTTP_PORT: '0', LOG_LEVEL: 'warn' } as Record<string, string | undefined>;
    org = await startServiceProcess('organization', { ...process.env, ...base, ARGON2_MEMORY_KIB: '4096' });
    lib = await startServiceProcess('library', { ...process.env, ...base, LIBRARY_URL_TTL_SECONDS: String(TTL) });
    nc = await connect({ servers: env.NATS_URL.replace(/^nats:\/\//, ''), name: 'library-uploads-int' });
    bus = new Bus(nc, { service: 'test', defaultTimeoutMs: 20_000 });
    storage = new Storage({ endpoint: env.S3_ENDPOINT, accessKey: env.S3_ACCESS_KEY, secretKey: env.S3_SECRET_KEY, bucket: env.S3_BUCKET, region: env.S3_REGION });
    await storage.ensureBucket();
    routes = new LibraryGatewayRoutes(bus, storage, new Uploads(storage));
    current = () => routes;
    server = http.createServer(serve);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    a = await createTestOrg(bus);
    b = await createTestOrg(bus);
    alice = user((await createTestUser(bus, a.orgId, { name: 'Alice' })).userId, false, 'Alice');
    bob = user((await createTestUser(bus, a.orgId, { name: 'Bob' })).userId, false, 'Bob');
    otherOrgAdmin = user(b.admin.userId, true);
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    await nc?.drain().catch(() => undefined);
    await lib?.stop();
    await org?.stop();
  });

  it.each([
    ['pack.pdf', pdfFile, 'pdf', 'application/pdf'],
    ['budget.xlsx', xlsxFile, 'excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['minutes.docx', () => docxFile(), 'word', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['agenda.eml', async () => emlFile(), 'email', 'message/rfc822'],
    ['voice.wav', async () => wavFile(), 'audio', 'audio/wav'],
  ])('an accepted %s is stored in S3 and registered', async (name, make, kind, type) => {
    const data = await (make as () => Promise<Buffer>)();
    const item = await upload(a.orgId, alice, name, data);
    expect(item).toEqual(expect.objectContaining({ name, kind, type, size: data.length, version: 1, can_edit: true }));
    const listed = await bus.request(ListLibrary, { orgId: a.orgId, actor: alice, tab: 'my' });
    expect(listed.files.map((f) => f.id)).toContain(item.id);
    const got = Buffer.from(await (await fetch(item.file_url!)).arrayBuffer());
    expect(got.equals(data)).toBe(true);
  });

  it.each([
    ['a renamed executable', 'report.pdf', exeFile(), 415],
    ['an empty file', 'empty.pdf', Buffer.alloc(0), 409],
  ])('%s is refused and nothing is stored', async (_, name, data, status) => {
    const before = await objects(a.orgId);
    await rejects(upload(a.orgId, alice, name, data), status);
    expect(await objects(a.orgId)).toEqual(before);
  });

  it('PDF-only mode refuses a word file whether the flag comes before or after the file, and stores nothing', async () => {
    const before = await objects(a.orgId);
    const doc = await docxFile();
    expect((await rejects(upload(a.orgId, alice, 'minutes.docx', doc, { pdf_only: '1' }), 409)).fields).toEqual({ file: ['you Must Choose pdf only'] });
    // the flag after the file: the stream could not know it, the route refuses and removes what was stored
    const form = new FormData();
    form.append('file', new Blob([doc]), 'minutes.docx');
    form.append('pdf_only', '1');
    const r = await fetch(`${origin}/upload`, { method: 'POST', body: form, headers: { 'x-caller': caller(a.orgId, alice) } });
    expect(r.status).toBe(409);
    expect(((await r.json()) as { fields: unknown }).fields).toEqual({ file: ['you Must Choose pdf only'] });
    await Promise.all(handled);
    expect(await objects(a.orgId)).toEqual(before);
  });

  it('a big file streams through in S3 parts and arrives whole', async () => {
    const pdf = await pdfFile();
    const data = Buffer.concat([pdf, Buffer.alloc(11 * MiB, 0x20)]);
    const item = await upload(a.orgId, alice, 'big.pdf', data);
    expect(item).toEqual(expect.objectContaining({ name: 'big.pdf', kind: 'pdf', size: data.length }));
    const got = Buffer.from(await (await fetch(item.file_url!)).arrayBuffer());
    expect(got.equals(data)).toBe(true);
  });

  it('a stream that goes over the limit is 413 File too large and leaves neither an object nor a row', async () => {
    const before = await objects(a.orgId);
    const rows = (await bus.request(ListLibrary, { orgId: a.orgId, actor: alice, tab: 'my' })).files.length;
    // a 6 MiB limit and 8 MiB sent without a Content-Length: the first 5 MiB part reaches S3 before the limit is seen
    const aborts: string[] = [];
    const abort = storage.client.abortMultipartUpload.bind(storage.client);
    storage.client.abortMultipartUpload = async (bucket: string, key: string, id: string) => {
      aborts.push(key);
      return abort(bucket, key, id);
    };
    try {
      const up = chunkedUpload(caller(a.orgId, alice, 6 * MiB), 'huge.pdf', await pdfFile(), 8 * MiB);
      await up.sent(8 * MiB);
      const answer = await up.answer;
      expect(answer.status).toBe(413);
      expect(answer.body.code).toBe('PAYLOAD_TOO_LARGE');
      await Promise.all(handled);
    } finally {
      storage.client.abortMultipartUpload = abort;
    }
    expect(aborts).toHaveLength(1);
    expect(aborts[0]).toMatch(new RegExp(`^${a.orgId}/library/`));
    expect(await objects(a.orgId)).toEqual(before);
    expect((await bus.request(ListLibrary, { orgId: a.orgId, actor: alice, tab: 'my' })).files.length).toBe(rows);
  });

  it('an upload the client aborts half-way leaves neither an object nor a row', async () => {
    const before = await objects(a.orgId);
    const rows = (await bus.request(ListLibrary, { orgId: a.orgId, actor: alice, tab: 'my' })).files.length;
    // wait until a first part has reached S3, then cut the connection
    let partStored!: () => void;
    const firstPart = new Promise<void>((r) => (partStored = r));
    const part = storage.client.uploadPart.bind(storage.client);
    storage.client.uploadPart = async (...args: Parameters<typeof part>) => {
      const out = await part(...args);
      partStored();
      return out;
    };
    try {
      const seen = handled.length;
      const up = chunkedUpload(caller(a.orgId, alice), 'cut.pdf', await pdfFile(), 20 * MiB);
      up.answer.catch(() => undefined);
      const sending = up.sent(8 * MiB);
      await firstPart;
      await sending;
      up.req.destroy();
      while (handled.length === seen) await sleep(20);
      await Promise.all(handled);
    } finally {
      storage.client.uploadPart = part;
    }
    expect(await objects(a.orgId)).toEqual(before);
    expect((await bus.request(ListLibrary, { orgId: a.orgId, actor: alice, tab: 'my' })).files.length).toBe(rows);
  });

  it("another organization's id is 404, and its listing never shows it", async () => {
    const item = await upload(a.orgId, alice, 'secret.pdf', await pdfFile());
    await rejects(bus.request(FetchFile, { orgId: b.orgId, actor: otherOrgAdmin, itemId: item.id }), 404);
    await rejects(bus.request(GetDetails, { orgId: b.orgId, actor: otherOrgAdmin, itemId: item.id }), 404);
    expect((await bus.request(ResolveFiles, { orgId: b.orgId, actor: otherOrgAdmin, ids: [item.id] })).files).toEqual([]);
    // and within the organization, a private file of Alice's is not Bob's until shared
    await rejects(bus.request(FetchFile, { orgId: a.orgId, actor: bob, itemId: item.id }), 404);
    await bus.request(ShareItem, { orgId: a.orgId, actor: alice, itemId: item.id, users: [{ user_id: bob.userId!, can_edit: false }] });
    expect((await bus.request(FetchFile, { orgId: a.orgId, actor: bob, itemId: item.id })).file_url).toBeTruthy();
  });

  it('a presigned URL expires; each fetch issues a new one', async () => {
    const item = await upload(a.orgId, alice, 'short.pdf', await pdfFile());
    const first = await bus.request(FetchFile, { orgId: a.orgId, actor: alice, itemId: item.id });
    expect((await fetch(first.file_url!)).status).toBe(200);
    await sleep((TTL + 2) * 1000);
    expect((await fetch(first.file_url!)).status).toBe(403);
    const again = await bus.request(FetchFile, { orgId: a.orgId, actor: alice, itemId: item.id });
    expect((await fetch(again.file_url!)).status).toBe(200);
  });

  it('S3 not answering is 503 Service Unavailable for a small file too (not a body that could not be read), and nothing is registered', async () => {
    const rows = async () => (await bus.request(ListLibrary, { orgId: a.orgId, actor: alice, tab: 'my' })).files.length;
    const rowsBefore = await rows();
    // an S3 endpoint where nothing listens: the whole (small) file has been read before the upload fails
    const dead = http.createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', () => r()));
    const deadPort = (dead.address() as AddressInfo).port;
    await new Promise((r) => dead.close(r));
    const real = storage;
    storage = new Storage({ endpoint: `http://127.0.0.1:${deadPort}`, accessKey: env.S3_ACCESS_KEY, secretKey: env.S3_SECRET_KEY, bucket: env.S3_BUCKET, region: env.S3_REGION });
    try {
      const e = await upload(a.orgId, alice, 'small.pdf', await pdfFile()).then(() => null, (x: unknown) => x);
      expect(e).toMatchObject({ code: 'UNAVAILABLE', status: 503 });
    } finally {
      storage = real;
    }
    expect(await rows()).toBe(rowsBefore);
  });

  it('an upload that fails half-way (after the bytes reached S3) leaves neither an object nor a row', async () => {
    const folder = await bus.request(CreateDirectory, { orgId: a.orgId, actor: alice, name: 'Vanishing' });
    const before = await objects(a.orgId);
    const rows = async () => (await bus.request(ListLibrary, { orgId: a.orgId, actor: alice, tab: 'my' })).files.length;
    const rowsBefore = await rows();
    // the folder disappears between the target check and the registration: the service refuses the stored key
    const racing = {
      request: async (def: RpcDef, payload: never) => {
        const out = await bus.request(def, payload);
        if (def.subject === 'library.v1.check-upload-target') await bus.request(DeleteItem, { orgId: a.orgId, actor: alice, itemId: folder.id, folder: true });
        return out;
      },
    } as unknown as Bus;
    const racy = new LibraryGatewayRoutes(racing, storage, new Uploads(storage));
    current = () => racy;
    const e = await upload(a.orgId, alice, 'late.pdf', await pdfFile(), { dir: String(folder.id) }).then(() => null, (x: unknown) => x);
    current = () => routes;
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(409);
    expect(await objects(a.orgId)).toEqual(before);
    expect(await rows()).toBe(rowsBefore);
  });

  it('attachments: the meeting service may only use existing, visible files, PDFs for decisions and actions; "used in" lists them', async () => {
    const pdf = await upload(a.orgId, alice, 'motion.pdf', await pdfFile());
    const doc = await upload(a.orgId, alice, 'draft.docx', await docxFile());
    const foreign = await upload(b.orgId, otherOrgAdmin, 'theirs.pdf', await pdfFile());
    const usage = { type: 'decision' as const, id: 77, title: 'Approve the budget', meeting_id: 5, meeting_title: 'Board meeting' };
    const use = (ids: number[], actor = alice, pdfOnly = true) => bus.request(UseFiles, { orgId: a.orgId, actor, ids, pdfOnly, usage });
    expect((await rejects(use([doc.id]), 409)).fields).toEqual({ attachments: ['Choose only pdf'] });
    expect((await rejects(use([foreign.id]), 409)).fields).toEqual({ attachments: ['The selected file is invalid.'] });
    expect((await rejects(use([pdf.id], bob), 409)).fields).toEqual({ attachments: ['The selected file is invalid.'] });
    const ok = await use([pdf.id]);
    expect(ok.files).toEqual([expect.objectContaining({ id: pdf.id, name: 'motion.pdf', size: pdf.size, kind: 'pdf' })]);
    const d = await bus.request(GetDetails, { orgId: a.orgId, actor: alice, itemId: pdf.id });
    expect(d.used_in).toEqual([{ type: 'decision', id: 77, title: 'Approve the budget', meeting_id: 5, meeting_title: 'Board meeting' }]);
    expect((await use([doc.id], alice, false)).files.map((f) => f.id)).toEqual([doc.id]);
    expect((await bus.request(GetDetails, { orgId: a.orgId, actor: alice, itemId: pdf.id })).used_in).toEqual([]);
  });
});

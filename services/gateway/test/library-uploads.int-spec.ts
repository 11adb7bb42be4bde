/**
 * The gateway's library upload path (LibraryGatewayRoutes, as the HTTP route runs it) against the real library
 * and organization services (their own processes) over real NATS, PostgreSQL (RLS), Redis and S3 (s3rver):
 * kinds by content, refusals that store nothing, another organization's ids, presigned URLs that expire, an
 * upload that fails half-way, and the attachment checks the meeting service asks for.
 */
import 'reflect-metadata';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  AppError, CreateDirectory, DeleteItem, FetchFile, GetDetails, ListLibrary, ResolveFiles, ShareItem, UseFiles, type Actor, type LibraryItem, type RpcDef,
} from '@app/contracts';
import { Bus, Storage } from '@app/platform';
import {
  createTestOrg, createTestUser, docxFile, emlFile, exeFile, pdfFile, sleep, startServiceProcess, testEnv, wavFile, xlsxFile, type ServiceProcess,
} from '@app/testing';
import { LibraryGatewayRoutes } from '../src/library/library.routes';
import { Uploads } from '../src/organization/uploads';

jest.setTimeout(120_000);
const env = testEnv();
const TTL = 5;

const user = (userId: number, isAdmin = false, name = `User ${userId}`): Actor => ({ kind: 'user', userId, email: null, name, roleId: null, isAdmin, permissions: [], guestToken: null });
const multer = (name: string, buffer: Buffer) => ({ buffer, size: buffer.length, originalname: name, mimetype: 'application/octet-stream', fieldname: 'file' }) as Express.Multer.File;

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
  const upload = (orgId: string, actor: Actor, name: string, data: Buffer, body: Record<string, unknown> = {}) =>
    routes.upload({ call: call(orgId, actor), body, file: multer(name, data) } as never) as Promise<LibraryItem>;
  async function objects(orgId: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const o of storage.client.listObjectsV2(storage.bucket, `${orgId}/library/`, true)) if (o.name) keys.push(o.name);
    return keys;
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
    a = await createTestOrg(bus);
    b = await createTestOrg(bus);
    alice = user((await createTestUser(bus, a.orgId, { name: 'Alice' })).userId, false, 'Alice');
    bob = user((await createTestUser(bus, a.orgId, { name: 'Bob' })).userId, false, 'Bob');
    otherOrgAdmin = user(b.admin.userId, true);
  });

  afterAll(async () => {
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
    const e = await racy.upload({ call: call(a.orgId, alice), body: { dir: folder.id }, file: multer('late.pdf', await pdfFile()) } as never).then(() => null, (x: unknown) => x);
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

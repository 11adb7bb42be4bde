/**
 * The signing page's routes through the gateway (docs/approval.md#the-signing-page): GET /api/documents/{id}
 * (pages, saved signatures, boxes, can_sign, approval_mode), POST /api/documents/{id} signing with placed boxes
 * (stamped where they were placed: read back from the signed PDF's content stream and by `pdftotext -bbox`),
 * refusals (no box, a document without a signature, bad sign_data, out of turn, another organization) that
 * write nothing, saving boxes for assignees, and a guest through their token.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFRef } from 'pdf-lib';
import { api, createTestUser, login, mailsTo, pdfFile, pdfWords, waitFor, type ApiClient } from '@app/testing';
import { GATEWAY, env, orgWithAdmin, PNG } from '../organization/helpers';

jest.setTimeout(180_000);

type Ctx = Awaited<ReturnType<typeof orgWithAdmin>>;
let a: Ctx;
let b: Ctx;
const users: { id: number; email: string; client: ApiClient; token: string }[] = [];
const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;
const A4 = { width: 595, height: 842 };

async function member(name: string, role: 'admin' | 'member' = 'member') {
  const u = await createTestUser(env.NATS_URL, a.org.orgId, { name, role });
  const token = await login(GATEWAY, a.org.slug, u.email, u.password);
  return { id: u.userId, email: u.email, token, client: api(GATEWAY, { org: a.org.slug, token }) };
}

async function uploadPdf(c: ApiClient, pages = 2, name = 'contract.pdf'): Promise<number> {
  const r = await c.upload('/library', {}, { file: { name, type: 'application/pdf', data: await pdfFile(pages, 'Contract to sign') } });
  expect(r.status).toBe(200);
  return r.body.data.id as number;
}

async function approval(c: ApiClient, documents: number[], assignees: unknown[], title = 'Placed contract'): Promise<{ id: number; assignees: { id: number; user_id: number | null; guest: boolean }[] }> {
  const r = await c.post('/approvals', { title, documents, assignees });
  expect({ status: r.status, body: r.status === 200 ? null : r.body }).toEqual({ status: 200, body: null });
  return r.body.data;
}

const versionOf = async (c: ApiClient, libraryId: number) => (await c.get(`/library/${libraryId}`)).body.data.version as number;
/** a refusal wrote nothing: the approval has only its documents as sent and no PDF work, the library files their one version */
async function nothingSigned(c: ApiClient, approvalId: number, libraryIds: number[]) {
  const d = (await c.get(`/approvals/${approvalId}`)).body.data;
  expect(d.versions.map((v: { action: string }) => v.action)).toEqual(libraryIds.map(() => 'sent'));
  expect(d.processing).toBeNull();
  for (const id of libraryIds) expect(await versionOf(c, id)).toBe(1);
}

/** the signed file once the signatures' PDF work is done (stamping is a job: the details say `processing` until then) */
async function signedBytes(approvalId: number, libraryId: number, token: string): Promise<Buffer> {
  const c = api(GATEWAY, { org: a.org.slug, token });
  await waitFor(`approval ${approvalId} processed`, async () => {
    const d = (await c.get(`/approvals/${approvalId}`)).body.data;
    if (d.processing?.status === 'failed') throw new Error(`the PDF work failed: ${JSON.stringify(d.processing)}`);
    return d.processing === null ? d : null;
  }, 120_000, 300);
  const res = await fetch(`${GATEWAY}/api/approvals/${approvalId}/signed/${libraryId}`, { headers: { 'x-org': a.org.slug, token } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * where images are drawn on a page: each `Do` of its content streams with the `cm` matrices since the `q` before it
 * composed (pdf-lib's drawImage: translate, rotate, scale, skew), as x, y (bottom-left origin), width and height
 */
async function imagesOn(pdf: Buffer, pageIndex: number): Promise<{ x: number; y: number; w: number; h: number }[]> {
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPage(pageIndex);
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  let text = '';
  for (const r of refs) {
    const s = doc.context.lookup(r as PDFRef);
    if (s instanceof PDFRawStream) text += `${Buffer.from(decodePDFRawStream(s).decode()).toString('latin1')}\n`;
  }
  type M = [number, number, number, number, number, number];
  const times = (m: M, n: M): M => [m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5]];
  const out: { x: number; y: number; w: number; h: number }[] = [];
  let ctm: M = [1, 0, 0, 1, 0, 0];
  for (const m of text.matchAll(/(?:^|\s)(q)(?=\s)|((?:[-\d.]+\s+){6})cm(?=\s)|\/\S+\s+(Do)(?=\s)/g)) {
    if (m[1]) ctm = [1, 0, 0, 1, 0, 0];
    else if (m[2]) ctm = times(m[2].trim().split(/\s+/).map(Number) as M, ctm);
    else if (m[3]) out.push({ x: ctm[4], y: ctm[5], w: ctm[0], h: ctm[3] });
  }
  return out;
}

beforeAll(async () => {
  a = await orgWithAdmin({ modules: { approval_mode: 'new' } });
  b = await orgWithAdmin();
  // the sender holds approvals_create (an administrator); the signers are members
  users.push(await member('Sender Sam', 'admin'));
  for (const n of ['Placer One', 'Placer Two']) users.push(await member(n));
});

describe('GET /api/documents/{id}: what the signing page needs', () => {
  it("the documents with their pages' sizes, a URL each, can_sign, the organization's mode", async () => {
    const [sender, s1, s2] = users;
    const pdf = await uploadPdf(sender.client, 3);
    const ap = await approval(sender.client, [pdf], [{ user_id: s1.id, order: 1 }, { user_id: s2.id, order: 2 }]);
    const r = await s1.client.get(`/documents/${ap.id}`);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const p = r.body.payload;
    expect(p).toEqual(expect.objectContaining({ id: ap.id, title: 'Placed contract', can_sign: true, can_download: false, can_save: true, note: null, approval_mode: 'new', sender: false }));
    expect(p.documents).toHaveLength(1);
    expect(p.document.library_id).toBe(pdf);
    expect(p.documents[0].pages).toEqual([A4, A4, A4]);
    expect(p.me).toEqual(expect.objectContaining({ name: 'Placer One', guest: false }));
    // the URL serves the PDF itself
    const bytes = Buffer.from(await (await fetch(p.documents[0].url)).arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const later = (await s2.client.get(`/documents/${ap.id}`)).body.payload;
    expect(later).toEqual(expect.objectContaining({ can_sign: false, note: 'You cannot sign yet: an earlier step has not signed.' }));
  });

  it("another organization's approval, or one the caller takes no part in, is 404", async () => {
    const [sender, s1] = users;
    const pdf = await uploadPdf(sender.client);
    const ap = await approval(sender.client, [pdf], [{ user_id: s1.id, order: 1 }]);
    expect((await b.admin.get(`/documents/${ap.id}`)).status).toBe(404);
    expect((await b.admin.post(`/documents/${ap.id}`, { action: 'sign', file: SIGNATURE, sign_data: [{ pageNum: 1 }] })).status).toBe(404);
    const outsider = await member('Outsider Olga');
    expect((await outsider.client.get(`/documents/${ap.id}`)).status).toBe(404);
    await nothingSigned(sender.client, ap.id, [pdf]);
  });
});

describe('POST /api/documents/{id}: signing with placed boxes', () => {
  it('stamps the signature where it was placed, with the name to its right', async () => {
    const [sender, s1] = users;
    const pdf = await uploadPdf(sender.client);
    const ap = await approval(sender.client, [pdf], [{ user_id: s1.id, order: 1 }, { user_id: users[2].id, order: 2 }]);
    // a box measured on page 2 drawn at half size (297.5 x 421 px): px 50, py 100, 75 x 25 px = 100, 200, 150 x 50 points
    const r = await s1.client.post(`/documents/${ap.id}`, {
      id: ap.id, action: 'sign', reason: 'Approved budget', has_returnurl: true, file: SIGNATURE,
      sign_data: [{ id: 'box-1', library_id: pdf, pageNum: 2, type: 'signature', tab: 'draw', px: 50, py: 100, pageWidth: 297.5, pageHeight: 421, width: 75, height: 25, options: { showName: true } }],
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(expect.objectContaining({ success: true, message: 'Document signed successfully' }));
    expect(r.body.payload).toEqual(expect.objectContaining({ status: 'partly signed', can_sign: false }));
    const signed = await signedBytes(ap.id, pdf, sender.token);
    // the stamped state is the approval's own version; the library file keeps its one version
    expect((await sender.client.get(`/approvals/${ap.id}`)).body.data.versions.map((v: { action: string; version: number }) => [v.action, v.version])).toEqual([['sent', 1], ['signed', 2]]);
    expect(await versionOf(sender.client, pdf)).toBe(1);
    // the 1x1 image keeps its proportions: 50 x 50 centred in the 150 x 50 box at (100, 200) from the top-left
    const imgs = await imagesOn(signed, 1);
    expect(imgs).toHaveLength(1);
    expect(imgs[0].w).toBeCloseTo(50, 3);
    expect(imgs[0].h).toBeCloseTo(50, 3);
    expect(imgs[0].x).toBeCloseTo(100 + 50, 3);
    expect(imgs[0].y).toBeCloseTo(842 - 200 - 50, 3);
    expect(await imagesOn(signed, 0)).toHaveLength(0);
    // the name line: 4 points right of the box, on its first line
    const name = (await pdfWords(signed, 2)).find((w) => w.text === 'Placer');
    expect(name).toBeDefined();
    expect(name!.xMin).toBeCloseTo(100 + 150 + 4, 0);
    expect(name!.yMin).toBeGreaterThanOrEqual(200);
    expect(name!.yMin).toBeLessThan(200 + 10);
  });

  it("a box without position or size takes the spec's default: half the page wide, centred, its top at height / 2.8", async () => {
    const [sender, s1] = users;
    const pdf = await uploadPdf(sender.client, 1);
    const ap = await approval(sender.client, [pdf], [{ user_id: s1.id, order: 1 }]);
    const r = await s1.client.post(`/documents/${ap.id}`, { action: 'sign', file: SIGNATURE, sign_data: [{ pageNum: 1 }] });
    expect(r.status).toBe(200);
    const [img] = await imagesOn(await signedBytes(ap.id, pdf, sender.token), 0);
    const w = A4.width / 2;
    expect(img.w).toBeCloseTo(w, 3);
    expect(img.x).toBeCloseTo((A4.width - w) / 2, 3);
    expect(A4.height - (img.y + img.h)).toBeCloseTo(A4.height / 2.8, 3);
  });

  it('a stamp box shows the stamp image; a saved signature signs', async () => {
    const [sender, s1] = users;
    const saved = await s1.client.post('/userprofile/signatures', { type: 'signature', title: 'Mine', payload: SIGNATURE });
    const stamp = await s1.client.post('/userprofile/signatures', { type: 'signature_image', title: 'Company seal', payload: SIGNATURE });
    const pdf = await uploadPdf(sender.client, 1);
    const ap = await approval(sender.client, [pdf], [{ user_id: s1.id, order: 1 }]);
    const page = (await s1.client.get(`/documents/${ap.id}`)).body.payload;
    expect(page.signatures.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([saved.body.data.id, stamp.body.data.id]));
    // a stamp box without a stamp image is refused, nothing written
    const noStamp = await s1.client.post(`/documents/${ap.id}`, { action: 'sign', signature_id: saved.body.data.id, sign_data: [{ pageNum: 1, px: 10, py: 10, width: 100, height: 40 }, { pageNum: 1, type: 'stamp', px: 300, py: 10, width: 80, height: 80 }] });
    expect(noStamp.status).toBe(409);
    expect(noStamp.body.errors.stamp_file).toEqual(['A stamp image is required.']);
    await nothingSigned(sender.client, ap.id, [pdf]);
    const r = await s1.client.post(`/documents/${ap.id}`, {
      action: 'sign', signature_id: saved.body.data.id, stamp_id: stamp.body.data.id,
      sign_data: [{ pageNum: 1, px: 10, py: 10, width: 100, height: 40 }, { pageNum: 1, type: 'stamp', px: 300, py: 10, width: 80, height: 80 }],
    });
    expect(r.status).toBe(200);
    const imgs = await imagesOn(await signedBytes(ap.id, pdf, sender.token), 0);
    expect(imgs.map((i) => [Math.round(i.x), Math.round(842 - i.y - i.h), Math.round(i.w)])).toEqual([[40, 10, 40], [300, 10, 80]]);
  });
});

describe('refusals write nothing', () => {
  let pdf: number;
  let pdf2: number;
  let id: number;
  beforeAll(async () => {
    const [sender, s1, s2] = users;
    pdf = await uploadPdf(sender.client);
    pdf2 = await uploadPdf(sender.client, 1, 'annex.pdf');
    id = (await approval(sender.client, [pdf, pdf2], [{ user_id: s1.id, order: 1 }, { user_id: s2.id, order: 2 }], 'Two documents')).id;
  });
  const untouched = async () => {
    await nothingSigned(users[0].client, id, [pdf, pdf2]);
    expect((await users[1].client.get(`/documents/${id}`)).body.payload.can_sign).toBe(true);
  };

  it('no placement, or a document without a signature: 409 on sign_data', async () => {
    const s1 = users[1];
    const none = await s1.client.post(`/documents/${id}`, { action: 'sign', file: SIGNATURE, sign_data: [] });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Error in validation');
    expect(none.body.errors.sign_data).toEqual(['Every document needs a signature on at least one page.']);
    const one = await s1.client.post(`/documents/${id}`, { action: 'sign', file: SIGNATURE, sign_data: [{ library_id: pdf, pageNum: 1 }] });
    expect(one.status).toBe(409);
    expect(one.body.errors.sign_data).toEqual(['Every document needs a signature on at least one page.']);
    // a stamp is not a signature
    const stamped = await s1.client.post(`/documents/${id}`, { action: 'sign', file: SIGNATURE, stamp_file: SIGNATURE, sign_data: [{ library_id: pdf, pageNum: 1 }, { library_id: pdf2, pageNum: 1, type: 'stamp' }] });
    expect(stamped.status).toBe(409);
    expect(stamped.body.errors.sign_data).toEqual(['Every document needs a signature on at least one page.']);
    await untouched();
  });

  it('bad sign_data: 409 with the field, nothing written', async () => {
    const s1 = users[1];
    const cases: [unknown, string][] = [
      [[{ pageNum: true }], 'sign_data.0.pageNum'],
      [[{ pageNum: [1] }], 'sign_data.0.pageNum'],
      [[{ pageNum: 1, px: 'left' }], 'sign_data.0.px'],
      [[{ pageNum: 1, width: -5 }], 'sign_data.0.width'],
      [[{ pageNum: 1, type: 'scribble' }], 'sign_data.0.type'],
      [[{ pageNum: 1, colour: 'red' }], 'sign_data.0.colour'],
      [[{ pageNum: 1, options: { showName: 'maybe' } }], 'sign_data.0.options.showName'],
      [[{ pageNum: 1, library_id: true }], 'sign_data.0.library_id'],
      [[{ library_id: pdf, pageNum: 3 }, { library_id: pdf2, pageNum: 1 }], 'sign_data.0.pageNum'],
      [[{ library_id: pdf + 100000, pageNum: 1 }], 'sign_data.0.library_id'],
      [[{ pageNum: 1, px: 500, py: 10, width: 200, height: 40 }], 'sign_data.0'],
      ['all of them', 'sign_data'],
    ];
    for (const [signData, field] of cases) {
      const r = await s1.client.post(`/documents/${id}`, { action: 'sign', file: SIGNATURE, sign_data: signData });
      expect({ field, status: r.status }).toEqual({ field, status: 409 });
      expect(Object.keys(r.body.errors ?? {})).toContain(field);
    }
    const action = await s1.client.post(`/documents/${id}`, { action: 'approve', file: SIGNATURE, sign_data: [{ pageNum: 1 }] });
    expect(action.status).toBe(409);
    expect(action.body.errors.action).toBeDefined();
    const other = await s1.client.post(`/documents/${id}`, { id: id + 1, action: 'sign', file: SIGNATURE, sign_data: [{ pageNum: 1 }] });
    expect(other.status).toBe(409);
    expect(other.body.errors.id).toEqual(['The id does not match the approval.']);
    const noImage = await s1.client.post(`/documents/${id}`, { action: 'sign', sign_data: [{ pageNum: 1 }] });
    expect(noImage.status).toBe(409);
    expect(noImage.body.errors.file).toEqual(['A signature is required.']);
    await untouched();
  });

  it('out of turn: the signing order says so, whatever the boxes', async () => {
    const s2 = users[2];
    const r = await s2.client.post(`/documents/${id}`, { action: 'sign', file: SIGNATURE, sign_data: [{ pageNum: 1 }] });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('You cannot sign yet: an earlier step has not signed.');
    const bad = await s2.client.post(`/documents/${id}`, { action: 'sign', file: SIGNATURE, sign_data: [] });
    expect(bad.body.message).toBe('You cannot sign yet: an earlier step has not signed.');
    await untouched();
  });
});

describe("action 'save': boxes kept without signing", () => {
  it('the sender places boxes for assignees; each signer sees their own; a signer cannot place for another', async () => {
    const [sender, s1, s2] = users;
    const pdf = await uploadPdf(sender.client);
    const ap = await approval(sender.client, [pdf], [{ user_id: s1.id, order: 1 }, { user_id: s2.id, order: 2 }], 'Boxes for signers');
    const one = ap.assignees.find((x) => x.user_id === s1.id)!.id;
    const two = ap.assignees.find((x) => x.user_id === s2.id)!.id;
    const saved = await sender.client.post(`/documents/${ap.id}`, {
      id: ap.id, action: 'save',
      sign_data: [
        { assignee_id: one, library_id: pdf, pageNum: 1, px: 50, py: 60, width: 200, height: 80 },
        { assignee_id: two, library_id: pdf, pageNum: 2, px: 150, py: 100, width: 120, height: 60, pageWidth: 297.5, pageHeight: 421 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Placements saved');
    expect(saved.body.payload.placements).toHaveLength(2);
    await nothingSigned(sender.client, ap.id, [pdf]);

    const mine = (await s2.client.get(`/documents/${ap.id}`)).body.payload.placements;
    // measured on a half-size page: kept in the page's points
    expect(mine).toEqual([expect.objectContaining({ assignee_id: two, library_id: pdf, pageNum: 2, px: 300, py: 200, width: 240, height: 120, pageWidth: 595, pageHeight: 842, type: 'signature' })]);
    expect((await s1.client.get(`/documents/${ap.id}`)).body.payload.placements).toEqual([expect.objectContaining({ assignee_id: one, px: 50, py: 60 })]);

    const forOther = await s1.client.post(`/documents/${ap.id}`, { action: 'save', sign_data: [{ assignee_id: two, pageNum: 1 }] });
    expect(forOther.status).toBe(409);
    expect(forOther.body.errors['sign_data.0.assignee_id']).toEqual(['The selected assignee is invalid.']);
    const outsider = await b.admin.post(`/documents/${ap.id}`, { action: 'save', sign_data: [] });
    expect(outsider.status).toBe(404);

    // a signer's own draft replaces their boxes only
    expect((await s1.client.post(`/documents/${ap.id}`, { action: 'save', sign_data: [{ library_id: pdf, pageNum: 2, px: 10, py: 10, width: 100, height: 40 }] })).status).toBe(200);
    expect((await s1.client.get(`/documents/${ap.id}`)).body.payload.placements).toEqual([expect.objectContaining({ assignee_id: one, pageNum: 2, px: 10 })]);
    expect((await s2.client.get(`/documents/${ap.id}`)).body.payload.placements).toHaveLength(1);
  });
});

describe('a guest signs through the token link', () => {
  it('reads the page and signs with a placed box; a wrong token is 404', async () => {
    const [sender] = users;
    const guestEmail = `placer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@guests.test`;
    const pdf = await uploadPdf(sender.client, 1);
    const ap = await approval(sender.client, [pdf], [{ email: guestEmail, guest_name: 'Gina Guest', order: 1 }], 'Guest placement');
    const guest = ap.assignees.find((x) => x.guest)!;
    const mail = await waitFor('the approval e-mail', async () => (await mailsTo(guestEmail)).find((m) => m.subject.includes('Guest placement')), 60_000, 500);
    const m = new RegExp(`/approval/${ap.id}\\?token=([A-Za-z0-9_.%-]+)`).exec(mail.text ?? mail.html ?? '');
    const token = decodeURIComponent(m![1]);

    const anon = api(GATEWAY, { org: a.org.slug });
    const page = await anon.get(`/documents/guest/${ap.id}/${guest.id}`, { token });
    expect(page.status).toBe(200);
    expect(page.body.payload).toEqual(expect.objectContaining({ can_sign: true, signatures: [], me: expect.objectContaining({ assignee_id: guest.id, name: 'Gina Guest', guest: true }) }));
    expect((await anon.get(`/documents/guest/${ap.id}/${guest.id}`, { token: `${token}x` })).status).toBe(404);
    expect((await anon.get(`/documents/guest/${ap.id}/${guest.id + 1}`, { token })).status).toBe(404);

    const post = (t: string, body: unknown) =>
      fetch(`${GATEWAY}/api/documents/guest/${ap.id}/${guest.id}?token=${encodeURIComponent(t)}`, { method: 'POST', headers: { 'x-org': a.org.slug, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post(`${token}x`, { action: 'sign', file: SIGNATURE, sign_data: [{ pageNum: 1 }] })).status).toBe(404);
    const signed = await post(token, { action: 'sign', file: SIGNATURE, sign_data: [{ pageNum: 1, px: 20, py: 30, width: 60, height: 60 }] });
    expect(signed.status).toBe(200);
    const body = (await signed.json()) as { payload: { status: string; can_download: boolean } };
    expect(body.payload).toEqual(expect.objectContaining({ status: 'fully signed', can_download: true }));
    const [img] = await imagesOn(await signedBytes(ap.id, pdf, sender.token), 0);
    expect([Math.round(img.x), Math.round(842 - img.y - img.h), Math.round(img.w)]).toEqual([20, 30, 60]);
  });
});

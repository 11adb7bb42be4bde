/**
 * Approvals through the gateway (docs/approval.md): creation refusals, the signing order (a later step is
 * refused until the earlier one has signed), rejection needing a reason, tenant isolation, a guest signing
 * through the token link of the e-mail found in the mail catcher, and the download rules.
 */
import { createHash } from 'node:crypto';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFRef } from 'pdf-lib';
import { api, createTestUser, login, mailAttachment, mailsTo, pdfFile, pdfPageCount, pdfSignature, pdfText, pdfWords, TEST_PASSWORD, waitFor, type ApiClient } from '@app/testing';
import { GATEWAY, env, orgWithAdmin, PNG } from '../organization/helpers';

jest.setTimeout(180_000);

type Ctx = Awaited<ReturnType<typeof orgWithAdmin>>;
let a: Ctx;
let b: Ctx;
const users: { id: number; email: string; client: ApiClient; token: string }[] = [];
const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;

async function member(name: string, role: 'admin' | 'member' = 'member') {
  const u = await createTestUser(env.NATS_URL, a.org.orgId, { name, role });
  const token = await login(GATEWAY, a.org.slug, u.email, u.password);
  return { id: u.userId, email: u.email, token, client: api(GATEWAY, { org: a.org.slug, token }) };
}

/** what was uploaded, by library id (the library file must keep these bytes whatever its approvals do) */
const uploaded = new Map<number, Buffer>();
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function uploadPdf(c: ApiClient, name = 'contract.pdf'): Promise<number> {
  const data = await pdfFile(2, 'Contract to sign');
  const r = await c.upload('/library', {}, { file: { name, type: 'application/pdf', data } });
  expect(r.status).toBe(200);
  uploaded.set(r.body.data.id as number, data);
  return r.body.data.id as number;
}

/** the details once the signatures' PDF work is done (stamps and seal are a job: `processing` until then) */
async function settled(c: ApiClient, id: number) {
  return waitFor(`approval ${id} processed`, async () => {
    const d = (await c.get(`/approvals/${id}`)).body.data;
    if (d.processing?.status === 'failed') throw new Error(`the PDF work failed: ${JSON.stringify(d.processing)}`);
    return d.processing === null ? d : null;
  }, 120_000, 300);
}
const download = (path: string, headers: Record<string, string>) => fetch(`${GATEWAY}${path}`, { headers });

/** where images are drawn on a page (0-based): each `Do` with the `cm` matrices since its `q`, as x, y (bottom-left origin), width, height */
async function imagesOn(pdf: Buffer, pageIndex: number): Promise<{ x: number; y: number; w: number; h: number }[]> {
  const doc = await PDFDocument.load(pdf);
  const contents = doc.getPage(pageIndex).node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  let text = '';
  for (const r of refs) {
    const st = doc.context.lookup(r as PDFRef);
    if (st instanceof PDFRawStream) text += `${Buffer.from(decodePDFRawStream(st).decode()).toString('latin1')}\n`;
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
  a = await orgWithAdmin();
  b = await orgWithAdmin();
  // the sender holds approvals_create (an administrator); the signers are members
  users.push(await member('Sender Sam', 'admin'));
  for (const n of ['Signer One', 'Signer Two', 'Signer Three']) users.push(await member(n));
});

describe('POST /api/approvals: refusals write nothing', () => {
  it('a missing title, a non-PDF document and no assignees are field errors', async () => {
    const [sender, s1] = users;
    const pdf = await uploadPdf(sender.client);
    const txt = await sender.client.upload('/library', {}, { file: { name: 'notes.txt', type: 'text/plain', data: Buffer.from('Agenda\n') } });
    const before = (await sender.client.get('/approvals')).body.meta.total;

    const noTitle = await sender.client.post('/approvals', { title: '  ', documents: [pdf], assignees: [{ user_id: s1.id, order: 1 }] });
    expect(noTitle.status).toBe(409);
    expect(noTitle.body.errors.title).toEqual(['The title field is required.']);

    const notPdf = await sender.client.post('/approvals', { title: 'Notes', documents: [txt.body.data.id], assignees: [{ user_id: s1.id, order: 1 }] });
    expect(notPdf.status).toBe(409);
    expect(notPdf.body.errors.documents).toEqual(['Choose only pdf']);

    const nobody = await sender.client.post('/approvals', { title: 'Nobody', documents: [pdf], assignees: [] });
    expect(nobody.status).toBe(409);
    expect(nobody.body.errors.assignees).toEqual(['The assignees field is required.']);

    const strict = await sender.client.post('/approvals', { title: 'Strict', documents: [true], assignees: [{ user_id: [s1.id], order: 1 }] });
    expect(strict.status).toBe(409);

    expect((await sender.client.get('/approvals')).body.meta.total).toBe(before);
  });
});

describe('rights on the documents (security review 32.8)', () => {
  it('a creator with view-only access to a PDF gets the catalogue refusal and nothing is written; edit access may send it', async () => {
    const [sender, s1] = users;
    const vera = await member('Viewer Vera');
    const role = await a.admin.post('/roles', { name: `Senders ${Date.now()}`, users: [vera.id], permissions: ['approvals_create'] });
    expect(role.status).toBe(200);
    try {
      const own = await uploadPdf(vera.client, 'own.pdf');
      // the rights travel with the session: wait until Vera's own file may be sent (a refusal writes nothing)
      const fresh = await waitFor('the new role applies', async () => {
        const c = api(GATEWAY, { org: a.org.slug, token: await login(GATEWAY, a.org.slug, vera.email, TEST_PASSWORD) });
        return (await c.post('/approvals', { title: 'Own file', documents: [own], assignees: [{ user_id: s1.id, order: 1 }] })).status === 200 ? c : null;
      }, 30_000, 1000);

      const pdf = await uploadPdf(sender.client, 'board-pack.pdf');
      expect((await sender.client.post('/share', { id: pdf, users: [{ user_id: vera.id, can_edit: false }] })).status).toBe(200);
      expect((await fresh.get(`/library/${pdf}`)).body.data.can_edit).toBe(false);
      const before = (await a.admin.get('/approvals', { tab: 'all' })).body.meta.total;
      const refused = await fresh.post('/approvals', { title: 'View only', documents: [pdf], assignees: [{ user_id: s1.id, order: 1 }] });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('You do not have permission to open this item.');
      expect((await a.admin.get('/approvals', { tab: 'all' })).body.meta.total).toBe(before);
      expect((await fresh.get('/approvals', { search: 'View only' })).body.data).toEqual([]);
      expect((await sender.client.get(`/library/${pdf}`)).body.data.version).toBe(1);

      // shared with edit rights: allowed
      expect((await sender.client.post('/share', { id: pdf, users: [{ user_id: vera.id, can_edit: true }] })).status).toBe(200);
      const allowed = await fresh.post('/approvals', { title: 'Editable', documents: [pdf], assignees: [{ user_id: s1.id, order: 1 }] });
      expect(allowed.status).toBe(200);
    } finally {
      await a.admin.delete(`/roles/${role.body.data.id}`);
    }
  });
});

describe('the signing order', () => {
  let id: number;
  let pdf: number;

  it('three steps: the third signer is refused until the second has signed', async () => {
    const [sender, s1, s2, s3] = users;
    pdf = await uploadPdf(sender.client);
    const created = await sender.client.post('/approvals', {
      title: 'Supplier contract', documents: [pdf],
      assignees: [{ user_id: s1.id, order: 1 }, { user_id: s2.id, order: 2 }, { user_id: s3.id, order: 3 }],
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('approvals added');
    id = created.body.data.id;
    expect(created.body.data).toEqual(expect.objectContaining({ title: 'Supplier contract', status: 'pending', can_download: true }));
    expect(created.body.data.assignees.map((x: { order: number; status: number }) => [x.order, x.status])).toEqual([[1, 1], [2, 1], [3, 1]]);

    // the first step is current: only it is in "action required"
    const tabs = async (c: ApiClient, tab: string) => (await c.get('/approvals', { tab })).body.data.map((x: { id: number }) => x.id);
    expect(await tabs(s1.client, 'action_required')).toContain(id);
    expect(await tabs(s3.client, 'action_required')).not.toContain(id);
    expect(await tabs(s3.client, 'waiting')).toContain(id);

    const one = await s1.client.post(`/approvals/${id}/approve`, { file: SIGNATURE, comment: 'Fine' });
    expect(one.status).toBe(200);
    expect(one.body.data.status).toBe('partly signed');

    const early = await s3.client.post(`/approvals/${id}/approve`, { file: SIGNATURE });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('You cannot sign yet: an earlier step has not signed.');
    const view = await s3.client.get(`/approvals/${id}`);
    expect(view.body.data).toEqual(expect.objectContaining({ can_sign: false, note: 'You cannot sign yet: an earlier step has not signed.' }));

    expect((await s2.client.post(`/approvals/${id}/approve`, { file: SIGNATURE })).status).toBe(200);
    const last = await s3.client.post(`/approvals/${id}/approve`, { file: SIGNATURE });
    expect(last.status).toBe(200);
    expect(last.body.data.status).toBe('fully signed');
    // the decision is recorded; the stamps and the seal follow in the job, whose progress the details show
    expect(last.body.data.processing).toEqual(expect.objectContaining({ status: expect.stringMatching(/^(queued|running)$/), percent: expect.any(Number) }));
    const done = await settled(s3.client, id);
    expect(done.documents[0].status).toBe(3);
    expect(await tabs(s3.client, 'completed')).toContain(id);

    const twice = await s3.client.post(`/approvals/${id}/approve`, { file: SIGNATURE });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You have already acted on this approval.');
  });

  it("each signature is a version of the approval's own copy; the library file stays as its owner left it", async () => {
    const [sender] = users;
    const details = await sender.client.get(`/library/${pdf}`);
    expect(details.status).toBe(200);
    // the library: still the one version uploaded, its bytes those uploaded
    expect(details.body.data.version).toBe(1);
    expect(details.body.data.versions).toHaveLength(1);
    const fetched = (await sender.client.get(`/library/fetch/${pdf}`)).body.data;
    expect(sha(Buffer.from(await (await fetch(fetched.file_url)).arrayBuffer()))).toBe(sha(uploaded.get(pdf)!));
    // the approval: as sent (the library's v1), three signatures, and the sealed final version
    const v = (await sender.client.get(`/approvals/${id}`)).body.data.versions;
    expect(v.map((x: { action: string; version: number }) => [x.action, x.version])).toEqual([['sent', 1], ['signed', 2], ['signed', 3], ['signed', 4], ['sealed', 5]]);
    expect(v[0].sha256).toBe(sha(uploaded.get(pdf)!));
    // the next approval on that file starts from the original: what it sends is the library's bytes, no stamp, no seal
    const next = (await sender.client.post('/approvals', { title: 'Second round', documents: [pdf], assignees: [{ user_id: users[1].id, order: 1 }] })).body.data;
    expect(next.versions).toEqual([expect.objectContaining({ action: 'sent', version: 1, sha256: sha(uploaded.get(pdf)!) })]);
    const copy = await download(`/api/approvals/${next.id}/signed/${pdf}`, { 'x-org': a.org.slug, token: sender.token });
    const copyBytes = Buffer.from(await copy.arrayBuffer());
    expect(sha(copyBytes)).toBe(sha(uploaded.get(pdf)!));
    expect((await pdfSignature(copyBytes)).out).not.toMatch(/Signature is Valid/);
    expect(copy.headers.get('content-disposition')).toContain('filename="contract.pdf"');
  });

  it('the downloaded final PDF: pdfsig finds the seal valid, pdftotext reads every signer off the audit page', async () => {
    const [sender, s1, s2, s3] = users;
    const res = await download(`/api/approvals/${id}/signed/${pdf}`, { 'x-org': a.org.slug, token: s1.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    // named after the original, with "-signed"
    expect(res.headers.get('content-disposition')).toContain('filename="contract-signed.pdf"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect((await pdfSignature(bytes)).out).toMatch(/Signature Validation: Signature is Valid\./);
    const pages = await pdfPageCount(bytes);
    expect(pages).toBe(3);
    const text = await pdfText(bytes, { page: pages, layout: true });
    expect(text).toContain('Audit certificate');
    for (const u of [s1, s2, s3]) expect(text).toContain(`${u.email}`);
    expect(text).toContain('Signer One (member)');
    expect(text).toContain('Signer Three (member)');
    expect(text).not.toContain(sender.email);
    // the SHA-256 before each signature is the one after the previous one
    const shas = [...text.matchAll(/SHA-256 (before|after):\s+([0-9a-f]{64})/g)].map((m) => m[2]);
    expect(shas).toHaveLength(6);
    expect(shas[1]).toBe(shas[2]);
    expect(shas[3]).toBe(shas[4]);
    // one changed byte: the seal no longer holds
    bytes[300] ^= 0x01;
    expect((await pdfSignature(bytes)).out).not.toMatch(/Signature is Valid/);
  });

  it("another organization's approval is 404", async () => {
    expect((await b.admin.get(`/approvals/${id}`)).status).toBe(404);
    expect((await b.admin.post(`/approvals/${id}/approve`, { file: SIGNATURE })).status).toBe(404);
    expect((await b.admin.post(`/approvals/${id}/reject`, { comment: 'No' })).status).toBe(404);
    expect((await b.admin.delete(`/approvals/${id}`)).status).toBe(404);
    expect((await download(`/api/approvals/${id}/signed/${pdf}`, { 'x-org': b.org.slug, token: b.token })).status).toBe(404);
    // and someone of the organization who takes no part in it does not see it either
    const outsider = await member('Outsider');
    expect((await outsider.client.get(`/approvals/${id}`)).status).toBe(404);
  });
});

describe("approval_mode old: each signature in its signer's box (issue 25.2)", () => {
  it('boxes the sender placed on pages 1 and 2: the member and the guest sign from the details page, each lands in their box with their name', async () => {
    const [sender, s1] = users;
    const guestEmail = `boxed-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@guests.test`;
    const pdf = await uploadPdf(sender.client, 'boxed.pdf');
    const created = await sender.client.post('/approvals', { title: 'Boxed contract', documents: [pdf], assignees: [{ user_id: s1.id, order: 1 }, { email: guestEmail, guest_name: 'Gita Guest', order: 2 }] });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    const one = created.body.data.assignees.find((x: { user_id: number | null }) => x.user_id === s1.id).id as number;
    const guest = created.body.data.assignees.find((x: { guest: boolean }) => x.guest).id as number;
    // the create page saves the sender's boxes (points of the page, top-left origin): page 1 for the member, page 2 for the guest
    const box1 = { px: 60, py: 80, width: 180, height: 60 };
    const box2 = { px: 300, py: 600, width: 180, height: 60 };
    const saved = await sender.client.post(`/documents/${id}`, { id, action: 'save', sign_data: [{ assignee_id: one, library_id: pdf, pageNum: 1, ...box1 }, { assignee_id: guest, library_id: pdf, pageNum: 2, ...box2 }] });
    expect(saved.status).toBe(200);
    expect((await sender.client.get(`/documents/${id}`)).body.payload.approval_mode).toBe('old');

    // the details page's signature modal posts the image only
    expect((await s1.client.post(`/approvals/${id}/approve`, { file: SIGNATURE })).status).toBe(200);
    const mail = await waitFor('the guest e-mail', async () => (await mailsTo(guestEmail)).find((m) => m.subject.includes('Boxed contract')), 60_000, 500);
    const token = decodeURIComponent(new RegExp(`/approval/${id}\\?token=([A-Za-z0-9_.%-]+)`).exec(mail.text ?? mail.html ?? '')![1]);
    const signed = await fetch(`${GATEWAY}/api/approvals/${id}/guest_approve/${guest}?token=${encodeURIComponent(token)}`, {
      method: 'POST', headers: { 'x-org': a.org.slug, 'content-type': 'application/json' }, body: JSON.stringify({ file: SIGNATURE }),
    });
    expect(signed.status).toBe(200);
    await settled(sender.client, id);
    const res = await download(`/api/approvals/${id}/signed/${pdf}`, { 'x-org': a.org.slug, token: sender.token });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect((await pdfSignature(bytes)).out).toMatch(/Signature Validation: Signature is Valid\./);

    const inside = (w: { xMin: number; yMin: number; xMax: number; yMax: number }, b: typeof box1) => w.xMin >= b.px && w.xMax <= b.px + b.width && w.yMin >= b.py && w.yMax <= b.py + b.height;
    const page1 = await pdfWords(bytes, 1);
    const page2 = await pdfWords(bytes, 2);
    for (const [words, name, box, other] of [[page1, ['Signer', 'One'], box1, 'Gita'], [page2, ['Gita', 'Guest'], box2, 'Signer']] as const) {
      for (const part of name) {
        const w = words.find((x) => x.text === part);
        expect({ part, found: !!w, inside: !!w && inside(w, box) }).toEqual({ part, found: true, inside: true });
      }
      // the other signer's name is not on this page
      expect(words.some((x) => x.text === other)).toBe(false);
    }
    // the signature images too: one on each page, inside its box (bottom-left origin in the content stream)
    for (const [page, box] of [[0, box1], [1, box2]] as const) {
      const imgs = await imagesOn(bytes, page);
      expect(imgs).toHaveLength(1);
      const top = 842 - imgs[0].y - imgs[0].h;
      expect(imgs[0].x >= box.px && imgs[0].x + imgs[0].w <= box.px + box.width + 0.01 && top >= box.py - 0.01 && top + imgs[0].h <= box.py + box.height + 0.01).toBe(true);
    }
  });
});

describe('rejecting', () => {
  it('an empty reason is 409 and changes nothing; a reason ends the approval', async () => {
    const [sender, s1, s2] = users;
    const pdf = await uploadPdf(sender.client);
    const created = await sender.client.post('/approvals', { title: 'Lease', documents: [pdf], assignees: [{ user_id: s1.id, order: 1 }, { user_id: s2.id, order: 2 }] });
    const id = created.body.data.id as number;
    for (const comment of ['', '   ', undefined]) {
      const r = await s1.client.post(`/approvals/${id}/reject`, comment === undefined ? {} : { comment });
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('Error in validation');
      expect(r.body.errors.comment).toEqual(['The reason field is required.']);
    }
    expect((await s1.client.get(`/approvals/${id}`)).body.data.my_status).toBe(1);

    const r = await s1.client.post(`/approvals/${id}/reject`, { comment: 'Wrong rent' });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('rejected');
    expect(r.body.data.assignees[0]).toEqual(expect.objectContaining({ status: 3, comment: 'Wrong rent' }));
    const after = await s2.client.post(`/approvals/${id}/approve`, { file: SIGNATURE });
    expect(after.status).toBe(409);
    expect(after.body.message).toBe('This approval has been rejected.');
  });
});

describe('a guest signs through the e-mailed token link', () => {
  it('the link in the mail catcher opens, signs and downloads', async () => {
    const [sender, s1] = users;
    const guestEmail = `guest-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@guests.test`;
    const pdf = await uploadPdf(sender.client);
    const created = await sender.client.post('/approvals', {
      title: 'Consulting agreement', documents: [pdf],
      assignees: [{ email: guestEmail, guest_name: 'Grace Guest', order: 1 }, { user_id: s1.id, order: 2 }],
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    const guest = created.body.data.assignees.find((x: { guest: boolean }) => x.guest);
    expect(guest).toEqual(expect.objectContaining({ guest_name: 'Grace Guest', user_email: guestEmail, user_id: null }));
    expect(JSON.stringify(created.body)).not.toMatch(/token/i);

    const mail = await waitFor('the approval e-mail', async () => (await mailsTo(guestEmail)).find((m) => m.subject.includes('Consulting agreement')), 60_000, 500);
    expect(mail.subject).toBe('Your signature is requested: Consulting agreement');
    const m = new RegExp(`/approval/${id}\\?token=([A-Za-z0-9_.%-]+)`).exec(mail.text ?? mail.html ?? '');
    expect(m).not.toBeNull();
    const token = decodeURIComponent(m![1]);
    // the token names its assignee (the guest page reads the guest id from it)
    expect(token.split('.')[0]).toBe(String(guest.id));

    const anon = api(GATEWAY, { org: a.org.slug });
    const seen = await anon.get(`/approvals/${id}/guest_approval/${guest.id}`, { token });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual(expect.objectContaining({ title: 'Consulting agreement', can_sign: true, my_status: 1 }));
    // a wrong token, or the right token with another guest id, is 404
    expect((await anon.get(`/approvals/${id}/guest_approval/${guest.id}`, { token: `${token}x` })).status).toBe(404);
    expect((await anon.get(`/approvals/${id}/guest_approval/${guest.id + 1}`, { token })).status).toBe(404);
    // the member of step 2 waits for the guest
    expect((await s1.client.post(`/approvals/${id}/approve`, { file: SIGNATURE })).status).toBe(409);

    const signed = await fetch(`${GATEWAY}/api/approvals/${id}/guest_approve/${guest.id}?token=${encodeURIComponent(token)}`, {
      method: 'POST', headers: { 'x-org': a.org.slug, 'content-type': 'application/json' }, body: JSON.stringify({ file: SIGNATURE, comment: 'Agreed' }),
    });
    expect(signed.status).toBe(200);
    expect(((await signed.json()) as { data: { status: string } }).data.status).toBe('partly signed');

    // not complete yet: the guest may not download
    expect((await download(`/api/approvals/guest/${id}/new_signed/${pdf}/${token}`, { 'x-org': a.org.slug })).status).toBe(409);
    expect((await s1.client.post(`/approvals/${id}/approve`, { file: SIGNATURE })).status).toBe(200);
    await settled(s1.client, id);
    const got = await download(`/api/approvals/guest/${id}/new_signed/${pdf}/${token}`, { 'x-org': a.org.slug });
    expect(got.status).toBe(200);
    const bytes = Buffer.from(await got.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // everyone is told it is complete (the sender, the member signer and the guest), each once, with the sealed PDF
    // attached (read by the notification service from its presigned URL); members get the approval's page, the guest not
    const done = (to: string) => waitFor(`the completion e-mail to ${to}`, async () => (await mailsTo(to)).find((x) => x.subject.includes('Consulting agreement') && x.subject.includes('is fully signed')), 60_000, 500);
    const body = (m: { text?: string; html?: string }) => m.text ?? m.html ?? '';
    const sealedName = `${(await sender.client.get(`/approvals/${id}`)).body.data.documents[0].name.replace(/\.pdf$/i, '')}-signed.pdf`;
    for (const to of [sender.email, s1.email, guestEmail]) {
      const m = await done(to);
      if (to === guestEmail) expect(body(m)).not.toContain('/app/activity/approval');
      else expect(body(m)).toContain(`/app/activity/approval/${id}`);
      expect(body(m)).toContain(`is attached: ${sealedName}`);
      expect(m.attachments?.map((x) => [x.fileName, x.contentType])).toEqual([[sealedName, 'application/pdf']]);
      const attached = await mailAttachment(m.id, m.attachments![0].generatedFileName);
      expect((await pdfSignature(attached)).out).toMatch(/Signature Validation: Signature is Valid\./);
      // once: the completion is sent when the seal is made, not again
      expect((await mailsTo(to)).filter((x) => x.subject.includes('Consulting agreement') && x.subject.includes('is fully signed'))).toHaveLength(1);
    }
    // the guest's link still opens the sealed PDF
    const sealed = await download(`/api/approvals/guest/${id}/new_signed/${pdf}/${token}`, { 'x-org': a.org.slug });
    expect(sealed.status).toBe(200);
    expect((await pdfSignature(Buffer.from(await sealed.arrayBuffer()))).out).toMatch(/Signature Validation: Signature is Valid\./);
  });

  it('a guest invited by an Arabic request gets every e-mail in Arabic, the sealed documents too, though they sign in Russian (docs/approval.md#guests-language)', async () => {
    const [sender] = users;
    const guestEmail = `guest-ar-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@guests.test`;
    const title = `Arabic terms ${Date.now()}`;
    const pdf = await uploadPdf(sender.client);
    const created = await sender.client.with({ lang: 'ar' }).post('/approvals', { title, documents: [pdf], assignees: [{ email: guestEmail, guest_name: 'Amal Guest', order: 1 }] });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    const guest = created.body.data.assignees.find((x: { guest: boolean }) => x.guest);
    const body = (m: { text?: string; html?: string }) => m.text ?? m.html ?? '';

    const asked = await waitFor('the Arabic approval e-mail', async () => (await mailsTo(guestEmail)).find((m) => m.subject.includes(title)), 60_000, 500);
    expect(asked.subject).toBe(`مطلوب توقيعك: ${title}`);
    expect(asked.html).toContain('dir="rtl"');
    const token = decodeURIComponent(new RegExp(`/approval/${id}\\?token=([A-Za-z0-9_.%-]+)`).exec(body(asked))![1]);
    // the guest opens and signs with the app in Russian: their e-mails stay in the inviter's language
    const ru = api(GATEWAY, { org: a.org.slug, lang: 'ru' });
    expect((await ru.get(`/approvals/${id}/guest_approval/${guest.id}`, { token })).status).toBe(200);
    const signed = await fetch(`${GATEWAY}/api/approvals/${id}/guest_approve/${guest.id}?token=${encodeURIComponent(token)}`, {
      method: 'POST', headers: { 'x-org': a.org.slug, 'content-type': 'application/json', lang: 'ru' }, body: JSON.stringify({ file: SIGNATURE }),
    });
    expect(signed.status).toBe(200);
    await settled(sender.client, id);

    // the sign job's e-mail: the guest's in Arabic with the sealed PDF attached; the sender's in their own language (English)
    const sealed = await waitFor('the Arabic completion e-mail', async () => (await mailsTo(guestEmail)).find((m) => m.subject === `تم توقيع "${title}" بالكامل`), 60_000, 500);
    expect(sealed.html).toContain('dir="rtl"');
    expect(body(sealed)).toContain('المستند المختوم مع شهادة التدقيق مرفق');
    expect(sealed.attachments?.map((x) => x.contentType)).toEqual(['application/pdf']);
    const toSender = await waitFor('the completion e-mail to the sender', async () => (await mailsTo(sender.email)).find((m) => m.subject.includes(title) && m.subject.includes('is fully signed')), 60_000, 500);
    expect(toSender.subject).toBe(`"${title}" is fully signed`);
  });
});

describe('download rules', () => {
  it('status fully signed, or the sender', async () => {
    const [sender, s1, s2] = users;
    const pdf = await uploadPdf(sender.client);
    const id = (await sender.client.post('/approvals', { title: 'Budget', documents: [pdf], assignees: [{ user_id: s1.id, order: 1 }, { user_id: s2.id, order: 2 }] })).body.data.id as number;
    const h = (u: { token: string }) => ({ 'x-org': a.org.slug, token: u.token });
    expect((await download(`/api/approvals/${id}/signed/${pdf}`, h(sender))).status).toBe(200);
    const refused = await download(`/api/approvals/${id}/signed/${pdf}`, h(s1));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe('The signed document can be downloaded once every step has signed.');
    expect((await s1.client.get(`/approvals/${id}`)).body.data.can_download).toBe(false);
    await s1.client.post(`/approvals/${id}/approve`, { file: SIGNATURE });
    await s2.client.post(`/approvals/${id}/approve`, { file: SIGNATURE });
    await settled(s1.client, id);
    expect((await download(`/api/approvals/${id}/signed/${pdf}`, h(s1))).status).toBe(200);
    expect((await download(`/api/approvals/${id}/new_signed/${pdf}`, h(s2))).status).toBe(200);
    // a document that is not part of the approval
    expect((await download(`/api/approvals/${id}/signed/${pdf + 100000}`, h(sender))).status).toBe(404);
  });
});

describe('signatures', () => {
  it('a png or jpeg by content; a saved one signs', async () => {
    const [sender, s1] = users;
    const fake = `data:image/png;base64,${Buffer.from('GIF89a not a png').toString('base64')}`;
    const bad = await s1.client.post('/userprofile/signatures', { type: 'signature_image', title: 'Mine', payload: fake });
    expect(bad.status).toBe(409);
    expect(bad.body.errors.payload).toEqual(['The signature must be a png or jpeg image.']);
    const saved = await s1.client.post('/userprofile/signatures', { type: 'signature', title: 'Mine', payload: SIGNATURE });
    expect(saved.status).toBe(200);
    const list = await s1.client.get('/userprofile/signatures');
    expect(list.body.data.signatures.map((x: { id: number }) => x.id)).toContain(saved.body.data.id);

    const pdf = await uploadPdf(sender.client);
    const id = (await sender.client.post('/approvals', { title: 'Memo', documents: [pdf], assignees: [{ user_id: s1.id, order: 1 }] })).body.data.id as number;
    expect((await s1.client.post(`/approvals/${id}/approve`, { file: fake })).status).toBe(409);
    // a png header over bytes that are no image: refused too, and nothing is signed
    const broken = `data:image/png;base64,${Buffer.concat([PNG.subarray(0, 16), Buffer.from('not really an image at all')]).toString('base64')}`;
    const refused = await s1.client.post(`/approvals/${id}/approve`, { file: broken });
    expect(refused.status).toBe(409);
    expect(refused.body.errors.file).toEqual(['The signature must be a png or jpeg image.']);
    expect((await sender.client.get(`/approvals/${id}`)).body.data.versions.map((v: { action: string }) => v.action)).toEqual(['sent']);
    expect((await s1.client.post(`/approvals/${id}/approve`, {})).body.errors.file).toEqual(['A signature is required.']);
    const placed = await s1.client.post(`/approvals/${id}/approve`, {
      signature_id: saved.body.data.id,
      sign_data: [{ pageNum: 2, px: 100, py: 200, pageWidth: 612, pageHeight: 792, width: 150, height: 50, options: { showName: true, showDate: true } }],
    });
    expect(placed.status).toBe(200);
    expect(placed.body.data.status).toBe('fully signed');
    expect((await s1.client.delete(`/userprofile/signatures/${saved.body.data.id}`)).status).toBe(200);
  });
});

describe('the approvals_create permission', () => {
  it('without it, creating is refused (403) and nothing is written; a role holding it may create', async () => {
    const [sender, s1, s2] = users;
    const pdf = await uploadPdf(s2.client);
    const before = (await sender.client.get('/approvals', { tab: 'all' })).body.meta.total;
    const refused = await s2.client.post('/approvals', { title: 'Not allowed', documents: [pdf], assignees: [{ user_id: s1.id, order: 1 }] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Authentication Fail');
    expect((await sender.client.get('/approvals', { tab: 'all' })).body.meta.total).toBe(before);
    expect((await s2.client.get('/approvals', { search: 'Not allowed' })).body.data).toEqual([]);

    const role = await a.admin.post('/roles', { name: `Approvers ${Date.now()}`, users: [s2.id], permissions: ['approvals_create'] });
    expect(role.status).toBe(200);
    // the rights travel with the session: signed in again, the role's slug applies (a refusal writes nothing, so asking again is safe)
    const allowed = await waitFor('the new role applies', async () => {
      const fresh = api(GATEWAY, { org: a.org.slug, token: await login(GATEWAY, a.org.slug, s2.email, TEST_PASSWORD) });
      const r = await fresh.post('/approvals', { title: 'Allowed now', documents: [pdf], assignees: [{ user_id: s1.id, order: 1 }] });
      return r.status === 200 ? r : null;
    }, 30_000, 1000);
    expect(allowed.body.data.title).toBe('Allowed now');
    expect((await a.admin.delete(`/roles/${role.body.data.id}`)).status).toBe(200);
  });
});

describe('an Arabic audit certificate', () => {
  it("the sender's language ar: the audit page is Arabic, shaped right to left, lists every signer, and the seal holds", async () => {
    const [sender, s1] = users;
    const arab = await member('سارة أحمد');
    // the sender (an administrator of the organization) writes in Arabic
    const me = (await sender.client.get('/profile')).body.data;
    expect((await sender.client.with({ lang: 'ar' }).put('/profile', { name: me.name, email: me.email, phone: '555123', lang: 'ar' })).status).toBe(200);
    try {
      const pdf = await uploadPdf(sender.client, 'arabic.pdf');
      const id = (await sender.client.post('/approvals', { title: 'عقد المورد', documents: [pdf], assignees: [{ user_id: arab.id, order: 1 }, { user_id: s1.id, order: 2 }] })).body.data.id as number;
      expect((await arab.client.post(`/approvals/${id}/approve`, { file: SIGNATURE })).status).toBe(200);
      expect((await s1.client.post(`/approvals/${id}/approve`, { file: SIGNATURE })).status).toBe(200);
      await settled(s1.client, id);
      const res = await download(`/api/approvals/${id}/signed/${pdf}`, { 'x-org': a.org.slug, token: s1.token });
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect((await pdfSignature(bytes)).out).toMatch(/Signature Validation: Signature is Valid\./);
      // the text as written (pdfText: Arabic's joined forms back to letters, bidi marks dropped)
      const text = await pdfText(bytes, { page: await pdfPageCount(bytes) });
      expect(text).toContain('شهادة التدقيق');
      expect(text).toContain('سارة أحمد');
      expect(text).toContain('Signer One');
      expect(text).toContain(s1.email);
      expect(text).not.toContain('Audit certificate');
    } finally {
      await sender.client.put('/profile', { name: me.name, email: me.email, phone: '555123', lang: 'en' });
    }
  });
});

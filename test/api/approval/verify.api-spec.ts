/**
 * POST /api/approvals/verify through the gateway (docs/approval.md#verifying-a-sealed-pdf), with no sign-in: a PDF
 * sealed by a real approval verifies valid with its signers in order; the same bytes with an incremental update
 * appended are changed after sealing; a flipped byte inside the signed range is not valid; a PDF sealed by another
 * organization names that organization; an unsigned PDF has no seal; a non-PDF is 415, an oversized body 413, no
 * file 409. The seal's field name (what pdfsig prints) names the signers. The second organization is named in Arabic:
 * its seal is valid for pdfsig and names it.
 */
import { api, createTestUser, login, pdfFile, pdfSignature, waitFor, type ApiClient } from '@app/testing';
import { SEAL_VERIFY_MAX_BYTES } from '@app/contracts';
import { GATEWAY, env, orgWithAdmin, PNG } from '../organization/helpers';

jest.setTimeout(240_000);

type Ctx = Awaited<ReturnType<typeof orgWithAdmin>>;
const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;
let a: Ctx;
let b: Ctx;
let sealedA: Buffer;
let sealedB: Buffer;

async function member(ctx: Ctx, name: string, role: 'admin' | 'member' = 'member') {
  const u = await createTestUser(env.NATS_URL, ctx.org.orgId, { name, role });
  const token = await login(GATEWAY, ctx.org.slug, u.email, u.password);
  return { id: u.userId, token, client: api(GATEWAY, { org: ctx.org.slug, token }) };
}

/** a real approval: uploaded, created, signed by each signer in turn, sealed by the job; answers the sealed PDF's bytes */
async function sealedApproval(ctx: Ctx, sender: Awaited<ReturnType<typeof member>>, signers: Awaited<ReturnType<typeof member>>[]): Promise<Buffer> {
  const up = await sender.client.upload('/library', {}, { file: { name: 'minutes.pdf', type: 'application/pdf', data: await pdfFile(1, 'Minutes to seal') } });
  expect(up.status).toBe(200);
  const pdf = up.body.data.id as number;
  const created = await sender.client.post('/approvals', { title: 'Minutes of May', documents: [pdf], assignees: signers.map((s, i) => ({ user_id: s.id, order: i + 1 })) });
  expect(created.status).toBe(200);
  const id = created.body.data.id as number;
  for (const s of signers) expect((await s.client.post(`/approvals/${id}/approve`, { file: SIGNATURE })).status).toBe(200);
  await waitFor(`approval ${id} sealed`, async () => {
    const d = (await sender.client.get(`/approvals/${id}`)).body.data;
    if (d.processing?.status === 'failed') throw new Error(`the PDF work failed: ${JSON.stringify(d.processing)}`);
    return d.processing === null ? d : null;
  }, 120_000, 300);
  const res = await fetch(`${GATEWAY}/api/approvals/${id}/signed/${pdf}`, { headers: { 'x-org': ctx.org.slug, token: sender.token } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const verify = (c: ApiClient, data: Buffer, name = 'sealed.pdf', type = 'application/pdf') => c.upload('/approvals/verify', {}, { file: { name, type, data } });

/** an incremental update: a new object, an xref section, a trailer and %%EOF after the sealed bytes */
function withUpdate(pdf: Buffer): Buffer {
  const body = `\n99 0 obj\n<< /Type /Annot /Subtype /Text /Contents (changed later) >>\nendobj\n`;
  const tail = `xref\n99 1\n${String(pdf.length + 1).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 100 >>\nstartxref\n${pdf.length + body.length}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(body + tail, 'latin1')]);
}

beforeAll(async () => {
  a = await orgWithAdmin({ name: 'Verify Board A' });
  // named in Arabic: its seal's certificate, signature dictionary and verdict carry the Arabic name
  b = await orgWithAdmin({ name: 'مجلس التحقق ب' });
  const sender = await member(a, 'Sender Sam', 'admin');
  const first = await member(a, 'Ann First');
  const second = await member(a, 'Bob Second');
  sealedA = await sealedApproval(a, sender, [first, second]);
  const senderB = await member(b, 'Sender Bea', 'admin');
  sealedB = await sealedApproval(b, senderB, [await member(b, 'Carl Only')]);
  const sigB = await pdfSignature(sealedB);
  expect(sigB.valid).toBe(true);
  expect(sigB.out).toContain('Signer Certificate Common Name: مجلس التحقق ب approvals');
});

describe('POST /api/approvals/verify (no sign-in)', () => {
  it('a PDF sealed by a real approval: valid, this organization, when, the signers in order; pdfsig names them', async () => {
    const r = await verify(a.anon, sealedA);
    expect(r.status).toBe(200);
    const v = r.body.data;
    expect(v).toEqual(expect.objectContaining({ verdict: 'valid', reason: null, seal_intact: true, ours: true, appended: null, signatures: 1, organization: { name: 'Verify Board A' } }));
    expect(v.approval).toEqual({ title: 'Minutes of May', document: 'minutes.pdf' });
    expect(v.signers.map((s: { order: number; name: string; guest: boolean }) => [s.order, s.name, s.guest])).toEqual([[1, 'Ann First', false], [2, 'Bob Second', false]]);
    expect(Date.parse(v.signers[0].signed_at)).toBeLessThanOrEqual(Date.parse(v.signers[1].signed_at));
    expect(Math.abs(Date.parse(v.sealed_at) - Date.now())).toBeLessThan(10 * 60_000);
    const sig = await pdfSignature(sealedA);
    expect(sig.valid).toBe(true);
    expect(sig.out).toContain('Signature Field Name: Sealed by Verify Board A; signed by Ann First, Bob Second');
  });

  it('the same bytes with an incremental update appended: changed after sealing (the seal itself still verifies)', async () => {
    const r = await verify(a.anon, withUpdate(sealedA));
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(expect.objectContaining({ verdict: 'changed_after_sealing', seal_intact: true, ours: true, organization: { name: 'Verify Board A' } }));
    expect(r.body.data.appended).toEqual(expect.objectContaining({ revisions: 1, xref_sections: 1 }));
    expect(r.body.data.signers).toHaveLength(2);
  });

  it('a flipped byte inside the signed range: not valid, the document was changed', async () => {
    const tampered = Buffer.from(sealedA);
    const at = tampered.indexOf('Ann First');
    expect(at).toBeGreaterThan(0);
    tampered[at] ^= 0x01;
    const r = await verify(a.anon, tampered);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(expect.objectContaining({ verdict: 'not_valid', reason: 'digest_mismatch', seal_intact: false, organization: null, signers: [] }));
  });

  it('a PDF sealed by another organization names that organization, on either host', async () => {
    for (const host of [a, b]) {
      const r = await verify(host.anon, sealedB);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual(expect.objectContaining({ verdict: 'valid', organization: { name: 'مجلس التحقق ب' } }));
      expect(r.body.data.signers.map((s: { name: string }) => s.name)).toEqual(['Carl Only']);
    }
  });

  it('a PDF without a seal: not valid, no signature', async () => {
    const r = await verify(a.anon, await pdfFile(1, 'Never sealed'));
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(expect.objectContaining({ verdict: 'not_valid', reason: 'no_signature', signatures: 0 }));
  });

  it('refusals: a non-PDF 415, no file 409 with the field, an oversized body 413', async () => {
    // a kind the platform knows (text) but not a PDF, whatever its name and declared type
    const txt = await verify(a.anon, Buffer.from('Just some text\n'), 'notes.pdf', 'application/pdf');
    expect(txt.status).toBe(415);
    expect(txt.body.message).toBe('Only a PDF can be verified.');
    // a kind no upload takes is refused by its first bytes before it is stored (the library's 415)
    const png = await verify(a.anon, PNG, 'image.pdf');
    expect(png.status).toBe(415);

    const none = await a.anon.upload('/approvals/verify', { note: 'x' }, {});
    expect(none.status).toBe(409);
    expect(none.body.errors.file).toEqual(['Choose the PDF to verify.']);

    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(SEAL_VERIFY_MAX_BYTES + 2 * 1024 * 1024, 0x20)]);
    const tooLarge = await verify(a.anon, big);
    expect(tooLarge.status).toBe(413);
  });

  it('rate-limited: one address verifying again and again gets 429 with Retry-After (counted per organization, before the body is read)', async () => {
    const c = await orgWithAdmin();
    let refused: Awaited<ReturnType<typeof verify>> | null = null;
    let tries = 0;
    while (!refused && tries < 200) {
      tries++;
      const r = await verify(c.anon, Buffer.from('%PDF-1.7\n%%EOF\n'));
      if (r.status === 429) refused = r;
      else expect(r.status).toBe(200);
    }
    expect(refused).not.toBeNull();
    expect(tries).toBeGreaterThan(1);
    expect(refused!.body.message).toBe('Too Many Attempts.');
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    // another organization's counter is its own
    expect((await verify(a.anon, Buffer.from('%PDF-1.7\n%%EOF\n'))).status).toBe(200);
  });
});

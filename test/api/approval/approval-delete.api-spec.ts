/**
 * Deleting an approval takes its PDFs with it (docs/approval.md#deleting): its stamped and sealed states are gone
 * from S3, and so is its copy as sent, unless another approval of the organization sent the same bytes (the copy is
 * named by its content and shared): that one stays until the last approval holding it is deleted. Someone who did
 * not send it cannot delete it, and nothing is removed then.
 */
import { Client } from 'pg';
import { Storage } from '@app/platform';
import { api, createTestUser, login, pdfFile, waitFor, type ApiClient } from '@app/testing';
import { GATEWAY, env, orgWithAdmin, PNG } from '../organization/helpers';

jest.setTimeout(180_000);

const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;
const storage = new Storage({ endpoint: env.S3_ENDPOINT, accessKey: env.S3_ACCESS_KEY, secretKey: env.S3_SECRET_KEY, bucket: env.S3_BUCKET, region: env.S3_REGION });

/** the S3 keys an approval's history refers to, read as the database holds them */
async function keysOf(orgId: string, approvalId: number): Promise<string[]> {
  const db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
  await db.connect();
  try {
    const r = await db.query<{ s3_key: string }>(`SELECT DISTINCT s3_key FROM approval.versions WHERE org_id = $1 AND approval_id = $2 ORDER BY s3_key`, [orgId, approvalId]);
    return r.rows.map((x) => x.s3_key);
  } finally {
    await db.end();
  }
}
const stored = async (keys: string[]) => Promise.all(keys.map(async (k) => (await storage.stat(k)) !== null));

it('the sender deletes a sealed approval: its states are removed from S3, a copy another approval shares stays until that one goes', async () => {
  const w = await orgWithAdmin({ name: 'Delete Board' });
  const person = async (name: string, role: 'admin' | 'member') => {
    const u = await createTestUser(env.NATS_URL, w.org.orgId, { name, role });
    const token = await login(GATEWAY, w.org.slug, u.email, u.password);
    return { id: u.userId, token, client: api(GATEWAY, { org: w.org.slug, token }) as ApiClient };
  };
  const sender = await person('Sender Sue', 'admin');
  const signer = await person('Signer Sid', 'member');
  const up = await sender.client.upload('/library', {}, { file: { name: 'deed.pdf', type: 'application/pdf', data: await pdfFile(1, 'Deed to delete') } });
  expect(up.status).toBe(200);
  const doc = up.body.data.id as number;
  const create = async (title: string) => {
    const r = await sender.client.post('/approvals', { title, documents: [doc], assignees: [{ user_id: signer.id, order: 1 }] });
    expect(r.status).toBe(200);
    return r.body.data.id as number;
  };
  const sealed = await create('Sealed then deleted');
  const other = await create('Same file, kept');
  expect((await signer.client.post(`/approvals/${sealed}/approve`, { file: SIGNATURE })).status).toBe(200);
  await waitFor(`approval ${sealed} sealed`, async () => {
    const d = (await sender.client.get(`/approvals/${sealed}`)).body.data;
    if (d.processing?.status === 'failed') throw new Error(`the PDF work failed: ${JSON.stringify(d.processing)}`);
    return d.processing === null ? d : null;
  }, 120_000, 300);

  const keys = await keysOf(w.org.orgId, sealed);
  const shared = await keysOf(w.org.orgId, other);
  expect(shared).toHaveLength(1); // the copy as sent
  expect(keys).toEqual(expect.arrayContaining(shared));
  expect(keys.length).toBe(3); // sent, signed, sealed
  expect(await stored(keys)).toEqual([true, true, true]);

  // the signer did not send it: refused, nothing removed
  const refused = await signer.client.delete(`/approvals/${sealed}`);
  expect([refused.status, refused.body.message]).toEqual([409, 'Only the sender can delete this approval.']);
  expect(await stored(keys)).toEqual([true, true, true]);

  expect((await sender.client.delete(`/approvals/${sealed}`)).status).toBe(200);
  expect((await sender.client.get(`/approvals/${sealed}`)).status).toBe(404);
  const after = await stored(keys);
  expect(keys.filter((_k, i) => after[i])).toEqual(shared);
  // the approval sharing the copy still opens its document
  const file = await fetch(`${GATEWAY}/api/approvals/${other}/signed/${doc}`, { headers: { 'x-org': w.org.slug, token: sender.token } });
  expect([file.status, Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()]).toEqual([200, '%PDF-']);

  expect((await sender.client.delete(`/approvals/${other}`)).status).toBe(200);
  expect(await stored(shared)).toEqual([false]);
});

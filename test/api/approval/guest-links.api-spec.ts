/**
 * Approval guest links end (docs/security.md "Guest links and calendar feeds"): GUEST_LINK_DAYS (30) after the link
 * was sent, and when the approval ends: rejected, the link answers 410 everywhere; fully signed, it answers 410 for
 * the details and actions, and only the signed document's download stays (the spec's guest download) until it expires.
 */
import { Client } from 'pg';
import { api, createTestUser, login, mailsTo, pdfFile, waitFor, type ApiClient } from '@app/testing';
import { GATEWAY, env, orgWithAdmin, PNG } from '../organization/helpers';

jest.setTimeout(180_000);

let a: Awaited<ReturnType<typeof orgWithAdmin>>;
const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;
const users: { id: number; client: ApiClient }[] = [];

async function member(name: string, role: 'admin' | 'member' = 'member') {
  const u = await createTestUser(env.NATS_URL, a.org.orgId, { name, role });
  return { id: u.userId, client: api(GATEWAY, { org: a.org.slug, token: await login(GATEWAY, a.org.slug, u.email, u.password) }) };
}

/** an approval with a guest and a member in step 1; the guest's token from the e-mail */
async function withGuest(title: string) {
  const [sender, s1] = users;
  const up = await sender.client.upload('/library', {}, { file: { name: 'doc.pdf', type: 'application/pdf', data: await pdfFile(1, title) } });
  const pdf = up.body.data.id as number;
  const email = `guest-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@guests.test`;
  const created = await sender.client.post('/approvals', { title, documents: [pdf], assignees: [{ email, guest_name: 'Link Guest', order: 1 }, { user_id: s1.id, order: 1 }] });
  expect(created.status).toBe(200);
  const id = created.body.data.id as number;
  const guestId = created.body.data.assignees.find((x: { guest: boolean }) => x.guest).id as number;
  const mail = await waitFor('the approval e-mail', async () => (await mailsTo(email)).find((m) => m.subject.includes(title)), 60_000, 500);
  const token = decodeURIComponent(new RegExp(`/approval/${id}\\?token=([A-Za-z0-9_.%-]+)`).exec(mail.text ?? mail.html ?? '')![1]);
  return { id, guestId, token, pdf };
}

const anon = () => api(GATEWAY, { org: a.org.slug });
const guestSign = (id: number, guestId: number, token: string) =>
  fetch(`${GATEWAY}/api/approvals/${id}/guest_approve/${guestId}?token=${encodeURIComponent(token)}`, {
    method: 'POST', headers: { 'x-org': a.org.slug, 'content-type': 'application/json' }, body: JSON.stringify({ file: SIGNATURE, comment: 'ok' }),
  });

beforeAll(async () => {
  a = await orgWithAdmin();
  users.push(await member('Sender Sam', 'admin'), await member('Signer One'));
});

describe('approval guest links end', () => {
  it('30 days after the link was sent: 410 with its message (localized), and the refused signature writes nothing', async () => {
    const g = await withGuest('Ageing link');
    expect((await anon().get(`/approvals/${g.id}/guest_approval/${g.guestId}`, { token: g.token })).status).toBe(200);
    const db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await db.connect();
    const sentDaysAgo = (days: number) => db.query(`UPDATE approval.assignees SET updated_at = now() - make_interval(days => $3) WHERE org_id = $1 AND id = $2`, [a.org.orgId, g.guestId, days]);
    try {
      await sentDaysAgo(29);
      expect((await anon().get(`/approvals/${g.id}/guest_approval/${g.guestId}`, { token: g.token })).status).toBe(200);
      await sentDaysAgo(31);
      const old = await anon().get(`/approvals/${g.id}/guest_approval/${g.guestId}`, { token: g.token });
      expect(old.status).toBe(410);
      expect(old.body).toMatchObject({ success: false, message: 'This link has expired.' });
      const ar = await fetch(`${GATEWAY}/api/approvals/${g.id}/guest_approval/${g.guestId}?token=${encodeURIComponent(g.token)}`, { headers: { 'x-org': a.org.slug, lang: 'ar' } });
      expect(ar.status).toBe(410);
      expect(((await ar.json()) as { message: string }).message).toBe('انتهت صلاحية هذا الرابط.');
      expect((await guestSign(g.id, g.guestId, g.token)).status).toBe(410);
      const row = (await db.query(`SELECT status FROM approval.assignees WHERE org_id = $1 AND id = $2`, [a.org.orgId, g.guestId])).rows[0];
      expect(row.status).toBe(1);
    } finally {
      await db.end();
    }
  });

  it('a rejected approval ends its guest links at once', async () => {
    const g = await withGuest('Rejected link');
    expect((await anon().get(`/approvals/${g.id}/guest_approval/${g.guestId}`, { token: g.token })).status).toBe(200);
    expect((await users[1].client.post(`/approvals/${g.id}/reject`, { comment: 'No' })).status).toBe(200);
    const r = await anon().get(`/approvals/${g.id}/guest_approval/${g.guestId}`, { token: g.token });
    expect(r.status).toBe(410);
    expect(r.body.message).toBe('This link has expired.');
    expect((await guestSign(g.id, g.guestId, g.token)).status).toBe(410);
    expect((await fetch(`${GATEWAY}/api/approvals/guest/${g.id}/new_signed/${g.pdf}/${g.token}`, { headers: { 'x-org': a.org.slug } })).status).toBe(410);
  });

  it('a fully signed approval ends the guest link for its details and actions; the signed document stays downloadable', async () => {
    const g = await withGuest('Completed link');
    const signed = await guestSign(g.id, g.guestId, g.token);
    expect(signed.status).toBe(200);
    expect((await users[1].client.post(`/approvals/${g.id}/approve`, { file: SIGNATURE })).status).toBe(200);
    const r = await anon().get(`/approvals/${g.id}/guest_approval/${g.guestId}`, { token: g.token });
    expect(r.status).toBe(410);
    await waitFor('the signed document', async () => {
      const got = await fetch(`${GATEWAY}/api/approvals/guest/${g.id}/new_signed/${g.pdf}/${g.token}`, { headers: { 'x-org': a.org.slug } });
      await got.arrayBuffer();
      return got.status === 200 ? true : null;
    }, 120_000, 500);
  });
});

/**
 * Shares with an expiry and an e-mail to the recipient (issue 27; docs/library.md#shares): a share may end at a time
 * of the organization's day, after which the person no longer sees the item; each person a file is newly shared
 * with gets an e-mail in their language (through the notification service, read back from the SMTP catcher).
 */
import { Client } from 'pg';
import { mailsTo, pdfFile, pollUntil } from '@app/testing';
import { closeRedis, env, expectOk, world, type World } from '../meeting/helpers';

jest.setTimeout(120_000);

let w: World;
let fileId: number;
const name = `Budget ${Date.now()}.pdf`;

/** a local date-time some days ahead (the organization's clock is what the API reads; a day's margin covers any zone) */
const daysAhead = (n: number) => `${new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)} 18:00:00`;

beforeAll(async () => {
  w = await world();
  const db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
  await db.connect();
  try {
    // the editor reads e-mail in Arabic
    await db.query(`UPDATE organization.users SET lang = 'ar' WHERE org_id = $1 AND id = $2`, [w.org.orgId, w.editor.userId]);
  } finally {
    await db.end();
  }
  const up = await w.m2.c.upload('/library', {}, { file: { name, type: 'application/pdf', data: await pdfFile(1, 'Budget') } });
  expect(up.status).toBe(200);
  fileId = up.body.data.id;
});
afterAll(() => closeRedis());

describe('sharing with an expiry', () => {
  it('an expiry in the past or not a date is 409 on users, and nothing is shared', async () => {
    for (const expires_at of [daysAhead(-3), 'next week']) {
      const r = await w.m2.c.post('/share', { id: fileId, users: [{ user_id: w.m1.userId, can_edit: false, expires_at }] });
      expect({ expires_at, status: r.status, message: r.body.message }).toEqual({ expires_at, status: 409, message: 'Error in validation' });
      expect(JSON.stringify(r.body.errors)).toMatch(/users/);
    }
    expect(expectOk(await w.m2.c.get(`/share/${fileId}`))).toEqual([]);
    expect((await w.m1.c.get(`/library/fetch/${fileId}`)).status).toBe(404);
  });

  it('shared until a date: listed with it, opened until then; each new recipient is e-mailed in their language', async () => {
    const until = daysAhead(3);
    const shared = expectOk(await w.m2.c.post('/share', { id: fileId, users: [{ user_id: w.m1.userId, can_edit: false, expires_at: until }, { user_id: w.editor.userId, can_edit: true }] }));
    const byId = new Map(shared.map((x: { user_id: number }) => [x.user_id, x]));
    expect(byId.get(w.m1.userId)).toMatchObject({ can_edit: false, expires_at: until });
    expect(byId.get(w.editor.userId)).toMatchObject({ can_edit: true, expires_at: null });
    expect((await w.m1.c.get(`/library/fetch/${fileId}`)).status).toBe(200);
    expect(expectOk(await w.m1.c.get('/library', { tab: 'shared' })).files.map((f: { id: number }) => f.id)).toContain(fileId);

    // Mona (English): who shared what, view only, until the date
    const mona = await pollUntil(() => mailsTo(w.m1.email), (x) => x.some((m) => m.subject.includes(name)), 30_000, 300);
    const mail = mona.filter((m) => m.subject.includes(name));
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(`${w.m2.name} shared a file with you: ${name}`);
    const text = (mail[0].text ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('Access until');
    expect(text).toMatch(new RegExp(`${Number(until.slice(8, 10))}|${until.slice(8, 10)}`));
    expect(text).toContain('View');
    expect(text).toContain('/app/activity/library');
    // Eddie (Arabic): the same e-mail in Arabic, edit allowed, no end
    const eddie = await pollUntil(() => mailsTo(w.editor.email), (x) => x.some((m) => m.subject.includes(name)), 30_000, 300);
    const ar = eddie.filter((m) => m.subject.includes(name));
    expect(ar).toHaveLength(1);
    expect(ar[0].subject).toBe(`شارك ${w.m2.name} ملفًا معك: ${name}`);
    expect(ar[0].text ?? '').toContain('عرض وتعديل');
    expect(ar[0].text ?? '').toContain('حتى إلغاء المشاركة');
    // sharing again with the same people sends nothing new
    expectOk(await w.m2.c.post('/share', { id: fileId, users: [{ user_id: w.m1.userId, can_edit: false, expires_at: until }, { user_id: w.editor.userId, can_edit: true }] }));
    await new Promise((r) => setTimeout(r, 1500));
    expect((await mailsTo(w.m1.email)).filter((m) => m.subject.includes(name))).toHaveLength(1);
  });

  it('past its expiry the share gives nothing: 404, and not under "Shared with me"', async () => {
    const db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await db.connect();
    try {
      await db.query(`UPDATE library.shares SET expires_at = now() - interval '1 minute' WHERE org_id = $1 AND item_id = $2 AND user_id = $3`, [w.org.orgId, fileId, w.m1.userId]);
    } finally {
      await db.end();
    }
    expect((await w.m1.c.get(`/library/fetch/${fileId}`)).status).toBe(404);
    expect(expectOk(await w.m1.c.get('/library', { tab: 'shared' })).files.map((f: { id: number }) => f.id)).not.toContain(fileId);
    // the other share is untouched
    expect((await w.editor.c.get(`/library/fetch/${fileId}`)).status).toBe(200);
  });
});

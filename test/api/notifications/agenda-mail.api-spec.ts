/**
 * Publish the agenda (issue 27, docs/meeting.md#publishing-the-agenda), end to end: the agenda shows each talking
 * point's planned start, presenters and file count; the chair publishes it and each member gets an e-mail in their
 * language with the agenda and a link to the board book (a link: no attachment); the meeting shows when; publishing
 * again after a change says it is an update. Refusals (wrong person, Draft, empty agenda, bad body) write nothing.
 * The invitations carry an `invite.ics` (METHOD:REQUEST, the meeting's UID, SEQUENCE growing with each change, UTC
 * times) and the cancellation one with METHOD:CANCEL.
 */
import { api, mailAttachment, mailsTo, pollUntil, type CaughtMail } from '@app/testing';
import { icsDate } from '@app/contracts';
import { GATEWAY, closeRedis, expectOk, formDate, meeting, refused, setStatus, talkingPoint, world, type World } from '../meeting/helpers';

jest.setTimeout(120_000);

describe('publishing the agenda', () => {
  let w: World;
  let m: any;
  afterAll(() => closeRedis());

  beforeAll(async () => {
    w = await world();
    // Mona reads Arabic
    expect((await w.m1.c.put('/profile', { name: w.m1.name, email: w.m1.email, phone: '555123', lang: 'ar' })).status).toBe(200);
    m = await meeting(w, { title: 'Agenda board', start_date: formDate(7, 9, 0), duration: 180 });
  });

  it('each talking point has its planned start (the meeting start plus the items before), presenters and files', async () => {
    await talkingPoint(w, m.id, { title: 'Budget', duration: 30, presenters: [w.chair.userId, w.m2.userId], subpoints: [{ title: 'Capex', duration: 15, presenter: w.m2.userId, subpoint_viewers: [w.m1.userId] }] });
    await talkingPoint(w, m.id, { title: 'Risks', duration: 20 });
    const d = expectOk(await w.m1.c.get(`/meetings/${m.id}`));
    const tps = d.agendas.filter((g: any) => g.agenda_type === 'talking_point').map((g: any) => g.data[0]);
    const day = d.start_date.slice(0, 10);
    expect(tps.map((t: any) => [t.title, t.planned_start, t.total_duration, t.files_count])).toEqual([
      ['Budget', `${day} ${d.start_date.slice(11)}`, 45, 0],
      ['Risks', `${day} 09:45:00`, 20, 0],
    ]);
    expect(tps[0].presenters.map((p: any) => p.user_id)).toEqual([w.chair.userId, w.m2.userId]);
    expect(d.agenda_published_at).toBeNull();
    expect(d.agenda_edition).toBe(0);
  });

  it('refusals: Draft, a member who is not the chair, an outsider, a bad body; nothing is written', async () => {
    const draft = await w.chair.c.post(`/meetings/${m.id}/agenda/publish`, {});
    expect([draft.status, draft.body.code]).toEqual([409, 'MEETING_STATUS_NOT_ALLOWED']);
    await setStatus(w, m.id, 2);
    expect((await w.m1.c.post(`/meetings/${m.id}/agenda/publish`, {})).status).toBe(403);
    expect((await w.editor.c.post(`/meetings/${m.id}/agenda/publish`, {})).status).toBe(403);
    expect((await w.outsider.c.post(`/meetings/${m.id}/agenda/publish`, {})).status).toBe(404);
    for (const bad of [true, 12, ['x'], 'x'.repeat(2001)]) refused(await w.chair.c.post(`/meetings/${m.id}/agenda/publish`, { note: bad }), 'note');
    const d = expectOk(await w.chair.c.get(`/meetings/${m.id}`));
    expect([d.agenda_published_at, d.agenda_edition]).toEqual([null, 0]);
    expect(d.chair_controls.publish_agenda).toBe(true);
  });

  it('an agenda without talking points is refused with a field error, in the Lang language', async () => {
    const empty = await meeting(w, { title: 'Empty agenda' });
    await talkingPoint(w, empty.id);
    await setStatus(w, empty.id, 2);
    const tp = expectOk(await w.chair.c.get(`/meetings/${empty.id}`)).agendas[0].data[0];
    expectOk(await w.chair.c.delete(`/meetings/${empty.id}/talkingpoints/${tp.id}`));
    refused(await w.chair.c.post(`/meetings/${empty.id}/agenda/publish`, {}), 'agenda', 'Add a talking point to the agenda before publishing it.');
    const ar = await w.chair.c.with({ lang: 'ar' }).post(`/meetings/${empty.id}/agenda/publish`, {});
    expect(ar.body.errors.agenda).toEqual(['أضف بندًا إلى جدول الأعمال قبل نشره.']);
  });

  it('the chair publishes: each member gets the agenda in their language with the board book link, no attachment', async () => {
    const r = await w.chair.c.post(`/meetings/${m.id}/agenda/publish`, { note: 'Please read the budget first.' });
    expect(r.body.message).toBe('Agenda published');
    const d = expectOk(r);
    expect(d.agenda_edition).toBe(1);
    expect(d.agenda_published_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(d.activities.map((a: any) => a.activity)).toContain('Chair Person published the agenda');

    const en = (await pollUntil(() => mailsTo(w.m2.email), (x) => x.some((y) => y.subject === 'Agenda published: Agenda board'), 30_000, 300)).filter((y) => y.subject === 'Agenda published: Agenda board');
    expect(en).toHaveLength(1);
    const text = en[0].text ?? '';
    expect(text).toContain(`/app/activity/meetings/${m.id}#board-book`);
    expect(text).toContain('Please read the budget first.');
    expect(text).toMatch(/09:00:\s+Budget — 45 min · Presenters: Chair Person, Mark Member/);
    expect(text).toMatch(/09:45:\s+Risks — 20 min · Presenters: Chair Person/);
    expect(en[0].attachments ?? []).toHaveLength(0);

    const ar = await pollUntil(() => mailsTo(w.m1.email), (x) => x.some((y) => y.subject === 'نُشر جدول الأعمال: Agenda board'), 30_000, 300);
    expect(ar.find((y) => y.subject === 'نُشر جدول الأعمال: Agenda board')!.html).toContain('dir="rtl"');
    // not to the one who published it
    await new Promise((res) => setTimeout(res, 500));
    expect((await mailsTo(w.chair.email)).filter((y) => y.subject.startsWith('Agenda'))).toHaveLength(0);
  });

  it("an invited guest gets the agenda once, with their own link instead of the members' page and board book", async () => {
    const guest = `agenda.guest.${Date.now()}@example.test`;
    const g = await meeting(w, { title: 'Guest agenda board', start_date: formDate(8, 9, 0) });
    await talkingPoint(w, g.id, { title: 'Strategy', duration: 40, presenters: [w.chair.userId] });
    expectOk(await w.chair.c.post(`/meetings/${g.id}/members`, { user_email: guest, guest_name: 'Gail Guest' }));
    await setStatus(w, g.id, 2);
    expectOk(await w.chair.c.post(`/meetings/${g.id}/agenda/publish`, { note: 'For our guest too.' }));
    const subject = 'Agenda published: Guest agenda board';
    const mails = (await pollUntil(() => mailsTo(guest), (x) => x.some((y) => y.subject === subject), 30_000, 300)).filter((y) => y.subject === subject);
    expect(mails).toHaveLength(1);
    const text = mails[0].text ?? '';
    expect(text).toMatch(new RegExp(`/meeting/${g.id}\\?token=[A-Za-z0-9_-]{20,}`));
    expect(text).not.toContain('/app/');
    expect(text).not.toContain('#board-book');
    expect(text).toMatch(/09:00:\s+Strategy — 40 min · Presenters: Chair Person/);
    expect(text).toContain('For our guest too.');
    expect(text).toContain('This link is personal');
    // the link opens the guest's page
    const token = decodeURIComponent(text.match(/token=([A-Za-z0-9_%-]+)/)![1]);
    expect((await api(GATEWAY, { org: w.org.slug }).get(`/meeting/guest/${token}`)).status).toBe(200);
    // the members still get theirs with the board book
    const member = await pollUntil(() => mailsTo(w.m2.email), (x) => x.some((y) => y.subject === subject), 30_000, 300);
    expect(member.find((y) => y.subject === subject)!.text).toContain(`/app/activity/meetings/${g.id}#board-book`);
    await new Promise((res) => setTimeout(res, 500));
    expect((await mailsTo(guest)).filter((y) => y.subject === subject)).toHaveLength(1);
  });

  it('a guest invited by an Arabic request gets the agenda in Arabic, though the chair publishes in English (docs/meeting.md#guests-language)', async () => {
    const guest = `agenda.guest.ar.${Date.now()}@example.test`;
    const g = await meeting(w, { title: `Arabic guest board ${Date.now()}` });
    await talkingPoint(w, g.id, { title: 'Strategy', duration: 40 });
    expectOk(await w.chair.c.with({ lang: 'ar' }).post(`/meetings/${g.id}/members`, { user_email: guest, guest_name: 'Amal Guest' }));
    await setStatus(w, g.id, 2);
    expectOk(await w.chair.c.with({ lang: 'en' }).post(`/meetings/${g.id}/agenda/publish`, {}));
    const ar = `نُشر جدول الأعمال: ${g.title}`;
    const mail = (await pollUntil(() => mailsTo(guest), (x) => x.some((y) => y.subject === ar), 30_000, 300)).find((y) => y.subject === ar)!;
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text ?? '').toMatch(new RegExp(`/meeting/${g.id}\\?token=[A-Za-z0-9_-]{20,}`));
    // the members' copies are in their own languages: one reading English gets English
    await pollUntil(() => mailsTo(w.m2.email), (x) => x.some((y) => y.subject === `Agenda published: ${g.title}`), 30_000, 300);
    expect((await mailsTo(guest)).filter((y) => y.subject.includes(g.title) && y.subject.startsWith('Agenda'))).toEqual([]);
  });

  it("a guest whose link was revoked gets no agenda; one who has not accepted a required NDA gets its date but not its items", async () => {
    const revoked = `revoked.guest.${Date.now()}@example.test`;
    const pending = `nda.guest.${Date.now()}@example.test`;
    const g = await meeting(w, { title: 'Closed agenda board', start_date: formDate(8, 11, 0) });
    await talkingPoint(w, g.id, { title: 'Secret item', duration: 20 });
    const list = expectOk(await w.chair.c.post(`/meetings/${g.id}/members`, { user_email: revoked, guest_name: 'Rex Revoked' }));
    expectOk(await w.chair.c.post(`/meetings/${g.id}/members`, { user_email: pending, guest_name: 'Nina Nda' }));
    await setStatus(w, g.id, 2);
    const row = (list.items ?? list).find((x: { user_email: string | null }) => x.user_email === revoked);
    expectOk(await w.chair.c.post(`/meetings/${g.id}/members/guest_link`, { member_id: row.member_id, revoke: true }));
    expectOk(await w.admin.c.put('/status', { nda: 1 }));
    // the change reaches the meeting service as an event (its cache of the organization is dropped on it)
    const ndaIs = (on: boolean) => pollUntil(async () => expectOk(await w.chair.c.get(`/meetings/${g.id}`)).nda_required, (v) => v === on, 10_000, 200);
    try {
      await ndaIs(true);
      expectOk(await w.chair.c.post(`/meetings/${g.id}/agenda/publish`, {}));
      const subject = 'Agenda published: Closed agenda board';
      const [mail] = (await pollUntil(() => mailsTo(pending), (x) => x.some((y) => y.subject === subject), 30_000, 300)).filter((y) => y.subject === subject);
      expect(mail.text).not.toContain('Secret item');
      expect(mail.text).toMatch(new RegExp(`/meeting/${g.id}\\?token=`));
      // the members' copies were sent in the same turn: the revoked guest's would have arrived by now
      await pollUntil(() => mailsTo(w.m2.email), (x) => x.some((y) => y.subject === subject), 30_000, 300);
      await new Promise((res) => setTimeout(res, 500));
      expect((await mailsTo(revoked)).filter((y) => y.subject === subject)).toEqual([]);
    } finally {
      expectOk(await w.admin.c.put('/status', { nda: 0 }));
      await ndaIs(false);
    }
  });

  it('published again after a change: an update, edition 2, with the new item', async () => {
    await talkingPoint(w, m.id, { title: 'Any other business', duration: 10 });
    const d = expectOk(await w.chair.c.post(`/meetings/${m.id}/agenda/publish`, {}));
    expect(d.agenda_edition).toBe(2);
    const upd = (await pollUntil(() => mailsTo(w.m2.email), (x) => x.some((y) => y.subject === 'Agenda updated: Agenda board'), 30_000, 300)).filter((y) => y.subject === 'Agenda updated: Agenda board');
    expect(upd).toHaveLength(1);
    expect(upd[0].text ?? '').toMatch(/10:05:\s+Any other business — 10 min/);
    expect(d.activities.map((a: any) => a.activity)).toContain('Chair Person published an update of the agenda');
  });

  it('invitations carry invite.ics: REQUEST with the meeting UID, a higher SEQUENCE when it moves, CANCEL when cancelled', async () => {
    const inv = await meeting(w, { title: 'Calendar board', start_date: formDate(9, 14, 30), duration: 90 });
    await talkingPoint(w, inv.id);
    await setStatus(w, inv.id, 2);
    const icsOf = async (subject: string): Promise<{ mail: CaughtMail; ics: string }> => {
      const mails = await pollUntil(() => mailsTo(w.m2.email), (x) => x.some((y) => y.subject === subject), 30_000, 300);
      const mail = mails.filter((y) => y.subject === subject);
      expect(mail).toHaveLength(1);
      const att = (mail[0].attachments ?? []).filter((a) => a.contentType.startsWith('text/calendar'));
      expect(att.map((a) => a.fileName)).toEqual(['invite.ics']);
      return { mail: mail[0], ics: (await mailAttachment(mail[0].id, att[0].generatedFileName)).toString('utf8').replace(/\r\n /g, '') };
    };
    const field = (ics: string, name: string) => ics.split('\r\n').find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
    const seq = (ics: string) => Number(field(ics, 'SEQUENCE')!.slice('SEQUENCE:'.length));

    const first = await icsOf('Meeting scheduled: Calendar board');
    expect(field(first.ics, 'METHOD')).toBe('METHOD:REQUEST');
    expect(field(first.ics, 'UID')).toBe(`UID:meeting-${inv.id}@${w.org.orgId}`);
    // the organization is on UTC: the server's local start is the instant; DTEND is 90 minutes later
    const start = new Date(`${expectOk(await w.chair.c.get(`/meetings/${inv.id}`)).start_date.replace(' ', 'T')}Z`);
    expect(field(first.ics, 'DTSTART')).toBe(`DTSTART:${icsDate(start)}`);
    expect(field(first.ics, 'DTEND')).toBe(`DTEND:${icsDate(new Date(start.getTime() + 90 * 60_000))}`);
    expect(field(first.ics, 'ATTENDEE')).toContain(`mailto:${w.m2.email}`);
    expect(field(first.ics, 'STATUS')).toBe('STATUS:CONFIRMED');

    // SEQUENCE counts seconds: the move happens in a later second than the scheduling
    await new Promise((res) => setTimeout(res, 1100));
    expectOk(await w.chair.c.put(`/meetings/${inv.id}`, { title: 'Calendar board', committee_id: w.committeeId, start_date: formDate(10, 15, 0), duration: 90, location: 'HQ' }));
    const moved = await icsOf('Meeting updated: Calendar board');
    expect(field(moved.ics, 'METHOD')).toBe('METHOD:REQUEST');
    expect(field(moved.ics, 'UID')).toBe(field(first.ics, 'UID'));
    expect(seq(moved.ics)).toBeGreaterThan(seq(first.ics));
    expect(field(moved.ics, 'DTSTART')).toMatch(/T150000Z$/);

    await new Promise((res) => setTimeout(res, 1100));
    await setStatus(w, inv.id, 4);
    const cancelled = await icsOf('Meeting cancelled: Calendar board');
    expect(field(cancelled.ics, 'METHOD')).toBe('METHOD:CANCEL');
    expect(field(cancelled.ics, 'STATUS')).toBe('STATUS:CANCELLED');
    expect(field(cancelled.ics, 'UID')).toBe(field(first.ics, 'UID'));
    expect(seq(cancelled.ics)).toBeGreaterThan(seq(moved.ics));
  });
});

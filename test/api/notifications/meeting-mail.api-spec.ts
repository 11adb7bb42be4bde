/**
 * Meeting events -> e-mail and reminders, end to end: the meeting service publishes, the notification
 * service sends through SMTP (the mail catcher's API at MAIL_UI_URL) and writes reminders that the
 * gateway lists. Uses the meeting suites' world (a fresh organization, a committee, members).
 */
import { api, mailsTo, pollUntil } from '@app/testing';
import { closeRedis, env, expectOk, meeting, setStatus, talkingPoint, tokenOf, world, type World } from '../meeting/helpers';

jest.setTimeout(90_000);

// npm test always starts the mail catcher: without it this suite fails, it is never skipped
if (!env.MAIL_UI_URL) throw new Error('MAIL_UI_URL is not set: run the suite through npm test, which starts the mail catcher');

describe('meeting e-mails through the notification service', () => {
  let w: World;
  afterAll(() => closeRedis());

  it('scheduling a meeting mails each member once (not the chair), gives guests their token link, and fills the reminders widget', async () => {
    w = await world();
    const m = await meeting(w, { title: 'Quarterly board' });
    await talkingPoint(w, m.id);
    const guest = `guest-${Date.now()}@example.test`;
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: guest }));
    await setStatus(w, m.id, 2);

    for (const p of [w.m1, w.m2, w.editor]) {
      const mails = await pollUntil(() => mailsTo(p.email), (x) => x.length >= 1, 30_000, 300);
      await new Promise((r) => setTimeout(r, 500));
      const scheduledMails = (await mailsTo(p.email)).filter((x) => x.subject === 'Meeting scheduled: Quarterly board');
      expect(scheduledMails).toHaveLength(1);
      expect(mails[0].text ?? '').toContain(`/app/activity/meetings/${m.id}`);
    }
    expect((await mailsTo(w.chair.email)).filter((x) => x.subject.includes('Quarterly board'))).toHaveLength(0);

    const invite = await pollUntil(() => mailsTo(guest), (x) => x.length >= 1, 30_000, 300);
    expect(invite).toHaveLength(1);
    expect(invite[0].subject).toBe('You are invited to the meeting "Quarterly board"');
    const link = /(http\S+\/meeting\/\d+\?token=[^\s"<]+)/.exec(invite[0].text ?? '')?.[1];
    expect(link).toBeDefined();
    const asGuest = await api(env.TEST_GATEWAY_URL, { org: w.org.slug }).get(`/meeting/guest/${tokenOf(link!)}`);
    expect(asGuest.status).toBe(200);

    const reminders = await pollUntil(() => w.m1.c.get('/reminders'), (r) => (r.body?.data ?? []).some((x: { meeting_id: number }) => x.meeting_id === m.id), 30_000, 300);
    expect(reminders.body.data.find((x: { meeting_id: number }) => x.meeting_id === m.id)).toMatchObject({
      type: 'meeting-scheduled',
      title: 'Meeting scheduled: Quarterly board',
      link: `/app/activity/meetings/${m.id}`,
    });
  });
});

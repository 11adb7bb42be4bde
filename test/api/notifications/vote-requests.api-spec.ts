/**
 * Vote requests by e-mail (docs/product/votes.md#vote-requests), read from the mail catcher: none while the meeting
 * is a Draft; scheduling sends them with the invitations; each names the meeting; a member's links to the meeting
 * page, a guest's to their own page with their token (never to a page that needs an account).
 */
import { api, mailsTo, pollUntil } from '@app/testing';
import { closeRedis, env, expectOk, meeting, serverDate, setStatus, talkingPoint, tokenOf, world, type World } from '../meeting/helpers';

jest.setTimeout(120_000);

// npm test always starts the mail catcher: without it this suite fails, it is never skipped
if (!env.MAIL_UI_URL) throw new Error('MAIL_UI_URL is not set: run the suite through npm test, which starts the mail catcher');
const textOf = (m: { text?: string; html?: string }) => `${m.text ?? ''}\n${m.html ?? ''}`;

describe('vote requests', () => {
  let w: World;
  afterAll(() => closeRedis());

  it('none while a Draft; sent with the invitations at scheduling, naming the meeting, a guest with their own link', async () => {
    w = await world();
    const guest = `vote-guest-${Date.now()}@example.test`;
    const m = await meeting(w, { title: 'Budget council' });
    await talkingPoint(w, m.id);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: guest }));
    expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Adopt the budget', deadline: serverDate(20), voters: [w.m1.userId, guest] }));
    // a Draft sends no vote request: the invitations have not gone out (the member's other mails are not about it)
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await mailsTo(w.m1.email)).filter((x) => x.subject.startsWith('Your vote is requested'))).toHaveLength(0);
    expect(await mailsTo(guest)).toHaveLength(0);

    await setStatus(w, m.id, 2);
    const memberMails = await pollUntil(() => mailsTo(w.m1.email), (x) => x.some((y) => y.subject === 'Your vote is requested: Adopt the budget'), 45_000, 300);
    const request = memberMails.filter((x) => x.subject === 'Your vote is requested: Adopt the budget');
    expect(request).toHaveLength(1);
    expect(textOf(request[0])).toContain('Budget council');
    expect(textOf(request[0])).toContain(`/app/activity/meetings/${m.id}`);

    const guestMails = await pollUntil(() => mailsTo(guest), (x) => x.some((y) => y.subject === 'Your vote is requested: Adopt the budget') && x.some((y) => y.subject.startsWith('You are invited')), 45_000, 300);
    const vote = guestMails.find((x) => x.subject === 'Your vote is requested: Adopt the budget')!;
    const invite = guestMails.find((x) => x.subject.startsWith('You are invited'))!;
    expect(textOf(vote)).toContain('Budget council');
    expect(textOf(vote)).not.toContain('/app/activity/meetings');
    const link = /(http\S+\/meeting\/\d+\?token=[^\s"<&]+)/.exec(vote.text ?? '')?.[1];
    expect(link).toBeDefined();
    const inviteLink = /(http\S+\/meeting\/\d+\?token=[^\s"<&]+)/.exec(invite.text ?? '')?.[1];
    expect(tokenOf(link!)).toBe(tokenOf(inviteLink!));
    // the link opens the guest's page
    expect((await api(env.TEST_GATEWAY_URL, { org: w.org.slug }).get(`/meeting/guest/${tokenOf(link!)}`)).status).toBe(200);
  });

  it('after scheduling: the member is asked at once; a guest is pointed to their invitation, never to a page that needs an account', async () => {
    const m = await meeting(w, { title: 'Works committee' });
    await talkingPoint(w, m.id);
    const guest = `late-guest-${Date.now()}@example.test`;
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: guest }));
    await setStatus(w, m.id, 2);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Repaint the hall', deadline: serverDate(20), voters: [w.m2.userId, guest] }));
    const memberMails = await pollUntil(() => mailsTo(w.m2.email), (x) => x.some((y) => y.subject === 'Your vote is requested: Repaint the hall'), 45_000, 300);
    expect(textOf(memberMails.find((x) => x.subject === 'Your vote is requested: Repaint the hall')!)).toContain('Works committee');
    const guestMails = await pollUntil(() => mailsTo(guest), (x) => x.some((y) => y.subject === 'Your vote is requested: Repaint the hall'), 45_000, 300);
    const vote = textOf(guestMails.find((x) => x.subject === 'Your vote is requested: Repaint the hall')!);
    expect(vote).toContain('Works committee');
    expect(vote).not.toContain('/app/activity/meetings');
    expect(vote).toContain('Open the meeting with the link of your invitation e-mail to vote.');
  });
});

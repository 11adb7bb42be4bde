/**
 * Journey: a deep link survives sign-in (docs/product/sign-in.md#returning-to-the-page-you-opened). A member, signed
 * out, opens the meeting link of their invitation e-mail (read from the mail catcher): the login page keeps the page
 * (`?next=`), and after signing in the member lands on that meeting, not on Home. A login address whose `next` names
 * another origin (absolute, `//host`) signs in to Home instead. Checked at 390x844 too.
 */
import { mailsTo, pollUntil, TEST_PASSWORD } from '@app/testing';
import { closeRedis, meeting, setStatus, talkingPoint, world, type World } from '../api/meeting/helpers';
import { openBrowser, orgUrl, typeInto, waitForPath, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the global they use is named here
declare const window: any;

jest.setTimeout(180_000);

describe('journey: the invitation link opened while signed out', () => {
  let w: World;
  let meetingId: number;
  let s: Session;

  beforeAll(async () => {
    w = await world();
    meetingId = (await meeting(w, { title: 'Deep link board' })).id;
    await talkingPoint(w, meetingId, { title: 'Budget' });
    // scheduling sends the members their invitations
    await setStatus(w, meetingId, 2);
    s = await openBrowser('deep-link');
  });
  afterAll(async () => {
    await s?.close();
    closeRedis();
  });

  async function signInHere(email: string): Promise<void> {
    await typeInto(s.page, '#login-email', email);
    await typeInto(s.page, '#login-password', TEST_PASSWORD);
    await s.page.click('#login-submit');
  }

  it('the member lands on the meeting of the invitation after signing in', async () => {
    const { page } = s;
    const mails = await pollUntil(() => mailsTo(w.m1.email), (list) => list.some((m) => `${m.text ?? ''}${m.html ?? ''}`.includes(`/app/activity/meetings/${meetingId}`)), 45_000);
    const body = mails.map((m) => `${m.text ?? ''} ${m.html ?? ''}`).join(' ');
    const link = new RegExp(`/app/activity/meetings/${meetingId}[^\\s"'<>]*`).exec(body)![0].replace(/&amp;/g, '&');
    await s.step('open-signed-out', async () => {
      await page.setViewport({ width: 390, height: 844 });
      await page.goto(orgUrl(w.org.slug, link));
      await waitForPath(page, '/auth/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe(`/app/activity/meetings/${meetingId}`);
      await s.shot('login-with-next');
    });
    await s.step('sign-in', async () => {
      await signInHere(w.m1.email);
      await waitForPath(page, `/app/activity/meetings/${meetingId}`);
      await page.waitForSelector('[data-testid=meeting-title]', { visible: true });
      await s.shot('meeting');
      await page.setViewport({ width: 1280, height: 860 });
    });
  });

  it.each([
    ['an absolute address', 'https://evil.example/app/x'],
    ['another origin without a scheme', '//evil.example/app/x'],
  ])('a next= of %s is refused: sign-in goes to Home', async (_name, next) => {
    const { page } = s;
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(orgUrl(w.org.slug, `/auth/login?next=${encodeURIComponent(next)}`));
    await page.waitForSelector('#login-email', { visible: true });
    await signInHere(w.m2.email);
    await waitForPath(page, '/app/dashboards/home');
    expect(new URL(page.url()).host).toBe(new URL(orgUrl(w.org.slug)).host);
  });
});

/**
 * Voice commands (docs/product/voice.md) with the browser's SpeechRecognition replaced by a fake that "hears" a
 * phrase the test sets: the parser, the navigation and the create drawer are the app's own.
 *   - "help" opens the voice commands help page;
 *   - a dictated meeting opens the meetings page with the create drawer filled in; saving creates it.
 */
import { createTestCommittee } from '@app/testing';
import { closeRedis, env, expectOk, world, type World } from '../api/meeting/helpers';
import { openBrowser, signIn, waitForText, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the globals they use are named here
declare const window: any;
declare const document: any;

async function say(s: Session, phrase: string): Promise<void> {
  await s.page.evaluate((p: string) => (window.__voiceSay = p), phrase);
  await s.page.waitForSelector('[data-testid=voice-button]', { visible: true });
  await s.page.$eval('[data-testid=voice-button]', (b: any) => b.click());
}

describe('journey: voice commands', () => {
  let w: World;
  let s: Session;
  const committee = `Finance ${Date.now() % 100000}`;

  beforeAll(async () => {
    w = await world();
    await createTestCommittee(env.NATS_URL, w.org.orgId, { name: committee, admins: [w.chair.email] });
    s = await openBrowser('voice');
    // a recognition that "hears" window.__voiceSay once started
    await s.page.evaluateOnNewDocument(() => {
      class FakeRecognition {
        lang = '';
        onresult: ((e: unknown) => void) | null = null;
        onend: (() => void) | null = null;
        onerror: ((e: unknown) => void) | null = null;
        start() {
          (window as any).__voiceLang = this.lang;
          setTimeout(() => {
            this.onresult?.({ results: [[{ transcript: (window as any).__voiceSay ?? '' }]] });
            this.onend?.();
          }, 50);
        }
        stop() {
          this.onend?.();
        }
      }
      (window as any).SpeechRecognition = FakeRecognition;
    });
  });
  afterAll(async () => {
    await s?.close();
    closeRedis();
  });

  it('"help" opens the list of commands', async () => {
    await s.step('help', async () => {
      await signIn(s.page, w.org.slug, w.chair.email, w.org.admin.password);
      await say(s, 'help');
      await s.page.waitForSelector('[data-testid=voice-help]', { visible: true });
      expect(s.page.url()).toContain('/app/settings/voice-commands');
      expect(await s.page.evaluate(() => window.__voiceLang)).toBe('en-US');
      await s.shot('voice-help');
    });
  });

  it('a dictated meeting fills the create drawer; the user checks it and saves', async () => {
    await s.step('dictate', async () => {
      await say(s, `new meeting title Budget review committee ${committee} date 2027-01-05 time 3 pm duration 2 hours location Board room`);
      await s.page.waitForSelector('[data-testid=meeting-drawer] [data-testid=meeting-title]', { visible: true });
      expect(s.page.url()).toContain('/app/activity/meetings');
      await s.page.waitForFunction(() => (document.querySelector('[data-testid=meeting-title]') as any)?.value === 'budget review');
      await waitForText(s.page, '[data-testid=meeting-committee]', committee);
      expect(await s.page.$eval('[data-testid=meeting-location]', (n: any) => n.value)).toBe('board room');
      await s.shot('drawer-filled');
    });
    await s.step('save', async () => {
      await s.page.$eval('[data-testid=meeting-drawer] button[type=submit]', (b: any) => b.click());
      await s.page.waitForFunction(() => /\/app\/activity\/meetings\/\d+/.test(window.location.pathname));
      await s.shot('created');
    });
    const id = Number(/\/meetings\/(\d+)/.exec(s.page.url())![1]);
    const m = expectOk(await w.chair.c.get(`/meetings/${id}`));
    expect(m).toMatchObject({ title: 'budget review', duration: 120, location: 'Board room'.toLowerCase(), start_date: '2027-01-05 15:00:00' });
    expect(m.committee.name).toBe(committee);
  });
});

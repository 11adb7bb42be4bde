/**
 * Voice commands (docs/product/voice.md) with the browser's SpeechRecognition replaced by a fake that "hears" a
 * phrase the test sets: the parser, the navigation and the create drawer are the app's own.
 *   - "help" opens the voice commands help page, which lists every command;
 *   - each navigation command opens its page (en-US), and in Arabic the recognition listens in ar-EG and the
 *     Arabic phrases navigate;
 *   - a dictated meeting opens the meetings page with the create drawer filled in; saving creates it;
 *   - where the browser has no SpeechRecognition the microphone opens a typed fallback that runs the same commands
 *     and links to the help page (the console says why).
 */
import { createTestCommittee } from '@app/testing';
import { closeRedis, env, expectOk, world, type World } from '../api/meeting/helpers';
import { AppPaths } from '@app/contracts';
import { openBrowser, orgUrl, settled, signIn, waitForText, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the globals they use are named here
declare const window: any;
declare const document: any;

/** what each navigation command opens (docs/product/voice.md#commands) */
const NAVIGATE: Array<[string, string, string]> = [
  ['go to home', 'اذهب إلى الرئيسية', AppPaths.home()],
  ['open calendar', 'افتح التقويم', AppPaths.calendar()],
  ['go to news', 'افتح الأخبار', AppPaths.news()],
  ['open action tracker', 'افتح متابعة الإجراءات', AppPaths.actionTracker()],
  ['go to meetings', 'افتح الاجتماعات', AppPaths.meetings()],
  ['open library', 'افتح المكتبة', AppPaths.library()],
  ['go to approvals', 'افتح الموافقات', AppPaths.approvals()],
  ['open my profile', 'افتح الملف الشخصي', AppPaths.profile()],
  ['go to organization', 'اذهب إلى المنظمة', AppPaths.settingsOrganization()],
];

/** say a phrase and wait until the page's path starts with `path` */
async function sayAndGo(s: Session, phrase: string, path: string): Promise<void> {
  await say(s, phrase);
  await s.page.waitForFunction((p: string) => window.location.pathname.startsWith(p), {}, path);
}

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

  it('the help page lists every navigation command and the dictation', async () => {
    const text = await s.page.$eval('[data-testid=voice-help]', (n: any) => n.textContent ?? '');
    for (const [phrase] of NAVIGATE) expect(text).toContain(phrase);
    expect(text).toContain('new meeting title');
  });

  it('each navigation command opens its page', async () => {
    await s.step('navigate-en', async () => {
      for (const [phrase, , path] of NAVIGATE) await sayAndGo(s, phrase, path);
      await s.shot('navigated');
    });
  });

  it('in Arabic it listens in ar-EG and the Arabic phrases navigate', async () => {
    await s.step('navigate-ar', async () => {
      await s.page.goto(orgUrl(w.org.slug, AppPaths.home()));
      await s.page.waitForSelector('[data-testid=language-switcher]', { visible: true });
      await s.page.click('[data-testid=language-switcher]');
      const option = await s.page.waitForSelector('[data-testid=language-option-ar]', { visible: true });
      await option!.click();
      await s.page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await sayAndGo(s, 'مساعدة', '/app/settings/voice-commands');
      expect(await s.page.evaluate(() => window.__voiceLang)).toBe('ar-EG');
      // the help page is loaded on demand: wait for it, not only for the address
      await s.page.waitForSelector('[data-testid=voice-help]', { visible: true });
      const text = await s.page.$eval('[data-testid=voice-help]', (n: any) => n.textContent ?? '');
      for (const [, phrase] of NAVIGATE) expect(text).toContain(phrase);
      for (const [, phrase, path] of NAVIGATE) await sayAndGo(s, phrase, path);
      await s.shot('navigated-ar');
    });
    await s.step('back-to-english', async () => {
      await s.page.click('[data-testid=language-switcher]');
      const option = await s.page.waitForSelector('[data-testid=language-option-en]', { visible: true });
      await option!.click();
      await s.page.waitForFunction(() => document.documentElement.dir === 'ltr');
    });
  });

  it('a dictated meeting fills the create drawer; the user checks it and saves', async () => {
    await s.step('dictate', async () => {
      await say(s, `new meeting title Budget review committee ${committee} date 2027-01-05 time 3 pm duration 2 hours location Board room`);
      await s.page.waitForSelector('[data-testid=meeting-drawer] [data-testid=meeting-title]', { visible: true });
      expect(s.page.url()).toContain('/app/activity/meetings');
      await s.page.waitForFunction(() => (document.querySelector('[data-testid=meeting-title]') as any)?.value === 'Budget review');
      await waitForText(s.page, '[data-testid=meeting-committee]', committee);
      expect(await s.page.$eval('[data-testid=meeting-location]', (n: any) => n.value)).toBe('Board room');
      await s.shot('drawer-filled');
    });
    await s.step('save', async () => {
      await s.page.$eval('[data-testid=meeting-drawer] button[type=submit]', (b: any) => b.click());
      await s.page.waitForFunction(() => /\/app\/activity\/meetings\/\d+/.test(window.location.pathname));
      await s.shot('created');
    });
    const id = Number(/\/meetings\/(\d+)/.exec(s.page.url())![1]);
    const m = expectOk(await w.chair.c.get(`/meetings/${id}`));
    expect(m).toMatchObject({ title: 'Budget review', duration: 120, location: 'Board room', start_date: '2027-01-05 15:00:00' });
    expect(m.committee.name).toBe(committee);
  });

  it('where the browser has no SpeechRecognition the microphone takes a typed command and the console says why', async () => {
    const bare = await openBrowser('voice-unsupported');
    try {
      await bare.page.evaluateOnNewDocument(() => {
        delete (window as any).SpeechRecognition;
        delete (window as any).webkitSpeechRecognition;
      });
      const logged: string[] = [];
      bare.page.on('console', (m) => logged.push(m.text()));
      await bare.step('typed-fallback', async () => {
        await signIn(bare.page, w.org.slug, w.chair.email, w.org.admin.password);
        await bare.page.waitForSelector('[data-testid=voice-button][data-supported=false]', { visible: true });
        expect(logged.some((l) => l.includes('no SpeechRecognition'))).toBe(true);
        await bare.page.click('[data-testid=voice-button]');
        await waitForText(bare.page, '[data-testid=voice-fallback-reason]', 'This browser cannot listen');
        await bare.page.waitForSelector('[data-testid=voice-help-link]', { visible: true });
        await bare.shot('no-microphone');
        await bare.page.type('[data-testid=voice-typed]', 'open library');
        await bare.page.keyboard.press('Enter');
        await bare.page.waitForFunction((p: string) => window.location.pathname.startsWith(p), {}, AppPaths.library());
        await bare.page.waitForFunction(() => !document.querySelector('[data-testid=voice-fallback]'));
      });
      await bare.step('help-link', async () => {
        await bare.page.click('[data-testid=voice-button]');
        const link = await bare.page.waitForSelector('[data-testid=voice-help-link]', { visible: true });
        // the dialog grows in: a mouse click during the animation lands where the link is not yet
        await settled(bare.page);
        await link!.evaluate((a: any) => a.click());
        await bare.page.waitForSelector('[data-testid=voice-help]', { visible: true });
      });
    } finally {
      await bare.close();
    }
  });
});

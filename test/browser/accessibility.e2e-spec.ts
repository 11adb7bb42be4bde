/**
 * Journey: accessibility (issue 25). The chair of a fresh organization walks the product's main pages in English and
 * then in Arabic (right-to-left), and each is checked with axe-core against WCAG 2.0/2.1/2.2 A and AA (no critical
 * or serious violation), the Arabic ones also with the contrast measured in the page (support.ts a11y): sign-in,
 * home, meetings list, meeting details, vote dialog, resolutions, library, PDF viewer, approvals list and details, organization
 * settings, presentation. Then keyboard only: the skip link reaches the main content, a page change moves the focus
 * to the new page's heading, and the chair votes in the vote dialog without the mouse.
 */
import type { Page } from 'puppeteer-core';
import { AppPaths } from '@app/contracts';
import { TEST_PASSWORD, pdfFile, waitFor } from '@app/testing';
import { closeRedis, expectOk, meeting, serverDate, talkingPoint, world, type World } from '../api/meeting/helpers';
import { WAIT_MS, a11y, openBrowser, orgUrl, settled, signIn, switchLanguage, typeInto, waitForPath, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the global they use is named here
declare const document: any;

jest.setTimeout(420_000);

let w: World;
let s: Session;
/** the organization's administrator: the organization settings are theirs */
let admin: Session;
let meetingId: number;
let decisionId: number;
/** a resolution inside the talking point (no agenda card of its own): a link opens it (docs/decisions.md#links-to-an-agenda-item) */
let nestedId: number;
/** the talking point that holds it */
let tpId: number;
let docId: number;
let approvalId: number;
let resolutionId: number;

/** what has the keyboard focus: its test id, id or tag, and whether it is inside the main content */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    return { testId: a?.getAttribute?.('data-testid') ?? null, id: a?.id ?? '', tag: a?.tagName ?? '', inMain: !!a?.closest?.('#main'), text: (a?.textContent ?? '').trim().slice(0, 60) };
  });

/** press Tab until `pred` holds for the focused element (at most `max` presses) */
async function tabTo(page: Page, what: string, pred: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 40, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    if (key === 'Tab') await page.keyboard.press('Tab');
    else {
      await page.keyboard.down('Shift');
      await page.keyboard.press('Tab');
      await page.keyboard.up('Shift');
    }
    const f = await focused(page);
    if (pred(f)) return;
    seen.push(f.testId ?? (f.id || f.tag));
  }
  throw new Error(`${what} not reached with ${max} ${key} presses; focus went through: ${seen.join(', ')}`);
}

beforeAll(async () => {
  w = await world();
  // the chair's PDF: in the library, in the viewer, on the talking point for the presentation, and sent for approval
  docId = expectOk(await w.chair.c.upload('/library', {}, { file: { name: 'board-pack.pdf', type: 'application/pdf', data: await pdfFile(2, 'Board pack') } })).id;
  const m = await meeting(w, { title: 'Accessibility board meeting' });
  meetingId = m.id;
  const tp = await talkingPoint(w, m.id, { title: 'Quarterly review', attachments: [docId] });
  tpId = tp.id;
  nestedId = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Adopt the review', deadline: serverDate(10), voters: [w.chair.userId], talkingpoint_id: tp.id })).id;
  decisionId = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Approve the 2027 budget', deadline: serverDate(10), voters: [w.chair.userId, w.m1.userId] })).id;
  // a standalone resolution of the committee, for the resolutions page
  resolutionId = expectOk(await w.chair.c.post('/singleDecision', { title: 'Adopt the travel policy', committee_id: w.committeeId, deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId] })).id;
  const adminDoc = expectOk(await w.admin.c.upload('/library', {}, { file: { name: 'contract.pdf', type: 'application/pdf', data: await pdfFile(1, 'Contract') } })).id;
  approvalId = expectOk(await w.admin.c.post('/approvals', { title: 'Sign the contract', documents: [adminDoc], assignees: [{ user_id: w.chair.userId, order: 1 }] })).id;
  s = await openBrowser('accessibility');
  admin = await openBrowser('accessibility-admin');
  await signIn(admin.page, w.org.slug, w.org.admin.email, w.org.admin.password);
});

afterAll(async () => {
  await s?.close();
  await admin?.close();
  closeRedis();
});

/** open an app path and wait for what shows it is there */
async function visit(path: string, ready: string): Promise<void> {
  await s.page.goto(orgUrl(w.org.slug, path));
  await s.page.waitForSelector(ready, { visible: true });
  await settled(s.page);
}

/** every signed-in page of the journey: its name and how to reach it and check it in the current language `lang` */
const PAGES: Array<[string, (lang: string) => Promise<void>]> = [
  ['home', (lang) => s.step(`home-${lang}`, async () => {
    const { page } = s;
    await visit('/app/dashboards/home', '[data-testid=home-page]');
    await a11y(page, 'home', s);
  })],
  ['meetings', (lang) => s.step(`meetings-${lang}`, async () => {
    const { page } = s;
    await visit('/app/activity/meetings', '[data-testid=meetings-table]');
    await page.waitForSelector(`[data-testid=meeting-row-${meetingId}]`, { visible: true });
    await a11y(page, 'meetings', s);
  })],
  ['meeting-details', (lang) => s.step(`meeting-details-${lang}`, async () => {
    const { page } = s;
    await visit(`/app/activity/meetings/${meetingId}`, '[data-testid=meeting-title]');
    await page.waitForSelector(`[data-testid="open-decision:${decisionId}"]`, { visible: true });
    await a11y(page, 'meeting-details', s);
  })],
  ['meeting-note', (lang) => s.step(`meeting-note-${lang}`, async () => {
    // the private note's editor (TipTap) in its drawer: typing goes in the page's direction, the toolbar is named
    const { page } = s;
    await visit(`/app/activity/meetings/${meetingId}`, '[data-testid=notes-edit]');
    await page.$eval('[data-testid=notes-edit]', (b: any) => b.click());
    await page.waitForSelector('[data-testid=note-input]', { visible: true });
    await settled(page); // the drawer has slid in
    await page.click('[data-testid=note-input]');
    const words = lang === 'ar' ? 'ملاحظة خاصة' : 'A private note';
    await page.keyboard.type(words);
    await page.waitForFunction((w: string) => document.querySelector('[data-testid=note-input]')?.textContent === w, { timeout: WAIT_MS }, words);
    expect(await page.$eval('[data-testid=note-input]', (el: any) => document.defaultView.getComputedStyle(el).direction)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    expect(await page.$eval('[data-testid=note-bold]', (el) => [Boolean(el.getAttribute('aria-label')), el.getAttribute('aria-pressed')])).toEqual([true, 'false']);
    await settled(page);
    await a11y(page, 'meeting-note', s);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[data-testid=notes-drawer]'), { timeout: WAIT_MS });
  })],
  ['vote-dialog', (lang) => s.step(`vote-dialog-${lang}`, async () => {
    const { page } = s;
    await visit(`/app/activity/meetings/${meetingId}`, `[data-testid="open-decision:${decisionId}"]`);
    await page.$eval(`[data-testid="open-decision:${decisionId}"]`, (b: any) => b.click());
    await page.waitForSelector('[data-testid=decision-vote]', { visible: true });
    await settled(page);
    await a11y(page, 'decision-dialog', s);
    await page.$eval('[data-testid=decision-vote]', (b: any) => b.click());
    await page.waitForSelector('[data-testid=vote-dialog]', { visible: true });
    await settled(page);
    await a11y(page, 'vote-dialog', s);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[data-testid=vote-dialog]'));
  })],
  ['link-to-nested-resolution', (lang) => s.step(`link-to-nested-resolution-${lang}`, async () => {
    // the link of a vote request: the resolution inside the talking point opens with its ballot, the dialog focused
    const { page } = s;
    await page.goto('about:blank'); // a fresh load, as from an e-mail
    await visit(AppPaths.meeting(meetingId, { kind: 'decision', id: nestedId }), '[data-testid=decision-dialog] [data-testid=decision-vote]');
    expect(await page.$eval('[data-testid=decision-dialog]', (d: any) => [d.textContent.includes('Adopt the review'), d.contains(document.activeElement)])).toEqual([true, true]);
    await a11y(page, 'link-to-nested-resolution', s);
    // an item the meeting does not have: the page, and the notice
    await page.goto('about:blank');
    await visit(AppPaths.meeting(meetingId, { kind: 'decision', id: 99_999_999 }), '[data-testid=item-link-missing]');
    await a11y(page, 'link-to-missing-item', s);
  })],
  ['talking-point-back', (lang) => s.step(`talking-point-back-${lang}`, async () => {
    // a resolution opened from the talking point's dialog replaces it (one dialog at a time); Escape brings the talking
    // point back with the focus on the resolution's button, and Escape again leaves the page, the focus on the card
    const { page } = s;
    const card = `[data-testid="open-talking_point:${tpId}"]`;
    const item = `[data-testid=tp-dialog] [data-testid=tp-open-decision-${nestedId}]`;
    const dialogs = () => page.$$eval('[data-testid$=-dialog][role=dialog]', (ds: any[]) => ds.map((d) => d.getAttribute('data-testid')));
    await visit(`/app/activity/meetings/${meetingId}`, card);
    await page.focus(card);
    await page.keyboard.press('Enter');
    await page.waitForSelector(item, { visible: true });
    await settled(page);
    await a11y(page, 'talking-point-dialog', s);
    await page.focus(item);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=decision-dialog] [data-testid=decision-vote]', { visible: true });
    await settled(page);
    expect(await dialogs()).toEqual(['decision-dialog']);
    expect(await page.$eval('[data-testid=decision-dialog]', (d: any) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForFunction((testId: string) => document.activeElement?.getAttribute('data-testid') === testId, { timeout: WAIT_MS }, `tp-open-decision-${nestedId}`);
    await settled(page);
    expect(await dialogs()).toEqual(['tp-dialog']);
    await a11y(page, 'talking-point-dialog-back', s);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[data-testid=tp-dialog]'), { timeout: WAIT_MS });
    await page.waitForFunction((testId: string) => document.activeElement?.getAttribute('data-testid') === testId, { timeout: WAIT_MS }, `open-talking_point:${tpId}`);
  })],
  ['resolutions', (lang) => s.step(`resolutions-${lang}`, async () => {
    const { page } = s;
    await visit('/app/activity/decisions', '[data-testid=resolutions-page]');
    await page.waitForSelector(`[data-testid=resolution-state-${resolutionId}]`, { visible: true });
    await a11y(page, 'resolutions', s);
  })],
  ['library', (lang) => s.step(`library-${lang}`, async () => {
    const { page } = s;
    await visit('/app/activity/library', '[data-testid=library-crumbs]');
    await page.waitForFunction(() => (document.body.textContent ?? '').includes('board-pack.pdf'));
    await a11y(page, 'library', s);
  })],
  ['pdf-viewer', (lang) => s.step(`pdf-viewer-${lang}`, async () => {
    const { page } = s;
    await visit(`/viewer/0/${docId}`, '[data-testid=pdf-viewer][data-rendered="1"]');
    await a11y(page, 'pdf-viewer', s);
  })],
  ['approvals', (lang) => s.step(`approvals-${lang}`, async () => {
    const { page } = s;
    await visit('/app/activity/approvals', '[data-testid=approvals-page]');
    await page.waitForSelector('[data-testid=approval-row]', { visible: true });
    await a11y(page, 'approvals', s);
  })],
  ['approval-details', (lang) => s.step(`approval-details-${lang}`, async () => {
    const { page } = s;
    await visit(`/app/activity/approval/${approvalId}`, '[data-testid=approval-details]');
    await a11y(page, 'approval-details', s);
  })],
  ['organization-settings', (lang) => admin.step(`organization-settings-${lang}`, async () => {
    await admin.page.goto(orgUrl(w.org.slug, '/app/settings/organization/information'));
    await admin.page.waitForSelector('[data-testid=information-form]', { visible: true });
    if ((await admin.page.evaluate(() => document.documentElement.lang)) !== lang) await switchLanguage(admin.page, lang as 'en' | 'ar');
    await a11y(admin.page, 'organization-settings', admin);
  })],
  ['presentation', (lang) => s.step(`presentation-${lang}`, async () => {
    const { page } = s;
    await visit(`/presentation/${meetingId}/${docId}`, '[data-testid=slide-stage]');
    await page.waitForSelector('[data-testid=presentation-status]', { visible: true });
    await a11y(page, 'presentation', s);
  })],
];

describe('journey: accessibility of the main pages, in English and Arabic, and keyboard only', () => {
  it('the sign-in page passes in English and Arabic', async () => {
    const { page } = s;
    await s.step('sign-in', async () => {
      await page.goto(orgUrl(w.org.slug, '/auth/login'));
      await page.waitForSelector('#login-email', { visible: true });
      await a11y(page, 'sign-in', s);
      await switchLanguage(page, 'ar');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await a11y(page, 'sign-in', s);
      await switchLanguage(page, 'en');
      await typeInto(page, '#login-email', w.chair.email);
      await typeInto(page, '#login-password', TEST_PASSWORD);
      await page.click('#login-submit');
      await page.waitForSelector('[data-testid=side-menu]', { visible: true });
    });
  });

  it.each(PAGES)('%s passes in English', async (_name, check) => {
    await check('en');
  });

  it('the header language switcher turns the app Arabic', async () => {
    await s.step('switch-ar', async () => {
      await visit('/app/dashboards/home', '[data-testid=home-page]');
      await switchLanguage(s.page, 'ar');
      expect(await s.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    });
  });

  // axe, and the contrast of the Arabic text measured in the page
  it.each(PAGES)('%s passes in Arabic', async (_name, check) => {
    await check('ar');
  });

  it('back to English', async () => {
    await s.step('switch-en', async () => {
      await visit('/app/dashboards/home', '[data-testid=home-page]');
      await switchLanguage(s.page, 'en');
    });
  });

  it('keyboard only: the skip link reaches the content, a page change focuses the new heading, and a vote is cast', async () => {
    const { page } = s;
    await s.step('skip-link', async () => {
      await visit('/app/dashboards/home', '[data-testid=home-page]');
      await page.keyboard.press('Tab');
      const first = await focused(page);
      expect(first.testId).toBe('skip-link');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => !!document.activeElement?.closest('#main'));
      await s.shot('skip-link-used');
    });
    await s.step('route-change-focus', async () => {
      // the side menu's Meetings link, reached with Tab and followed with Enter
      await tabTo(page, 'the side menu link to the meetings', (f) => f.testId === 'menu-meetings', 60, 'Shift+Tab');
      await page.keyboard.press('Enter');
      await waitForPath(page, '/app/activity/meetings');
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && !!document.activeElement.closest('#main'));
      await s.shot('route-change-focus');
    });
    await s.step('keyboard-vote', async () => {
      await visit(`/app/activity/meetings/${meetingId}`, `[data-testid="open-decision:${decisionId}"]`);
      await tabTo(page, 'the decision on the agenda', (f) => f.testId === `open-decision:${decisionId}`, 80);
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid=decision-vote]', { visible: true });
      await settled(page);
      await tabTo(page, 'the Vote button', (f) => f.testId === 'decision-vote');
      // its focus ring is the brand colour #1d4ed8 behind a white gap (the theme's #bfdbfe read at 1.4:1)
      await new Promise((r) => setTimeout(r, 400)); // the theme's 0.2 s box-shadow transition
      const ring: string = await page.$eval('[data-testid=decision-vote]', (b: any) => document.defaultView.getComputedStyle(b).boxShadow);
      expect(ring).toMatch(/^rgb\(255, 255, 255\) 0px 0px 0px [\d.]+px, rgb\(29, 78, 216\) 0px 0px 0px [\d.]+px/);
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid=vote-dialog]', { visible: true });
      await settled(page);
      // the radio group: Tab into it, then the arrows choose (the first arrow press moves to the second value)
      await tabTo(page, 'the vote values', (f) => f.id.startsWith('vote-') && f.tag === 'INPUT');
      const start = (await focused(page)).id;
      if (start !== 'vote-Approved') throw new Error(`the first vote value focused is ${start}`);
      await page.keyboard.press('Space');
      await page.waitForFunction(() => document.querySelector('#vote-Approved')?.checked === true);
      await s.shot('keyboard-vote-chosen');
      await tabTo(page, 'the Submit button', (f) => f.testId === 'vote-submit');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => !document.querySelector('[data-testid=vote-dialog]'));
      await waitFor('the keyboard vote is recorded', async () => {
        const d = expectOk(await w.chair.c.get(`/decisions/${decisionId}`));
        return d.voters.find((v: any) => v.user_id === w.chair.userId)?.vote === 'Approved' ? d : null;
      }, WAIT_MS);
      await s.shot('keyboard-vote-cast');
    });
  });
});

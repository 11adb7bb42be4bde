/**
 * Journey: the organization's modules and the NDA gate (docs/product/administration.md, docs/meeting.md#the-nda-gate).
 * An organization with the NDA off. Its administrator opens Settings → Organization, finds the module switches (NDA,
 * minutes, compression, signing mode) in English, Arabic (right-to-left) and Russian and on a 390x844 phone, chooses
 * the signing mode 'Placed boxes', and turns the NDA on. A member then opens a meeting of theirs: the modal asks for
 * the agreement, the page behind it shows the title and nothing of the agenda or the participants (the page asked the
 * API for nothing more, and the API refuses the member the agenda item and the participants); Escape
 * leaves for the meetings list. Opened again and accepted, the agenda appears.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { TEST_PASSWORD } from '@app/testing';
import { closeRedis, expectOk, meeting, talkingPoint, world, type World } from '../api/meeting/helpers';
import { dismissToasts, openBrowser, orgUrl, settled, signIn, successToast, waitForPath, waitForText, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the globals they use are named here
declare const document: any;
declare const window: any;

jest.setTimeout(240_000);

const SECRET = 'Confidential acquisition';
const label = (lang: string, key: string): string => JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../web/src/locales/${lang}/organization.json`), 'utf8'))[key];

/** the interface language, as the header's switcher stores it (the theme in local storage), then the page again */
async function useLanguage(page: Page, lang: 'en' | 'ar' | 'ru'): Promise<void> {
  await page.evaluate((l: string) => {
    const t = JSON.parse(window.localStorage.getItem('theme') ?? '{}');
    window.localStorage.setItem('theme', JSON.stringify({ ...t, locale: l, direction: l === 'ar' ? 'rtl' : 'ltr' }));
  }, lang);
  await page.reload();
}

describe('journey: the organization modules and the NDA gate', () => {
  let w: World;
  let meetingId: number;
  let tpId: number;
  let admin: Session;
  let member: Session;

  beforeAll(async () => {
    w = await world();
    meetingId = (await meeting(w, { title: 'Gated journey board' })).id;
    tpId = (await talkingPoint(w, meetingId, { title: SECRET, viewers: [w.m1.userId, w.m2.userId] })).id;
    admin = await openBrowser('nda-admin');
    member = await openBrowser('nda-member');
  });
  afterAll(async () => {
    await admin?.close();
    await member?.close();
    closeRedis();
  });

  it('the administrator finds the module switches (en, ar, ru, phone) and turns the NDA on', async () => {
    const { page } = admin;
    await admin.step('sign-in', () => signIn(page, w.org.slug, w.org.admin.email, w.org.admin.password));
    await admin.step('modules', async () => {
      await page.goto(orgUrl(w.org.slug, '/app/settings/organization/information'));
      await page.waitForSelector('[data-testid=module-nda-switch]', { visible: true });
      for (const k of ['nda', 'mom', 'compress']) expect(await page.$eval(`[data-testid=module-${k}-switch] input`, (i: any) => i.checked)).toBe(false);
      await waitForText(page, '[data-testid=module-approval_mode]', 'Classic');
      await admin.shot('modules-en');
    });
    for (const lang of ['ar', 'ru'] as const) {
      await admin.step(`modules-${lang}`, async () => {
        await useLanguage(page, lang);
        await waitForText(page, '[data-testid=modules-card]', label(lang, 'modules.nda'));
        await waitForText(page, '[data-testid=modules-card]', label(lang, 'modules.approval_mode'));
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await admin.shot(`modules-${lang}`);
      });
    }
    await admin.step('modules-phone', async () => {
      await useLanguage(page, 'en');
      await page.setViewport({ width: 390, height: 844 });
      await page.waitForSelector('[data-testid=module-nda-switch]', { visible: true });
      // every switch and the signing mode inside the screen's width
      const outside = await page.$$eval('[data-testid=modules-card] li, [data-testid=modules-card] .p-selectbutton', (els: any[]) =>
        els.filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 || e.getBoundingClientRect().left < -1).length);
      expect(outside).toBe(0);
      await admin.shot('modules-phone');
      await page.setViewport({ width: 1280, height: 860 });
    });
    await admin.step('signing-mode', async () => {
      // the signing mode is chosen on the screen (issue 25, items 2 and 16: only PUT /api/status set it)
      const option = await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=module-approval_mode-select] .p-button')].find((b: any) => (b.textContent ?? '').trim() === 'Placed boxes') ?? null);
      await (option.asElement() as any).click();
      await successToast(page);
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=module-approval_mode-select] .p-button.p-highlight')].some((b: any) => (b.textContent ?? '').trim() === 'Placed boxes'));
      await dismissToasts(page);
      expect(expectOk(await w.admin.c.get('/status')).approval_mode).toBe('new');
      await admin.shot('signing-mode-new');
    });
    await admin.step('nda-on', async () => {
      await page.waitForSelector('[data-testid=module-nda-switch]', { visible: true });
      await page.click('[data-testid=module-nda-switch]');
      await successToast(page);
      await page.waitForFunction(() => document.querySelector('[data-testid=module-nda-switch] input')?.checked === true);
      await dismissToasts(page);
      // stored: the organization's status says so
      expect(expectOk(await w.admin.c.get('/status')).nda).toBe(1);
      await admin.shot('nda-on');
    });
  });

  it('a member meets the NDA gate: nothing behind the modal, Escape leaves, accepting shows the meeting', async () => {
    const { page } = member;
    const asked: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/') && (u.pathname.split('/').includes(String(meetingId)) || u.searchParams.get('meeting_id') === String(meetingId))) asked.push(`${r.method()} ${u.pathname}`);
    });
    await member.step('sign-in', () => signIn(page, w.org.slug, w.m1.email, TEST_PASSWORD));
    await member.step('gate', async () => {
      await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await page.waitForSelector('[data-testid=nda-modal]', { visible: true });
      await settled(page);
      await page.waitForSelector('[data-testid=meeting-title]', { visible: true });
      const text: string = await page.evaluate(() => document.body.innerText);
      expect(text).toContain('Gated journey board');
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('Mark Member');
      expect(await page.$('[data-testid=agenda-card]')).toBeNull();
      expect(await page.$('[data-testid=minutes-card]')).toBeNull();
      // the page asked for the details only (the preview), nothing of the meeting beyond them
      expect([...new Set(asked)]).toEqual([`GET /api/meetings/${meetingId}`]);
      // and the API answers nothing more to this member before the acceptance: not the agenda item, nor the people
      for (const p of [`/meetings/${meetingId}/talkingpoints/${tpId}`, `/meetings/${meetingId}/members`]) {
        const r = await w.m1.c.get(p);
        expect({ p, status: r.status, code: r.body?.code }).toEqual({ p, status: 409, code: 'NDA_NOT_ACCEPTED' });
      }
      await member.shot('gate');
    });
    await member.step('escape', async () => {
      await page.keyboard.press('Escape');
      await waitForPath(page, '/app/activity/meetings');
      await member.shot('escaped');
    });
    await member.step('accept', async () => {
      await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await page.waitForSelector('[data-testid=nda-accept]', { visible: true });
      await settled(page);
      await page.click('[data-testid=nda-accept]');
      await page.waitForSelector('[data-testid=nda-modal]', { hidden: true });
      await waitForText(page, '[data-testid=agenda-card]', SECRET);
      await member.shot('accepted');
    });
  });
});

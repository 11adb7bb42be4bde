/**
 * Journey: minutes of a meeting archived without a chair (issue 27, docs/minutes.md#who-signs), in a fresh
 * organization. Built through the API: a meeting with a talking point and a conclusion, Live, its minutes PDF made
 * (Done) while nobody was named chair, then Archived (its roles can no longer be named).
 *   1. the owner opens the meeting: the minutes card asks who chaired it and offers the members (the owner
 *      included); axe-core in English and Arabic at 820 px (tablet) and 390 px (phone), nothing wider than the screen;
 *   2. the owner picks Mark Member and sends for approval: the card shows the PDF being made again (the render's
 *      progress), then the minutes in approval, locked, signed by Mark Member; the document sent for signature names
 *      him under Chair (pdftotext, no "Not named"); axe-core again in both languages at both widths.
 */
import type { Page } from 'puppeteer-core';
import { pdfText, TEST_PASSWORD, waitFor } from '@app/testing';
import { closeRedis, expectOk, GATEWAY, meeting, setStatus, talkingPoint, world, type World } from '../api/meeting/helpers';
import { a11y, dismissToasts, openBrowser, orgUrl, settled, signIn, successToast, switchLanguage, textOf, waitForText, VIEWPORT, type Session } from './support';

jest.setTimeout(600_000);

const TITLE = `Archived without a chair ${Date.now() % 1_000_000}`;
const SIZES = [
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function openWorkflow(page: Page, w: World, id: number): Promise<void> {
  await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${id}`));
  await page.waitForSelector('[data-testid=minutes-workflow]', { visible: true });
  await settled(page);
}

const stateIs = (page: Page, state: string) => page.waitForSelector(`[data-testid=minutes-state][data-state=${state}]`, { visible: true, timeout: 30_000 });

/**
 * the meeting page with the minutes card, in English then Arabic, each at the tablet and the phone width: nothing
 * wider than the screen and axe-core clean. The language is chosen at the desktop size (the header's switcher), then
 * the page loads at each size; back to English at the desktop size after.
 */
async function a11yAtSizes(s: Session, w: World, id: number, name: string, ready: string): Promise<void> {
  const { page } = s;
  for (const lang of ['en', 'ar'] as const) {
    await page.setViewport(VIEWPORT);
    await openWorkflow(page, w, id);
    if ((await page.evaluate('document.documentElement.lang')) !== lang) await switchLanguage(page, lang);
    for (const size of SIZES) {
      await s.step(`${name}-${size.name}-${lang}`, async () => {
        await page.setViewport({ width: size.width, height: size.height });
        await openWorkflow(page, w, id);
        await page.waitForSelector(ready, { visible: true });
        // nothing wider than the screen (the elements past its edge are named when something is)
        const wide = (await page.evaluate(`(() => {
          const width = window.innerWidth;
          const past = [...document.querySelectorAll('body *')].map((n) => ({ n, r: n.getBoundingClientRect() })).filter(({ r }) => r.width > 0 && r.right > width + 0.5)
            .slice(-5).map(({ n, r }) => n.tagName + (n.dataset.testid ? '[' + n.dataset.testid + ']' : '') + '.' + String(n.className).slice(0, 60) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
          return { scroll: document.documentElement.scrollWidth, width, past };
        })()`)) as { scroll: number; width: number; past: string[] };
        expect(wide.scroll <= wide.width ? [] : [`${wide.scroll} > ${wide.width}`, ...wide.past]).toEqual([]);
        await page.evaluate('window.scrollTo(0, 0)');
        await a11y(page, `${name} (${size.name})`, s);
      });
    }
  }
  await page.setViewport(VIEWPORT);
  await openWorkflow(page, w, id);
  await switchLanguage(page, 'en');
}

describe('journey: the owner names who chaired an archived meeting and sends its minutes for signature', () => {
  let w: World;
  let meetingId: number;
  let owner: Session;

  beforeAll(async () => {
    w = await world();
    meetingId = (await meeting(w, { title: TITLE })).id;
    const tp = await talkingPoint(w, meetingId, { title: 'Budget' });
    await setStatus(w, meetingId, 2, 3);
    expectOk(await w.chair.c.post(`/meetings/${meetingId}/mom`, { mom_settings: 1 }));
    expectOk(await w.chair.c.post(`/meetings/${meetingId}/mom_conclusion`, { id: meetingId, conclusions: [{ type: 'talking_point', id: tp.id, conclusion: 'The budget was approved.', active: true }] }));
    // the PDF of edition 1, made while nobody was named chair (Done; the minutes journey presses the button)
    expectOk(await w.chair.c.post(`/meetings/${meetingId}/mom_conclusion`, { id: meetingId, isConclusion: true, done: 1, mom_lang: 'en', conclusions: [] }));
    await waitFor('the draft PDF', async () => {
      const s = expectOk(await w.chair.c.get(`/meetings/${meetingId}/minutes`));
      if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
      return s.render?.status === 'done' && s.mom_versions.length === 1 ? s : null;
    }, 180_000, 500);
    await setStatus(w, meetingId, 5);
    owner = await openBrowser('minutes-signer-owner');
    owner.page.setDefaultTimeout(30_000);
    owner.page.setDefaultNavigationTimeout(60_000);
    await owner.step('owner-sign-in', () => signIn(owner.page, w.org.slug, w.chair.email, TEST_PASSWORD));
  });
  afterAll(async () => {
    await owner?.close();
    closeRedis();
  });

  it('the card asks who chaired the archived meeting among its members; axe-core at tablet and phone widths', async () => {
    const { page } = owner;
    await owner.step('choice', async () => {
      await openWorkflow(page, w, meetingId);
      await stateIs(page, 'draft');
      await waitForText(page, '[data-testid=minutes-signer-choose-chair]', 'The meeting is archived without a chair: choose who chaired it');
      const options: string[] = await page.$$eval('[data-testid=minutes-signer-chair] option', (os: any[]) => os.map((o) => o.textContent));
      expect(options[0]).toBe('Choose a member');
      expect(options.slice(1)).toEqual(expect.arrayContaining(['Chair Person', 'Mark Member', 'Mona Member']));
      // nothing chosen: nothing to send
      expect(await page.$eval('[data-testid=minutes-send-approval]', (b: any) => b.disabled)).toBe(true);
      await owner.shot('choice');
    });
    await a11yAtSizes(owner, w, meetingId, 'signer-choice', '[data-testid=minutes-signer-chair]');
  });

  it('the owner picks Mark Member and sends: the PDF is made again, then the approval is under way, signed by him', async () => {
    const { page } = owner;
    await owner.step('send', async () => {
      await openWorkflow(page, w, meetingId);
      await page.select('[data-testid=minutes-signer-chair]', String(w.m2.userId));
      await page.waitForSelector('[data-testid=minutes-send-approval]:not([disabled])', { visible: true });
      await owner.shot('chair-chosen');
      // the render's progress shows from the request's answer (the render is queued then)
      const progress = page.waitForSelector('[data-testid=minutes-progress]', { visible: true, timeout: 15_000 });
      await page.click('[data-testid=minutes-send-approval]');
      expect(await successToast(page)).toContain('Minutes sent for approval');
      await progress;
      await owner.shot('rendering');
      await dismissToasts(page);
      await stateIs(page, 'in_approval');
      await waitForText(page, '[data-testid=minutes-workflow]', 'Signed by: Mark Member');
      await waitForText(page, '[data-testid=minutes-locked]', 'The minutes are locked while they are being signed.');
      // the card follows the render to its end
      await page.waitForSelector('[data-testid=minutes-progress]', { hidden: true, timeout: 120_000 });
      await owner.shot('in-approval');
    });
    const s = await waitFor('the approval', async () => {
      const x = expectOk(await w.chair.c.get(`/meetings/${meetingId}/minutes`));
      if (x.render?.status === 'failed') throw new Error(`render failed: ${x.render.error}`);
      return x.workflow.approval_id ? x : null;
    }, 60_000, 500);
    expect(s.workflow).toMatchObject({ state: 'in_approval', approvers: [{ user_id: w.m2.userId, name: 'Mark Member' }] });
    expect(s.workflow.editions).toEqual([expect.objectContaining({ number: 1, state: 'in_approval', draft_version: 2 })]);
    // the document Mark signs names him under Chair
    const a = expectOk(await w.m2.c.get(`/approvals/${s.workflow.approval_id}`));
    expect(a).toMatchObject({ meeting_id: meetingId, can_sign: true, status: 'pending' });
    const res = await fetch(`${GATEWAY}/api/approvals/${a.id}/signed/${a.documents[0].library_id}`, { headers: { 'x-org': w.org.slug, token: w.chair.token } });
    expect(res.status).toBe(200);
    const text = (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ').replace(/ ?Page \d+ of \d+/g, '');
    expect(text.slice(text.lastIndexOf('Signatures'))).toMatch(/^Signatures Chair Mark Member Signature Date\s*$/);
    expect(text).not.toContain('Not named');

    expect(await textOf(page, '[data-testid=minutes-workflow]')).toContain('Signed by: Mark Member');
    await a11yAtSizes(owner, w, meetingId, 'in-approval', '[data-testid=minutes-locked]');
  });
});

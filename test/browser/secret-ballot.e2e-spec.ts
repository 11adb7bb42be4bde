/**
 * Journey: a secret ballot (issue 28, docs/ballots.md) on the resolutions page, in a fresh organization:
 *   1. the committee admin made a secret resolution for two members; the other member has voted (API);
 *   2. Mona Member opens it: "Secret ballot", who has voted, no tally; she votes Approved and the dialog shows her
 *      receipt once, with the warning and a copy button;
 *   3. voting is ended (API); Mona opens it again: the published list, the hash computed in her browser matching
 *      the published one, and "find my receipt" finds hers with Approved;
 *   4. a secret election (docs/ballots.md#elections; one seat, a member and a free name; the other member has voted):
 *      Mona ticks a candidate in the vote dialog and keeps her receipt; once ended, the results per candidate
 *      (Elected), the list naming the candidates and verified, axe-clean in English and Arabic.
 */
import type { Page } from 'puppeteer-core';
import { closeRedis, expectOk, serverDate, world, type World } from '../api/meeting/helpers';
import { a11y, clickReady, dismissToasts, openBrowser, orgUrl, settled, signIn, successToast, switchLanguage, typeInto, waitForText, type Session } from './support';

declare const document: any;

const TITLE = 'Elect the audit chair';

async function openResolution(page: Page, slug: string, id: number, title = TITLE): Promise<void> {
  await page.goto(orgUrl(slug, '/app/activity/decisions'));
  await page.waitForSelector('[data-testid=resolutions-page]', { visible: true });
  await waitForText(page, '[data-testid=resolutions-table] tbody', title);
  const row = await page.waitForSelector(`[data-testid=resolution-row-${id}]`, { visible: true });
  await row!.click();
  await page.waitForSelector('[data-testid=decision-details]', { visible: true });
}

describe('journey: secret ballot with a receipt', () => {
  let w: World;
  let member: Session;
  let id: number;

  beforeAll(async () => {
    w = await world();
    const d = expectOk(await w.chair.c.post('/singleDecision', { title: TITLE, committee_id: w.committeeId, deadline: serverDate(5), voters: [w.m1.userId, w.m2.userId], ballot: 'secret' }));
    id = d.id;
    expectOk(await w.m2.c.post(`/singleDecision/vote/${id}`, { vote: 'Denied', reason: 'not kept' }));
    member = await openBrowser('secret-ballot-member');
  });
  afterAll(async () => {
    await member?.close();
    closeRedis();
  });

  it('the voter votes, keeps the receipt shown once, and after the close finds it in the verified list', async () => {
    const { page } = member;
    let receipt = '';
    await member.step('open', async () => {
      await signIn(page, w.org.slug, w.m1.email, w.org.admin.password);
      await openResolution(page, w.org.slug, id);
      await waitForText(page, '[data-testid=decision-secret]', 'Secret ballot');
      await waitForText(page, '[data-testid=decision-secret-cast]', '1 of 2 have voted.');
      expect(await page.$('[data-testid=tally]')).toBeNull();
      await member.shot('secret-open');
    });
    await member.step('vote', async () => {
      // the resolution's dialog may still be growing in
      await clickReady(page, '[data-testid=decision-vote]');
      await page.waitForSelector('[data-testid=vote-dialog]', { visible: true });
      await waitForText(page, '[data-testid=vote-secret-note]', 'Secret ballot');
      await page.$eval('label[for=vote-Approved]', (l: any) => l.click());
      await page.waitForFunction(() => document.querySelector('#vote-Approved')?.checked === true);
      await page.$eval('[data-testid=vote-submit]', (b: any) => b.click());
      await successToast(page, 'Your secret vote is cast.');
      await page.waitForSelector('[data-testid=ballot-receipt-code]', { visible: true });
      await waitForText(page, '[data-testid=ballot-receipt-warning]', 'This receipt is shown only once');
      receipt = (await page.$eval('[data-testid=ballot-receipt-code]', (n: any) => n.textContent ?? '')).replace(/\s/g, '');
      expect(receipt).toMatch(/^[A-Z2-7]{32}$/);
      await member.shot('receipt-once');
      await dismissToasts(page);
      await page.click('[data-testid=ballot-receipt-close]');
      await page.waitForFunction(() => !document.querySelector('[data-testid=ballot-receipt]'));
    });
    await member.step('published', async () => {
      expectOk(await w.chair.c.put(`/singleDecision/hide/${id}`, { is_fulfilled: 1 }));
      await openResolution(page, w.org.slug, id);
      await waitForText(page, '[data-testid=ballots-verdict]', 'The hash matches and the list');
      const [published, computed] = await Promise.all([
        page.$eval('[data-testid=ballots-hash]', (n: any) => n.textContent),
        page.$eval('[data-testid=ballots-computed]', (n: any) => n.textContent),
      ]);
      expect(computed).toBe(published);
      expect(computed).toMatch(/^[0-9a-f]{64}$/);
      await typeInto(page, '[data-testid=ballots-find]', receipt.toLowerCase());
      await waitForText(page, '[data-testid=ballots-find-result]', 'Found: your vote was counted as Approved.');
      await member.shot('receipt-found');
    });
  });

  it('a secret election: she chooses a candidate, keeps her receipt, and after the close sees who is elected (axe in English and Arabic)', async () => {
    const { page } = member;
    const title = 'Elect the treasurer';
    const e = expectOk(await w.chair.c.post('/singleDecision', {
      title, committee_id: w.committeeId, deadline: serverDate(4), voters: [w.m1.userId, w.m2.userId], ballot: 'secret',
      election: { seats: 1, candidates: [{ user_id: w.m2.userId }, { name: 'Sara Haddad' }] },
    }));
    expectOk(await w.m2.c.post(`/singleDecision/vote/${e.id}`, { choices: [2] }));
    await member.step('election-vote', async () => {
      await openResolution(page, w.org.slug, e.id, title);
      await waitForText(page, '[data-testid=election-withheld]', 'The results per candidate are shown when voting closes.');
      // the resolution's dialog may still be growing in
      await clickReady(page, '[data-testid=decision-vote]');
      await page.waitForSelector('[data-testid=vote-candidates]', { visible: true });
      await settled(page);
      await waitForText(page, '[data-testid=vote-candidates] legend', 'Choose up to 1 candidates');
      await page.$eval('label[for=vote-candidate-2]', (l: any) => l.click());
      // one seat: the other box is off once one is ticked
      await page.waitForFunction(() => document.querySelector('#vote-candidate-1')?.disabled === true);
      await member.shot('election-vote');
      await page.$eval('[data-testid=vote-submit]', (b: any) => b.click());
      await successToast(page, 'Your secret vote is cast.');
      await page.waitForSelector('[data-testid=ballot-receipt-code]', { visible: true });
      await dismissToasts(page);
      await page.click('[data-testid=ballot-receipt-close]');
      await page.waitForFunction(() => !document.querySelector('[data-testid=ballot-receipt]'));
    });
    await member.step('election-results', async () => {
      expectOk(await w.chair.c.put(`/singleDecision/hide/${e.id}`, { is_fulfilled: 1 }));
      await openResolution(page, w.org.slug, e.id, title);
      await waitForText(page, '[data-testid=election-candidate-2]', 'Elected');
      await waitForText(page, '[data-testid=election-candidate-2]', '2');
      await waitForText(page, '[data-testid=ballots-verdict]', 'The hash matches and the list');
      await waitForText(page, '[data-testid=ballots-table]', 'Sara Haddad');
      await a11y(page, 'election results', member);
    });
    await member.step('election-results-ar', async () => {
      // the header's language switcher is behind the dialog: switch on the list, then open the resolution again
      await page.goto(orgUrl(w.org.slug, '/app/activity/decisions'));
      await page.waitForSelector('[data-testid=resolutions-page]', { visible: true });
      await switchLanguage(page, 'ar');
      await openResolution(page, w.org.slug, e.id, title);
      await waitForText(page, '[data-testid=election-candidate-2]', 'فائز');
      await waitForText(page, '[data-testid=election-result]', 'النتائج');
      await a11y(page, 'election results', member);
      await page.goto(orgUrl(w.org.slug, '/app/activity/decisions'));
      await page.waitForSelector('[data-testid=resolutions-page]', { visible: true });
      await switchLanguage(page, 'en');
    });
  });
});

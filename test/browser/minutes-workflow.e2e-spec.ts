/**
 * Journey: the minutes workflow (issue 27, docs/minutes.md#the-workflow), in a fresh organization, three browsers one
 * after another. A Live meeting with one talking point and a conclusion; Mark Member is the meeting's chair (named
 * through the API: the chair journey covers the roles card); Eddie Editor reads his e-mail in Arabic.
 *   1. the owner's minutes card says who signs (the chair) and sends the draft for review by Mona Member;
 *   2. Mona comments on the talking point's section, and the owner's open page shows it without a reload (the live
 *      channel's `minutes` change); the owner sets the review's deadline on the card, and Mona's open page shows it,
 *      formatted, without a reload; the card with the deadline editor passes axe-core in English and Arabic at 390 px
 *      and 820 px, Mona's in English and Arabic;
 *   3. the owner sees the comment under its section, makes the edition's PDF (Done, through the API: the minutes
 *      journey covers the button) and sends for approval: the card says "Awaiting signatures" and locked;
 *   4. Mark, the chair, signs the approval on its page (the classic signature modal); the owner's open page turns
 *      "Approved" without a reload once the signed PDF is sealed;
 *   5. the owner publishes once the approval is sealed: the newest minutes version is the sealed PDF (pdfsig:
 *      valid), Eddie's e-mail is in Arabic and Mona's in English; the card passes axe-core in English and Arabic;
 *   6. the owner starts a correction: edition 2, a draft, editable, and the history shows every step of both editions.
 */
import type { Page } from 'puppeteer-core';
import { mailsTo, pdfSignature, TEST_PASSWORD, waitFor } from '@app/testing';
import { closeRedis, expectOk, GATEWAY, meeting, setStatus, talkingPoint, world, type World } from '../api/meeting/helpers';
import { a11y, dismissToasts, openBrowser, orgUrl, settled, signIn, successToast, switchLanguage, textOf, VIEWPORT, waitForText, type Session, drawSignature, setDateTime } from './support';

declare const document: any;

/** another person's change shows on an open page by itself (the live channel), within a few seconds: no reload */
async function seenLive(page: Page, selector: string, text: string): Promise<void> {
  await page.waitForFunction(
    (sel: string, t: string) => [...document.querySelectorAll(sel)].find((n: any) => (n.textContent ?? '').includes(t)) ?? null,
    { timeout: 10_000 }, selector, text,
  );
}

jest.setTimeout(600_000);

const TITLE = `Workflow journey ${Date.now() % 1_000_000}`;
const COMMENT = 'Please state the amount approved.';

async function openWorkflow(page: Page, w: World, id: number): Promise<void> {
  await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${id}`));
  await page.waitForSelector('[data-testid=minutes-workflow]', { visible: true });
  await settled(page);
}

const stateIs = (page: Page, state: string) => page.waitForSelector(`[data-testid=minutes-state][data-state=${state}]`, { visible: true, timeout: 30_000 });

/** axe-core on the meeting page with the workflow card, in English then Arabic (back to English after) */
async function a11yBothLanguages(s: Session, name: string): Promise<void> {
  // from the top of the page: scrolled, the sticky header lies over the activity card's "Show all" link, and axe's
  // target-size rule counts a link under it as too small (what the reader sees at the top is what is measured)
  await s.page.evaluate('window.scrollTo(0, 0)');
  await a11y(s.page, name, s);
  await switchLanguage(s.page, 'ar');
  await s.page.waitForSelector('[data-testid=minutes-workflow]', { visible: true });
  await a11y(s.page, name, s);
  await switchLanguage(s.page, 'en');
}

describe('journey: the minutes workflow, from review to a published, signed and corrected edition', () => {
  let w: World;
  let meetingId: number;
  let tpId: number;
  let approvalId: number;
  let owner: Session;
  /** the review deadline as the card and the history print it (set in step 2) */
  let deadlineShown = '';

  beforeAll(async () => {
    w = await world();
    meetingId = (await meeting(w, { title: TITLE })).id;
    tpId = (await talkingPoint(w, meetingId, { title: 'Budget' })).id;
    await setStatus(w, meetingId, 2, 3);
    expectOk(await w.chair.c.post(`/meetings/${meetingId}/mom`, { mom_settings: 1 }));
    expectOk(await w.chair.c.post(`/meetings/${meetingId}/mom_conclusion`, { id: meetingId, conclusions: [{ type: 'talking_point', id: tpId, conclusion: 'The budget was approved.', active: true }] }));
    expectOk(await w.chair.c.post(`/meetings/${meetingId}/roles`, { chair_user_id: w.m2.userId, secretary_user_id: null }));
    expect((await w.editor.c.put('/profile', { name: w.editor.name, email: w.editor.email, phone: '555123', lang: 'ar' })).status).toBe(200);
    owner = await openBrowser('minutes-workflow-owner');
    owner.page.setDefaultTimeout(30_000);
    owner.page.setDefaultNavigationTimeout(60_000);
    await owner.step('owner-sign-in', () => signIn(owner.page, w.org.slug, w.chair.email, TEST_PASSWORD));
  });
  afterAll(async () => {
    await owner?.close();
    closeRedis();
  });

  it('the owner sees who signs and sends the draft for review by one member', async () => {
    const { page } = owner;
    await owner.step('send-review', async () => {
      await openWorkflow(page, w, meetingId);
      await stateIs(page, 'draft');
      expect(await textOf(page, '[data-testid=minutes-signers]')).toContain('Mark Member');
      await page.click(`[data-testid=minutes-reviewer-${w.m1.userId}]`);
      await owner.shot('reviewer-ticked');
      await page.click('[data-testid=minutes-send-review]');
      expect(await successToast(page)).toContain('Minutes sent for review');
      await dismissToasts(page);
      await stateIs(page, 'in_review');
      await waitForText(page, '[data-testid=minutes-workflow]', 'Reviewers: Mona Member');
    });
  });

  it('the reviewer comments on a section and the owner\'s open page shows it; the owner sets the deadline and the reviewer\'s open page shows it; axe-core', async () => {
    const member = await openBrowser('minutes-workflow-reviewer');
    // three days out at 17:00 in the meeting's zone (the test organization is on UTC)
    const day = new Date(Date.now() + 3 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const deadlineInput = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}T17:00`;
    const month = new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' }).format(day);
    deadlineShown = `${pad(day.getUTCDate())} ${month} ${day.getUTCFullYear()} 05:00 PM`;
    const shown = `Review due by ${deadlineShown}`;
    try {
      const { page } = member;
      page.setDefaultTimeout(30_000);
      await owner.step('owner-page-open', () => openWorkflow(owner.page, w, meetingId));
      await member.step('comment', async () => {
        await signIn(page, w.org.slug, w.m1.email, TEST_PASSWORD);
        await openWorkflow(page, w, meetingId);
        await page.waitForSelector('[data-testid=minutes-review-form]', { visible: true });
        expect(await page.$('[data-testid=minutes-review-deadline-edit]')).toBeNull();
        await page.select('[data-testid=minutes-review-section]', `talking_point:${tpId}`);
        await page.type('[data-testid=minutes-review-text]', COMMENT);
        await page.click('[data-testid=minutes-review-submit]');
        expect(await successToast(page)).toContain('Comment added');
        await dismissToasts(page);
        await waitForText(page, `[data-testid=minutes-review-section-talking_point-${tpId}]`, `Mona Member: ${COMMENT}`);
        await member.shot('commented');
      });
      await owner.step('comment-live', async () => {
        await seenLive(owner.page, `[data-testid=minutes-review-section-talking_point-${tpId}]`, `Mona Member: ${COMMENT}`);
        await owner.shot('comment-arrived');
      });
      await owner.step('set-deadline', async () => {
        const o = owner.page;
        await o.waitForSelector('[data-testid=minutes-review-deadline-none]', { visible: true });
        await o.click('[data-testid=minutes-review-deadline-edit]');
        await o.waitForSelector('[data-testid=minutes-review-deadline-new]', { visible: true });
        await setDateTime(o, '[data-testid=minutes-review-deadline-new]', deadlineInput);
        await o.click('[data-testid=minutes-review-deadline-save]');
        expect(await successToast(o)).toContain('Review deadline saved');
        await dismissToasts(o);
        await waitForText(o, '[data-testid=minutes-review-deadline]', shown);
      });
      await member.step('deadline-live', async () => {
        await seenLive(page, '[data-testid=minutes-review-deadline]', shown);
        await member.shot('deadline-arrived');
      });
      await owner.step('a11y-deadline-editor', async () => {
        const o = owner.page;
        await o.click('[data-testid=minutes-review-deadline-edit]');
        await o.waitForSelector('[data-testid=minutes-review-deadline-new]', { visible: true });
        for (const width of [390, 820]) {
          await o.setViewport({ width, height: 844 });
          await a11yBothLanguages(owner, `minutes review deadline editor ${width}`);
          // nothing of the card is wider than the screen
          const over = await o.$eval('[data-testid=minutes-card]', (el: any) => el.scrollWidth - el.clientWidth);
          expect(over).toBeLessThanOrEqual(1);
        }
        await o.setViewport(VIEWPORT);
        await o.click('[data-testid=minutes-review-deadline-cancel]');
      });
      await member.step('a11y', () => a11yBothLanguages(member, 'minutes workflow in review'));
    } finally {
      await member.close();
    }
  });

  it('the owner reads the comment under its section and sends for approval: the chair signs; the minutes are locked', async () => {
    const { page } = owner;
    await owner.step('comment-seen', async () => {
      await openWorkflow(page, w, meetingId);
      await waitForText(page, `[data-testid=minutes-review-section-talking_point-${tpId}]`, 'Budget');
      await waitForText(page, `[data-testid=minutes-review-section-talking_point-${tpId}]`, COMMENT);
    });
    // the PDF of this edition (Done; the minutes journey presses the button)
    expectOk(await w.chair.c.post(`/meetings/${meetingId}/mom_conclusion`, { id: meetingId, isConclusion: true, done: 1, mom_lang: 'en', conclusions: [] }));
    await waitFor('the draft PDF', async () => {
      const s = expectOk(await w.chair.c.get(`/meetings/${meetingId}/minutes`));
      if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
      return s.render?.status === 'done' && s.mom_versions.length === 1 ? s : null;
    }, 180_000, 500);
    await owner.step('send-approval', async () => {
      await openWorkflow(page, w, meetingId);
      await page.click('[data-testid=minutes-send-approval]');
      expect(await successToast(page)).toContain('Minutes sent for approval');
      await dismissToasts(page);
      await stateIs(page, 'in_approval');
      await waitForText(page, '[data-testid=minutes-locked]', 'The minutes are locked while they are being signed.');
      await waitForText(page, '[data-testid=minutes-workflow]', 'Signed by: Mark Member');
      await owner.shot('in-approval');
    });
    const f = expectOk(await w.chair.c.get(`/meetings/${meetingId}/minutes`)).workflow;
    expect(f.approvers).toEqual([{ user_id: w.m2.userId, name: 'Mark Member' }]);
    approvalId = f.approval_id;
  });

  it('the chair signs the approval on its page', async () => {
    const chair = await openBrowser('minutes-workflow-chair');
    try {
      const { page } = chair;
      page.setDefaultTimeout(45_000);
      // the owner's page stays open on the meeting: the approval's outcome reaches it without a reload
      await owner.step('owner-page-open', async () => {
        await openWorkflow(owner.page, w, meetingId);
        await stateIs(owner.page, 'in_approval');
      });
      await chair.step('sign', async () => {
        await signIn(page, w.org.slug, w.m2.email, TEST_PASSWORD);
        await page.goto(orgUrl(w.org.slug, `/app/activity/approval/${approvalId}`));
        await page.waitForSelector('[data-testid=approval-sign]:not([disabled])', { visible: true });
        await page.click('[data-testid=approval-sign]');
        await drawSignature(page);
        await page.waitForSelector('[data-testid=signature-submit]:not([disabled])');
        await page.click('[data-testid=signature-submit]');
        await successToast(page, 'Document signed successfully');
        await chair.shot('signed');
      });
      await owner.step('approved-live', async () => {
        // approved once the signed PDF is sealed (a job), then announced: the bound is the seal's, not the channel's
        await owner.page.waitForSelector('[data-testid=minutes-state][data-state=approved]', { visible: true, timeout: 90_000 });
        await owner.shot('approved-arrived');
      });
    } finally {
      await chair.close();
    }
  });

  it('the owner publishes: the sealed PDF verifies, the members are e-mailed in their language; axe-core in English and Arabic', async () => {
    const { page } = owner;
    // approved once the approval service has sealed the PDF (ApprovalCompleted)
    await waitFor('approved', async () => (expectOk(await w.chair.c.get(`/meetings/${meetingId}/minutes`)).workflow.state === 'approved' ? true : null), 120_000, 500);
    await waitFor('sealed', async () => {
      const a = expectOk(await w.chair.c.get(`/approvals/${approvalId}`));
      return a.status === 'fully signed' && !a.processing && a.versions.some((v: { action: string }) => v.action === 'sealed') ? true : null;
    }, 120_000, 500);
    await owner.step('publish', async () => {
      await openWorkflow(page, w, meetingId);
      await stateIs(page, 'approved');
      await page.click('[data-testid=minutes-publish]');
      expect(await successToast(page)).toContain('Minutes published');
      await dismissToasts(page);
      await stateIs(page, 'published');
      await waitForText(page, '[data-testid=minutes-locked]', 'The published minutes are locked. Start a correction to change them.');
      await owner.shot('published');
    });

    const s = expectOk(await w.chair.c.get(`/meetings/${meetingId}/minutes`));
    const newest = [...s.mom_versions].sort((a: any, b: any) => b.version - a.version)[0];
    expect(newest).toMatchObject({ version: 2, source: 'signed' });
    const res = await fetch(`${GATEWAY}/api/meetings/${meetingId}/mom`, { headers: { 'x-org': w.org.slug, token: w.chair.token } });
    expect(res.status).toBe(200);
    expect((await pdfSignature(Buffer.from(await res.arrayBuffer()))).out).toMatch(/Signature Validation: Signature is Valid\./);

    const mail = (email: string, subject: string) => waitFor(`the e-mail to ${email}`, async () => (await mailsTo(email)).find((x) => x.subject === subject), 60_000, 500);
    await mail(w.editor.email, `تم نشر المحضر: ${TITLE}`);
    await mail(w.m1.email, `Minutes published: ${TITLE}`);

    await owner.step('a11y-published', async () => {
      await page.click('[data-testid=minutes-workflow-history-toggle]');
      await page.waitForSelector('[data-testid=minutes-workflow-history]', { visible: true });
      await a11yBothLanguages(owner, 'minutes workflow published');
    });
  });

  it('a correction is edition 2, a draft, through the same steps; the history shows both editions', async () => {
    const { page } = owner;
    await owner.step('correct', async () => {
      await openWorkflow(page, w, meetingId);
      await page.click('[data-testid=minutes-correct]');
      expect(await successToast(page)).toContain('A correction of the minutes was started');
      await dismissToasts(page);
      await stateIs(page, 'draft');
      await waitForText(page, '[data-testid=minutes-workflow]', 'Edition 2');
      expect(await page.$('[data-testid=minutes-locked]')).toBeNull();
      await page.waitForSelector('[data-testid=minutes-send-review]', { visible: true });
      await page.click('[data-testid=minutes-workflow-history-toggle]');
      await page.waitForSelector('[data-testid=minutes-workflow-history]', { visible: true });
      const lines = await page.$$eval('[data-testid=minutes-workflow-history] li', (n: any[]) => n.map((li) => (li.textContent ?? '').replace(/\d{4}-\d{2}-\d{2} - \d{2}:\d{2} (AM|PM)$/, '')));
      expect(lines).toEqual([
        'Edition 1Draft startedChair Person',
        'Edition 1Sent for reviewChair PersonMona Member',
        'Edition 1CommentedMona MemberBudget',
        `Edition 1Review deadline changedChair Person${deadlineShown}`,
        'Edition 1Sent for approvalChair PersonMark Member',
        'Edition 1ApprovedMark Member',
        'Edition 1PublishedChair Person',
        'Edition 2Correction startedChair Person',
      ]);
      await owner.shot('correction-history');
    });
    expect(expectOk(await w.chair.c.get(`/meetings/${meetingId}/minutes`)).workflow.editions.map((e: any) => [e.number, e.state])).toEqual([[1, 'published'], [2, 'draft']]);
  });
});

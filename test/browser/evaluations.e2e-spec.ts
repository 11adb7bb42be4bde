/**
 * Journey: evaluations (issue 28, docs/evaluations.md), in a fresh organization:
 *   1. the organization's administrator builds an anonymous questionnaire in the builder (a 1-5 scale and a one-choice
 *      question, texts in English and Arabic), saves it and sends it to the committee with a deadline; the builder
 *      passes axe-core in English and Arabic;
 *   2. three members answer on the answer page: two in English, one in Arabic (she reads the Arabic texts); the answer
 *      page passes axe-core in Arabic;
 *   3. the administrator opens the results: before the third answer the page says the results wait for 3 answers;
 *      after it, each question shows its distribution as bars with their counts as text, and the scale's average; the
 *      page passes axe-core in English and Arabic and fits a 390x844 phone;
 *   4. the administrator exports the results as a PDF (the job's stage and percent, then a link to the file in S3)
 *      and closes the round before its deadline; the page says when; axe-core in English and Arabic.
 */
import { closeRedis, expectOk, world, type Person, type World } from '../api/meeting/helpers';
import { a11y, dismissToasts, openBrowser, orgUrl, chooseIn, settled, signIn, successToast, switchLanguage, typeInto, VIEWPORT, waitForText, type Session, setDateTime } from './support';

declare const document: any;
declare const window: any;

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DDTHH:mm' a week from now (the test organization is on UTC) */
function nextWeek(): string {
  const d = new Date(Date.now() + 7 * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T10:00`;
}

describe('journey: a questionnaire built, sent, answered in two languages, and its results', () => {
  let w: World;
  let admin: Session;
  let roundId: number;
  const title = `Board self-evaluation ${Date.now() % 100000}`;

  beforeAll(async () => {
    w = await world();
    admin = await openBrowser('evaluations-admin');
  });
  afterAll(async () => {
    await admin?.close();
    closeRedis();
  });

  it('the administrator builds the questionnaire in English and Arabic and sends it to the committee', async () => {
    const { page } = admin;
    await admin.step('build', async () => {
      await signIn(page, w.org.slug, w.admin.email, w.org.admin.password);
      await page.goto(orgUrl(w.org.slug, '/app/activity/evaluations/questionnaires/new'));
      await page.waitForSelector('[data-testid=questionnaire-page]', { visible: true });
      await typeInto(page, '[data-testid=eval-title]', title);
      await typeInto(page, '[data-testid=eval-s0-title]', 'The board');
      await typeInto(page, '[data-testid=eval-s0-q0-text]', 'How well does the board work?');
      await page.click('[data-testid=eval-s0-add-question]');
      await page.waitForSelector('[data-testid=eval-s0-q1]', { visible: true });
      await chooseIn(page, 'eval-s0-q1-kind', 'One choice');
      await page.waitForSelector('[data-testid=eval-s0-q1-o1]', { visible: true });
      await typeInto(page, '[data-testid=eval-s0-q1-text]', 'Meetings are');
      await typeInto(page, '[data-testid=eval-s0-q1-o0]', 'too short');
      await typeInto(page, '[data-testid=eval-s0-q1-o1]', 'about right');
      await a11y(page, 'questionnaire builder', admin);
    });
    await admin.step('arabic-texts', async () => {
      // the texts in Arabic: one language at a time
      await page.$$eval('[data-testid=eval-lang] .p-button', (bs: any[]) => bs.find((b) => (b.textContent ?? '').trim() === 'Arabic').click());
      await page.waitForFunction(() => document.querySelector('[data-testid=eval-title]')?.value === '');
      await typeInto(page, '[data-testid=eval-title]', 'التقييم الذاتي للمجلس');
      await typeInto(page, '[data-testid=eval-s0-q0-text]', 'ما مدى جودة عمل المجلس؟');
      await typeInto(page, '[data-testid=eval-s0-q1-text]', 'الاجتماعات');
      await typeInto(page, '[data-testid=eval-s0-q1-o0]', 'قصيرة جدًا');
      await typeInto(page, '[data-testid=eval-s0-q1-o1]', 'مناسبة');
      await page.click('[data-testid=eval-save]');
      await successToast(page);
      await page.waitForFunction(() => /\/questionnaires\/\d+$/.test(window.location.pathname));
      await dismissToasts(page);
    });
    await admin.step('builder-arabic', async () => {
      await switchLanguage(page, 'ar');
      await a11y(page, 'questionnaire builder', admin);
      await switchLanguage(page, 'en');
    });
    await admin.step('send', async () => {
      const committee = expectOk(await w.admin.c.get('/evaluations/questionnaires')).committees.find((c: any) => c.id === w.committeeId);
      // the committees come with the questionnaires' list, after the page; Send sends the committee the field shows
      await chooseIn(page, 'eval-committee', committee.name);
      await setDateTime(page, '[data-testid=eval-deadline]', nextWeek());
      // the reminders: 3 days and 1 day are ticked; 1 hour is added
      expect(await page.$$eval('[data-testid=eval-reminders] input[type=checkbox]', (bs: any[]) => bs.map((b) => b.checked))).toEqual([false, true, true, false]);
      await page.click('[data-testid=eval-reminder-60]');
      await page.click('[data-testid=eval-send]');
      await successToast(page);
      await waitForText(page, '[data-testid=eval-rounds]', '0 of 4 answered');
      await admin.shot('sent');
      await dismissToasts(page);
    });
    const qs = expectOk(await w.admin.c.get('/evaluations/questionnaires'));
    const q = qs.items.find((x: any) => x.title.en === title);
    expect(q).toMatchObject({ anonymous: true, title: { en: title, ar: 'التقييم الذاتي للمجلس' } });
    expect(q.rounds).toHaveLength(1);
    expect(q.rounds[0].reminder_minutes).toEqual([4320, 1440, 60]);
    roundId = q.rounds[0].id;
    const round = expectOk(await w.m1.c.get(`/evaluations/rounds/${roundId}`));
    expect(round.sections[0].questions.map((x: any) => [x.kind, x.text])).toEqual([
      ['scale', { en: 'How well does the board work?', ar: 'ما مدى جودة عمل المجلس؟' }],
      ['single', { en: 'Meetings are', ar: 'الاجتماعات' }],
    ]);
  });

  /** a member answers on the answer page: the scale's value and the option's id */
  async function answer(who: Person, journey: string, scale: number, option: 'o1' | 'o2', lang: 'en' | 'ar'): Promise<void> {
    const s = await openBrowser(journey);
    try {
      const { page } = s;
      await s.step('open', async () => {
        await signIn(page, w.org.slug, who.email, w.org.admin.password);
        await page.goto(orgUrl(w.org.slug, `/app/activity/evaluations/rounds/${roundId}`));
        await page.waitForSelector('[data-testid=eval-submit]', { visible: true });
        await settled(page);
        if (lang === 'ar') {
          await switchLanguage(page, 'ar');
          await waitForText(page, '[data-testid=eval-answer-page]', 'ما مدى جودة عمل المجلس؟');
          await waitForText(page, '[data-testid=eval-answer-page]', 'مناسبة');
          expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
          await a11y(page, 'answer page', s);
        }
      });
      await s.step('answer', async () => {
        await page.click(`[data-testid=eval-q1-${scale}]`);
        await page.click(`[data-testid=eval-q2-${option}]`);
        await page.click('[data-testid=eval-submit]');
        await page.waitForSelector('[data-testid=eval-answered]', { visible: true });
        await s.shot('answered');
      });
    } finally {
      await s.close();
    }
  }

  it('three members answer: two in English, one in Arabic; the results wait for the third', async () => {
    await answer(w.m1, 'evaluations-m1', 4, 'o2', 'en');
    await answer(w.m2, 'evaluations-m2-ar', 5, 'o2', 'ar');
    const { page } = admin;
    await admin.step('waiting', async () => {
      await page.goto(orgUrl(w.org.slug, `/app/activity/evaluations/rounds/${roundId}/results`));
      await page.waitForSelector('[data-testid=eval-results-waiting]', { visible: true });
      await waitForText(page, '[data-testid=eval-results-waiting]', 'Results appear once 3 members have answered.');
      expect(await page.$('[data-testid^=eval-chart-]')).toBeNull();
    });
    await answer(w.editor, 'evaluations-editor', 2, 'o1', 'en');
  });

  it('the results show each distribution as bars with their counts, and the average (axe-clean in en and ar, on a phone)', async () => {
    const { page } = admin;
    await admin.step('results', async () => {
      await page.reload();
      await page.waitForSelector('[data-testid=eval-chart-q1]', { visible: true });
      await waitForText(page, '[data-testid=eval-results-count]', '3 of 4 members have answered');
      await waitForText(page, '[data-testid=eval-avg-q1]', 'Average 3.67');
      // the counts are text beside the bars (the SVG is decoration, hidden from assistive technology)
      const counts = await page.$$eval('[data-testid=eval-chart-q1] .eval-chart__count', (ns: any[]) => ns.map((n) => n.textContent.trim()));
      expect(counts).toEqual(['0 (0%)', '1 (33%)', '0 (0%)', '1 (33%)', '1 (33%)']);
      const choice = await page.$$eval('[data-testid=eval-chart-q2] .eval-chart__row', (ns: any[]) => ns.map((n) => n.textContent.replace(/\s+/g, ' ').trim()));
      expect(choice).toEqual(['too short1 (33%)', 'about right2 (67%)']);
      expect(await page.$$eval('[data-testid=eval-chart-q1] svg', (ns: any[]) => ns.every((n) => n.getAttribute('aria-hidden') === 'true'))).toBe(true);
      // an anonymous round names who has answered, never what
      expect(await page.$('[data-testid=eval-responses]')).toBeNull();
      await a11y(page, 'results', admin);
    });
    await admin.step('results-arabic', async () => {
      await switchLanguage(page, 'ar');
      await waitForText(page, '[data-testid=eval-results-page]', 'ما مدى جودة عمل المجلس؟');
      await waitForText(page, '[data-testid=eval-chart-q2]', 'مناسبة');
      await a11y(page, 'results', admin);
    });
    await admin.step('results-phone', async () => {
      await page.setViewport({ width: 390, height: 844 });
      await page.reload();
      await page.waitForSelector('[data-testid=eval-chart-q1]', { visible: true });
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      const box = await page.$eval('[data-testid=eval-chart-q1]', (n: any) => { const r = n.getBoundingClientRect(); return { left: r.left, right: r.right }; });
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(391);
      await admin.shot('results-phone-ar');
      await switchLanguage(page, 'en');
      await page.setViewport(VIEWPORT);
    });
    const r = expectOk(await w.admin.c.get(`/evaluations/rounds/${roundId}/results`));
    expect(r).toMatchObject({ available: true, responses: [] });
  });

  it('the administrator exports the PDF and closes the round early (axe-clean in en and ar)', async () => {
    const { page } = admin;
    await admin.step('results-pdf', async () => {
      await page.reload();
      await page.waitForSelector('[data-testid=eval-pdf-button]', { visible: true });
      await page.click('[data-testid=eval-pdf-button]');
      await page.waitForSelector('[data-testid=eval-pdf-link]', { visible: true, timeout: 90_000 });
      const href: string = await page.$eval('[data-testid=eval-pdf-link]', (n: any) => n.getAttribute('href'));
      expect(href).toMatch(/X-Amz-Signature=/);
      const res = await fetch(href);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/pdf');
      await successToast(page, 'PDF generated successfully');
      await a11y(page, 'results-pdf', admin);
    });
    await admin.step('results-close', async () => {
      await dismissToasts(page);
      await page.click('[data-testid=eval-close]');
      await page.waitForSelector('.p-confirm-dialog-accept', { visible: true });
      await a11y(page, 'results-close-confirm', admin);
      await page.click('.p-confirm-dialog-accept');
      await page.waitForSelector('[data-testid=eval-closed-early]', { visible: true });
      expect(await page.$('[data-testid=eval-close]')).toBeNull();
      // the "Done" toast lies over the header's language switcher
      await successToast(page);
      await dismissToasts(page);
      await switchLanguage(page, 'ar');
      await waitForText(page, '[data-testid=eval-closed-early]', 'قبل موعده النهائي');
      await a11y(page, 'results-closed', admin);
      await switchLanguage(page, 'en');
    });
    expect(expectOk(await w.admin.c.get(`/evaluations/rounds/${roundId}`))).toMatchObject({ open: false, can_close: false });
  });
});

/**
 * Journey: the header's search box (docs/search.md). In a fresh organization the administrator makes a meeting
 * titled in Arabic with hamza-alef and adds a member; the member signs in, types the bare-alef spelling in the
 * header, sees the meeting in the Meetings group with the match marked (axe-clean), and opens it. Then a word on
 * page 2 of a PDF in the member's library: the result says "page 2" and that its text is searchable (axe-clean in
 * English and Arabic), and the viewer opens on page 2 (docs/search.md#text-inside-files); the library's details drawer
 * says the same of the file (axe-clean in both). Then a word of the live meeting's minutes and of a committee
 * resolution: both groups (axe-clean in English and Arabic); the resolution opens in its dialog on the resolutions
 * page (docs/search.md#minutes, #resolutions).
 */
import { randomBytes } from 'node:crypto';
import { api, createTestCommittee, createTestOrg, createTestUser, login, pdfWithPages, waitFor, type ApiAnswer, type TestOrg } from '@app/testing';
import { GATEWAY, a11y, env, openBrowser, orgUrl, signIn, switchLanguage, typeInto, waitForPath, type Session } from './support';

// the browser's document inside page functions (the tests' types have no DOM globals)
declare const document: any;

const tag = randomBytes(4).toString('hex');
const TITLE = `اجتماع أحمد ${tag}`;

const pad = (n: number) => String(n).padStart(2, '0');
function formDate(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} 10:00 AM`;
}
function data(r: ApiAnswer, what: string): any {
  if (r.status !== 200) throw new Error(`${what}: expected 200, got ${r.status}: ${JSON.stringify(r.body).slice(0, 600)}`);
  return r.body.data;
}

describe('journey: search from the header and open a result', () => {
  let s: Session;
  let org: TestOrg;
  let member: { userId: number; email: string; password: string };
  let meetingId: number;
  let fileId: number;
  let resolutionId: number;

  beforeAll(async () => {
    org = await createTestOrg(env.NATS_URL);
    member = await createTestUser(env.NATS_URL, org.orgId, { name: `Member ${tag}` });
    const committeeId = await createTestCommittee(env.NATS_URL, org.orgId, { admins: [org.admin.email], members: [member.email] });
    const token = await login(GATEWAY, org.slug, org.admin.email, org.admin.password);
    const c = api(GATEWAY, { org: org.slug, token });
    meetingId = data(await c.post('/meetings', { title: TITLE, committee_id: committeeId, start_date: formDate(3), duration: 60, location: 'Board room' }), 'create meeting').id;
    data(await c.post(`/meetings/${meetingId}/members`, { user_id: [member.userId] }), 'add member');
    // the meeting goes live (an agenda item first) and its minutes get a conclusion with a word of this run
    const tp = data(await c.post(`/meetings/${meetingId}/talkingpoints`, { title: 'Budget', viewers: [member.userId], presenters: [org.admin.userId], duration: 30 }), 'talking point');
    for (const status of [2, 3]) data(await c.post(`/meetings/${meetingId}/changestatus`, { meeting_status_id: status, reason: `to ${status}` }), `status ${status}`);
    data(await c.post(`/meetings/${meetingId}/mom_conclusion`, { isConclusion: true, conclusions: [{ type: 'talking_point', id: tp.id, conclusion: `The board approved minutesword${tag} for the year.`, active: true, comment: [] }] }), 'conclusion');
    // a resolution of the committee (no meeting) the member may see
    resolutionId = data(await c.post('/singleDecision', { title: `Hire an auditor minutesword${tag}`, committee_id: committeeId, deadline: `${formDate(5).slice(0, 10)} 10:00:00`, voters: [member.userId] }), 'resolution').id;
    // a PDF in the member's own library whose word is on page 2 only, its text read by the library's job
    const mc = api(GATEWAY, { org: org.slug, token: await login(GATEWAY, org.slug, member.email, member.password) });
    const pdf = await pdfWithPages([['Cover page'], ['Budget annex', `quorumword${tag} applies`], ['Back page']]);
    fileId = data(await mc.upload('/library', {}, { file: { name: `Pack ${tag}.pdf`, type: 'application/pdf', data: pdf } }), 'upload').id;
    await waitFor('the PDF\'s text', async () => data(await mc.get(`/library/fetch/${fileId}`), 'fetch').text_index.status === 'done', 60_000, 500);
    s = await openBrowser('search');
    await s.step('sign-in', () => signIn(s.page, org.slug, member.email, member.password));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('finds the meeting by the bare-alef spelling and opens it', async () => {
    const { page } = s;
    await s.step('search', async () => {
      await page.goto(orgUrl(org.slug, '/app/dashboards/home'));
      await page.waitForSelector('[data-testid=header-search-input]', { visible: true });
      await typeInto(page, '[data-testid=header-search-input]', `احمد ${tag}`);
      await page.keyboard.press('Enter');
      await waitForPath(page, '/app/search');
      await page.waitForSelector(`[data-testid=search-result-meeting-${meetingId}]`, { visible: true });
      await s.shot('results');
    });
    const marked = await page.$eval(`[data-testid=search-result-meeting-${meetingId}] mark`, (n) => n.textContent ?? '');
    expect(marked).toBe(`أحمد ${tag}`);
    await a11y(page, 'search results', s);

    await s.step('open', async () => {
      await page.click(`[data-testid=search-open-meeting-${meetingId}]`);
      await waitForPath(page, `/app/activity/meetings/${meetingId}`);
      await s.shot('meeting');
    });
  });

  it('finds a word inside a PDF with its page, and the viewer opens on that page', async () => {
    const { page } = s;
    await s.step('search content', async () => {
      await page.goto(orgUrl(org.slug, `/app/search?q=quorumword${tag}`));
      await page.waitForSelector(`[data-testid=search-result-file-${fileId}]`, { visible: true });
      await s.shot('file-result');
    });
    expect(await page.$eval(`[data-testid=search-result-file-${fileId}] mark`, (n) => n.textContent ?? '')).toBe(`quorumword${tag}`);
    expect(await page.$eval(`[data-testid=search-page-file-${fileId}]`, (n) => n.textContent ?? '')).toBe('page 2');
    expect(await page.$eval(`[data-testid=search-text-index-${fileId}]`, (n) => n.textContent?.trim() ?? '')).toBe('Text searchable (3 pages)');
    await a11y(page, 'search results with a page', s);
    await switchLanguage(page, 'ar');
    await page.waitForFunction((id: number) => document.querySelector(`[data-testid=search-page-file-${id}]`)?.textContent === 'صفحة 2', { timeout: 15_000 }, fileId);
    await a11y(page, 'search results with a page (ar)', s);
    await switchLanguage(page, 'en');

    await s.step('open at the page', async () => {
      await page.waitForSelector(`[data-testid=search-open-file-${fileId}]`, { visible: true });
      await page.click(`[data-testid=search-open-file-${fileId}]`);
      await waitForPath(page, '/doc-view');
      await page.waitForSelector('[data-testid=pdf-viewer][data-page="2"][data-pages="3"]', { timeout: 30_000 });
      await page.waitForSelector('[data-testid=pdf-viewer][data-rendered="2"]', { timeout: 30_000 });
      await s.shot('viewer-page-2');
    });
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await page.$eval('[data-testid=pdf-jump]', (n: any) => n.value)).toBe('2');
  });

  it('the library\'s details drawer says the file\'s text is searchable', async () => {
    const { page } = s;
    const details = `[data-testid=library-row][data-name="Pack ${tag}.pdf"] [data-testid=library-details]`;
    await s.step('details', async () => {
      await page.goto(orgUrl(org.slug, '/app/activity/library'));
      await page.waitForSelector(details, { visible: true });
      await page.click(details);
      await page.waitForSelector('[data-testid=details-text-index]', { visible: true });
      await s.shot('details-text');
    });
    expect(await page.$eval('[data-testid=details-text-index]', (n) => n.getAttribute('data-state'))).toBe('done');
    await a11y(page, 'library details with the text state', s);
    // the drawer is modal (its mask covers the header): closed to switch the language, then opened again
    const reopen = async () => {
      await page.waitForSelector(details, { visible: true });
      await page.click(details);
      await page.waitForSelector('[data-testid=details-text-index]', { visible: true });
    };
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=details-drawer]', { hidden: true });
    await switchLanguage(page, 'ar');
    await reopen();
    await a11y(page, 'library details with the text state (ar)', s);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=details-drawer]', { hidden: true });
    await switchLanguage(page, 'en');
  });

  it('finds the minutes and a committee resolution, and opens the resolution', async () => {
    const { page } = s;
    await s.step('search minutes and resolutions', async () => {
      await page.goto(orgUrl(org.slug, `/app/search?q=minutesword${tag}`));
      await page.waitForSelector(`[data-testid=search-result-minutes-${meetingId}]`, { visible: true });
      await page.waitForSelector(`[data-testid=search-result-resolution-${resolutionId}]`, { visible: true });
      await s.shot('minutes-and-resolutions');
    });
    expect(await page.$eval(`[data-testid=search-open-minutes-${meetingId}]`, (n) => n.textContent ?? '')).toBe('Minutes: Budget');
    expect(await page.$eval(`[data-testid=search-result-minutes-${meetingId}] mark`, (n) => n.textContent ?? '')).toBe(`minutesword${tag}`);
    expect(await page.$('[data-testid=search-missing]')).toBeNull();
    await a11y(page, 'search results: minutes and resolutions', s);
    await switchLanguage(page, 'ar');
    await page.waitForFunction((id: number) => (document.querySelector(`[data-testid=search-open-minutes-${id}]`)?.textContent ?? '').startsWith('المحضر'), { timeout: 15_000 }, meetingId);
    await a11y(page, 'search results: minutes and resolutions (ar)', s);
    await switchLanguage(page, 'en');

    await s.step('open the resolution', async () => {
      await page.waitForSelector(`[data-testid=search-open-resolution-${resolutionId}]`, { visible: true });
      await page.click(`[data-testid=search-open-resolution-${resolutionId}]`);
      await waitForPath(page, '/app/activity/decisions');
      await page.waitForSelector('[data-testid=resolution-dialog]', { visible: true });
      await s.shot('resolution-open');
    });
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(resolutionId));
    await a11y(page, 'resolution opened from the search', s);
  });
});

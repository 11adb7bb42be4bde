/**
 * The resolution report (docs/minutes.md#the-resolution-report): POST /api/decisions/{id}/report starts a job
 * that goes through the spec's stages (initializing, processing attachments, preparing content, generating,
 * finalizing); GET /api/resolution_reports/{id} follows it; .../download answers an A4 portrait PDF of the
 * resolution with its attachments, named after the title with underscores. A report is its requester's only.
 */
import { PDFDocument } from 'pdf-lib';
import { pdfFile, pdfText, waitFor } from '@app/testing';
import { closeRedis, expectOk, GATEWAY, libraryFile, meeting, serverDate, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(240_000);

let w: World;
let resolution: any;
let decision: any;
const deadline = serverDate(5);

beforeAll(async () => {
  w = await world();
  const annex = await libraryFile(w.chair.c, 'annex.pdf', await pdfFile(3, 'annex'));
  resolution = expectOk(await w.chair.c.post('/singleDecision', {
    title: 'Hire an external auditor', description: 'The committee hires an auditor for the 2027 accounts.', committee_id: w.committeeId,
    deadline, voters: [w.m1.userId, w.m2.userId], attachments: [annex],
  }));
  expectOk(await w.m1.c.post(`/singleDecision/vote/${resolution.id}`, { vote: 'Approved', reason: 'Needed' }));
  const m = await meeting(w, { title: 'Report meeting' });
  decision = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Approve the budget', deadline: serverDate(10), voters: [w.m1.userId] }));
});
afterAll(() => closeRedis());

const start = (p: Person, id: number) => p.c.post(`/decisions/${id}/report`, {});
async function finished(p: Person, reportId: number, seen?: Set<string>): Promise<any> {
  return waitFor(
    'resolution report',
    async () => {
      const s = expectOk(await p.c.get(`/resolution_reports/${reportId}`));
      seen?.add(s.stage);
      if (s.status === 'failed') throw new Error(`report failed: ${s.error}`);
      return s.status === 'done' ? s : null;
    },
    150_000,
    50,
  );
}
async function bytesOf(p: Person, path: string, org = w.org.slug): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await fetch(`${GATEWAY}${path}`, { headers: { 'x-org': org, token: p.token } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

describe('POST /api/decisions/{id}/report', () => {
  it('starts the job, which goes through the stages to an A4 portrait PDF with the content and the attachments', async () => {
    const first = expectOk(await start(w.m1, resolution.id));
    expect(first).toMatchObject({ decision_id: resolution.id, title: 'Hire an external auditor', status: 'queued', stage: 'initializing', progress: 0, pages: null, file_name: 'Hire_an_external_auditor.pdf', error: null });
    const seen = new Set<string>([first.stage]);
    const s = await finished(w.m1, first.id, seen);
    expect(s).toMatchObject({ status: 'done', stage: 'finalizing', progress: 100, pages: expect.any(Number) });
    // polled every 50 ms: the stages are seen in order (a fast one may pass between two polls)
    const order = ['initializing', 'processing attachments', 'preparing content', 'generating', 'finalizing'];
    expect([...seen].every((x) => order.includes(x))).toBe(true);
    expect([...seen].map((x) => order.indexOf(x))).toEqual([...seen].map((x) => order.indexOf(x)).sort((a, b) => a - b));
    expect(seen.size).toBeGreaterThanOrEqual(2);

    const d = await bytesOf(w.m1, `/api/resolution_reports/${first.id}/download`);
    expect(d.status).toBe(200);
    expect(d.headers.get('content-type')).toBe('application/pdf');
    expect(d.headers.get('content-disposition')).toContain('Hire_an_external_auditor.pdf');
    const doc = await PDFDocument.load(d.bytes);
    expect(doc.getPageCount()).toBe(s.pages);
    expect(s.pages).toBeGreaterThanOrEqual(1 + 3);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const text = await pdfText(d.bytes);
    for (const words of ['Hire an external auditor', 'Resolution report', 'The committee hires an auditor', 'Mona Member', 'Needed', 'annex.pdf']) expect(text).toContain(words);
    // its dates as the minutes print them (docs/minutes.md#dates-in-the-minutes-language): the deadline's day in English,
    // 12-hour, the organization's zone after it; no date left in the server's format
    const flat = text.replace(/\s+/g, ' ');
    const [y, mo, day] = deadline.slice(0, 10).split('-').map(Number);
    const month = new Date(Date.UTC(y, mo - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
    expect(flat).toMatch(new RegExp(`\\b${day} ${month} ${y}, 10:00 AM \\((?:[\\w/+-]+, )?GMT[+-]\\d`));
    expect(flat).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("a meeting's decision too; each start is a new report", async () => {
    const a = expectOk(await start(w.chair, decision.id));
    const b = expectOk(await start(w.chair, decision.id));
    expect(b.id).not.toBe(a.id);
    const s = await finished(w.chair, a.id);
    expect(s.file_name).toBe('Approve_the_budget.pdf');
    const d = await bytesOf(w.chair, `/api/resolution_reports/${a.id}/download`);
    const text = await pdfText(d.bytes);
    expect(text).toContain('Approve the budget');
    // the meeting is named by its title, not its number
    expect(text).toContain('Report meeting');
    expect(text).not.toContain(`#${decision.meeting_id}`);
    await finished(w.chair, b.id);
  });

  it('a member who voted exports an ended decision: the outcome, and no OPEN beside it', async () => {
    expectOk(await w.m1.c.post(`/decisions/${decision.id}/vote/change`, { vote: 'Approved' }));
    expectOk(await w.chair.c.post(`/decisions/${decision.id}/fulfill`, { is_fulfilled: 1 }));
    const r = expectOk(await start(w.m1, decision.id));
    await finished(w.m1, r.id);
    const d = await bytesOf(w.m1, `/api/resolution_reports/${r.id}/download`);
    expect(d.status).toBe(200);
    const text = (await pdfText(d.bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('Passed');
    expect(text).toContain('Report meeting');
    expect(text).not.toMatch(/\bOPEN\b/);
    expect(text).toContain('DUE');
  });

  it('refusals: bad ids 409, unknown 404, who may not see the resolution 404, another user\'s or organization\'s report 404, no session 401', async () => {
    const mine = expectOk(await start(w.m1, resolution.id));
    const other = await world();
    for (const bad of ['abc', '0', '-1', '1.5']) {
      expect((await w.m1.c.post(`/decisions/${bad}/report`, {})).status).toBe(409);
      expect((await w.m1.c.get(`/resolution_reports/${bad}`)).status).toBe(409);
    }
    expect((await start(w.m1, 2147483000)).status).toBe(404);
    expect((await start(w.outsider, resolution.id)).status).toBe(404);
    expect((await start(other.admin, resolution.id)).status).toBe(404);
    expect((await w.m2.c.get(`/resolution_reports/${mine.id}`)).status).toBe(404);
    expect((await other.admin.c.get(`/resolution_reports/${mine.id}`)).status).toBe(404);
    expect((await bytesOf(other.admin, `/api/resolution_reports/${mine.id}/download`, other.org.slug)).status).toBe(404);
    expect((await bytesOf(w.m2, `/api/resolution_reports/${mine.id}/download`)).status).toBe(404);
    expect((await w.anon.post(`/decisions/${resolution.id}/report`, {})).status).toBe(401);
    expect((await w.m1.c.get('/resolution_reports/2147483000')).status).toBe(404);
    await finished(w.m1, mine.id);
    expect((await bytesOf(w.m1, `/api/resolution_reports/${mine.id}/download`)).status).toBe(200);
  });
});

/**
 * What changed in the board book (GET /api/meetings/{id}/book/changes, POST /api/meetings/{id}/book/opened,
 * docs/minutes.md#what-changed-in-the-book) and the summary following a new version (docs/book-summary.md#a-new-version).
 * A book of three items is published; one attachment gets a new version; the book is made again by the event:
 * exactly that item is changed, for the reader who opened the first book and for the one who never did; the summary
 * is made again and its citations point at the new version's pages (read with pdftotext from the new version and
 * from the new book), the unchanged items' sentences kept. While the old summary shows, it cites nothing of the old
 * version.
 */
import { api, pdfText, pdfWithPages, waitFor } from '@app/testing';
import { closeRedis, expectOk, GATEWAY, libraryFile, MeetingEvents, meeting, setStatus, talkingPoint, tokenOf, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(400_000);

let w: World;
let m: any;
const docs: { id: number; name: string; bytes: Buffer }[] = [];
let first: any;
let firstSummary: any;

const BUDGET = [['Annual budget 2027.', 'The committee reviewed the annual budget', 'for the new headquarters building.', 'The finance team proposed a reserve', 'of ten percent for unexpected costs.']];
const AUDIT = [['External audit report.', 'The auditors found no material weakness', 'in the pension fund accounts.', 'Two auditors recommended better controls', 'for supplier payments.']];
const AUDIT_V2 = [
  ['Revised audit report.', 'The revised report covers the whole year', 'and the accounts of every subsidiary.', 'The chair asked for the revised report', 'before the annual general meeting.'],
  ['Findings of the second review.', 'The second review found a material weakness', 'in the controls over supplier payments.', 'The auditors asked the treasury team', 'to approve every payment twice.'],
];
const PEOPLE = [['People and training plan.', 'The training plan covers every new employee', 'in the first three months of service.', 'Mentors will meet new employees', 'every week during that period.']];

const clean = (t: string) => t.normalize('NFKC').replace(/\s+/g, ' ').trim();

/** the meeting's book once made, another than `not` */
async function book(p: Person, not?: number): Promise<any> {
  return waitFor('board book', async () => {
    const b = expectOk(await p.c.get(`/meetings/actions/merge_files/${m.id}`));
    if (b.status === 'failed') throw new Error(`book failed: ${b.error}`);
    return b.status === 'done' && b.library_id !== not ? b : null;
  }, 240_000, 1000);
}

/** the summary of the book `libraryId`, made; every answer on the way is checked by `each` */
async function summaryOf(p: Person, libraryId: number, each: (s: any) => void = () => {}): Promise<any> {
  return waitFor('book summary', async () => {
    const s = expectOk(await p.c.get(`/meetings/${m.id}/book/summary`));
    if (s.status === 'failed') throw new Error(`summary failed: ${s.error}`);
    each(s);
    return s.status === 'done' && s.book_library_id === libraryId && !s.stale ? s : null;
  }, 240_000, 500);
}

const changes = (p: Person, q = '') => p.c.get(`/meetings/${m.id}/book/changes${q}`);
const view = (c: any) => c.items.map((i: any) => [i.title, i.status, i.changes.map((x: any) => `${x.kind}:${x.name ?? x.old_title}:${x.from_version ?? ''}->${x.version ?? ''}`)]);

beforeAll(async () => {
  w = await world();
  m = await meeting(w, { title: 'Changes meeting' });
  for (const [name, pages] of [['budget.pdf', BUDGET], ['audit.pdf', AUDIT], ['people.pdf', PEOPLE]] as const) {
    const bytes = await pdfWithPages(pages);
    docs.push({ id: await libraryFile(w.chair.c, name, bytes), name, bytes });
  }
  await talkingPoint(w, m.id, { title: 'Budget', attachment_ids: [docs[0].id] });
  await talkingPoint(w, m.id, { title: 'Audit', attachment_ids: [docs[1].id] });
  await talkingPoint(w, m.id, { title: 'People', attachment_ids: [docs[2].id] });
  first = await book(w.m1);
  firstSummary = await summaryOf(w.m1, first.library_id);
});
afterAll(() => closeRedis());

describe('the board book: what changed since the last publication', () => {
  it('the first book has nothing to compare with; opening it is recorded; refusals', async () => {
    const c = expectOk(await changes(w.m1));
    expect(c).toMatchObject({ meeting_id: m.id, book_library_id: first.library_id, since_library_id: null, since: null });
    expect(view(c)).toEqual([['1. Budget', 'unchanged', []], ['2. Audit', 'unchanged', []], ['3. People', 'unchanged', []]]);
    expect(expectOk(await w.m1.c.post(`/meetings/${m.id}/book/opened`, { library_id: first.library_id }))).toMatchObject({ ok: true });
    expect((await changes(w.outsider)).status).toBe(404);
    expect((await w.outsider.c.post(`/meetings/${m.id}/book/opened`, { library_id: first.library_id })).status).toBe(404);
    expect((await w.anon.get(`/meetings/${m.id}/book/changes`)).status).toBe(401);
    expect((await w.m1.c.post(`/meetings/${m.id}/book/opened`, { library_id: docs[0].id })).status).toBe(404);
    expect((await w.m1.c.post(`/meetings/${m.id}/book/opened`, { library_id: true })).status).toBe(409);
    expect((await w.m1.c.post(`/meetings/${m.id}/book/opened`, { library_id: [first.library_id] })).status).toBe(409);
    expect((await changes(w.m1, '?since=abc')).status).toBe(409);
    expect((await changes(w.m1, `?since=${docs[0].id}`)).status).toBe(404);
  });

  it('a new version of one attachment: the book is made again, exactly that item is changed; the summary is made again on the new pages', async () => {
    const v2 = await pdfWithPages(AUDIT_V2);
    expectOk(await w.chair.c.upload(`/library/update/${docs[1].id}`, {}, { file: { name: 'audit.pdf', type: 'application/pdf', data: v2 } }));
    // while the old summary shows (stale), it cites nothing of the audit's old version and its Audit item has no sentences
    const second = await book(w.m1, first.library_id);
    const s = await summaryOf(w.m1, second.library_id, (x) => {
      if (x.book_library_id !== first.library_id || !x.stale) return;
      for (const y of [...x.book, ...x.items.flatMap((i: any) => i.sentences)]) expect(y.cite.library_id).not.toBe(docs[1].id);
      expect(x.items.find((i: any) => i.title === '2. Audit')).toMatchObject({ stale: true, sentences: [] });
    });

    // the reader who opened the first book, and one who never opened any (the previous publication): the same answer
    const expected = [['1. Budget', 'unchanged', []], ['2. Audit', 'changed', ['new_version:audit.pdf:1->2']], ['3. People', 'unchanged', []]];
    const c1 = expectOk(await changes(w.m1));
    expect(c1).toMatchObject({ book_library_id: second.library_id, since_library_id: first.library_id, since: 'opened' });
    expect(view(c1)).toEqual(expected);
    const c2 = expectOk(await changes(w.m2));
    expect(c2).toMatchObject({ book_library_id: second.library_id, since_library_id: first.library_id, since: 'previous' });
    expect(view(c2)).toEqual(expected);

    // the summary: the audit's sentences on the new version's pages (pdftotext of the new version and of the new book)
    expect(s.stale).toBe(false);
    const audit = s.items.find((i: any) => i.title === '2. Audit');
    expect(audit.sentences.length).toBeGreaterThan(0);
    const res = await fetch(`${GATEWAY}/api/downolad/${second.library_id}`, { headers: { 'x-org': w.org.slug, token: w.m1.token } });
    expect(res.status).toBe(200);
    const bookBytes = new Uint8Array(await res.arrayBuffer());
    for (const x of audit.sentences) {
      expect(x.cite.library_id).toBe(docs[1].id);
      expect(clean(await pdfText(v2, { page: x.cite.page }))).toContain(x.text);
      expect(clean(await pdfText(bookBytes, { page: x.cite.book_page }))).toContain(x.text);
    }
    const v2Text = clean((await pdfText(v2, { page: 1 })) + ' ' + (await pdfText(v2, { page: 2 })));
    for (const x of [...s.book, ...audit.sentences].filter((y: any) => y.cite.library_id === docs[1].id)) expect(v2Text).toContain(x.text);
    // the unchanged items keep their sentences (the job summarized only the changed item again); People moved a page on
    expect(s.items.find((i: any) => i.title === '1. Budget').sentences).toEqual(firstSummary.items.find((i: any) => i.title === '1. Budget').sentences);
    const people = s.items.find((i: any) => i.title === '3. People').sentences;
    expect(people.map((x: any) => x.text)).toEqual(firstSummary.items.find((i: any) => i.title === '3. People').sentences.map((x: any) => x.text));
    for (const x of people) expect(clean(await pdfText(bookBytes, { page: x.cite.book_page }))).toContain(x.text);

    // ?since= another publication, and opening the new book: nothing changed since
    expect(view(expectOk(await changes(w.m2, `?since=${second.library_id}`)))).toEqual([['1. Budget', 'unchanged', []], ['2. Audit', 'unchanged', []], ['3. People', 'unchanged', []]]);
    expectOk(await w.m1.c.post(`/meetings/${m.id}/book/opened`, { library_id: second.library_id }));
    const after = expectOk(await changes(w.m1));
    expect(after).toMatchObject({ since_library_id: second.library_id, since: 'opened' });
    expect(after.items.every((i: any) => i.status === 'unchanged')).toBe(true);
  });

  it('an item added, one renamed, one taken out: new, changed (renamed), removed', async () => {
    const before = await book(w.m1);
    const agenda = expectOk(await w.chair.c.get(`/meetings/${m.id}`)).agendas.flatMap((g: any) => g.data);
    const people = agenda.find((i: any) => i.title === 'People');
    const budget = agenda.find((i: any) => i.title === 'Budget');
    expect((await w.chair.c.delete(`/meetings/${m.id}/talkingpoints/${people.id}`)).status).toBeLessThan(300);
    expectOk(await w.chair.c.put(`/meetings/${m.id}/talkingpoints/${budget.id}`, { title: 'Budget 2027', viewers: [w.m1.userId], presenters: [w.chair.userId], duration: 30, attachment_ids: [docs[0].id] }));
    await talkingPoint(w, m.id, { title: 'Venue', attachment_ids: [docs[2].id] });
    const third = await waitFor('the book of the new agenda', async () => {
      const b = await book(w.m1, before.library_id);
      const c = expectOk(await changes(w.m1));
      return c.book_library_id === b.library_id && c.items.length === 4 ? c : null;
    }, 240_000, 1000);
    expect(third).toMatchObject({ since_library_id: before.library_id, since: 'opened' });
    expect(view(third)).toEqual([
      ['1. Budget 2027', 'changed', ['renamed:Budget:->']],
      ['2. Audit', 'unchanged', []],
      ['3. Venue', 'new', ['file_added:people.pdf:->1']],
      ['3. People', 'removed', ['file_removed:people.pdf:1->']],
    ]);
    // compared with the same book, a reader who never opened it is not told of the removal (what they were shown of
    // it is not known: docs/minutes.md#what-changed-in-the-book)
    const never = expectOk(await changes(w.m2, `?since=${before.library_id}`));
    expect(never).toMatchObject({ since_library_id: before.library_id });
    expect(view(never).map((x: any) => [x[0], x[1]])).toEqual([['1. Budget 2027', 'changed'], ['2. Audit', 'unchanged'], ['3. Venue', 'new']]);
  });

  it("a guest's openings are recorded for the guest (by the token link's member): never opened, the previous publication; opened, since that book", async () => {
    const tap = await MeetingEvents.open();
    let token: string;
    try {
      await setStatus(w, m.id, 2);
      expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'book.guest@example.test', guest_name: 'Book Guest' }));
      token = tokenOf((await tap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest)).link);
    } finally {
      await tap.close();
    }
    const newest = await book(w.m1);
    const guest = api(GATEWAY, { org: w.org.slug });
    const asGuest = () => guest.get(`/meetings/${m.id}/book/changes`, { token });
    const never = expectOk(await asGuest());
    expect(never).toMatchObject({ book_library_id: newest.library_id, since: 'previous' });
    expect(never.since_library_id).not.toBe(newest.library_id);
    expect(never.items.length).toBeGreaterThan(0);
    expect(expectOk(await guest.post(`/meetings/${m.id}/book/opened?token=${encodeURIComponent(token)}`, { library_id: newest.library_id }))).toMatchObject({ ok: true });
    const opened = expectOk(await asGuest());
    expect(opened).toMatchObject({ book_library_id: newest.library_id, since_library_id: newest.library_id, since: 'opened' });
    expect(opened.items.map((i: any) => i.status)).toEqual(never.items.filter((i: any) => i.status !== 'removed').map(() => 'unchanged'));
    // the guest's reading is theirs: a member who never opened a book still counts from the previous publication
    expect(expectOk(await changes(w.m2))).toMatchObject({ since: 'previous' });
    // a wrong token, or none, reads nothing and records nothing; a file that is not one of the meeting's books is 404
    expect((await guest.get(`/meetings/${m.id}/book/changes`, { token: 'not-a-token' })).status).toBe(401);
    expect((await guest.post(`/meetings/${m.id}/book/opened?token=not-a-token`, { library_id: newest.library_id })).status).toBe(401);
    expect((await guest.post(`/meetings/${m.id}/book/opened`, { library_id: newest.library_id })).status).toBe(401);
    expect((await guest.post(`/meetings/${m.id}/book/opened?token=${encodeURIComponent(token)}`, { library_id: docs[0].id })).status).toBe(404);
  });
});

/**
 * The search box through the gateway (docs/search.md): `GET /api/search?q=&kind=` over meetings, agenda items,
 * decisions, comments (meeting service) and library files by name (library service); Arabic folded (a title written
 * with hamza-alef found by the bare-alef spelling, diacritics ignored), Russian ё; grouped by kind with the passage;
 * only what the caller may see; `kind` filters; ranked by relevance (the phrase in the title first), not by date; a
 * bad `q` is 409 'Error in validation'.
 */
import { uniqueSlug, waitFor } from '@app/testing';
import { closeRedis, expectOk, formDate, libraryFile, meeting, serverDate, talkingPoint, world, type World } from '../meeting/helpers';

let w: World;
// one word no other suite writes, so only this suite's rows match
const tag = uniqueSlug('srch').replace(/[^a-z0-9]/gi, '');
let boardMeeting: any;
let agendaItem: any;
let decision: any;
let fileId: number;

beforeAll(async () => {
  w = await world();
  boardMeeting = await meeting(w, { title: `اجتماع أحمد ${tag}`, description: `Годовой отчёт ${tag}` });
  agendaItem = await talkingPoint(w, boardMeeting.id, { title: `Budget ${tag} review` });
  decision = expectOk(await w.chair.c.post(`/meetings/${boardMeeting.id}/decisions`, { title: `Approve the مُوَازَنَة ${tag}`, deadline: serverDate(10), voters: [w.m1.userId] }));
  expectOk(await w.chair.c.post(`/talkingpoints/${agendaItem.id}/comment`, { comment: `Please look at page 4 of the ${tag} pack` }));
  fileId = await libraryFile(w.chair.c, `Report ${tag}.pdf`);
  // the PDF's page says its name too: once its text is read, the file is found on that page
  await waitFor('the file\'s text', async () => expectOk(await w.chair.c.get(`/library/fetch/${fileId}`)).text_index.status === 'done', 60_000, 500);
});
afterAll(() => closeRedis());

const search = (p: { c: World['chair']['c'] }, q: string, kind?: string) => p.c.get('/search', kind ? { q, kind } : { q });
const group = (data: any, kind: string) => data.groups.find((g: any) => g.kind === kind);

describe('GET /api/search', () => {
  it('finds a meeting titled with hamza-alef by the bare-alef spelling, with the passage marked', async () => {
    const data = expectOk(await search(w.chair, `احمد ${tag}`));
    const g = group(data, 'meeting');
    expect(g.items.map((i: any) => i.id)).toEqual([boardMeeting.id]);
    const hit = g.items[0];
    expect(hit).toMatchObject({ kind: 'meeting', title: `اجتماع أحمد ${tag}`, meeting_id: boardMeeting.id, page: null });
    expect(hit.passage.text.slice(hit.passage.start, hit.passage.end)).toBe(`أحمد ${tag}`);
  });

  it('ignores Arabic diacritics and teh marbuta, and Russian ё', async () => {
    const ar = expectOk(await search(w.chair, `موازنه ${tag}`));
    expect(group(ar, 'decision').items.map((i: any) => i.id)).toEqual([decision.id]);
    const ru = expectOk(await search(w.chair, 'Годовой ОТЧЕТ'));
    expect(group(ru, 'meeting').items.map((i: any) => i.id)).toContain(boardMeeting.id);
  });

  it('groups meetings, agenda items, decisions, comments and files by kind, in that order', async () => {
    const data = expectOk(await search(w.chair, tag));
    expect(data.q).toBe(tag);
    expect(data.groups.map((g: any) => g.kind)).toEqual(['meeting', 'agenda_item', 'decision', 'comment', 'file']);
    expect(group(data, 'agenda_item').items[0]).toMatchObject({ id: agendaItem.id, meeting_id: boardMeeting.id, meeting_title: `اجتماع أحمد ${tag}` });
    const comment = group(data, 'comment').items[0];
    expect(comment.passage.text).toContain(`page 4 of the ${tag} pack`);
    expect(group(data, 'file').items[0]).toMatchObject({ id: fileId, title: `Report ${tag}.pdf`, file_kind: 'pdf', page: 1 });
  });

  it('filters by kind', async () => {
    const data = expectOk(await search(w.chair, tag, 'decision'));
    expect(data.groups.map((g: any) => g.kind)).toEqual(['decision']);
    const files = expectOk(await search(w.chair, tag, 'file'));
    expect(files.groups.map((g: any) => g.kind)).toEqual(['file']);
  });

  it('finds only what the caller may see', async () => {
    // a member of the meeting sees it; someone of another committee, not a member, sees neither it nor its items
    expect(group(expectOk(await search(w.m1, tag, 'meeting')), 'meeting').items.map((i: any) => i.id)).toEqual([boardMeeting.id]);
    const stranger = await w.person({ committee: true });
    expect(expectOk(await search(stranger, tag)).groups).toEqual([]);
    expect(expectOk(await search(w.outsider, tag)).groups).toEqual([]);
    // the organization's administrator sees every meeting (the rule of the meetings list)
    expect(group(expectOk(await search(w.admin, tag, 'meeting')), 'meeting').items.map((i: any) => i.id)).toEqual([boardMeeting.id]);
  });

  it.each([
    [{ q: 'a' }, 'q'],
    [{ q: 'x'.repeat(201) }, 'q'],
    [{}, 'q'],
    [{ q: 'budget', kind: 'minute' }, 'kind'],
    [{ q: 'budget', page: '2' }, 'page'],
  ])('refuses %j: 409 Error in validation on %s', async (query, field) => {
    const r = await w.chair.c.get('/search', query as Record<string, string>);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Error in validation');
    expect(r.body.errors[field]).toHaveLength(1);
  });

  it('ranks by relevance, not by date: the title with the phrase first, then the words apart; equal ranks newest first', async () => {
    const word = uniqueSlug('srnk').replace(/[^a-z0-9]/gi, '');
    // the later meetings only have the words apart in their description; the earliest is named by the phrase
    const named = await meeting(w, { title: `Treasury${word} review`, start_date: formDate(3) });
    const apart = await meeting(w, { title: 'Quarterly board', description: `<p>A review of what treasury${word} spent</p>`, start_date: formDate(30) });
    const apartLater = await meeting(w, { title: 'Annual board', description: `<p>A review of what treasury${word} spent</p>`, start_date: formDate(60) });
    const data = expectOk(await search(w.chair, `treasury${word} review`, 'meeting'));
    expect(group(data, 'meeting').items.map((i: any) => i.id)).toEqual([named.id, apartLater.id, apart.id]);
    // a row found by its words apart shows its longest word, marked
    const hit = group(data, 'meeting').items[1];
    expect(hit.passage.text.slice(hit.passage.start, hit.passage.end)).toBe(`treasury${word}`);
  });

  it('takes % and _ literally (no wildcard finds everything)', async () => {
    expect(expectOk(await search(w.chair, '%_')).groups).toEqual([]);
  });

  it('needs a session (401)', async () => {
    expect((await w.anon.get('/search', { q: tag })).status).toBe(401);
  });
});

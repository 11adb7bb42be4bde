/**
 * The search box's minutes and standalone resolutions (docs/search.md#minutes, #resolutions), through the gateway
 * against the running minutes and meeting services: a conclusion and a comment of a live meeting's minutes are found
 * (folded Arabic too), one result a meeting with the item's title, the phrase ranked above the words apart; a
 * committee's resolution is found by its members; whoever may not read the minutes or the resolution (outside the
 * meeting, outside the committee) finds nothing of them, and a meeting guest's link token opens no search.
 */
import { api, uniqueSlug } from '@app/testing';
import { expectOk, GATEWAY, scheduled, serverDate, setStatus, tokenOf, worldWithEvents, type MeetingEvents, type Person, type World } from '../meeting/helpers';

jest.setTimeout(120_000);

let w: World;
let tap: MeetingEvents;
worldWithEvents((world, t) => {
  w = world;
  tap = t;
});

// one word no other suite writes, so only this suite's rows match
const tag = uniqueSlug('mres').replace(/[^a-z0-9]/gi, '');
let live: any;
let tpId: number;
let apart: any;
let resolution: any;

const search = (p: Person, q: string, kind?: string) => p.c.get('/search', kind ? { q, kind } : { q });
const group = (data: any, kind: string) => data.groups.find((g: any) => g.kind === kind);
const ids = (data: any, kind: string): number[] => group(data, kind)?.items.map((i: any) => i.id) ?? [];
const marked = (hit: any): string => hit.passage.text.slice(hit.passage.start, hit.passage.end);

beforeAll(async () => {
  live = await scheduled(w, { title: `Quarterly board ${tag}` });
  await setStatus(w, live.id, 3);
  tpId = expectOk(await w.chair.c.get(`/meetings/${live.id}`)).agendas.find((g: any) => g.agenda_type === 'talking_point').data[0].id;
  expectOk(await w.chair.c.post(`/meetings/${live.id}/mom_conclusion`, {
    isConclusion: true,
    conclusions: [
      { type: 'meeting', id: live.id, conclusion: `The board met in the new hall.`, active: true, comment: [] },
      { type: 'talking_point', id: tpId, conclusion: `The board approved budget${tag} for the year.`, active: true, comment: [] },
    ],
  }));
  // a member's comment on the meeting's conclusion, in Arabic with diacritics
  expectOk(await w.m1.c.post(`/meetings/${live.id}/mom_conclusion`, {
    isConclusion: true,
    conclusions: [{ type: 'meeting', id: live.id, conclusion: '', active: true, comment: [`مراجعة الْمِيزَانِيَّةِ ${tag}`] }],
  }));
  // another live meeting whose minutes have the query's words apart, not as the phrase
  apart = await scheduled(w, { title: `Audit meeting ${tag}` });
  await setStatus(w, apart.id, 3);
  expectOk(await w.chair.c.post(`/meetings/${apart.id}/mom_conclusion`, {
    isConclusion: true,
    conclusions: [{ type: 'meeting', id: apart.id, conclusion: `budget${tag} to be discussed again; the plan was not approved`, active: true, comment: [] }],
  }));
  resolution = expectOk(await w.chair.c.post('/singleDecision', { title: `Hire an auditor ${tag}`, description: 'For the annual accounts', committee_id: w.committeeId, deadline: serverDate(5), voters: [w.m1.userId] }));
});

describe('minutes in the search box', () => {
  it('finds a conclusion, one result a meeting, with the item\'s title and the passage marked', async () => {
    const data = expectOk(await search(w.chair, `approved budget${tag}`, 'minutes'));
    expect(data.groups.map((g: any) => g.kind)).toEqual(['minutes']);
    const [first] = group(data, 'minutes').items;
    expect(first).toMatchObject({ kind: 'minutes', id: live.id, title: 'Budget', meeting_id: live.id, meeting_title: `Quarterly board ${tag}`, page: null, file_kind: null });
    expect(marked(first)).toBe(`approved budget${tag}`);
  });

  it('ranks the phrase above the words apart (both found)', async () => {
    expect(ids(expectOk(await search(w.chair, `approved budget${tag}`)), 'minutes')).toEqual([live.id, apart.id]);
  });

  it('finds a comment written with diacritics by its bare spelling', async () => {
    const hits = group(expectOk(await search(w.m2, `الميزانيه ${tag}`)), 'minutes').items;
    expect(hits.map((h: any) => [h.id, h.title])).toEqual([[live.id, `Quarterly board ${tag}`]]);
    expect(marked(hits[0])).toBe(`الْمِيزَانِيَّةِ ${tag}`);
  });

  it('a member of the meeting finds its minutes; someone outside it finds nothing of them', async () => {
    expect(ids(expectOk(await search(w.m1, `budget${tag}`, 'minutes')), 'minutes')).toEqual(expect.arrayContaining([live.id, apart.id]));
    expect(expectOk(await search(w.outsider, `budget${tag}`)).groups).toEqual([]);
    const stranger = await w.person({ committee: true });
    expect(expectOk(await search(stranger, `budget${tag}`)).groups).toEqual([]);
  });
});

describe('standalone resolutions in the search box', () => {
  it('the committee\'s members find a resolution by its words, its link needs no meeting', async () => {
    for (const p of [w.chair, w.m1, w.m2, w.admin]) {
      const hits = group(expectOk(await search(p, `auditor ${tag}`)), 'resolution').items;
      expect(hits.map((h: any) => h.id)).toEqual([resolution.id]);
      expect(hits[0]).toMatchObject({ kind: 'resolution', title: `Hire an auditor ${tag}`, meeting_id: null, meeting_title: null });
    }
    // found by its description's word too, the title's words apart
    expect(ids(expectOk(await search(w.m2, `${tag} annual`, 'resolution')), 'resolution')).toEqual([resolution.id]);
  });

  it('whoever is outside the committee finds nothing of it', async () => {
    expect(expectOk(await search(w.outsider, `auditor ${tag}`)).groups).toEqual([]);
    const stranger = await w.person({ committee: true });
    expect(expectOk(await search(stranger, `auditor ${tag}`, 'resolution')).groups).toEqual([]);
  });
});

describe('a meeting guest', () => {
  it('opens no search with their link token (401), though the token opens their meeting', async () => {
    const m = await scheduled(w, { title: `Guest meeting ${tag}` });
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: `guest.${tag}@example.test`, guest_name: 'Visitor' }));
    const token = tokenOf((await tap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest)).link);
    const guest = api(GATEWAY, { org: w.org.slug });
    expect((await guest.get(`/meetings/${m.id}`, { token })).status).toBe(200);
    expect((await guest.get('/search', { q: `budget${tag}`, token })).status).toBe(401);
  });
});

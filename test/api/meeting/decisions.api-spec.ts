/**
 * Decisions: validation (deadline after the meeting start, voters are participants), votes and their
 * reasons, who votes for whom (admins for others, guests by token and e-mail), the voting gate (deadline,
 * ended, statuses — Live votes, 4 and 5 do not — and decisionable in the tender variant), DUE/OPEN,
 * tallies, hide/unhide, the archived list, and standalone resolutions.
 */
import { GATEWAY, MeetingEvents, expectOk, formDate, meeting, scheduled, serverDate, setStatus, talkingPoint, tokenOf, worldWithEvents, type World } from './helpers';
import { api } from '@app/testing';

let w: World;
let tap: MeetingEvents;
worldWithEvents((fresh, events) => {
  w = fresh;
  tap = events;
});

const decide = (m: any, body: Record<string, unknown> = {}) =>
  w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Approve the budget', deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId, w.editor.userId], ...body });
const vote = (who: World['m1'], d: any, body: Record<string, unknown>) => who.c.post(`/decisions/${d.id}/vote/change`, { id: d.id, ...body });
const tally = (d: any, v: string) => d.tallies.find((t: any) => t.vote === v);

describe('creating decisions', () => {
  it('validates title, voters and a close date not before the meeting start (with the start time in the message)', async () => {
    const m = await meeting(w, { start_date: '2031-06-10 10:00 AM' });
    const empty = await w.chair.c.post(`/meetings/${m.id}/decisions`, {});
    expect(empty.body.errors).toMatchObject({ title: ['This field is required.'], deadline: ['This field is required.'], voters: ['This field is required.'] });
    const early = await decide(m, { deadline: '2031-06-10 09:45:00' });
    expect(early.status).toBe(409);
    expect(early.body.errors.deadline).toEqual(['Date and time must be after start time 2031-06-10 10:00:00']);
    expect((await w.chair.c.with({ lang: 'ru' }).post(`/meetings/${m.id}/decisions`, { title: 'x', deadline: '2031-06-10 09:45:00', voters: [w.m1.userId] })).body.errors.deadline)
      .toEqual(['Дата и время должны быть позже времени начала 2031-06-10 10:00:00']);
    const outsider = await decide(m, { deadline: '2031-06-10 10:00:00', voters: [w.outsider.userId] });
    expect(outsider.body.errors.voters).toEqual(['Choose a person who is a participant of this meeting.']);
    const r = await decide(m, { deadline: '2031-06-10 10:00:00', tender_number: 'T-42' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Decision saved successfully');
    expect(r.body.data).toMatchObject({
      title: 'Approve the budget', deadline: '2031-06-10 10:00:00', tender_number: 'T-42', decisionable: 1, is_fulfilled: false, is_visible: 1, state: 'OPEN',
      voting_open: true, total_voters: 3, can_edit: true, can_end: true,
    });
    expect(r.body.data.voters.map((v: any) => v.vote)).toEqual(['Pending', 'Pending', 'Pending']);
    expect(tally(r.body.data, 'Pending')).toMatchObject({ count: 3, percentage: 100 });
  });

  it('places a decision under a talking point (and refuses one of another meeting)', async () => {
    const m = await meeting(w);
    const tp = await talkingPoint(w, m.id);
    const other = await meeting(w);
    const otherTp = await talkingPoint(w, other.id);
    expect((await decide(m, { talkingpoint_id: otherTp.id })).body.errors.talkingpoint_id).toEqual(['The talking point does not belong to this meeting.']);
    const d = expectOk(await decide(m, { talkingpoint_id: tp.id }));
    const details = expectOk(await w.chair.c.get(`/meetings/${m.id}`));
    expect(details.agendas.map((g: any) => g.agenda_type)).toEqual(['talking_point']);
    expect(details.agendas[0].data[0].decisions.map((x: any) => x.id)).toEqual([d.id]);
    // a sub-point alone places the decision under its talking point, in the sub-point's list
    const withSub = await talkingPoint(w, m.id, { title: 'With a sub-point', subpoints: [{ title: 'Sub', presenter: w.m1.userId, subpoint_viewers: [w.m2.userId] }] });
    const sd = expectOk(await decide(m, { talkingpoint_subpoint_id: withSub.subpoints[0].id }));
    expect(sd).toMatchObject({ talkingpoint_id: withSub.id, talkingpoint_subpoint_id: withSub.subpoints[0].id });
    const tp2 = expectOk(await w.chair.c.get(`/meetings/${m.id}/talkingpoints/${withSub.id}`));
    expect(tp2.subpoints[0].decision.map((x: any) => x.id)).toEqual([sd.id]);
    expect(tp2.decisions).toEqual([]);
  });

  it('participants (not editors) cannot create, edit or delete decisions', async () => {
    const m = await meeting(w);
    expect((await w.m1.c.post(`/meetings/${m.id}/decisions`, { title: 'x', deadline: serverDate(10), voters: [w.m1.userId] })).status).toBe(403);
    const d = expectOk(await decide(m));
    const edit = { title: 'Edited', deadline: serverDate(11), voters: [w.m1.userId] };
    expect((await w.m1.c.put(`/meetings/${m.id}/decisions/${d.id}`, edit)).status).toBe(403);
    const ok = expectOk(await w.editor.c.put(`/meetings/${m.id}/decisions/${d.id}`, edit));
    expect(ok).toMatchObject({ title: 'Edited', total_voters: 1 });
    expect((await w.m1.c.delete(`/meetings/${m.id}/decisions/${d.id}`)).status).toBe(403);
    expect((await w.editor.c.delete(`/meetings/${m.id}/decisions/${d.id}`)).status).toBe(200);
    expect((await w.chair.c.get(`/decisions/${d.id}`)).status).toBe(404);
  });
});

describe('voting', () => {
  it('a voter switches freely; reasons are required for Denied and Others; nobody else changes their vote', async () => {
    const m = await scheduled(w);
    const d = expectOk(await decide(m));
    const noReason = await vote(w.m1, d, { vote: 'Denied' });
    expect(noReason.status).toBe(409);
    expect(noReason.body.errors.reason).toEqual(['The reason field is required.']);
    expect((await vote(w.m1, d, { vote: 'Others', reason: '  ' })).body.errors.reason).toEqual(['The reason field is required.']);
    expect((await vote(w.m1, d, { vote: 'Maybe' })).status).toBe(409);
    let r = expectOk(await vote(w.m1, d, { vote: 'Approved' }));
    expect(r).toMatchObject({ my_vote: 'Approved', can_vote: true });
    r = expectOk(await vote(w.m1, d, { vote: 'Denied', reason: 'Too costly' }));
    // the answer: the decision's summary and my row (not the voter list)
    expect(r.voter).toMatchObject({ user_id: w.m1.userId, vote: 'Denied', reason: 'Too costly', can_change: true, user: { name: expect.any(String) } });
    expect(r).toMatchObject({ my_vote: 'Denied', total_voters: 3 });
    expect(r.voters).toBeUndefined();
    expect(tally(r, 'Denied')).toMatchObject({ count: 1 });
    const seenByM1 = expectOk(await w.m1.c.get(`/decisions/${d.id}`));
    expect(seenByM1.voters.find((v: any) => v.user_id === w.m1.userId)).toMatchObject({ vote: 'Denied', reason: 'Too costly', can_change: true });
    expect(seenByM1.voters.find((v: any) => v.user_id === w.m2.userId).can_change).toBe(false);
    r = expectOk(await vote(w.m1, d, { vote: 'Pending', reason: 'dropped' }));
    expect(r.voter).toMatchObject({ user_id: w.m1.userId, vote: 'Pending', reason: null });
    // not their vote
    expect((await vote(w.m1, d, { vote: 'Approved', user_id: w.m2.userId })).status).toBe(403);
    // the owner is no voter here
    expect((await vote(w.chair, d, { vote: 'Approved' })).status).toBe(403);
    expect(expectOk(await w.chair.c.get(`/decisions/${d.id}`)).can_vote).toBe(false);
    expect((await vote(w.outsider, d, { vote: 'Approved' })).status).toBe(404);
  });

  it('an administrator (role id 1) votes for another voter', async () => {
    const m = await scheduled(w);
    const d = expectOk(await decide(m));
    const asAdmin = expectOk(await w.admin.c.get(`/decisions/${d.id}`));
    expect(asAdmin).toMatchObject({ can_vote_for_others: true, can_vote: false });
    const r = expectOk(await vote(w.admin, d, { vote: 'Abstained', user_id: w.m2.userId }));
    expect(r.voter).toMatchObject({ user_id: w.m2.userId, vote: 'Abstained', can_change: true });
    expect(r).toMatchObject({ my_vote: null, can_vote_for_others: true });
    expect(tally(r, 'Abstained')).toMatchObject({ count: 1 });
    expect(expectOk(await w.m2.c.get(`/decisions/${d.id}`)).my_vote).toBe('Abstained');
    expect((await vote(w.admin, d, { vote: 'Approved', user_id: w.outsider.userId })).status).toBe(403);
  });

  it("tallies per value with percentages rounded up to one decimal; the vote's MeetingChanged carries them", async () => {
    const m = await scheduled(w);
    const d = expectOk(await decide(m));
    await vote(w.m1, d, { vote: 'Approved' });
    await vote(w.m2, d, { vote: 'Denied', reason: 'no' });
    const r = expectOk(await vote(w.editor, d, { vote: 'Approved' }));
    expect(tally(r, 'Approved')).toEqual({ vote: 'Approved', label: 'Approved', count: 2, percentage: 66.7 });
    expect(tally(r, 'Denied')).toEqual({ vote: 'Denied', label: 'Denied', count: 1, percentage: 33.4 });
    expect(tally(r, 'Pending')).toEqual({ vote: 'Pending', label: 'Pending', count: 0, percentage: 0 });
    // the live channel hears of each vote (a batch of one here: it names the voter) with the tallies after it
    const ev = await tap.next('meeting.v1.meeting.changed', (p) => p.decisionId === d.id && p.kind === 'vote' && p.byUserId === w.editor.userId);
    expect(ev).toMatchObject({ meetingId: m.id, tallies: expect.arrayContaining([{ vote: 'Approved', count: 2, percentage: 66.7 }, { vote: 'Denied', count: 1, percentage: 33.4 }]) });
    // its link names the kind: decision d, not the talking point or action with the same id
    expect(await tap.next('meeting.v1.decision.opened', (p) => p.decisionId === d.id)).toMatchObject({ reason: 'created', link: `/app/activity/meetings/${m.id}#_decision-${d.id}` });
  });

  it('guests vote by token and e-mail', async () => {
    const m = await scheduled(w);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'voter.guest@example.test', guest_name: 'Guest Voter' }));
    const ev = await tap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest);
    const token = tokenOf(ev.link);
    const d = expectOk(await decide(m, { voters: [w.m1.userId, 'voter.guest@example.test'] }));
    const guest = api(GATEWAY, { org: w.org.slug });
    const r = await guest.post(`/decisions/${d.id}/vote/change?token=${token}`, { vote: 'Approved', user_email: 'voter.guest@example.test' });
    expect(r.status).toBe(200);
    expect(r.body.data.voter).toMatchObject({ user_email: 'voter.guest@example.test', vote: 'Approved', user: { guest: true, name: 'Guest Voter' } });
    expect(r.body.data.my_vote).toBe('Approved');
    expect((await guest.post(`/decisions/${d.id}/vote/change?token=${'z'.repeat(43)}`, { vote: 'Approved' })).status).toBe(401);
    expect((await guest.post(`/decisions/${d.id}/vote/change?token=${token}`, { vote: 'Approved', user_email: w.m1.email })).status).toBe(403);
    expect((await guest.post(`/decisions/${d.id}/vote/change`, { vote: 'Approved' })).status).toBe(401);
  });
});

describe('the voting gate', () => {
  it('closes at the deadline (DUE) and when ended; resumes', async () => {
    const past = await meeting(w, { start_date: formDate(-3) });
    const due = expectOk(await w.chair.c.post(`/meetings/${past.id}/decisions`, { title: 'Late', deadline: serverDate(-2), voters: [w.m1.userId] }));
    expect(due).toMatchObject({ state: 'DUE', voting_open: false, voting_closed_reason: 'deadline', can_vote: false });
    const late = await vote(w.m1, due, { vote: 'Approved' });
    expect([late.status, late.body.code]).toEqual([409, 'DECISION_VOTING_CLOSED']);
    const m = await scheduled(w);
    const d = expectOk(await decide(m));
    const ended = expectOk(await w.editor.c.post(`/decisions/${d.id}/fulfill`, { is_fulfilled: 1 }));
    // ended: its state is DUE, not OPEN (the deadline is still ahead)
    expect(ended).toMatchObject({ state: 'DUE', is_fulfilled: true, voting_open: false, voting_closed_reason: 'fulfilled', can_resume: true, can_end: false });
    expect((await vote(w.m1, d, { vote: 'Approved' })).body.code).toBe('DECISION_VOTING_CLOSED');
    expect((await w.m1.c.post(`/decisions/${d.id}/fulfill`, { is_fulfilled: 0 })).status).toBe(403);
    expect(expectOk(await w.chair.c.post(`/decisions/${d.id}/fulfill`, { is_fulfilled: 0 })).voting_open).toBe(true);
    expect((await vote(w.m1, d, { vote: 'Approved' })).status).toBe(200);
    expect((await tap.next('meeting.v1.decision.closed', (p) => p.decisionId === d.id)).reason).toBe('ended');
  });

  it('Live meetings vote (our reading); Draft meetings vote; Cancelled and Archived do not', async () => {
    const draft = await meeting(w);
    const dd = expectOk(await decide(draft));
    expect((await vote(w.m1, dd, { vote: 'Approved' })).status).toBe(200);
    const live = await scheduled(w);
    const dl = expectOk(await decide(live));
    await setStatus(w, live.id, 3);
    expect(expectOk(await w.m1.c.get(`/decisions/${dl.id}`))).toMatchObject({ voting_open: true, can_vote: true });
    expect((await vote(w.m1, dl, { vote: 'Approved' })).status).toBe(200);
    for (const to of [4, 5]) {
      const s = await scheduled(w);
      const d = expectOk(await decide(s));
      await setStatus(w, s.id, to);
      const r = await vote(w.m1, d, { vote: 'Approved' });
      expect([r.status, r.body.code]).toEqual([409, 'MEETING_LOCKED']);
      expect(expectOk(await w.m1.c.get(`/decisions/${d.id}`))).toMatchObject({ voting_open: false, voting_closed_reason: 'meeting_status', can_vote: false });
    }
  });

  it('a voter removed from the meeting can no longer vote', async () => {
    const m = await scheduled(w);
    const d = expectOk(await decide(m));
    await w.chair.c.delete(`/meetings/${m.id}/members/${w.m2.userId}`);
    expect((await vote(w.m2, d, { vote: 'Approved' })).status).toBe(404);
  });

  it('a decision with voting not allowed (decisionable = 0) takes no vote through either host, and offers no End voting', async () => {
    const m = await scheduled(w);
    const tender = (c: World['m1']['c']) => c.with({ headers: { 'x-org': `${w.org.slug}-tender` } });
    const off = expectOk(await tender(w.chair.c).post(`/meetings/${m.id}/decisions`, { title: 'Tender', deadline: serverDate(10), voters: [w.m1.userId], decisionable: 0, tender_number: 'TN-7' }));
    const closed = { decisionable: 0, state: 'DUE', voting_open: false, voting_closed_reason: 'not_decisionable', can_end: false, can_vote: false };
    expect(off).toMatchObject(closed);
    // issue 25, item 14: the rule is the decision's, not the host's (the default host once accepted this vote with 200)
    for (const [host, c] of [['tender', tender(w.m1.c)], ['default', w.m1.c]] as const) {
      const r = await c.post(`/decisions/${off.id}/vote/change`, { id: off.id, vote: 'Approved' });
      expect({ host, status: r.status, code: r.body.code }).toEqual({ host, status: 409, code: 'DECISION_VOTING_CLOSED' });
      expect(expectOk(await c.get(`/decisions/${off.id}`))).toMatchObject(closed);
    }
    // the chair sees the same on the meeting page of either host: not OPEN, no End voting
    for (const c of [tender(w.chair.c), w.chair.c]) {
      const details = expectOk(await c.get(`/meetings/${m.id}`));
      const listed = details.agendas.flatMap((g: any) => g.data).find((x: any) => x.agenda_type === 'decision' && x.id === off.id);
      expect(listed).toMatchObject({ state: 'DUE', voting_open: false, can_end: false });
    }
    expect(tally(expectOk(await w.chair.c.get(`/decisions/${off.id}`)), 'Pending').count).toBe(1);
    const on = expectOk(await tender(w.chair.c).post(`/meetings/${m.id}/decisions`, { title: 'Tender 2', deadline: serverDate(10), voters: [w.m1.userId], decisionable: 1 }));
    const abstained = expectOk(await tender(w.m1.c).post(`/decisions/${on.id}/vote/change`, { vote: 'Abstained' }));
    // the wording of the variant: Abstained reads 'Postponed to next meeting'
    expect(tally(abstained, 'Abstained')).toMatchObject({ label: 'Postponed to next meeting', count: 1 });
    expect(abstained.voter.vote_label).toBe('Postponed to next meeting');
    expect(tally(expectOk(await vote(w.m1, on, { vote: 'Abstained' })), 'Abstained').label).toBe('Abstained');
  });
});

describe('hide and unhide', () => {
  it('a member may hide once the meeting is Live and someone has voted; hidden ones are listed as archived', async () => {
    const m = await scheduled(w);
    const d = expectOk(await decide(m));
    const early = await w.m1.c.post(`/decisions/${d.id}/visibility`, { id: d.id, is_visible: 0 });
    expect([early.status, early.body.message]).toEqual([409, 'Something went wrong, please try again later']);
    await setStatus(w, m.id, 3);
    expect((await w.m1.c.post(`/decisions/${d.id}/visibility`, { is_visible: 0 })).status).toBe(409);
    await vote(w.m1, d, { vote: 'Approved' });
    expect(expectOk(await w.m1.c.get(`/decisions/${d.id}`)).can_change_visibility).toBe(true);
    expect((await w.outsider.c.post(`/decisions/${d.id}/visibility`, { is_visible: 0 })).status).toBe(404);
    const hidden = await w.m2.c.post(`/decisions/${d.id}/visibility`, { is_visible: 0 });
    expect([hidden.status, hidden.body.message, hidden.body.data.is_visible]).toEqual([200, 'Done', 0]);
    const details = expectOk(await w.m1.c.get(`/meetings/${m.id}`));
    expect(details.agendas.find((g: any) => g.agenda_type === 'decision')).toBeUndefined();
    expect(details.archived_decisions.map((x: any) => x.id)).toEqual([d.id]);
    expect(expectOk(await w.m1.c.get(`/meetings/${m.id}/decisions/archived`)).map((x: any) => x.id)).toEqual([d.id]);
    expectOk(await w.m1.c.post(`/decisions/${d.id}/visibility`, { is_visible: 1 }));
    expect(expectOk(await w.m1.c.get(`/meetings/${m.id}/decisions/archived`))).toEqual([]);
    // in status 5 every decision is shown, hidden ones too
    await w.m1.c.post(`/decisions/${d.id}/visibility`, { is_visible: 0 });
    await setStatus(w, m.id, 5);
    expect(expectOk(await w.m1.c.get(`/meetings/${m.id}`)).agendas.find((g: any) => g.agenda_type === 'decision').agenda_type_id).toBe(d.id);
  });
});

describe('standalone resolutions (/singleDecision...)', () => {
  it('create, list, get, edit, vote, end, delete; committee members only', async () => {
    const body = { title: 'Committee resolution', committee_id: w.committeeId, deadline: serverDate(5), voters: [w.m1.userId, w.m2.userId] };
    const noCommittee = await w.chair.c.post('/singleDecision', { ...body, committee_id: undefined });
    expect(noCommittee.body.errors.committee_id).toEqual(['This field is required.']);
    expect((await w.chair.c.post('/singleDecision', { ...body, voters: [w.outsider.userId] })).body.errors.voters).toEqual(['Choose a voter who is a member of the committee.']);
    expect((await w.m1.c.post('/singleDecision', body)).status).toBe(403);
    const d = expectOk(await w.chair.c.post('/singleDecision', body));
    expect(d).toMatchObject({ meeting_id: null, committee: { id: w.committeeId }, state: 'OPEN', voting_open: true, can_edit: true });
    const list = await w.m1.c.get('/singleDecisions', { page: 1, per_page: 10 });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: any) => x.id)).toContain(d.id);
    expect(list.body.meta).toMatchObject({ page: 1, per_page: 10 });
    expect((await w.outsider.c.get('/singleDecisions')).body.data.map((x: any) => x.id)).not.toContain(d.id);
    expect((await w.outsider.c.get(`/singleDecision/${d.id}`)).status).toBe(404);
    expect(expectOk(await w.m1.c.get(`/singleDecision/${d.id}`))).toMatchObject({ can_vote: true, can_edit: false });
    const voted = expectOk(await w.m1.c.post(`/singleDecision/vote/${d.id}`, { vote: 'Denied', reason: 'not now' }));
    expect(voted).toMatchObject({ my_vote: 'Denied' });
    expect((await w.m1.c.post(`/singleDecision/vote/${d.id}`, { vote: 'Others' })).status).toBe(409);
    expect((await w.editor.c.post(`/singleDecision/vote/${d.id}`, { vote: 'Approved' })).status).toBe(403);
    const edited = expectOk(await w.chair.c.put(`/singleDecision/${d.id}`, { ...body, title: 'Renamed resolution', committee_id: 12345 }));
    expect(edited).toMatchObject({ title: 'Renamed resolution', committee_id: w.committeeId });
    expect((await w.m1.c.put(`/singleDecision/${d.id}`, body)).status).toBe(403);
    const ended = expectOk(await w.chair.c.put(`/singleDecision/hide/${d.id}`, { is_fulfilled: 1 }));
    expect(ended).toMatchObject({ is_fulfilled: true, voting_open: false });
    expect((await w.m1.c.post(`/singleDecision/vote/${d.id}`, { vote: 'Approved' })).body.code).toBe('DECISION_VOTING_CLOSED');
    expect((await w.m1.c.get('/singleDecisions', { archived: 1 })).body.data.map((x: any) => x.id)).toContain(d.id);
    expect((await w.m1.c.get('/singleDecisions', { archived: 0 })).body.data.map((x: any) => x.id)).not.toContain(d.id);
    // a meeting decision is not a standalone one
    const m = await meeting(w);
    const md = expectOk(await decide(m));
    expect((await w.chair.c.get(`/singleDecision/${md.id}`)).status).toBe(404);
    expect((await w.m1.c.delete(`/singleDecision/${d.id}`)).status).toBe(403);
    expect((await w.chair.c.delete(`/singleDecision/${d.id}`)).status).toBe(200);
    expect((await w.chair.c.get(`/singleDecision/${d.id}`)).status).toBe(404);
  });
});

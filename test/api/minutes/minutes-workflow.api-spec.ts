/**
 * The minutes workflow through the gateway (docs/minutes.md#the-workflow, issue 27): a draft reviewed by one member
 * (a comment on a section), sent for approval (an approval of the approval service whose signers are the meeting's
 * chair, then its secretary where the organization's `mom_secretary_signs` asks for it), signed by the chair (the
 * sealed PDF: pdfsig valid), published (the members' e-mails in the mail catcher, each in their language; the
 * minutes locked), then corrected into edition 2 with the history. Bad input is 409 with field errors, a wrong actor
 * 403 or 404, and a refused request writes nothing.
 */
import { mailsTo, pdfSignature, pdfText, waitFor } from '@app/testing';
import { PNG } from '../organization/helpers';
import { closeRedis, expectOk, GATEWAY, refused, scheduled, setStatus, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(300_000);

const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;
let w: World;
let m: any;
let tpId: number;

beforeAll(async () => {
  w = await world();
  m = await scheduled(w, { title: 'Workflow board' });
  await setStatus(w, m.id, 3);
  const details = expectOk(await w.chair.c.get(`/meetings/${m.id}`));
  tpId = details.agendas.find((g: any) => g.agenda_type === 'talking_point').data[0].id;
  expectOk(await w.chair.c.post(`/meetings/${m.id}/mom`, { mom_settings: 1 }));
  expectOk(await w.chair.c.post(`/meetings/${m.id}/mom_conclusion`, { id: m.id, conclusions: [{ type: 'talking_point', id: tpId, conclusion: 'The budget was approved.', active: true }] }));
  // the members read their e-mails in their own language
  for (const [p, lang] of [[w.m1, 'ar'], [w.m2, 'ru']] as const) expect((await p.c.put('/profile', { name: p.name, email: p.email, phone: '555123', lang })).status).toBe(200);
});
afterAll(() => closeRedis());

const minutes = (p: Person) => p.c.get(`/meetings/${m.id}/minutes`);
const flow = async (p: Person) => expectOk(await minutes(p)).workflow;
const post = (p: Person, what: string, body: unknown = {}) => p.c.post(`/meetings/${m.id}/minutes/${what}`, body);
/** nothing written: the same workflow (state, reviewers, comments, history) and versions as before */
async function unchanged(before: any): Promise<void> {
  const now = expectOk(await minutes(w.chair));
  expect(now.workflow).toEqual(before.workflow);
  expect(now.mom_versions.length).toBe(before.mom_versions.length);
}
async function done(p: Person): Promise<any> {
  const before = expectOk(await minutes(p)).mom_versions.length;
  expectOk(await p.c.post(`/meetings/${m.id}/mom_conclusion`, { id: m.id, isConclusion: true, done: 1, mom_lang: 'en', conclusions: [] }));
  return waitFor('minutes version', async () => {
    const s = expectOk(await minutes(p));
    if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
    return s.render?.status === 'done' && s.mom_versions.length === before + 1 ? s : null;
  }, 150_000, 500);
}

describe('the minutes workflow', () => {
  let approvalId: number;

  it('starts as edition 1, a draft: the owner may send it for review among the members; others may not', async () => {
    const f = await flow(w.chair);
    expect(f).toMatchObject({ edition: 1, state: 'draft', reviewers: [], review_comments: [], editions: [], history: [] });
    // no chair named yet: nobody to sign, so no sending for approval
    expect(f.permissions).toEqual({ send_review: true, review_comment: false, send_approval: false, publish: false, correct: false, change_deadline: false, editable: true });
    expect(f).toMatchObject({ signers: [], signers_missing: ['chair'] });
    expect(f.candidates.map((c: any) => c.user_id).sort()).toEqual([w.editor.userId, w.m1.userId, w.m2.userId].sort());
    const mine = await flow(w.m1);
    expect(mine.permissions).toMatchObject({ send_review: false, send_approval: false, review_comment: false });
    expect(mine.candidates).toEqual([]);
    expect(mine).toMatchObject({ signers: [], signers_missing: [] });
  });

  it('bad reviewers are 409 with field errors; a member is 403, an outsider 404; nothing is written', async () => {
    const before = expectOk(await minutes(w.chair));
    refused(await post(w.chair, 'review', { reviewers: [] }), 'reviewers', 'Choose at least one reviewer.');
    refused(await post(w.chair, 'review', {}), 'reviewers');
    refused(await post(w.chair, 'review', { reviewers: [w.m1.userId, true] }), 'reviewers');
    refused(await post(w.chair, 'review', { reviewers: [w.m1.userId], extra: 1 }), 'extra');
    const outsider = await post(w.chair, 'review', { reviewers: [w.outsider.userId] });
    refused(outsider, 'reviewers.0', 'The selected person is not a member of this meeting.');
    expect((await post(w.m1, 'review', { reviewers: [w.m2.userId] })).status).toBe(403);
    expect((await post(w.outsider, 'review', { reviewers: [w.m2.userId] })).status).toBe(404);
    await unchanged(before);
  });

  it('in review: the reviewer comments on a section; the owner sees it; others may not comment', async () => {
    const s = expectOk(await post(w.chair, 'review', { reviewers: [w.m1.userId] }));
    expect(s.workflow).toMatchObject({ state: 'in_review', reviewers: [{ user_id: w.m1.userId, name: 'Mona Member' }] });
    const before = expectOk(await minutes(w.chair));
    expect((await post(w.m2, 'review_comments', { type: 'talking_point', item_id: tpId, comment: 'Not a reviewer' })).status).toBe(403);
    expect((await post(w.chair, 'review_comments', { type: 'talking_point', item_id: tpId, comment: 'The owner' })).status).toBe(403);
    refused(await post(w.m1, 'review_comments', { type: 'talking_point', item_id: 999999, comment: 'Where?' }), 'item_id', 'The selected item is not on this meeting.');
    refused(await post(w.m1, 'review_comments', { type: 'talking_point', item_id: tpId, comment: '   ' }), 'comment');
    refused(await post(w.m1, 'review_comments', { type: 'chapter', item_id: tpId, comment: 'x' }), 'type');
    await unchanged(before);
    expect((await flow(w.m1)).permissions.review_comment).toBe(true);
    const r = await post(w.m1, 'review_comments', { type: 'talking_point', item_id: tpId, comment: 'Please name the amount.' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Comment added');
    const owner = await flow(w.chair);
    expect(owner.review_comments).toEqual([expect.objectContaining({ type: 'talking_point', item_id: tpId, comment: 'Please name the amount.', user_id: w.m1.userId, user_name: 'Mona Member' })]);
    // a member who is neither the owner nor a reviewer nor a manager does not read the review
    expect((await flow(w.m2)).review_comments).toEqual([]);
  });

  it('who signs: the chair; the secretary too where the organization asks for it; a role not named is 409 on it and writes nothing', async () => {
    const before = expectOk(await minutes(w.chair));
    refused(await post(w.chair, 'approval'), 'chair', "Name the meeting's chair first: the chair signs the minutes.");
    const ar = await w.chair.c.with({ lang: 'ar' }).post(`/meetings/${m.id}/minutes/approval`, {});
    expect(ar.status).toBe(409);
    expect(ar.body.errors).toEqual({ chair: ['عيّن رئيس الاجتماع أولًا: الرئيس هو من يوقّع المحضر.'] });
    // the signers are not chosen any more: an `approvers` key is refused
    refused(await post(w.chair, 'approval', { approvers: [w.m2.userId] }), 'approvers');
    await unchanged(before);

    expectOk(await w.chair.c.post(`/meetings/${m.id}/roles`, { chair_user_id: w.m2.userId, secretary_user_id: null }));
    expect(await flow(w.chair)).toMatchObject({ signers: [{ user_id: w.m2.userId, name: 'Mark Member' }], signers_missing: [] });
    expect((await flow(w.chair)).permissions.send_approval).toBe(true);

    // the organization asks for the secretary: not named yet, then named
    refused(await w.admin.c.put('/status', { mom_secretary_signs: true }), 'mom_secretary_signs');
    refused(await w.admin.c.put('/status', { mom_secretary_signs: '1' }), 'mom_secretary_signs');
    expect((await w.m1.c.put('/status', { mom_secretary_signs: 1 })).status).toBe(403);
    expect(expectOk(await w.admin.c.put('/status', { mom_secretary_signs: 1 }))).toMatchObject({ mom_secretary_signs: 1 });
    try {
      expect(await flow(w.chair)).toMatchObject({ signers: [], signers_missing: ['secretary'], permissions: { send_approval: false } });
      const beforeSecretary = expectOk(await minutes(w.chair));
      refused(await post(w.chair, 'approval'), 'secretary', "Name the meeting's secretary first: this organization has the secretary sign the minutes after the chair.");
      await unchanged(beforeSecretary);
      expectOk(await w.chair.c.post(`/meetings/${m.id}/roles`, { chair_user_id: w.m2.userId, secretary_user_id: w.editor.userId }));
      expect(await flow(w.chair)).toMatchObject({ signers: [{ user_id: w.m2.userId, name: 'Mark Member' }, { user_id: w.editor.userId, name: 'Eddie Editor' }], signers_missing: [] });
    } finally {
      expectOk(await w.admin.c.put('/status', { mom_secretary_signs: 0 }));
    }
    // the setting off: the chair alone, though a secretary is named
    expect(await flow(w.chair)).toMatchObject({ signers: [{ user_id: w.m2.userId, name: 'Mark Member' }], signers_missing: [] });
  });

  it('sending for approval needs the PDF of this edition; then an approval of the approval service, and the minutes are locked', async () => {
    const before = expectOk(await minutes(w.chair));
    const early = await post(w.chair, 'approval');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Press Done to make the PDF of this edition before sending it for approval.');
    await unchanged(before);

    await done(w.chair);
    const made = expectOk(await minutes(w.chair));
    expect((await post(w.m1, 'approval')).status).toBe(403);
    expect((await post(w.outsider, 'approval')).status).toBe(404);
    await unchanged(made);
    const approvalsBefore = expectOk(await w.chair.c.get('/approvals', { meeting_id: m.id }));
    expect(approvalsBefore).toEqual([]);

    const r = await post(w.chair, 'approval');
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Minutes sent for approval');
    expect(r.body.data.workflow).toMatchObject({ state: 'in_approval', approvers: [{ user_id: w.m2.userId, name: 'Mark Member' }] });
    approvalId = r.body.data.workflow.approval_id;
    expect(r.body.data.workflow.permissions).toMatchObject({ editable: false, send_review: false, send_approval: false, publish: false });
    // the approval is the approval service's own: the signer sees it and may sign
    const a = expectOk(await w.m2.c.get(`/approvals/${approvalId}`));
    expect(a).toMatchObject({ meeting_id: m.id, can_sign: true, status: 'pending' });
    expect(a.documents).toHaveLength(1);

    // locked: no conclusion, no Done, no second approval
    const locked = await w.chair.c.post(`/meetings/${m.id}/mom_conclusion`, { id: m.id, conclusions: [{ type: 'talking_point', id: tpId, conclusion: 'Changed', active: true }] });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe('The minutes are being signed or are published: start a correction to change them.');
    const twice = await post(w.chair, 'approval');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('The minutes are not at the step this needs.');
    expect((await post(w.chair, 'publish')).status).toBe(409);
    const items = expectOk(await minutes(w.chair)).items;
    expect(items.find((i: any) => i.type === 'talking_point').conclusion).toBe('The budget was approved.');
  });

  it('signed by the chair: approved; published, the newest version is the sealed PDF (pdfsig valid) and the members are e-mailed in their language', async () => {
    expectOk(await w.m2.c.post(`/approvals/${approvalId}/approve`, { file: SIGNATURE }));
    await waitFor('approved', async () => ((await flow(w.chair)).state === 'approved' ? true : null), 60_000, 300);
    expect((await flow(w.chair)).permissions).toMatchObject({ publish: true, editable: false });
    expect((await post(w.m1, 'publish')).status).toBe(403);
    // the seal is a job of the approval service: until it exists publishing says so and writes nothing
    const published = await waitFor('published', async () => {
      const r = await post(w.chair, 'publish');
      if (r.status === 409 && r.body.message === 'The signed minutes are still being sealed: try again in a moment.') return null;
      return expectOk(r);
    }, 120_000, 500);
    expect(published.workflow).toMatchObject({ state: 'published', edition: 1 });
    const newest = [...published.mom_versions].sort((a: any, b: any) => b.version - a.version)[0];
    expect(newest).toMatchObject({ version: 2, source: 'signed' });
    expect(published.workflow.editions).toEqual([expect.objectContaining({ number: 1, state: 'published', draft_version: 1, published_version: 2, approval_id: approvalId })]);

    const res = await fetch(`${GATEWAY}/api/meetings/${m.id}/mom`, { headers: { 'x-org': w.org.slug, token: w.chair.token } });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect((await pdfSignature(bytes)).out).toMatch(/Signature Validation: Signature is Valid\./);
    const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('Workflow board');
    expect(text).toContain('The budget was approved.');
    expect(text).toContain('Audit certificate');

    const mail = (p: Person, subject: string) => waitFor(`the e-mail to ${p.name}`, async () => (await mailsTo(p.email)).find((x) => x.subject === subject), 60_000, 500);
    await mail(w.m1, 'تم نشر المحضر: Workflow board');
    await mail(w.m2, 'Протокол опубликован: Workflow board');
    await mail(w.editor, 'Minutes published: Workflow board');
    await mail(w.chair, 'Minutes published: Workflow board');
    expect((await mailsTo(w.outsider.email)).filter((x) => x.subject.includes('Workflow board'))).toEqual([]);

    // published: locked
    const locked = await w.chair.c.post(`/meetings/${m.id}/mom_conclusion`, { id: m.id, isConclusion: true, done: 1, conclusions: [] });
    expect(locked.status).toBe(409);
    // the spec's meeting fields keep their shape
    const details = expectOk(await w.chair.c.get(`/meetings/${m.id}`));
    expect(details.mom_versions).toHaveLength(2);
    for (const v of details.mom_versions) expect(Object.keys(v).sort()).toEqual(['file_url', 'updated_at']);
  });

  it('a correction starts edition 2 as a draft through the same steps; the history keeps every step', async () => {
    expect((await post(w.m1, 'correction')).status).toBe(403);
    refused(await post(w.chair, 'correction', { now: true }), 'now');
    const r = await post(w.chair, 'correction');
    expect(r.status).toBe(200);
    expect(r.body.data.workflow).toMatchObject({ edition: 2, state: 'draft', reviewers: [], review_comments: [], approval_id: null });
    expect(r.body.data.workflow.permissions).toMatchObject({ editable: true, send_review: true, correct: false });
    // editable again; the signed PDF of edition 1 is not this edition's PDF
    expectOk(await w.chair.c.post(`/meetings/${m.id}/mom_conclusion`, { id: m.id, conclusions: [{ type: 'talking_point', id: tpId, conclusion: 'The budget of 2 million was approved.', active: true }] }));
    const early = await post(w.chair, 'approval');
    expect(early.body.message).toBe('Press Done to make the PDF of this edition before sending it for approval.');
    expect((await post(w.chair, 'correction')).status).toBe(409);

    const f = await flow(w.chair);
    expect(f.editions.map((e: any) => [e.number, e.state])).toEqual([[1, 'published'], [2, 'draft']]);
    expect(f.history.map((h: any) => [h.edition, h.action, h.state, h.actor_name])).toEqual([
      [1, 'started', 'draft', 'Chair Person'],
      [1, 'review_requested', 'in_review', 'Chair Person'],
      [1, 'commented', 'in_review', 'Mona Member'],
      [1, 'approval_requested', 'in_approval', 'Chair Person'],
      [1, 'approved', 'approved', 'Mark Member'],
      [1, 'published', 'published', 'Chair Person'],
      [2, 'correction_started', 'draft', 'Chair Person'],
    ]);
    for (const h of f.history) expect(h.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // a member sees the history too, not the candidates
    expect((await flow(w.m1)).history).toHaveLength(7);
  });
});

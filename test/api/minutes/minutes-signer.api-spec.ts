/**
 * Minutes of a meeting archived without a chair (issue 27; docs/minutes.md#who-signs, docs/decisions.md): the meeting
 * can no longer name its roles, so the owner names who chaired it when sending the minutes for signature
 * (`chair_user_id`, a member of the meeting). Everything else is a 409 field error, in the caller's language, and
 * nothing is written: a Live meeting names its roles in its card, an Archived meeting's missing chair left out, someone
 * not a member, the secretary where the organization does not ask for one, a value that is not an id.
 * The PDF the named chair signs is made again with them under Chair (it was made while nobody chaired: "Not named"),
 * in the minutes' language, by the render job; the approval is created on it, and the sealed PDF published names them.
 */
import { pdfText, waitFor } from '@app/testing';
import { PNG } from '../organization/helpers';
import { closeRedis, expectOk, GATEWAY, refused, scheduled, setStatus, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(300_000);

const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;
let w: World;
let m: any;

/** Live, the download setting on, a PDF made by Done in `lang` (no chair named: "Not named" under Chair) */
async function withMinutes(title: string, lang: 'en' | 'ar'): Promise<any> {
  const meeting = await scheduled(w, { title });
  await setStatus(w, meeting.id, 3);
  expectOk(await w.chair.c.post(`/meetings/${meeting.id}/mom`, { mom_settings: 1 }));
  const before = expectOk(await w.chair.c.get(`/meetings/${meeting.id}/minutes`)).mom_versions.length;
  expectOk(await w.chair.c.post(`/meetings/${meeting.id}/mom_conclusion`, { id: meeting.id, isConclusion: true, done: 1, mom_lang: lang, conclusions: [] }));
  await waitFor('minutes version', async () => {
    const s = expectOk(await w.chair.c.get(`/meetings/${meeting.id}/minutes`));
    if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
    return s.render?.status === 'done' && s.mom_versions.length === before + 1 ? s : null;
  }, 150_000, 500);
  return meeting;
}

beforeAll(async () => {
  w = await world();
  m = await withMinutes('Archived without a chair', 'en');
});
afterAll(() => closeRedis());

function minutes(p: Person, meeting: any = m) {
  return p.c.get(`/meetings/${meeting.id}/minutes`);
}
/** the text of a PDF the owner downloads (a minutes version, or the document as sent for approval), one line */
async function textOf(path: string): Promise<string> {
  const res = await fetch(`${GATEWAY}${path}`, { headers: { 'x-org': w.org.slug, token: w.chair.token } });
  expect(res.status).toBe(200);
  // the page footers ("Page 1 of 2") left out: one may fall inside the signature block
  return (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ').replace(/ ?Page \d+ of \d+/g, '');
}
/** the render job made the PDF with the named signers and the approval is created on it */
async function approvalMade(meeting: any): Promise<any> {
  return waitFor('the approval on the PDF made again', async () => {
    const s = expectOk(await minutes(w.chair, meeting));
    if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
    return s.workflow.approval_id ? s : null;
  }, 150_000, 500);
}
/** the signature block: what follows the document's last "Signatures" heading */
const block = (text: string, heading: string) => text.slice(text.lastIndexOf(heading));
/** Arabic read back without its vowel marks (pdftotext may order them differently) */
const bare = (text: string) => text.normalize('NFKC').replace(/[\u064B-\u065F\u0670]/g, '');
const AR_NOT_NAMED = bare('لم يُسمَّ');
const flow = async (p: Person) => expectOk(await minutes(p)).workflow;
const send = (body: unknown, p: Person = w.chair) => p.c.post(`/meetings/${m.id}/minutes/approval`, body);

describe('who signs the minutes of a meeting archived without a chair', () => {
  it('a Live meeting names its chair in its card: naming one in the request is refused', async () => {
    const f = await flow(w.chair);
    expect(f).toMatchObject({ signers_missing: ['chair'], name_signers: false, signer_candidates: [], permissions: { send_approval: false } });
    refused(await send({ chair_user_id: w.m2.userId }), 'chair_user_id', "Name the meeting's roles in the “Running the meeting” card: they can be named until the meeting is archived.");
    refused(await send({}), 'chair', "Name the meeting's chair first: the chair signs the minutes.");
    expect(await flow(w.chair)).toEqual(f);
  });

  it('archived: the owner is offered the members (themself included) and may send once a chair is named', async () => {
    await setStatus(w, m.id, 5);
    const f = await flow(w.chair);
    expect(f).toMatchObject({ state: 'draft', signers: [], signers_missing: ['chair'], name_signers: true, permissions: { send_approval: true } });
    expect(f.signer_candidates.map((c: any) => c.user_id).sort()).toEqual([w.chair.userId, w.editor.userId, w.m1.userId, w.m2.userId].sort());
    // a member sees none of it
    expect(await flow(w.m1)).toMatchObject({ name_signers: false, signer_candidates: [] });
  });

  it('refusals: 409 on the field, in the caller\'s language; nothing is written', async () => {
    const before = await flow(w.chair);
    refused(await send({}), 'chair_user_id', 'Choose who chaired the meeting: they sign the minutes.');
    const ar = await w.chair.c.with({ lang: 'ar' }).post(`/meetings/${m.id}/minutes/approval`, {});
    expect({ status: ar.status, message: ar.body.message, errors: ar.body.errors }).toEqual({ status: 409, message: 'خطأ في التحقق', errors: { chair_user_id: ['اختر من ترأس الاجتماع: هو من يوقّع المحضر.'] } });
    refused(await send({ chair_user_id: w.outsider.userId }), 'chair_user_id', 'The selected person is not a member of this meeting.');
    refused(await send({ chair_user_id: w.m2.userId, secretary_user_id: w.m1.userId }), 'secretary_user_id', 'This organization does not have the secretary sign the minutes.');
    for (const bad of [true, [w.m2.userId], 0, -1, 'x']) refused(await send({ chair_user_id: bad }), 'chair_user_id');
    refused(await send({ chair_user_id: w.m2.userId, approvers: [w.m1.userId] }), 'approvers');
    // only the owner sends
    expect((await send({ chair_user_id: w.m2.userId }, w.m1)).status).toBe(403);
    expect(await flow(w.chair)).toEqual(before);
  });

  let approvalId: number;

  it('the owner names Mark Member, who chaired: the PDF is made again with him under Chair, then the approval is his to sign', async () => {
    // the PDF made while nobody chaired says so (pdftotext reads the two columns row by row)
    expect(block(await textOf(`/api/meetings/${m.id}/mom?version=1`), 'Signatures')).toMatch(/^Signatures Chair Secretary Not named Not named Signature/);
    const r = expectOk(await send({ chair_user_id: w.m2.userId }));
    expect(r.workflow).toMatchObject({ state: 'in_approval', approvers: [{ user_id: w.m2.userId, name: 'Mark Member' }], permissions: { editable: false } });
    expect(r.workflow.history.at(-1)).toMatchObject({ action: 'approval_requested', note: 'Mark Member' });
    // the render job's progress is the card's to show
    expect(['queued', 'rendering']).toContain(r.render.status);
    const s = await approvalMade(m);
    approvalId = s.workflow.approval_id;
    expect(s.render).toMatchObject({ status: 'done', progress: 100, version: 2 });
    expect(s.mom_versions.map((v: any) => [v.version, v.source])).toEqual([[2, 'rendered'], [1, 'rendered']]);
    expect(s.workflow.editions).toEqual([expect.objectContaining({ number: 1, state: 'in_approval', draft_version: 2, approval_id: approvalId })]);
    // the approval is his: he sees it among his approvals
    const mine = expectOk(await w.m2.c.get(`/approvals/${approvalId}`));
    expect(mine).toMatchObject({ id: approvalId, meeting_id: m.id, can_sign: true, status: 'pending' });
    // the document sent for signature names him under Chair; no role reads "Not named"
    const sent = await textOf(`/api/approvals/${approvalId}/signed/${mine.documents[0].library_id}`);
    expect(sent).toContain('Archived without a chair');
    // one column: the chair, who signs; the secretary, whom nobody holds and who does not sign here, is left out
    expect(block(sent, 'Signatures')).toMatch(/^Signatures Chair Mark Member Signature Date\s*$/);
    expect(sent).not.toContain('Not named');
    // locked while it is signed
    expect((await w.chair.c.post(`/meetings/${m.id}/mom_conclusion`, { id: m.id, isConclusion: true, done: 1, conclusions: [] })).status).toBe(409);
  });

  it('signed by Mark Member and published: the sealed PDF names him under Chair', async () => {
    expectOk(await w.m2.c.post(`/approvals/${approvalId}/approve`, { file: SIGNATURE }));
    await waitFor('approved', async () => ((await flow(w.chair)).state === 'approved' ? true : null), 60_000, 300);
    const published = await waitFor('published', async () => {
      const r = await w.chair.c.post(`/meetings/${m.id}/minutes/publish`, {});
      if (r.status === 409 && r.body.message === 'The signed minutes are still being sealed: try again in a moment.') return null;
      return expectOk(r);
    }, 120_000, 1000);
    expect(published.workflow).toMatchObject({ state: 'published' });
    const sealed = await textOf(`/api/meetings/${m.id}/mom`);
    expect(sealed).toContain('Audit certificate');
    expect(block(sealed.slice(0, sealed.indexOf('Audit certificate')), 'Signatures')).toMatch(/^Signatures Chair Mark Member/);
    expect(sealed).not.toContain('Not named');
  });
});

describe('Arabic minutes of a meeting archived without a chair', () => {
  it('the PDF sent for signature names the chair under الرئيس and never reads لم يُسمَّ', async () => {
    const ar = await withMinutes('محضر بلا رئيس', 'ar');
    const made = bare(await textOf(`/api/meetings/${ar.id}/mom?version=1`));
    expect(made).toContain(AR_NOT_NAMED);
    await setStatus(w, ar.id, 5);
    const r = expectOk(await w.chair.c.post(`/meetings/${ar.id}/minutes/approval`, { chair_user_id: w.m2.userId }));
    expect(r.workflow).toMatchObject({ state: 'in_approval', approvers: [{ user_id: w.m2.userId, name: 'Mark Member' }] });
    const s = await approvalMade(ar);
    expect(s.mom_versions[0]).toMatchObject({ version: 2, source: 'rendered' });
    const a = expectOk(await w.m2.c.get(`/approvals/${s.workflow.approval_id}`));
    const sent = bare(await textOf(`/api/approvals/${a.id}/signed/${a.documents[0].library_id}`));
    const tail = block(sent, 'التوقيعات');
    expect(tail).toContain('الرئيس');
    expect(tail).toContain('Mark Member');
    expect(tail).not.toContain('أمين السر');
    expect(sent).not.toContain(AR_NOT_NAMED);
    expect(sent).not.toContain('Not named');
  });
});

/**
 * Minutes of a meeting archived without a chair (issue 27; docs/minutes.md#who-signs, docs/decisions.md): the meeting
 * can no longer name its roles, so the owner names who chaired it when sending the minutes for signature
 * (`chair_user_id`, a member of the meeting). Everything else is a 409 field error, in the caller's language, and
 * nothing is written: a Live meeting names its roles in its card, an Archived meeting's missing chair left out, someone
 * not a member, the secretary where the organization does not ask for one, a value that is not an id.
 */
import { waitFor } from '@app/testing';
import { closeRedis, expectOk, refused, scheduled, setStatus, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(240_000);

let w: World;
let m: any;

beforeAll(async () => {
  w = await world();
  m = await scheduled(w, { title: 'Archived without a chair' });
  await setStatus(w, m.id, 3);
  // the PDF of edition 1, made while Live
  const before = expectOk(await minutes(w.chair)).mom_versions.length;
  expectOk(await w.chair.c.post(`/meetings/${m.id}/mom_conclusion`, { id: m.id, isConclusion: true, done: 1, mom_lang: 'en', conclusions: [] }));
  await waitFor('minutes version', async () => {
    const s = expectOk(await minutes(w.chair));
    if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
    return s.render?.status === 'done' && s.mom_versions.length === before + 1 ? s : null;
  }, 150_000, 500);
});
afterAll(() => closeRedis());

function minutes(p: Person) {
  return p.c.get(`/meetings/${m.id}/minutes`);
}
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

  it('the owner names Mark Member, who chaired: the approval is his to sign, the minutes locked', async () => {
    const r = expectOk(await send({ chair_user_id: w.m2.userId }));
    expect(r.workflow).toMatchObject({ state: 'in_approval', approvers: [{ user_id: w.m2.userId, name: 'Mark Member' }], permissions: { editable: false } });
    expect(r.workflow.history.at(-1)).toMatchObject({ action: 'approval_requested', note: 'Mark Member' });
    // the approval is his: he sees it among his approvals
    const mine = expectOk(await w.m2.c.get(`/approvals/${r.workflow.approval_id}`));
    expect(mine.id).toBe(r.workflow.approval_id);
  });
});

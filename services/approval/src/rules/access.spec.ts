import { errorSpec, type ApprovalErrors } from '@app/contracts';
import { approvalRights, type AccessFacts } from './access';

// two steps: assignee 1 (step 1), assignee 2 (step 2); statuses 1 needs to sign, 2 signed, 3 rejected
const steps = (s1: number, s2: number) => [{ id: 1, step: 1, status: s1 }, { id: 2, step: 2, status: s2 }];
const facts = (over: Partial<AccessFacts>): AccessFacts => ({ caller: 'user', isAdmin: false, status: 'pending', assignees: steps(1, 1), me: null, sender: false, ...over });
const me = (id: number, status: number, canEdit = false) => ({ id, status, canEdit });

type Want = { see: boolean; sign: boolean; download: boolean; edit: boolean; save: boolean; note: keyof typeof ApprovalErrors | null };
const want = (see: boolean, sign: boolean, download: boolean, edit: boolean, save: boolean, note: Want['note'] = null): Want => ({ see, sign, download, edit, save, note });

describe('approvalRights: who sees an approval and its flags', () => {
  it.each<[string, AccessFacts, Want]>([
    ['a member who takes no part sees nothing', facts({}), want(false, false, false, false, false)],
    ['an administrator who takes no part sees it, acts on nothing', facts({ isAdmin: true }), want(true, false, false, false, false)],
    ['the sender sees, downloads, edits and saves boxes while someone is still to sign', facts({ sender: true }), want(true, false, true, true, true)],
    ['the sender of a fully signed approval: no box to save', facts({ sender: true, status: 'fully signed', assignees: steps(2, 2) }), want(true, false, true, true, false)],
    ['the sender of a rejected approval: no box to save', facts({ sender: true, status: 'rejected', assignees: steps(3, 1) }), want(true, false, true, true, false)],
    ['the first step, its turn: signs, edits, saves', facts({ me: me(1, 1) }), want(true, true, false, true, true)],
    ['the second step before its turn: sees, the note says why', facts({ me: me(2, 1) }), want(true, false, false, false, true, 'APPROVAL_EARLIER_STEP_PENDING')],
    ['the second step before its turn with can_edit: the edit menu', facts({ me: me(2, 1, true) }), want(true, false, false, true, true, 'APPROVAL_EARLIER_STEP_PENDING')],
    ['a step that signed: already acted', facts({ status: 'partly signed', assignees: steps(2, 1), me: me(1, 2) }), want(true, false, false, false, false, 'APPROVAL_ALREADY_ACTED')],
    ['the second step after the first signed: its turn', facts({ status: 'partly signed', assignees: steps(2, 1), me: me(2, 1) }), want(true, true, false, true, true)],
    ['after a rejection nobody acts', facts({ status: 'rejected', assignees: steps(3, 1), me: me(2, 1) }), want(true, false, false, false, false, 'APPROVAL_REJECTED')],
    ['a signer of a fully signed approval downloads it', facts({ status: 'fully signed', assignees: steps(2, 2), me: me(2, 2) }), want(true, false, true, false, false, 'APPROVAL_ALREADY_ACTED')],
    ['a sender who is also the current signer', facts({ sender: true, me: me(1, 1) }), want(true, true, true, true, true)],
    ['a guest with their own link, their turn', facts({ caller: 'guest', me: me(1, 1) }), want(true, true, false, true, true)],
    ['a guest whose token matches no assignee', facts({ caller: 'guest' }), want(false, false, false, false, false)],
    ['a guest token is never an administrator', facts({ caller: 'guest', isAdmin: true }), want(false, false, false, false, false)],
    ['no user id (the system): nothing', facts({ caller: 'other', isAdmin: true }), want(false, false, false, false, false)],
  ])('%s', (_name, f, w) => {
    const r = approvalRights(f);
    expect({ see: r.see, sign: r.can_sign, download: r.can_download, edit: r.can_edit, save: r.can_save, note: r.note }).toEqual({ ...w, note: w.note ? errorSpec(w.note).message : null });
  });
});

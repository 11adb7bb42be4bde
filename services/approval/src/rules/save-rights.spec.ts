import { DocumentMessages as DM, M } from '@app/contracts';
import { boxOwnerError, saveRefusal } from './save-rights';

describe('saveRefusal: who may save boxes without signing', () => {
  it.each([
    ['the sender', 'pending', true, null, null],
    ['the sender of a fully signed approval (each box then names someone who acted)', 'fully signed', true, null, null],
    ['the sender of a rejected approval', 'rejected', true, null, 'APPROVAL_REJECTED'],
    ['an assignee still to sign', 'pending', false, { id: 1, status: 1 }, null],
    ['an assignee who signed', 'partly signed', false, { id: 1, status: 2 }, 'APPROVAL_ALREADY_ACTED'],
    ['someone who is not an assignee', 'pending', false, null, 'APPROVAL_NOT_ASSIGNEE'],
    ['an assignee of a rejected approval', 'rejected', false, { id: 1, status: 1 }, 'APPROVAL_REJECTED'],
  ] as const)('%s', (_name, status, sender, me, expected) => expect(saveRefusal({ status, sender, me })).toBe(expected));
});

describe('boxOwnerError: whose a saved box may be', () => {
  const assignees = [{ id: 1, status: 1 }, { id: 2, status: 1 }, { id: 3, status: 2 }];
  it.each([
    ['the sender, for a signer still to sign', 2, true, null, null],
    ['the sender, for a signer who signed', 3, true, null, DM.assigneeActed],
    ['the sender, for an id of no assignee', 9, true, null, DM.assigneeInvalid],
    ['the sender, naming nobody', undefined, true, null, M.required],
    ['an assignee, their own', 1, false, { id: 1, status: 1 }, null],
    ['an assignee, for someone else', 2, false, { id: 1, status: 1 }, DM.assigneeInvalid],
  ] as const)('%s', (_name, target, sender, me, expected) => expect(boxOwnerError(target, { status: 'pending', sender, me, assignees })).toBe(expected));
});

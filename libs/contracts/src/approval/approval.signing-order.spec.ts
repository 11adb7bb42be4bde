import {
  approvalProgress,
  currentSigners,
  isRejectReasonValid,
  refusalToAct,
  type AssigneeStatus,
  type OrderedAssignee,
} from './approval.signing-order';

const steps = (...rows: [string, number, AssigneeStatus][]): OrderedAssignee[] => rows.map(([id, order, status]) => ({ id, order, status }));

describe('refusalToAct: an assignee acts only when every earlier step has signed', () => {
  it.each<[string, OrderedAssignee[], string, ReturnType<typeof refusalToAct>]>([
    ['the first step may act', steps(['a', 1, 1], ['b', 2, 1], ['c', 3, 1]), 'a', null],
    ['the second waits for the first', steps(['a', 1, 1], ['b', 2, 1], ['c', 3, 1]), 'b', 'EARLIER_STEP_PENDING'],
    ['the third is refused while the second is pending', steps(['a', 1, 2], ['b', 2, 1], ['c', 3, 1]), 'c', 'EARLIER_STEP_PENDING'],
    ['the third acts once the second has signed', steps(['a', 1, 2], ['b', 2, 2], ['c', 3, 1]), 'c', null],
    ['two assignees in one step both act', steps(['a', 1, 1], ['b', 1, 1], ['c', 2, 1]), 'b', null],
    ['the next step waits for every signer of a shared step', steps(['a', 1, 2], ['b', 1, 1], ['c', 2, 1]), 'c', 'EARLIER_STEP_PENDING'],
    ['order is compared by value, not by position in the list', steps(['c', 3, 1], ['a', 1, 2], ['b', 2, 1]), 'c', 'EARLIER_STEP_PENDING'],
    ['gaps in the order numbers do not matter', steps(['a', 10, 2], ['b', 30, 1]), 'b', null],
    ['one who signed cannot sign again', steps(['a', 1, 2], ['b', 2, 1]), 'a', 'ALREADY_ACTED'],
    ['a rejection ends the approval for later steps', steps(['a', 1, 3], ['b', 2, 1]), 'b', 'APPROVAL_REJECTED'],
    ['a rejection ends it for a co-signer of the same step', steps(['a', 1, 3], ['b', 1, 1]), 'b', 'APPROVAL_REJECTED'],
    ['the one who rejected cannot act again', steps(['a', 1, 3]), 'a', 'APPROVAL_REJECTED'],
    ['someone not on the list is refused', steps(['a', 1, 1]), 'z', 'NOT_AN_ASSIGNEE'],
    ['an empty approval has no assignees', steps(), 'a', 'NOT_AN_ASSIGNEE'],
  ])('%s', (_name, assignees, id, expected) => {
    expect(refusalToAct(assignees, id)).toBe(expected);
  });
});

describe('currentSigners: who may act now', () => {
  it.each<[string, OrderedAssignee[], string[]]>([
    ['nothing signed: the first step', steps(['a', 1, 1], ['b', 2, 1]), ['a']],
    ['first signed: the second step', steps(['a', 1, 2], ['b', 2, 1], ['c', 3, 1]), ['b']],
    ['a shared step: both pending signers', steps(['a', 1, 1], ['b', 1, 1], ['c', 2, 1]), ['a', 'b']],
    ['all signed: nobody', steps(['a', 1, 2], ['b', 2, 2]), []],
    ['rejected: nobody', steps(['a', 1, 2], ['b', 2, 3], ['c', 3, 1]), []],
  ])('%s', (_name, assignees, expected) => {
    expect(currentSigners(assignees).map((a) => a.id)).toEqual(expected);
  });
});

describe('approvalProgress', () => {
  it.each<[string, OrderedAssignee[], ReturnType<typeof approvalProgress>]>([
    ['none signed', steps(['a', 1, 1], ['b', 2, 1]), 'pending'],
    ['some signed', steps(['a', 1, 2], ['b', 2, 1]), 'partly signed'],
    ['all signed', steps(['a', 1, 2], ['b', 2, 2]), 'fully signed'],
    ['any rejection', steps(['a', 1, 2], ['b', 2, 3]), 'rejected'],
    ['no assignees yet', steps(), 'pending'],
  ])('%s', (_name, assignees, expected) => {
    expect(approvalProgress(assignees)).toBe(expected);
  });
});

describe('isRejectReasonValid: a rejection needs a reason', () => {
  it.each<[unknown, boolean]>([
    ['Figures do not match the budget', true],
    ['  x  ', true],
    ['سبب', true],
    ['', false],
    ['   \n\t', false],
    [undefined, false],
    [null, false],
    [true, false],
    [['reason'], false],
    [42, false],
  ])('%p → %p', (reason, expected) => {
    expect(isRejectReasonValid(reason)).toBe(expected);
  });
});

import { approversFor, isLocked, nextState, workflowPermissions, type WorkflowStep } from './workflow';

describe('the minutes workflow', () => {
  it.each<[Parameters<typeof nextState>[0], WorkflowStep, string | null]>([
    ['draft', 'send_review', 'in_review'],
    ['in_review', 'send_review', 'in_review'],
    ['draft', 'send_approval', 'in_approval'],
    ['in_review', 'send_approval', 'in_approval'],
    ['in_approval', 'send_review', null],
    ['in_approval', 'approve', 'approved'],
    ['in_approval', 'reject', 'draft'],
    ['draft', 'approve', null],
    ['approved', 'publish', 'published'],
    ['in_approval', 'publish', null],
    ['draft', 'publish', null],
    ['published', 'correct', 'draft'],
    ['approved', 'correct', null],
    ['published', 'send_review', null],
  ])('%s --%s--> %s', (from, step, to) => {
    expect(nextState(from, step)).toBe(to);
  });

  it.each([
    ['draft', false],
    ['in_review', false],
    ['in_approval', true],
    ['approved', true],
    ['published', true],
  ] as const)('%s locked: %s', (state, locked) => expect(isLocked(state)).toBe(locked));

  const base = { available: true, owner: false, reviewer: false };
  it.each([
    ['owner, draft', { ...base, state: 'draft', owner: true }, { send_review: true, review_comment: false, send_approval: true, publish: false, correct: false, editable: true }],
    ['owner, in review', { ...base, state: 'in_review', owner: true }, { send_review: true, review_comment: false, send_approval: true, publish: false, correct: false, editable: true }],
    ['owner, in approval', { ...base, state: 'in_approval', owner: true }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: false, editable: false }],
    ['owner, approved', { ...base, state: 'approved', owner: true }, { send_review: false, review_comment: false, send_approval: false, publish: true, correct: false, editable: false }],
    ['owner, published', { ...base, state: 'published', owner: true }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: true, editable: false }],
    ['reviewer, in review', { ...base, state: 'in_review', reviewer: true }, { send_review: false, review_comment: true, send_approval: false, publish: false, correct: false, editable: true }],
    ['reviewer, draft', { ...base, state: 'draft', reviewer: true }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: false, editable: true }],
    ['member, in review', { ...base, state: 'in_review' }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: false, editable: true }],
    ['owner, not available', { ...base, state: 'draft', owner: true, available: false }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: false, editable: false }],
  ] as const)('%s', (_, facts, expected) => expect(workflowPermissions(facts)).toEqual(expected));

  it('approvers: the chosen ones until a chair exists; a chair and a secretary sign first, once each', () => {
    expect(approversFor({ chosen: [5, 7] })).toEqual([5, 7]);
    expect(approversFor({ chosen: [5, 7], chair: 9 })).toEqual([9, 5, 7]);
    expect(approversFor({ chosen: [5, 9], chair: 9, secretary: 5 })).toEqual([9, 5]);
  });
});

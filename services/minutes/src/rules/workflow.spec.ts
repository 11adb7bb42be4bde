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

  const base = { available: true, owner: false, reviewer: false, signersReady: true };
  it.each([
    ['owner, draft', { ...base, state: 'draft', owner: true }, { send_review: true, review_comment: false, send_approval: true, publish: false, correct: false, editable: true }],
    ['owner, in review', { ...base, state: 'in_review', owner: true }, { send_review: true, review_comment: false, send_approval: true, publish: false, correct: false, editable: true }],
    ['owner, in approval', { ...base, state: 'in_approval', owner: true }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: false, editable: false }],
    ['owner, approved', { ...base, state: 'approved', owner: true }, { send_review: false, review_comment: false, send_approval: false, publish: true, correct: false, editable: false }],
    ['owner, published', { ...base, state: 'published', owner: true }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: true, editable: false }],
    ['reviewer, in review', { ...base, state: 'in_review', reviewer: true }, { send_review: false, review_comment: true, send_approval: false, publish: false, correct: false, editable: true }],
    ['reviewer, draft', { ...base, state: 'draft', reviewer: true }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: false, editable: true }],
    ['member, in review', { ...base, state: 'in_review' }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: false, editable: true }],
    ['owner, draft, no chair named', { ...base, state: 'draft', owner: true, signersReady: false }, { send_review: true, review_comment: false, send_approval: false, publish: false, correct: false, editable: true }],
    ['owner, in review, no secretary named', { ...base, state: 'in_review', owner: true, signersReady: false }, { send_review: true, review_comment: false, send_approval: false, publish: false, correct: false, editable: true }],
    ['owner, not available', { ...base, state: 'draft', owner: true, available: false }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: false, editable: false }],
  ] as const)('%s', (_, facts, expected) => expect(workflowPermissions(facts)).toEqual(expected));

  it.each<[string, Parameters<typeof approversFor>[0], ReturnType<typeof approversFor>]>([
    ['the chair alone signs by default', { chair: 9, secretary: 5, secretarySigns: false }, { approvers: [9], missing: [] }],
    ['the chair, no secretary named, the secretary not asked for', { chair: 9, secretary: null, secretarySigns: false }, { approvers: [9], missing: [] }],
    ['the chair then the secretary when the organization asks for it', { chair: 9, secretary: 5, secretarySigns: true }, { approvers: [9, 5], missing: [] }],
    ['no chair: nobody signs, the chair is missing', { chair: null, secretary: 5, secretarySigns: false }, { approvers: [], missing: ['chair'] }],
    ['no chair, the secretary asked for and named', { chair: null, secretary: 5, secretarySigns: true }, { approvers: [], missing: ['chair'] }],
    ['the secretary asked for and not named', { chair: 9, secretary: null, secretarySigns: true }, { approvers: [], missing: ['secretary'] }],
    ['neither named, both asked for', { chair: null, secretary: null, secretarySigns: true }, { approvers: [], missing: ['chair', 'secretary'] }],
    ['one person in both roles signs once', { chair: 9, secretary: 9, secretarySigns: true }, { approvers: [9], missing: [] }],
  ])('approvers: %s', (_, facts, expected) => expect(approversFor(facts)).toEqual(expected));
});

import { approversFor, chooseSigners, isLocked, nextState, pendingReviewers, reviewDeadlineOk, reviewDeadlinePassed, workflowPermissions, type WorkflowStep } from './workflow';

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
    ['owner, draft', { ...base, state: 'draft', owner: true }, { send_review: true, review_comment: false, send_approval: true, publish: false, correct: false, change_deadline: false, editable: true }],
    ['owner, in review', { ...base, state: 'in_review', owner: true }, { send_review: true, review_comment: false, send_approval: true, publish: false, correct: false, change_deadline: true, editable: true }],
    ['owner, in approval', { ...base, state: 'in_approval', owner: true }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: false, change_deadline: false, editable: false }],
    ['owner, approved', { ...base, state: 'approved', owner: true }, { send_review: false, review_comment: false, send_approval: false, publish: true, correct: false, change_deadline: false, editable: false }],
    ['owner, published', { ...base, state: 'published', owner: true }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: true, change_deadline: false, editable: false }],
    ['reviewer, in review', { ...base, state: 'in_review', reviewer: true }, { send_review: false, review_comment: true, send_approval: false, publish: false, correct: false, change_deadline: false, editable: true }],
    ['reviewer, draft', { ...base, state: 'draft', reviewer: true }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: false, change_deadline: false, editable: true }],
    ['member, in review', { ...base, state: 'in_review' }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: false, change_deadline: false, editable: true }],
    ['owner, draft, no chair named', { ...base, state: 'draft', owner: true, signersReady: false }, { send_review: true, review_comment: false, send_approval: false, publish: false, correct: false, change_deadline: false, editable: true }],
    ['owner, in review, no secretary named', { ...base, state: 'in_review', owner: true, signersReady: false }, { send_review: true, review_comment: false, send_approval: false, publish: false, correct: false, change_deadline: true, editable: true }],
    ['owner, not available', { ...base, state: 'draft', owner: true, available: false }, { send_review: false, review_comment: false, send_approval: false, publish: false, correct: false, change_deadline: false, editable: false }],
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

  const members = new Set([1, 5, 9]);
  const archived = { chair: null, secretary: null, secretarySigns: false, canName: true, members };
  it.each<[string, Parameters<typeof chooseSigners>[0], Parameters<typeof chooseSigners>[1], ReturnType<typeof chooseSigners>]>([
    ['nothing named, nothing sent: the meeting\'s roles as they are', { ...archived, chair: 9 }, {}, { chair: 9, secretary: null, refused: {} }],
    ['an archived meeting without a chair: the owner names a member', archived, { chair_user_id: 5 }, { chair: 5, secretary: null, refused: {} }],
    ['the owner may name themself when they chaired', archived, { chair_user_id: 1 }, { chair: 1, secretary: null, refused: {} }],
    ['not a member of the meeting', archived, { chair_user_id: 77 }, { chair: null, secretary: null, refused: { chair_user_id: 'not_member' } }],
    ['the meeting names its chair: the chair signs, a name sent is refused', { ...archived, chair: 9 }, { chair_user_id: 5 }, { chair: 9, secretary: null, refused: { chair_user_id: 'named' } }],
    ['a meeting that can still name its roles names them in its card', { ...archived, canName: false }, { chair_user_id: 5 }, { chair: null, secretary: null, refused: { chair_user_id: 'in_card' } }],
    ['the secretary where the organization does not ask for one', archived, { chair_user_id: 5, secretary_user_id: 9 }, { chair: 5, secretary: null, refused: { secretary_user_id: 'not_asked' } }],
    ['the chair and the secretary named where both are asked for', { ...archived, secretarySigns: true }, { chair_user_id: 5, secretary_user_id: 9 }, { chair: 5, secretary: 9, refused: {} }],
    ['the secretary named by the meeting, the chair by the owner', { ...archived, secretarySigns: true, secretary: 9 }, { chair_user_id: 5 }, { chair: 5, secretary: 9, refused: {} }],
  ])('signers named by the owner: %s', (_, facts, body, expected) => expect(chooseSigners(facts, body)).toEqual(expected));
});

describe('the review deadline and who is pending', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it.each<[string, string, boolean]>([
    ['a minute ahead', '2026-11-28T12:01:00Z', true],
    ['a week ahead', '2026-12-05T12:00:00Z', true],
    ['now', '2026-11-28T12:00:00Z', false],
    ['a second ago', '2026-11-28T11:59:59Z', false],
    ['last year', '2025-11-28T12:00:00Z', false],
    ['not a date', 'tomorrow', false],
  ])('a deadline %s is accepted: %s', (_, at, ok) => expect(reviewDeadlineOk(new Date(at), now)).toBe(ok));

  it.each<[string, string | null, boolean]>([
    ['none set', null, false],
    ['ahead', '2026-11-28T13:00:00Z', false],
    ['exactly now', '2026-11-28T12:00:00Z', true],
    ['past', '2026-11-27T12:00:00Z', true],
  ])('deadline %s has passed: %s', (_, at, passed) => expect(reviewDeadlinePassed(at === null ? null : new Date(at), now)).toBe(passed));

  const mona = { userId: 7, name: 'Mona' };
  const mark = { userId: 8, name: 'Mark' };
  it.each<[string, Parameters<typeof pendingReviewers>[0], Array<number | null>, string[]]>([
    ['nobody has commented', 'in_review', [], ['Mona', 'Mark']],
    ['Mona commented (twice)', 'in_review', [7, 7], ['Mark']],
    ['both commented', 'in_review', [8, 7], []],
    ['a comment by a former reviewer or a deleted user counts for nobody', 'in_review', [9, null], ['Mona', 'Mark']],
    ['sent for approval', 'in_approval', [], []],
    ['rejected back to draft', 'draft', [], []],
    ['published', 'published', [], []],
  ])('pending reviewers: %s', (_, state, commenters, names) => expect(pendingReviewers(state, [mona, mark], commenters).map((r) => r.name)).toEqual(names));
});

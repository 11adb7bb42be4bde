import { resolutionRights, type ResolutionFacts } from './resolution-rights';

const committee = { admin_ids: [2], member_ids: [3] };
const user = (userId: number, isAdmin = false) => ({ kind: 'user' as const, userId, isAdmin });

describe('standalone resolution rights', () => {
  const rows: Array<[string, ResolutionFacts, { view: boolean; manage: boolean; comment: boolean }]> = [
    ['organization admin', { actor: user(9, true), committee, createdBy: 1, isVoter: false }, { view: true, manage: true, comment: true }],
    ['committee admin', { actor: user(2), committee, createdBy: 1, isVoter: false }, { view: true, manage: true, comment: true }],
    ['creator', { actor: user(1), committee, createdBy: 1, isVoter: false }, { view: true, manage: true, comment: true }],
    ['committee member', { actor: user(3), committee, createdBy: 1, isVoter: false }, { view: true, manage: false, comment: false }],
    ['committee member and voter', { actor: user(3), committee, createdBy: 1, isVoter: true }, { view: true, manage: false, comment: true }],
    ['voter outside the committee', { actor: user(8), committee, createdBy: 1, isVoter: true }, { view: true, manage: false, comment: true }],
    ['stranger', { actor: user(7), committee, createdBy: 1, isVoter: false }, { view: false, manage: false, comment: false }],
    ['unknown committee, stranger', { actor: user(7), committee: null, createdBy: 1, isVoter: false }, { view: false, manage: false, comment: false }],
    ['guest', { actor: { kind: 'guest', userId: null, isAdmin: false }, committee, createdBy: 1, isVoter: false }, { view: false, manage: false, comment: false }],
    ['system', { actor: { kind: 'system', userId: null, isAdmin: true }, committee, createdBy: 1, isVoter: false }, { view: false, manage: false, comment: false }],
  ];
  it.each(rows)('%s', (_n, f, want) => expect(resolutionRights(f)).toEqual(want));
});

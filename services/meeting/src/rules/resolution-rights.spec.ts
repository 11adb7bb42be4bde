import { matchesResolutionFilter, resolutionListFilter, resolutionRights, type ResolutionFacts } from './resolution-rights';

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

describe('standalone resolutions list', () => {
  const committees: Record<number, { admin_ids: number[]; member_ids: number[] }> = { 10: { admin_ids: [2], member_ids: [3] }, 20: { admin_ids: [4], member_ids: [5] } };
  const resolutions = [
    { committeeId: 10, createdBy: 2, voterUserIds: [3] },
    { committeeId: 20, createdBy: 4, voterUserIds: [5, 3] },
    { committeeId: 20, createdBy: 8, voterUserIds: [5] },
  ];
  const memberOf = (uid: number) => Object.entries(committees).filter(([, c]) => c.admin_ids.includes(uid) || c.member_ids.includes(uid)).map(([id]) => Number(id));

  it.each([2, 3, 4, 5, 7, 8])('user %i: listed exactly when resolutionRights lets them see it', (uid) => {
    for (const isAdmin of [false, true]) {
      const filter = resolutionListFilter({ userId: uid, isAdmin, committeeIds: memberOf(uid) });
      for (const r of resolutions) {
        const committee = committees[r.committeeId];
        const view = resolutionRights({ actor: user(uid, isAdmin), committee, createdBy: r.createdBy, isVoter: r.voterUserIds.includes(uid) }).view;
        expect([uid, isAdmin, r, matchesResolutionFilter(filter, r)]).toEqual([uid, isAdmin, r, view]);
      }
    }
  });

  it.each([
    [3, undefined, 2],
    [3, 10, 1],
    [3, 20, 1],
    [7, undefined, 0],
    [8, 20, 1],
    [8, 10, 0],
  ])('user %i, committee %p -> %i listed', (uid, committeeId, n) => {
    const filter = resolutionListFilter({ userId: uid, isAdmin: false, committeeIds: memberOf(uid), committeeId });
    expect(resolutions.filter((r) => matchesResolutionFilter(filter, r))).toHaveLength(n);
  });
});

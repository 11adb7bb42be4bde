import { OrgMessages } from '@app/contracts';
import { ownKey, removalErrors, teamOrCommitteeErrors, toggledStatus } from './users';

describe('teamOrCommitteeErrors', () => {
  it.each([
    ['team only', { team: 'Finance', admin_committees: [], member_committees: [] }, {}],
    ['member committee only', { team: null, admin_committees: [], member_committees: [3] }, {}],
    ['admin committee only', { team: '', admin_committees: [4], member_committees: [] }, {}],
    ['nothing', { team: null, admin_committees: [], member_committees: [] }, { team: OrgMessages.teamRequired }],
    ['blank team', { team: '   ', admin_committees: [], member_committees: [] }, { team: OrgMessages.teamRequired }],
  ])('%s', (_n, input, expected) => {
    expect(teamOrCommitteeErrors(input)).toEqual(expected);
  });
});

describe('toggledStatus', () => {
  it.each([
    ['Active', true, 'Inactive'],
    ['Pending', false, 'Inactive'],
    ['Inactive', true, 'Active'],
    ['Inactive', false, 'Pending'],
  ])('%s (password: %s) -> %s', (current, hasPassword, expected) => {
    expect(toggledStatus(current, hasPassword)).toBe(expected);
  });
});

describe('removalErrors', () => {
  it.each([
    ['someone else', { actorUserId: 1, targetUserId: 2, targetIsActiveAdmin: false, otherActiveAdmins: 0 }, {}],
    ['yourself', { actorUserId: 2, targetUserId: 2, targetIsActiveAdmin: false, otherActiveAdmins: 5 }, { user: OrgMessages.selfAction }],
    ['the last admin', { actorUserId: 1, targetUserId: 2, targetIsActiveAdmin: true, otherActiveAdmins: 0 }, { user: OrgMessages.lastAdmin }],
    ['an admin when others remain', { actorUserId: 1, targetUserId: 2, targetIsActiveAdmin: true, otherActiveAdmins: 1 }, {}],
    ['by the system', { actorUserId: null, targetUserId: 2, targetIsActiveAdmin: false, otherActiveAdmins: 0 }, {}],
  ])('%s', (_n, p, expected) => {
    expect(removalErrors(p)).toEqual(expected);
  });
});

describe('ownKey', () => {
  const org = '11111111-1111-4111-8111-111111111111';
  it.each([
    [null, 'images', true],
    [`${org}/images/a.png`, 'images', true],
    [`${org}/logos/a.png`, 'images', false],
    ['22222222-2222-4222-8222-222222222222/images/a.png', 'images', false],
  ] as const)('%s as %s -> %s', (key, kind, expected) => {
    expect(ownKey(org, kind, key)).toBe(expected);
  });
});

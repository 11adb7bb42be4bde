import type { PermissionLevel } from '@app/contracts';
import { memberRights, type MemberRowFacts } from './member-rights';

const base: MemberRowFacts = { level: 'owner', isGuest: false, open: true, statusId: 2, respondForOthers: false, mine: false, rowIsOwner: false };

describe('member rights', () => {
  // level, guest, open, mine, rowIsOwner -> changeType, remove
  const rows: Array<[PermissionLevel, boolean, boolean, boolean, boolean, boolean, boolean]> = [
    ['owner', false, true, false, false, true, true],
    ['owner', false, true, true, true, false, true],
    ['owner', false, false, false, false, false, false],
    ['committee_admin', false, true, false, false, true, true],
    ['committee_admin', false, true, false, true, false, false],
    ['editor', false, true, true, false, true, true],
    ['editor', false, true, false, false, false, false],
    ['participant', false, true, true, false, false, false],
    ['participant', true, true, true, false, false, false],
    ['none', false, true, false, false, false, false],
  ];
  it.each(rows)('%s guest=%s open=%s mine=%s ownerRow=%s -> type %s, remove %s', (level, isGuest, open, mine, rowIsOwner, changeType, remove) => {
    const r = memberRights({ ...base, level, isGuest, open, mine, rowIsOwner });
    expect({ changeType: r.changeType, remove: r.remove }).toEqual({ changeType, remove });
  });

  // status, mine, respondForOthers -> changeAttendance
  const att: Array<[number, boolean, boolean, boolean]> = [
    [1, true, true, false],
    [2, true, false, true],
    [2, false, false, false],
    [3, false, true, true],
    [4, true, true, false],
    [5, true, false, false],
  ];
  it.each(att)('attendance: status %i mine=%s forOthers=%s -> %s', (statusId, mine, respondForOthers, expected) => {
    expect(memberRights({ ...base, statusId, mine, respondForOthers }).changeAttendance).toBe(expected);
  });
});

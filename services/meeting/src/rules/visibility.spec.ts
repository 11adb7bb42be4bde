import { canView, matchesListFilter, meetingListFilter, type ListRole } from './visibility';
import type { AccessFacts } from './permissions';

const OWNER = 1;
const EDITOR = 3;
const VIEWER = 4;
const STRANGER = 5;
const CADMIN = 2;
const meeting = { ownerId: OWNER, committeeId: 10, members: [{ userId: OWNER, role: 'Editor' }, { userId: EDITOR, role: 'Editor' }, { userId: VIEWER, role: 'Viewer' }, { userId: null, role: 'Viewer' }] };

describe('list filter', () => {
  // user, org admin, admin of committee 10, role -> listed
  const rows: Array<[number, boolean, boolean, ListRole, boolean]> = [
    [OWNER, false, false, 'All', true],
    [EDITOR, false, false, 'All', true],
    [VIEWER, false, false, 'All', true],
    [STRANGER, false, false, 'All', false],
    [CADMIN, false, true, 'All', true],
    [STRANGER, true, false, 'All', true],
    [OWNER, false, false, 'Organizer', true],
    [EDITOR, false, false, 'Organizer', false],
    [OWNER, false, false, 'Editor', true],
    [EDITOR, false, false, 'Editor', true],
    [VIEWER, false, false, 'Editor', false],
    [OWNER, false, false, 'Participate', false],
    [VIEWER, false, false, 'Participate', true],
    [STRANGER, true, false, 'Participate', false],
    [CADMIN, false, true, 'Participate', false],
  ];
  it.each(rows)('user %i admin=%s committeeAdmin=%s role %s -> %s', (userId, isAdmin, cadmin, role, listed) => {
    expect(matchesListFilter(meetingListFilter({ userId, isAdmin, adminCommitteeIds: cadmin ? [10] : [], role }), meeting)).toBe(listed);
  });

  it('lists (role All) exactly the meetings canView allows', () => {
    for (const userId of [OWNER, CADMIN, EDITOR, VIEWER, STRANGER]) {
      for (const isAdmin of [false, true]) {
        const m = meeting.members.find((x) => x.userId === userId);
        const facts: AccessFacts = {
          actor: { kind: 'user', userId, isAdmin }, ownerId: OWNER, committeeAdminIds: [CADMIN],
          member: m ? { role: m.role === 'Editor' ? 'Editor' : 'Viewer', isOwner: userId === OWNER } : null, statusId: 5,
        };
        const listed = matchesListFilter(meetingListFilter({ userId, isAdmin, adminCommitteeIds: userId === CADMIN ? [10] : [], role: 'All' }), meeting);
        expect([userId, isAdmin, listed]).toEqual([userId, isAdmin, canView(facts)]);
      }
    }
  });
});

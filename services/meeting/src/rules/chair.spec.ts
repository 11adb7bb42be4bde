import type { ChairControls, MeetingRole, PermissionLevel } from '@app/contracts';
import { chairControls, rolesRefusal } from './chair';

describe('chairControls', () => {
  const none: ChairControls = { set_roles: false, start: false, end: false, roll_call: false };
  it.each<[string, PermissionLevel, MeetingRole | null, number, Partial<{ guest: boolean; inactive: boolean }>, ChairControls]>([
    ['owner, Draft: names roles only', 'owner', null, 1, {}, { ...none, set_roles: true }],
    ['owner, Scheduled: roles and start', 'owner', null, 2, {}, { ...none, set_roles: true, start: true }],
    ['owner, Live: roles, end and roll call', 'owner', null, 3, {}, { set_roles: true, start: false, end: true, roll_call: true }],
    ['committee admin, Live', 'committee_admin', null, 3, {}, { set_roles: true, start: false, end: true, roll_call: true }],
    ['chair (participant), Scheduled: start', 'participant', 'chair', 2, {}, { ...none, start: true }],
    ['chair (participant), Live: end and roll call', 'participant', 'chair', 3, {}, { ...none, end: true, roll_call: true }],
    ['secretary, Live: roll call only', 'participant', 'secretary', 3, {}, { ...none, roll_call: true }],
    ['secretary, Scheduled: nothing', 'editor', 'secretary', 2, {}, none],
    ['editor without a role: nothing', 'editor', null, 3, {}, none],
    ['participant: nothing', 'participant', null, 3, {}, none],
    ['a guest named chair: nothing', 'participant', 'chair', 3, { guest: true }, none],
    ['owner, Archived: nothing', 'owner', null, 5, {}, none],
    ['owner, Cancelled: nothing', 'owner', null, 4, {}, none],
    ['owner, inactive committee, Live: roll call only', 'owner', null, 3, { inactive: true }, { ...none, roll_call: true }],
  ])('%s', (_name, level, role, statusId, o, expected) => {
    expect(chairControls({ level, role, statusId, isGuest: !!o.guest, committeeActive: !o.inactive })).toEqual(expected);
  });
});

describe('rolesRefusal', () => {
  const members = new Set([1, 2, 3]);
  it.each<[string, number | null, number | null, ReturnType<typeof rolesRefusal>]>([
    ['two members', 1, 2, null],
    ['nobody', null, null, null],
    ['a chair only', 3, null, null],
    ['chair not a member', 9, 2, { field: 'chair_user_id', reason: 'not_member' }],
    ['secretary not a member', 1, 9, { field: 'secretary_user_id', reason: 'not_member' }],
    ['the same person', 2, 2, { field: 'secretary_user_id', reason: 'same' }],
  ])('%s', (_name, chair, secretary, expected) => {
    expect(rolesRefusal({ chair_user_id: chair, secretary_user_id: secretary }, members)).toEqual(expected);
  });
});

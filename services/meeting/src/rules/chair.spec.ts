import type { ChairControls, MeetingRole, PermissionLevel } from '@app/contracts';
import { chairControls, rolesRefusal } from './chair';

describe('chairControls', () => {
  const none: ChairControls = { set_roles: false, start: false, end: false, roll_call: false, publish_agenda: false };
  it.each<[string, PermissionLevel, MeetingRole | null, number, Partial<{ guest: boolean; inactive: boolean }>, ChairControls]>([
    ['owner, Draft: names roles only', 'owner', null, 1, {}, { ...none, set_roles: true }],
    ['owner, Scheduled: roles, start and publish', 'owner', null, 2, {}, { ...none, set_roles: true, start: true, publish_agenda: true }],
    ['owner, Live: roles, end, roll call and publish', 'owner', null, 3, {}, { set_roles: true, start: false, end: true, roll_call: true, publish_agenda: true }],
    ['committee admin, Live', 'committee_admin', null, 3, {}, { set_roles: true, start: false, end: true, roll_call: true, publish_agenda: true }],
    ['chair (participant), Scheduled: start and publish', 'participant', 'chair', 2, {}, { ...none, start: true, publish_agenda: true }],
    ['chair (participant), Live: end, roll call and publish', 'participant', 'chair', 3, {}, { ...none, end: true, roll_call: true, publish_agenda: true }],
    ['secretary, Live: roll call only', 'participant', 'secretary', 3, {}, { ...none, roll_call: true }],
    ['secretary, Scheduled: nothing', 'editor', 'secretary', 2, {}, none],
    ['editor without a role: nothing', 'editor', null, 3, {}, none],
    ['participant: nothing', 'participant', null, 3, {}, none],
    ['a guest named chair: nothing', 'participant', 'chair', 3, { guest: true }, none],
    ['owner, Archived: nothing', 'owner', null, 5, {}, none],
    ['owner, Cancelled: nothing', 'owner', null, 4, {}, none],
    ['owner, inactive committee, Live: roll call only', 'owner', null, 3, { inactive: true }, { ...none, roll_call: true }],
    ['chair, Draft: nothing to publish yet', 'participant', 'chair', 1, {}, none],
    ['editor, Scheduled: cannot publish', 'editor', null, 2, {}, none],
    ['owner, Scheduled, inactive committee: nothing', 'owner', null, 2, { inactive: true }, none],
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

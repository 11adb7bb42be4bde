import type { PermissionLevel } from '@app/contracts';
import { AccessFacts, LEVEL_TABLE, MeetingFacts, canEditItems, meetingPermissions, permissionLevel, rawPermissionLevel } from './permissions';
import { canView } from './visibility';

const OWNER = 1;
const CADMIN = 2;
const EDITOR = 3;
const VIEWER = 4;
const STRANGER = 5;
const ORGADMIN = 6;

const user = (userId: number, isAdmin = false) => ({ kind: 'user' as const, userId, isAdmin });
const guest = { kind: 'guest' as const, userId: null, isAdmin: false };

function facts(actor: AccessFacts['actor'], statusId = 2, extra: Partial<MeetingFacts> = {}): MeetingFacts {
  const rows: Record<number, AccessFacts['member']> = {
    [OWNER]: { role: 'Editor', isOwner: true },
    [EDITOR]: { role: 'Editor', isOwner: false },
    [VIEWER]: { role: 'Viewer', isOwner: false },
  };
  return {
    actor,
    ownerId: OWNER,
    committeeAdminIds: [CADMIN],
    member: actor.kind === 'guest' ? { role: 'Viewer', isOwner: false } : (rows[actor.userId ?? 0] ?? null),
    statusId,
    variant: 'default',
    committeeActive: true,
    participantCount: 3,
    agendaCount: 1,
    startAt: new Date('2030-01-01T10:00:00Z'),
    now: new Date('2029-12-01T10:00:00Z'),
    ndaRequired: false,
    ndaAccepted: false,
    virtual: false,
    virtualJoinable: true,
    ...extra,
  };
}

describe('permission level, in the order of docs/product/meetings.md#permissions', () => {
  const rows: Array<[string, AccessFacts['actor'], PermissionLevel]> = [
    ['owner', user(OWNER), 'owner'],
    ['owner who is also an organization admin stays owner', user(OWNER, true), 'owner'],
    ['committee admin', user(CADMIN), 'committee_admin'],
    ['organization admin (role id 1) counts as committee admin', user(ORGADMIN, true), 'committee_admin'],
    ['member with can_edit', user(EDITOR), 'editor'],
    ['other member', user(VIEWER), 'participant'],
    ['guest member', guest, 'participant'],
    ['anyone else', user(STRANGER), 'none'],
  ];
  it.each(rows)('%s -> %s in statuses 1-3; none in 4 and 5', (_l, actor, level) => {
    for (const s of [1, 2, 3]) expect(permissionLevel(facts(actor, s))).toBe(level);
    for (const s of [4, 5]) expect(permissionLevel(facts(actor, s))).toBe('none');
    expect(rawPermissionLevel(facts(actor, 5))).toBe(level);
  });
  it('a committee admin who is also an editor member is a committee admin', () => {
    expect(permissionLevel({ ...facts(user(CADMIN)), member: { role: 'Editor', isOwner: false } })).toBe('committee_admin');
  });
  it('a guest without a member row has none', () => {
    expect(permissionLevel({ ...facts(guest), member: null })).toBe('none');
  });
  it.each([[user(OWNER), true], [user(CADMIN), true], [user(ORGADMIN, true), true], [user(VIEWER), true], [guest, true], [user(STRANGER), false]])(
    'can view: %o -> %s (also in status 5)',
    (actor, ok) => expect(canView(facts(actor, 5))).toBe(ok),
  );
});

describe('the table of docs/product/meetings.md#permissions', () => {
  const table: Array<[PermissionLevel, boolean, boolean, boolean, boolean, boolean]> = [
    // level, edit meeting, edit buttons, minutes edit button, edit inside minutes, add comments in minutes
    ['owner', true, true, true, true, false],
    ['committee_admin', true, true, true, true, true],
    ['editor', false, true, true, false, true],
    ['participant', false, false, false, false, true],
    ['none', false, false, false, false, false],
  ];
  it.each(table)('%s', (level, em, eb, meb, eim, acm) => {
    expect(LEVEL_TABLE[level]).toEqual({ editMeeting: em, editButtons: eb, minutesEditButton: meb, editInMinutes: eim, addCommentsInMinutes: acm });
  });
  const actors: Array<[PermissionLevel, AccessFacts['actor']]> = [
    ['owner', user(OWNER)], ['committee_admin', user(CADMIN)], ['editor', user(EDITOR)], ['participant', user(VIEWER)], ['none', user(STRANGER)],
  ];
  it.each(actors)('the flags of a %s follow the table in status 2 and are all off in 4 and 5', (level, actor) => {
    const p = meetingPermissions(facts(actor, 2));
    expect(p.level).toBe(level);
    expect([p.editMeeting, p.editButtons, p.minutesEditButton, p.editInMinutes, p.addCommentsInMinutes]).toEqual(Object.values(LEVEL_TABLE[level]));
    for (const s of [4, 5]) {
      const q = meetingPermissions(facts(actor, s));
      expect([q.editMeeting, q.editButtons, q.editInMinutes, q.userCanEdit, q.changeStatus, q.deleteMeeting, q.manageParticipants, q.reorderAgenda, q.createItems, q.addAttachments, q.comment, q.addNotes, q.rate, q.changeAttendance]).toEqual(
        Array(14).fill(false),
      );
    }
  });
});

describe('the other rules of docs/product/meetings.md#permissions', () => {
  type Flag = keyof ReturnType<typeof meetingPermissions>;
  const rows: Array<[string, MeetingFacts, Flag, unknown]> = [
    ['user-can-edit: owner', facts(user(OWNER)), 'userCanEdit', true],
    ['user-can-edit: admin', facts(user(CADMIN)), 'userCanEdit', true],
    ['user-can-edit: editor member', facts(user(EDITOR)), 'userCanEdit', true],
    ['user-can-edit: viewer member', facts(user(VIEWER)), 'userCanEdit', false],
    ['edit meeting blocked while the committee is inactive', facts(user(OWNER), 2, { committeeActive: false }), 'editMeeting', false],
    ['change status blocked while the committee is inactive', facts(user(OWNER), 2, { committeeActive: false }), 'changeStatus', false],
    ['change status needs edit meeting: editor', facts(user(EDITOR)), 'changeStatus', false],
    ['allowed statuses of a scheduled meeting for its owner', facts(user(OWNER), 2), 'allowedStatuses', [3, 4, 5]],
    ['allowed statuses for a participant', facts(user(VIEWER), 2), 'allowedStatuses', []],
    ['delete: committee admin in 1', facts(user(CADMIN), 1), 'deleteMeeting', true],
    ['delete: organization admin in 3', facts(user(ORGADMIN, true), 3), 'deleteMeeting', true],
    ['delete: not the owner (admins only)', facts(user(OWNER), 2), 'deleteMeeting', false],
    ['delete: not in 4', facts(user(CADMIN), 4), 'deleteMeeting', false],
    ['reorder: editor in the default variant', facts(user(EDITOR)), 'reorderAgenda', true],
    ['reorder: participant never', facts(user(VIEWER)), 'reorderAgenda', false],
    ['reorder: ministry variant, owner', facts(user(OWNER), 2, { variant: 'moe' }), 'reorderAgenda', true],
    ['reorder: ministry variant, committee admin refused', facts(user(CADMIN), 2, { variant: 'moe' }), 'reorderAgenda', false],
    ['reorder: tender variant, editor refused', facts(user(EDITOR), 2, { variant: 'tender' }), 'reorderAgenda', false],
    ['manage participants: editor member', facts(user(EDITOR)), 'manageParticipants', true],
    ['manage participants: viewer member', facts(user(VIEWER)), 'manageParticipants', false],
    ['manage participants: guest', facts(guest), 'manageParticipants', false],
    ['attendance: member in 2', facts(user(VIEWER), 2), 'changeAttendance', true],
    ['attendance: member in 3', facts(user(VIEWER), 3), 'changeAttendance', true],
    ['attendance: member in 1 is read-only', facts(user(VIEWER), 1), 'changeAttendance', false],
    ['attendance: guest in 2', facts(guest, 2), 'changeAttendance', true],
    ['attendance: not a member', facts(user(CADMIN), 2), 'changeAttendance', false],
    ['respond for others: owner in 3', facts(user(OWNER), 3), 'respondForOthers', true],
    ['respond for others: editor in 3', facts(user(EDITOR), 3), 'respondForOthers', true],
    ['respond for others: editor in 2', facts(user(EDITOR), 2), 'respondForOthers', false],
    ['respond for others: participant in 3', facts(user(VIEWER), 3), 'respondForOthers', false],
    ['minutes: offered in 3', facts(user(EDITOR), 3), 'manageMinutes', true],
    ['minutes: offered in 5 to the owner', facts(user(OWNER), 5), 'manageMinutes', true],
    ['minutes: not in 2', facts(user(OWNER), 2), 'manageMinutes', false],
    ['minutes: never to participants', facts(user(VIEWER), 3), 'manageMinutes', false],
    ['recorder: committee admin', facts(user(CADMIN)), 'seeRecorder', true],
    ['recorder: organization admin', facts(user(ORGADMIN, true)), 'seeRecorder', true],
    ['recorder: owner who is not an admin', facts(user(OWNER)), 'seeRecorder', false],
    ['recorder: never guests', facts(guest), 'seeRecorder', false],
    ['guests see no activity', facts(guest), 'seeActivity', false],
    ['guests see no notes', facts(guest), 'seeNotes', false],
    ['guests add no attachments', facts(guest), 'addAttachments', false],
    ['guests may comment', facts(guest), 'comment', true],
    ['strangers may not comment', facts(user(STRANGER)), 'comment', false],
    ['create buttons: editor', facts(user(EDITOR)), 'createItems', true],
    ['create buttons: participant', facts(user(VIEWER)), 'createItems', false],
    ['create buttons need participants first', facts(user(OWNER), 2, { participantCount: 0 }), 'needsMembers', true],
    ['NDA: required and not accepted by a member', facts(user(VIEWER), 2, { ndaRequired: true }), 'acceptNda', true],
    ['NDA: accepted', facts(user(VIEWER), 2, { ndaRequired: true, ndaAccepted: true }), 'acceptNda', false],
    ['NDA: not required', facts(user(VIEWER), 2), 'acceptNda', false],
    ['NDA: the owner is not asked', facts(user(OWNER), 2, { ndaRequired: true }), 'acceptNda', false],
    ['NDA: a meeting without participants does not ask', facts(user(VIEWER), 2, { ndaRequired: true, participantCount: 0 }), 'acceptNda', false],
    ['NDA: guests are asked', facts(guest, 2, { ndaRequired: true }), 'acceptNda', true],
    ['join: a virtual meeting', facts(user(VIEWER), 3, { virtual: true }), 'joinVirtual', true],
    ['join: before the cutoff', facts(user(VIEWER), 3, { virtual: true, virtualJoinable: false }), 'joinVirtual', false],
    ['join: not virtual', facts(user(VIEWER), 3), 'joinVirtual', false],
    ['hidden decisions shown in 5', facts(user(VIEWER), 5), 'seeHiddenDecisions', true],
    ['hidden decisions not shown in 3', facts(user(VIEWER), 3), 'seeHiddenDecisions', false],
    ['copy: owner even when archived', facts(user(OWNER), 5), 'copyMeeting', true],
    ['copy: participant never', facts(user(VIEWER), 2), 'copyMeeting', false],
    ['allow-voting switch: tender variant', facts(user(OWNER), 2, { variant: 'tender' }), 'allowVotingSwitch', true],
    ['allow-voting switch: not in moe', facts(user(OWNER), 2, { variant: 'moe' }), 'allowVotingSwitch', false],
    ['allow-voting switch: not by default', facts(user(OWNER), 2), 'allowVotingSwitch', false],
  ];
  it.each(rows)('%s', (_l, f, flag, expected) => {
    expect(meetingPermissions(f)[flag]).toEqual(expected);
  });
});

describe('edit items needs both flags', () => {
  it.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, false],
  ])('userCanEdit=%s editButtons=%s -> %s', (userCanEdit, editButtons, ok) => expect(canEditItems({ userCanEdit, editButtons })).toBe(ok));
});

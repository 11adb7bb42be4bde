import { canDeclareConflict, canSetMotion, conflictBars, motionRefusal, type RecordFacts } from './record';

const base: RecordFacts = { level: 'participant', isGuest: false, isMemberUser: true, role: null, statusId: 3 };

describe('the record of a board (issue 27)', () => {
  it.each<[string, Partial<RecordFacts>, boolean]>([
    ['a member, Live', {}, true],
    ['a member, Draft', { statusId: 1 }, true],
    ['a member, Scheduled', { statusId: 2 }, true],
    ['a member, Cancelled', { statusId: 4 }, false],
    ['a member, Archived', { statusId: 5 }, false],
    ['a guest', { isGuest: true }, false],
    ['not a member (the owner who is no member row)', { isMemberUser: false, level: 'owner' }, false],
  ])('declare a conflict: %s -> %s', (_, f, out) => expect(canDeclareConflict({ ...base, ...f })).toBe(out));

  it.each<[string, Partial<RecordFacts>, boolean]>([
    ['the owner', { level: 'owner' }, true],
    ['a committee admin', { level: 'committee_admin' }, true],
    ['the chair', { role: 'chair' }, true],
    ['the secretary', { role: 'secretary' }, false],
    ['an editor', { level: 'editor' }, false],
    ['a participant', {}, false],
    ['a guest named chair', { isGuest: true, role: 'chair' }, false],
    ['the owner, Archived', { level: 'owner', statusId: 5 }, false],
    ['the chair, Cancelled', { role: 'chair', statusId: 4 }, false],
  ])('set the mover and seconder: %s -> %s', (_, f, out) => expect(canSetMotion({ ...base, ...f })).toBe(out));

  const conflicts = [{ talkingPointId: 10, userId: 7 }, { talkingPointId: 11, userId: 8 }];
  it.each<[number | null, number | null, boolean]>([
    [10, 7, true],
    [10, 8, false],
    [11, 8, true],
    [12, 7, false],
    [null, 7, false],
    [10, null, false],
  ])('a conflict on item %s bars user %s from voting: %s', (tp, user, out) => expect(conflictBars(conflicts, tp, user)).toBe(out));

  const members = new Set([1, 2, 3]);
  it.each<[number | null, number | null, ReturnType<typeof motionRefusal>]>([
    [1, 2, null],
    [null, null, null],
    [1, null, null],
    [null, 2, null],
    [9, 2, { field: 'mover_user_id', reason: 'not_member' }],
    [1, 9, { field: 'seconder_user_id', reason: 'not_member' }],
    [2, 2, { field: 'seconder_user_id', reason: 'same' }],
  ])('mover %s, seconder %s -> %j', (mover, seconder, out) => expect(motionRefusal({ mover_user_id: mover, seconder_user_id: seconder }, members)).toEqual(out));
});

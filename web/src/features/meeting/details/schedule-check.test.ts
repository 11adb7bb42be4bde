import { scheduleCheck } from './schedule-check';

describe('the confirmation before Schedule', () => {
  it.each([
    // agenda items, decisions+actions, needs members -> confirm, can confirm, missing
    [2, 1, false, false, true, []],
    [2, 0, false, true, true, ['decisionsOrActions']],
    [0, 0, false, true, false, ['agenda', 'decisionsOrActions']],
    [0, 1, false, true, false, ['agenda']],
    [2, 0, true, true, false, ['members', 'decisionsOrActions']],
    [0, 0, true, true, false, ['members', 'agenda', 'decisionsOrActions']],
  ])('%i talking points, %i decisions or actions, needs members %s', (agendaItems, decisionsAndActions, needsMembers, confirm, canConfirm, missing) => {
    expect(scheduleCheck({ agendaItems, decisionsAndActions, needsMembers })).toEqual({ confirm, canConfirm, missing });
  });
});

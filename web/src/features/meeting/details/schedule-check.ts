/**
 * Before Schedule (meetings.md §4, "From 1"): a meeting with no agenda, or with no decisions or actions, asks for
 * a confirmation first; its confirm button is disabled while the meeting has no participants or no agenda items.
 */
export interface ScheduleCheck {
  /** ask before scheduling */
  confirm: boolean;
  /** the confirmation can be accepted */
  canConfirm: boolean;
  /** what is missing, as the dialog lists it: 'members', 'agenda', 'decisionsOrActions' */
  missing: Array<'members' | 'agenda' | 'decisionsOrActions'>;
}

export function scheduleCheck(f: { agendaItems: number; decisionsAndActions: number; needsMembers: boolean }): ScheduleCheck {
  const missing: ScheduleCheck['missing'] = [];
  if (f.needsMembers) missing.push('members');
  if (f.agendaItems === 0) missing.push('agenda');
  if (f.decisionsAndActions === 0) missing.push('decisionsOrActions');
  return { confirm: f.agendaItems === 0 || f.decisionsAndActions === 0, canConfirm: !f.needsMembers && f.agendaItems > 0, missing };
}

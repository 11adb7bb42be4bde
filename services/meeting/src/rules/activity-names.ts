/**
 * How the meeting's activity log names the participants a change is about (issue 25: it said "added a participant"
 * without saying who): a member by their name, a guest by their name or else their e-mail address.
 */
export interface NamedPerson {
  userId: number | null;
  userEmail: string | null;
  guestName?: string | null;
}

/** the name a person is shown by in the activity log */
export function participantName(p: NamedPerson, nameOf: (userId: number) => string | undefined): string {
  const name = p.userId ? nameOf(p.userId)?.trim() : p.guestName?.trim();
  return name || p.userEmail?.trim() || 'a participant';
}

/** the names listed in one line: at most this many, then how many more */
export const NAMES_SHOWN = 3;

/** "A", "A and B", "A, B and C", "A, B, C and 2 more" */
export function nameList(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  const shown = names.slice(0, NAMES_SHOWN);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** the activity line of participants added in one change */
export function addedParticipants(names: string[]): string {
  return names.length === 1 ? `added ${names[0]} as a participant` : `added ${names.length} participants: ${nameList(names)}`;
}

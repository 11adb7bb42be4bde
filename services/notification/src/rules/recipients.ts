import type { Lang, Recipient } from '@app/contracts';

/** The address as the local copies key it: trimmed, lower case. */
export const addressKey = (email: string): string => email.trim().toLowerCase();

/** Whether a (possibly missing) address is this one, whatever the case and spaces. */
export const sameAddress = (a: string | null | undefined, b: string): boolean => !!a && addressKey(a) === addressKey(b);

/** Merge recipient lists by address; the later entry wins, the first one's place is kept. */
export function mergeRecipients(a: readonly Recipient[], b: readonly Recipient[]): Recipient[] {
  const m = new Map<string, Recipient>();
  for (const r of [...a, ...b]) m.set(addressKey(r.email), r);
  return [...m.values()];
}

/**
 * An action's due-reminder recipients after a participant set their part to `status`: Complete drops them; any other
 * status (reopened) keeps or puts them back — as stored when they still were, else with the language the event carries
 * for them (a user's own, a guest's stored one: docs/meeting.md#guests-language), English only when it carries none.
 */
export function afterPartStatus(
  recipients: readonly Recipient[], participant: { email: string; name: string | null }, status: string, lang: Lang | undefined,
): Recipient[] {
  const others = recipients.filter((r) => !sameAddress(participant.email, r.email));
  if (status === 'Complete') return others;
  const existing = recipients.find((r) => sameAddress(participant.email, r.email));
  return [...others, existing ?? { email: participant.email, name: participant.name, lang: lang ?? 'en' }];
}

/** The recipients whose address is among `emails` (any case), in their order: a reminder's people who still have to act. */
export function onlyAddresses(recipients: readonly Recipient[], emails: readonly string[]): Recipient[] {
  const wanted = new Set(emails.map(addressKey));
  return recipients.filter((r) => wanted.has(addressKey(r.email)));
}

/** A user of the local copy, as far as choosing recipients goes (`email` lower case). */
export interface KnownUser {
  email: string;
  lang: Lang;
  status: string;
}

/**
 * Recipients as they are now: one per address; a known user's current language is used, and a user who was
 * deactivated or deleted since is left out. Addresses nobody knows (guests) stay as given.
 */
export function currentRecipients(recipients: readonly Recipient[], known: readonly KnownUser[]): Recipient[] {
  const byEmail = new Map<string, Recipient>();
  for (const r of recipients) byEmail.set(addressKey(r.email), r);
  for (const u of known) {
    const r = byEmail.get(u.email);
    if (!r) continue;
    if (u.status === 'Inactive' || u.status === 'Deleted') byEmail.delete(u.email);
    else byEmail.set(u.email, { ...r, lang: u.lang });
  }
  return [...byEmail.values()];
}

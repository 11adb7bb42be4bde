/**
 * People on a meeting: a user by id, a guest by e-mail. E-mail addresses are compared lowercased and
 * trimmed everywhere in this service, through `normalizeEmail` (the one place that does it).
 */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** the same e-mail address, whatever its case or surrounding spaces */
export const sameEmail = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && normalizeEmail(a) === normalizeEmail(b);

/** the key of a person on members, voters, participants and comments: 'u:<id>' or 'e:<email>' */
export function personKey(p: { userId: number | null; userEmail: string | null }): string {
  return p.userId ? `u:${p.userId}` : `e:${normalizeEmail(p.userEmail ?? '')}`;
}

/** the key of a guest e-mail address */
export const emailKey = (email: string): string => personKey({ userId: null, userEmail: email });

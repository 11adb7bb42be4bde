import type { MeetingDetails, Person } from '@app/contracts';
import type { ApiError } from '../../../api/client';

/**
 * People of a meeting as picker options. A person is keyed 'u:<user id>' or 'e:<guest e-mail>', and sent
 * as { user_id } or { user_email } (the contract's person reference).
 */
export interface PersonOption {
  value: string;
  label: string;
  image: string | null;
  guest: boolean;
}

export type PersonRefInput = { user_id: number } | { user_email: string };

export function personKey(p: { user_id: number | null; user_email: string | null }): string | null {
  if (p.user_id) return `u:${p.user_id}`;
  if (p.user_email) return `e:${p.user_email.toLowerCase()}`;
  return null;
}

export function keyToRef(key: string): PersonRefInput {
  return key.startsWith('u:') ? { user_id: Number(key.slice(2)) } : { user_email: key.slice(2) };
}

/** guest e-mails over 22 characters are cut to 22 plus two dots */
export function shortEmail(email: string): string {
  return email.length > 22 ? `${email.slice(0, 22)}..` : email;
}

export function personName(p: Pick<Person, 'user' | 'user_email'>): string {
  return p.user?.name || (p.user_email ? shortEmail(p.user_email) : '') || '?';
}

/** members and guests of the meeting, once each */
export function meetingPeople(meeting: Pick<MeetingDetails, 'members' | 'guest_member'>): PersonOption[] {
  const out = new Map<string, PersonOption>();
  for (const m of [...meeting.members, ...meeting.guest_member]) {
    const key = personKey({ user_id: m.user_id, user_email: m.user_email });
    if (!key || out.has(key)) continue;
    const name = m.user?.name || m.guest_name || (m.user_email ? shortEmail(m.user_email) : '?');
    out.set(key, { value: key, label: name, image: m.user?.image ?? null, guest: !m.user_id });
  }
  return [...out.values()];
}

/** people already on an item (voters, participants) that the picker may not list any more, kept selectable */
export function withCurrent(options: PersonOption[], current: readonly Person[]): PersonOption[] {
  const have = new Set(options.map((o) => o.value));
  const extra: PersonOption[] = [];
  for (const p of current) {
    const key = personKey(p);
    if (!key || have.has(key)) continue;
    have.add(key);
    extra.push({ value: key, label: personName(p), image: p.user?.image ?? null, guest: !p.user_id });
  }
  return [...options, ...extra];
}

export const ALL_FIELDS_REQUIRED = 'All fields are required';

/**
 * The banner of a failed save (docs/product/errors.md): the server's message when it sent one, else
 * 'All fields are required' for a bare 409, else the error's own text.
 */
export function saveErrorMessage(err: unknown): string {
  const e = err as Partial<ApiError> | null;
  if (e && typeof e === 'object' && 'status' in e) {
    if (e.serverMessage) return e.serverMessage;
    if (e.status === 409) return ALL_FIELDS_REQUIRED;
    return e.message ?? '';
  }
  return err instanceof Error ? err.message : String(err);
}

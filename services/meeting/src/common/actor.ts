import { createHash } from 'node:crypto';
import type { Actor } from '@app/contracts';
import type { MemberRow } from '../db/schema';
import { personKey } from '../rules/person';

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** the acting person as a voter/participant key (a guest through their member row) */
export function actorKey(actor: Actor, me: MemberRow | null): string | null {
  if (actor.kind === 'user' && actor.userId) return personKey({ userId: actor.userId, userEmail: null });
  if (actor.kind === 'guest' && me) return personKey(me);
  return null;
}

export function actorName(actor: Actor, me: MemberRow | null): string | null {
  if (actor.kind === 'guest') return me?.guestName ?? me?.userEmail ?? 'Guest';
  return actor.name ?? actor.email ?? null;
}

export function actorInfo(actor: Actor, me: MemberRow | null): { userId: number | null; name: string | null; email: string | null } {
  return { userId: actor.kind === 'user' ? actor.userId : null, name: actorName(actor, me), email: actor.kind === 'guest' ? (me?.userEmail ?? null) : actor.email };
}

import { personKey, sameEmail } from './person';

/**
 * Whose vote a request casts (docs/product/meetings.md#statuses): by default the actor's own; an organization admin may vote
 * for another voter (`user_id`, or a guest's `user_email`); a guest votes only as themself (their link's
 * e-mail). Someone else's vote needs an organization admin, or a proxy: a member votes for each member whose proxy
 * they hold for the meeting (`represented`, rules/proxy.ts), one vote at a time.
 */
export interface VoteTargetFacts {
  actor: { kind: 'user' | 'guest' | 'system'; userId: number | null; isAdmin: boolean };
  /** the actor's own voter key ('u:<id>', or a guest's 'e:<email>'), null when they have none */
  ownKey: string | null;
  /** a guest's e-mail from their member row */
  guestEmail: string | null;
  body: { user_id?: number | null; user_email?: string | null };
  /** the voter keys of the members whose proxy the actor holds for this meeting */
  represented?: readonly string[];
}

export type VoteTarget =
  | { ok: true; person: { userId: number | null; userEmail: string | null }; key: string; forOther: boolean; byProxy: boolean }
  | { ok: false };

export function voteTarget(f: VoteTargetFacts): VoteTarget {
  const { actor, body } = f;
  let person: { userId: number | null; userEmail: string | null };
  if (body.user_id && body.user_id !== actor.userId) person = { userId: body.user_id, userEmail: null };
  else if (body.user_email && actor.kind === 'user') person = { userId: null, userEmail: body.user_email };
  else if (actor.kind === 'guest') {
    if (body.user_email && !sameEmail(body.user_email, f.guestEmail)) return { ok: false };
    person = { userId: null, userEmail: f.guestEmail };
  } else person = { userId: actor.userId, userEmail: null };
  const key = personKey(person);
  const forOther = key !== f.ownKey;
  const byProxy = forOther && actor.kind === 'user' && !!f.represented?.includes(key);
  if (forOther && !byProxy && !(actor.kind === 'user' && actor.isAdmin)) return { ok: false };
  return { ok: true, person, key, forOther, byProxy };
}

import type { Actor } from '@app/contracts';

export type Access = 'edit' | 'view' | null;

const rank = (a: Access) => (a === 'edit' ? 2 : a === 'view' ? 1 : 0);
/** the stronger of two accesses (an item's own, a folder's above it) */
export const best = (a: Access, b: Access): Access => (rank(a) >= rank(b) ? a : b);

export interface AccessFacts {
  ownerId: number | null;
  scope: string;
  /** the shares of the item and of every folder above it (an expiry: the share ends then) */
  shares: readonly { userId: number; canEdit: boolean; expiresAt?: Date | null }[];
}

/** a share gives access until its expiry (none: until it is removed) */
export const shareLive = (s: { expiresAt?: Date | null }, now: Date): boolean => !s.expiresAt || s.expiresAt.getTime() > now.getTime();

/**
 * What the caller may do with an item (docs/library.md#who-may-do-what):
 * - its owner and the organization's administrators edit it (rename, move, delete, share, new versions);
 * - a person it (or a folder above it) is shared with sees it, and edits it when a share says can_edit, until the
 *   share's expiry;
 * - everyone of the organization sees the organization library;
 * - the system (other services' jobs: the approval's copies, the minutes' board book, attachments resolved for a
 *   meeting) reads any item and edits none: every change of an item goes through a user who may make it;
 * - anyone else does not know it exists (404).
 */
export function accessOf(item: AccessFacts, actor: Pick<Actor, 'kind' | 'userId' | 'isAdmin'>, now: Date = new Date()): Access {
  if (actor.kind === 'system') return 'view';
  if (actor.kind !== 'user' || actor.userId === null) return null;
  if (actor.isAdmin) return 'edit';
  if (item.ownerId !== null && item.ownerId === actor.userId) return 'edit';
  const mine = item.shares.filter((s) => s.userId === actor.userId && shareLive(s, now));
  if (mine.some((s) => s.canEdit)) return 'edit';
  if (mine.length) return 'view';
  if (item.scope === 'organization') return 'view';
  return null;
}

/** Uploading into a folder: refused in a restricted folder except for its owner and administrators. */
export function mayUploadInto(folder: { ownerId: number | null; restricted: boolean }, access: Access, actor: Pick<Actor, 'userId' | 'isAdmin'>): 'ok' | 'restricted' | 'no-access' {
  if (!access) return 'no-access';
  if (folder.restricted && !actor.isAdmin && folder.ownerId !== actor.userId) return 'restricted';
  if (access !== 'edit' && !folder.restricted) return 'restricted';
  return 'ok';
}

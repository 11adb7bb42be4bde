import type { Actor, BookItemChange, BookItemChanges, MeetingDetails } from '@app/contracts';
import type { PublishedItem } from '../db/schema';

const change = (kind: BookItemChange['kind'], p: Partial<Omit<BookItemChange, 'kind'>> = {}): BookItemChange => ({
  kind, library_id: null, name: null, version: null, from_version: null, old_title: null, ...p,
});

/**
 * What changed between two publications of a board book (docs/minutes.md#what-changed-in-the-book): the items of
 * `after` in its order, each `new` (not in `before`), `changed` (its title renamed, an attachment added, removed or
 * at a new version) or `unchanged`; then the items of `before` that `after` no longer has, `removed`. A move (another
 * place, so another number in the book's title) is not a change: items are compared by key and by their own title.
 * `before` null: nothing to compare with, every item is unchanged.
 */
export function bookChanges(before: readonly PublishedItem[] | null, after: readonly PublishedItem[]): BookItemChanges[] {
  if (!before) return after.map((i) => ({ key: i.key, title: i.title, status: 'unchanged', changes: [] }));
  const old = new Map(before.map((i) => [i.key, i]));
  const out: BookItemChanges[] = after.map((i) => {
    const was = old.get(i.key);
    if (!was) return { key: i.key, title: i.title, status: 'new', changes: i.files.map((f) => change('file_added', { library_id: f.library_id, name: f.name, version: f.version })) };
    const changes: BookItemChange[] = [];
    if (was.label !== i.label) changes.push(change('renamed', { old_title: was.label }));
    const files = new Map(was.files.map((f) => [f.library_id, f]));
    for (const f of i.files) {
      const prev = files.get(f.library_id);
      if (!prev) changes.push(change('file_added', { library_id: f.library_id, name: f.name, version: f.version }));
      else if (prev.version !== f.version) changes.push(change('new_version', { library_id: f.library_id, name: f.name, version: f.version, from_version: prev.version }));
    }
    const now = new Set(i.files.map((f) => f.library_id));
    for (const f of was.files) if (!now.has(f.library_id)) changes.push(change('file_removed', { library_id: f.library_id, name: f.name, from_version: f.version }));
    return { key: i.key, title: i.title, status: changes.length ? 'changed' : 'unchanged', changes };
  });
  const kept = new Set(after.map((i) => i.key));
  for (const i of before) {
    if (!kept.has(i.key)) out.push({ key: i.key, title: i.title, status: 'removed', changes: i.files.map((f) => change('file_removed', { library_id: f.library_id, name: f.name, from_version: f.version })) });
  }
  return out;
}

/** the keys of the items whose files or title differ between two publications (the summary's items to make again) */
export function changedKeys(before: readonly PublishedItem[] | null, after: readonly PublishedItem[]): Set<string> {
  return new Set(bookChanges(before, after).filter((i) => i.status !== 'unchanged').map((i) => i.key));
}

/**
 * The reader's part of the changes (docs/minutes.md#what-changed-in-the-book): an item of the newest book when they see
 * it now (`visible`, their view of the meeting); a removed item only when they were shown it in the book compared with
 * (`saw`: the items of that book recorded when they opened it). A removed item can no longer be checked against their
 * rights, so when what they saw is not known (`saw` null: never opened that book, or opened before this was recorded)
 * no removal is told: a reader who may not see a restricted item never learns it existed, even when they see every
 * item that is left.
 */
export function readerChanges(all: readonly BookItemChanges[], visible: ReadonlySet<string>, saw: ReadonlySet<string> | null): BookItemChanges[] {
  return all.filter((i) => (i.status === 'removed' ? !!saw?.has(i.key) : visible.has(i.key)));
}

/** the items of a publication a reader is shown: what `readerChanges` is told as `saw` when they later compare with it */
export function shownKeys(items: readonly Pick<PublishedItem, 'key'>[], visible: ReadonlySet<string>): string[] {
  return items.filter((i) => visible.has(i.key)).map((i) => i.key);
}

/** Who reads: a signed-in user, or a guest by their member row in the meeting. */
export type BookReader = { userId: number } | { guestMemberId: number };

/**
 * Whose reading it is: a signed-in user by their id; a guest (token link) by their member row in the meeting, as the
 * meeting service resolved the token (`current_member`); the system reads for nobody.
 */
export function readerOf(actor: Actor, meeting: Pick<MeetingDetails, 'current_member'>): BookReader | null {
  if (actor.kind === 'user' && actor.userId) return { userId: actor.userId };
  if (actor.kind === 'guest' && meeting.current_member) return { guestMemberId: meeting.current_member.member_id };
  return null;
}

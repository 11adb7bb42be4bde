import { SYSTEM_ACTOR, type Actor } from '@app/contracts';
import type { PublishedItem } from '../db/schema';
import { bookChanges, changedKeys, readerChanges, readerOf, shownKeys } from './book-changes';

const file = (library_id: number, version = 1, name = `f${library_id}.pdf`) => ({ library_id, version, name });
const item = (key: string, label: string, files: PublishedItem['files'], n = '1.'): PublishedItem => ({ key, label, title: `${n} ${label}`, files });
const base = [item('tp:1', 'Budget', [file(10), file(11)], '1.'), item('tp:2', 'Audit', [file(20)], '2.'), item('d:5', 'Approve', [file(50)], '')];
const none = { library_id: null, name: null, version: null, from_version: null, old_title: null };

describe('bookChanges: what changed between two publications of a book', () => {
  it.each<[string, PublishedItem[], { key: string; status: string; changes: object[] }[]]>([
    ['nothing changed', base, [
      { key: 'tp:1', status: 'unchanged', changes: [] }, { key: 'tp:2', status: 'unchanged', changes: [] }, { key: 'd:5', status: 'unchanged', changes: [] },
    ]],
    ['an item added', [...base, item('a:9', 'Venue', [file(90)], '')], [
      { key: 'tp:1', status: 'unchanged', changes: [] }, { key: 'tp:2', status: 'unchanged', changes: [] }, { key: 'd:5', status: 'unchanged', changes: [] },
      { key: 'a:9', status: 'new', changes: [{ ...none, kind: 'file_added', library_id: 90, name: 'f90.pdf', version: 1 }] },
    ]],
    ['an item removed: listed after the others', [base[0], base[2]], [
      { key: 'tp:1', status: 'unchanged', changes: [] }, { key: 'd:5', status: 'unchanged', changes: [] },
      { key: 'tp:2', status: 'removed', changes: [{ ...none, kind: 'file_removed', library_id: 20, name: 'f20.pdf', from_version: 1 }] },
    ]],
    ['a new version of one attachment: that item only', [item('tp:1', 'Budget', [file(10, 2), file(11)], '1.'), base[1], base[2]], [
      { key: 'tp:1', status: 'changed', changes: [{ ...none, kind: 'new_version', library_id: 10, name: 'f10.pdf', version: 2, from_version: 1 }] },
      { key: 'tp:2', status: 'unchanged', changes: [] }, { key: 'd:5', status: 'unchanged', changes: [] },
    ]],
    ['an attachment added and one removed', [item('tp:1', 'Budget', [file(11), file(12)], '1.'), base[1], base[2]], [
      { key: 'tp:1', status: 'changed', changes: [{ ...none, kind: 'file_added', library_id: 12, name: 'f12.pdf', version: 1 }, { ...none, kind: 'file_removed', library_id: 10, name: 'f10.pdf', from_version: 1 }] },
      { key: 'tp:2', status: 'unchanged', changes: [] }, { key: 'd:5', status: 'unchanged', changes: [] },
    ]],
    ['renamed', [base[0], item('tp:2', 'External audit', [file(20)], '2.'), base[2]], [
      { key: 'tp:1', status: 'unchanged', changes: [] },
      { key: 'tp:2', status: 'changed', changes: [{ ...none, kind: 'renamed', old_title: 'Audit' }] },
      { key: 'd:5', status: 'unchanged', changes: [] },
    ]],
    ['reordered (so renumbered): no change, the new order', [item('tp:2', 'Audit', [file(20)], '1.'), item('tp:1', 'Budget', [file(10), file(11)], '2.'), base[2]], [
      { key: 'tp:2', status: 'unchanged', changes: [] }, { key: 'tp:1', status: 'unchanged', changes: [] }, { key: 'd:5', status: 'unchanged', changes: [] },
    ]],
    ["an attachment's files reordered within the item: no change", [item('tp:1', 'Budget', [file(11), file(10)], '1.'), base[1], base[2]], [
      { key: 'tp:1', status: 'unchanged', changes: [] }, { key: 'tp:2', status: 'unchanged', changes: [] }, { key: 'd:5', status: 'unchanged', changes: [] },
    ]],
  ])('%s', (_name, after, expected) => {
    expect(bookChanges(base, after).map(({ key, status, changes }) => ({ key, status, changes }))).toEqual(expected);
  });

  it('the title answered is the newest book\'s (a removed item: the older book\'s)', () => {
    const after = [item('tp:2', 'Audit', [file(20)], '1.')];
    expect(bookChanges(base, after).map((i) => [i.key, i.title, i.status])).toEqual([
      ['tp:2', '1. Audit', 'unchanged'], ['tp:1', '1. Budget', 'removed'], ['d:5', ' Approve', 'removed'],
    ]);
  });

  it('nothing to compare with (the first book): every item unchanged', () => {
    expect(bookChanges(null, base).map((i) => i.status)).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });

  it('changedKeys: the items a summary must make again', () => {
    expect([...changedKeys(base, [item('tp:1', 'Budget', [file(10, 3), file(11)], '1.'), base[1]])]).toEqual(['tp:1', 'd:5']);
    expect([...changedKeys(base, base)]).toEqual([]);
  });
});

describe("readerChanges: the reader's part; a removed item only to whom was shown it", () => {
  // base: tp:1 Budget, tp:2 Audit, d:5 Approve (d:5 the restricted one: some readers do not see it)
  const all = ['tp:1', 'tp:2', 'd:5'];
  const withoutD5 = ['tp:1', 'tp:2'];
  it.each<[string, PublishedItem[], string[], string[] | null, [string, string][]]>([
    ['the restricted item removed, a reader who never saw it sees every item left: not told it existed', [base[0], base[1]], withoutD5, withoutD5, [['tp:1', 'unchanged'], ['tp:2', 'unchanged']]],
    ['the restricted item removed, a reader shown it when they opened the book: Removed', [base[0], base[1]], all, all, [['tp:1', 'unchanged'], ['tp:2', 'unchanged'], ['d:5', 'removed']]],
    ['an open item removed, a reader who may not see the restricted one (still there) and was shown the open one: Removed', [base[0], base[2]], withoutD5, withoutD5, [['tp:1', 'unchanged'], ['tp:2', 'removed']]],
    ['an open item removed, what the reader was shown not known (never opened): not told', [base[0], base[2]], all, null, [['tp:1', 'unchanged'], ['d:5', 'unchanged']]],
    ['the restricted item changed: not listed to whom may not see it', [base[0], base[1], item('d:5', 'Approve', [file(50, 2)], '')], withoutD5, withoutD5, [['tp:1', 'unchanged'], ['tp:2', 'unchanged']]],
    ['a new item the reader may not see: not listed; one they see: New', [...base, item('d:6', 'Secret', [file(60)], ''), item('a:7', 'Venue', [file(70)], '')], ['tp:1', 'tp:2', 'a:7'], withoutD5, [['tp:1', 'unchanged'], ['tp:2', 'unchanged'], ['a:7', 'new']]],
    ['the restricted item removed, a reader shown only part of the book (not it): not told', [base[0], base[1]], ['tp:1'], ['tp:1'], [['tp:1', 'unchanged']]],
  ])('%s', (_name, after, visible, saw, expected) => {
    expect(readerChanges(bookChanges(base, after), new Set(visible), saw ? new Set(saw) : null).map((i) => [i.key, i.status])).toEqual(expected);
  });

  it('shownKeys: the items of a book the reader is shown, in its order', () => {
    expect(shownKeys(base, new Set(['d:5', 'tp:1', 'a:9']))).toEqual(['tp:1', 'd:5']);
    expect(shownKeys(base, new Set())).toEqual([]);
  });
});

describe('readerOf: whose reading it is', () => {
  const user: Actor = { kind: 'user', userId: 4, email: 'a@x.test', name: 'A', roleId: null, isAdmin: false, permissions: [], guestToken: null };
  const guest: Actor = { kind: 'guest', userId: null, email: null, name: null, roleId: null, isAdmin: false, permissions: [], guestToken: 'tok' };
  const member = (member_id: number) => ({ current_member: { member_id } as never });
  it.each<[string, Actor, { current_member: never } | { current_member: null }, object | null]>([
    ['a signed-in user: by their id', user, member(9), { userId: 4 }],
    ["a guest: by the member row their token is (the meeting service's current_member)", guest, member(9), { guestMemberId: 9 }],
    ['a guest the meeting does not know: nobody', guest, { current_member: null }, null],
    ['the system: nobody', SYSTEM_ACTOR, member(9), null],
  ])('%s', (_name, actor, meeting, expected) => expect(readerOf(actor, meeting)).toEqual(expected));
});

import type { PublishedItem } from '../db/schema';
import { bookChanges, changedKeys } from './book-changes';

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

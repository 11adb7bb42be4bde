import type { AgendaType, BookChanges, BookItemChange, BookItemChanges } from '@app/contracts';

/** how an item is marked: new, changed since the reader last opened the book, changed since the publication before, removed */
export type BookMark = 'new' | 'changed-opened' | 'changed-previous' | 'removed';

/** the mark of an item in an answer of GET /api/meetings/{id}/book/changes (null: unchanged, or nothing to compare with) */
export function markOf(item: Pick<BookItemChanges, 'status'>, since: BookChanges['since']): BookMark | null {
  if (!since || item.status === 'unchanged') return null;
  if (item.status === 'changed') return since === 'opened' ? 'changed-opened' : 'changed-previous';
  return item.status;
}

/** the items worth showing (new, changed, removed), each with its mark */
export function markedItems(c: BookChanges | null | undefined): (BookItemChanges & { mark: BookMark })[] {
  if (!c) return [];
  return c.items.flatMap((i) => {
    const mark = markOf(i, c.since);
    return mark ? [{ ...i, mark }] : [];
  });
}

/** the marks by the title the book prints (the book viewer's outline names its sections so) */
export function marksByTitle(c: BookChanges | null | undefined): Map<string, BookMark> {
  return new Map(markedItems(c).filter((i) => i.mark !== 'removed').map((i) => [i.title, i.mark]));
}

/**
 * The book's key of an agenda item, as each publication records it (services/minutes/src/rules/book.ts `bookSections`):
 * `tp:` a talking point, `sp:` a sub-point, `d:` a decision, `a:` an action, then the item's id.
 */
export function bookKey(type: AgendaType | 'subpoint', id: number): string {
  const prefix = { talking_point: 'tp', subpoint: 'sp', decision: 'd', action: 'a' }[type];
  return `${prefix}:${id}`;
}

/** the marks by the item's key, removed items too (the meeting page's agenda list marks its cards with them) */
export function marksByKey(c: BookChanges | null | undefined): Map<string, BookMark> {
  return new Map(markedItems(c).map((i) => [i.key, i.mark]));
}

/** the text key of a mark and of a change (namespace `minutes`) */
export const markKey: Record<BookMark, string> = {
  new: 'changes.new',
  'changed-opened': 'changes.changedOpened',
  'changed-previous': 'changes.changedPrevious',
  removed: 'changes.removed',
};
export const markSeverity: Record<BookMark, 'success' | 'warning' | 'danger'> = { new: 'success', 'changed-opened': 'warning', 'changed-previous': 'warning', removed: 'danger' };
export const changeKey: Record<BookItemChange['kind'], string> = {
  file_added: 'changes.fileAdded',
  file_removed: 'changes.fileRemoved',
  new_version: 'changes.newVersion',
  renamed: 'changes.renamed',
};

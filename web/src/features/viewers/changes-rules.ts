import type { FileChanges, PageChange } from '@app/contracts';

/** the pages of the current version that changed or are new, in page order */
export function changedPages(c: FileChanges | null | undefined): PageChange[] {
  return (c?.pages ?? []).filter((p) => p.page !== null && (p.status === 'changed' || p.status === 'added'));
}

/** how many pages changed, were added and were removed */
export function changeCounts(c: FileChanges | null | undefined): { changed: number; added: number; removed: number } {
  const n = { changed: 0, added: 0, removed: 0 };
  for (const p of c?.pages ?? []) if (p.status !== 'unchanged') n[p.status] += 1;
  return n;
}

/** what happened to this page of the current version (null: nothing to say) */
export function pageChange(c: FileChanges | null | undefined, page: number): PageChange | null {
  return c?.pages.find((p) => p.page === page && p.status !== 'unchanged') ?? null;
}

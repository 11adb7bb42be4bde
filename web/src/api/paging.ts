import type { PageMeta } from '@app/contracts';
import { arr, num, obj } from './fields';

/** What `api(route)` answers for a paged route: the parsed rows and the contract's meta (page, per_page, total, last_page). */
export interface Paged<T> {
  items: T[];
  meta: PageMeta;
}

/** Paged lists read by hand (legacy fetchers not yet on the route table): being replaced by `Paged<T>`. */
export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
}

export function pageOf<T>(body: unknown, map: (raw: unknown) => T): Page<T> {
  const b = obj(body);
  const data = b.data;
  // tolerate `data: { data: [...], total }` (paginator objects) as well as `data: [...]`
  const inner = Array.isArray(data) ? data : arr(obj(data).data ?? obj(data).items);
  const meta = obj(b.meta ?? obj(data).meta ?? (Array.isArray(data) ? {} : data));
  const items = inner.map(map);
  const perPage = num(meta.per_page ?? meta.perpage, items.length || 10);
  const total = num(meta.total, items.length);
  return {
    items,
    page: num(meta.page ?? meta.current_page, 1),
    perPage,
    total,
    lastPage: num(meta.last_page, Math.max(1, Math.ceil(total / Math.max(1, perPage)))),
  };
}

/** A plain list: `data: [...]`, or the first list inside `data` (`{ users: [...] }`, `{ integrations: [...] }`). */
export function listOf<T>(body: unknown, map: (raw: unknown) => T): T[] {
  const b = obj(body);
  const data = Array.isArray(body) ? body : b.data;
  if (Array.isArray(data)) return data.map(map);
  const d = obj(data);
  const list = d.data ?? d.items ?? Object.values(d).find(Array.isArray);
  return arr(list).map(map);
}

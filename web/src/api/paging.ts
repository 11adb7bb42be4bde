import type { PageMeta } from '@app/contracts';

/** What `api(route)` answers for a paged route: the parsed rows and the contract's meta (page, per_page, total, last_page). */
export interface Paged<T> {
  items: T[];
  meta: PageMeta;
}

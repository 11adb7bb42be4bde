import { defineComposedRoute } from '../core/route';
import { zSearchQuery, zSearchResults } from './search.schemas';

/**
 * The one search box (docs/search.md). Composed in the gateway: it asks the meeting service
 * (`meeting.v1.search`), the minutes service (`minutes.v1.search`) and the library service
 * (`library.v1.search-files`) in parallel, each applying its own visibility rules, and answers their groups in
 * SEARCH_KINDS order.
 */
export const SearchRoutes = {
  search: defineComposedRoute({
    method: 'GET', path: '/api/search', access: 'user', tags: ['search'], query: zSearchQuery, response: zSearchResults,
    summary: 'Search what the caller may see (q: 2..200 characters; kind: meeting|agenda_item|decision|resolution|comment|minutes|file): results grouped by kind, each with the matching passage',
  }),
} as const;

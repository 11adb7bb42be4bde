import { Routes, type RouteData, type SearchKind } from '@app/contracts';
import { api } from './client';

/** The search box's answer (docs/search.md): groups by kind, each result with its passage. */
export type SearchResults = RouteData<typeof Routes.search>;
export type SearchResultGroup = SearchResults['groups'][number];
export type SearchResult = SearchResultGroup['items'][number];

export const searchApi = {
  search: (q: string, kind?: SearchKind): Promise<SearchResults> => api(Routes.search, { query: kind ? { q, kind } : { q } }),
};

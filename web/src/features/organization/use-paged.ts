import { useEffect, useState } from 'react';
import type { Paged } from '../../api/paging';

/** Paging and a debounced search box for the administration tables. */
export function usePaged(initialPerPage = 10) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(initialPerPage);
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const id = setTimeout(() => {
      setDebounced(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(id);
  }, [search]);
  return {
    page,
    perPage,
    search,
    query: debounced,
    setSearch,
    onPage: (e: { page?: number; rows: number }) => {
      setPage((e.page ?? 0) + 1);
      setPerPage(e.rows);
    },
    first: (page - 1) * perPage,
  };
}

/** The lazy, paged DataTable props of an administration list (spread them, then add emptyMessage and data-testid). */
export function pagedTable<T>(paged: ReturnType<typeof usePaged>, data: Paged<T> | undefined, loading: boolean, rowsPerPageOptions = [5, 10, 20, 50]) {
  return {
    value: data?.items ?? [],
    lazy: true,
    paginator: true,
    first: paged.first,
    rows: paged.perPage,
    totalRecords: data?.meta.total ?? 0,
    onPage: paged.onPage,
    rowsPerPageOptions,
    loading,
    dataKey: 'id',
  } as const;
}

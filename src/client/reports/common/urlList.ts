import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZE } from '../../components/ListPagination';

/** A list's page, order, search and filters, kept in the address (a reload or the back button keeps them). */
export interface UrlList {
  page: number;
  perPage: number;
  sort: string;
  order: 'asc' | 'desc';
  search: string;
  filters: Record<string, string>;
}

const FILTER = /^filter\[(.+)\]$/;

export function readUrlList(params: URLSearchParams, defaults: { sort: string; order: 'asc' | 'desc' }): UrlList {
  const filters: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = FILTER.exec(key);
    if (match && value) filters[match[1]] = value;
  }
  return {
    page: Math.max(1, Number(params.get('page')) || 1),
    perPage: Number(params.get('per_page')) || PAGE_SIZE,
    sort: params.get('sort') ?? defaults.sort,
    order: params.get('order') === 'desc' ? 'desc' : params.get('order') === 'asc' ? 'asc' : defaults.order,
    search: params.get('search') ?? '',
    filters,
  };
}

/** The list in the API's dialect (`page, per_page, sort, order, search, filter[...]`). */
export function apiQuery(list: UrlList): URLSearchParams {
  const query = new URLSearchParams({
    page: String(list.page),
    per_page: String(list.perPage),
    sort: list.sort,
    order: list.order,
  });
  if (list.search) query.set('search', list.search);
  for (const [key, value] of Object.entries(list.filters)) if (value) query.set(`filter[${key}]`, value);
  return query;
}

/**
 * The list state of the page's address and a way to change it. Every change but a page turn goes
 * back to page 1 (SPEC section 4); other parameters of the address (a school id) are kept.
 */
export function useUrlList(defaults: { sort: string; order: 'asc' | 'desc' }) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const list = useMemo(() => readUrlList(new URLSearchParams(search), defaults), [search, defaults]);
  const update = useCallback(
    (change: Partial<UrlList>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const merged = { ...readUrlList(previous, defaults), page: 1, ...change };
          for (const key of [...next.keys()]) if (FILTER.test(key)) next.delete(key);
          next.set('page', String(merged.page));
          next.set('per_page', String(merged.perPage));
          next.set('sort', merged.sort);
          next.set('order', merged.order);
          if (merged.search) next.set('search', merged.search);
          else next.delete('search');
          for (const [key, value] of Object.entries(merged.filters)) if (value) next.set(`filter[${key}]`, value);
          return next;
        },
        { replace: true },
      ),
    [defaults, setParams],
  );
  return { list, update, params };
}

import type { GetListParams } from 'react-admin';

/** Filters that the list dialect takes as top-level parameters rather than `filter[...]`. */
const SEARCH_KEYS = new Set(['q', 'search']);
const TOP_LEVEL_KEYS = new Set(['platform_id']);

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * Translates react-admin's list parameters into the API's list dialect:
 * `page, per_page, sort, order, search, platform_id, filter[field]=a,b`.
 */
export function listQuery(params: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>): URLSearchParams {
  const query = new URLSearchParams();
  const { page = 1, perPage = 15 } = params.pagination ?? {};
  query.set('page', String(page));
  query.set('per_page', String(perPage));
  if (params.sort?.field) {
    query.set('sort', params.sort.field);
    query.set('order', params.sort.order === 'DESC' ? 'desc' : 'asc');
  }
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (isEmpty(value)) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (SEARCH_KEYS.has(key)) query.set('search', text);
    else if (TOP_LEVEL_KEYS.has(key)) query.set(key, text);
    else query.set(`filter[${key}]`, text);
  }
  return query;
}

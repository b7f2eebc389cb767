import { ASSIGNED_FILTER_KEYS, ASSIGNED_SORT_KEYS } from '../../common/correction/index';
import { PAGE_SIZE } from '../components/ListPagination';

/** The list's category filters and sort keys, shared with the server. */
export const FILTER_KEYS = ASSIGNED_FILTER_KEYS;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const SORT_KEYS = ASSIGNED_SORT_KEYS;
export type SortKey = (typeof SORT_KEYS)[number];

/** What the list shows: its page, order, search and filters. */
export interface ListState {
  page: number;
  perPage: number;
  sort: SortKey;
  order: 'asc' | 'desc';
  search: string;
  filters: Record<FilterKey, number[]>;
  /** Double marking: only the answers whose two marks differ too much. */
  needsDeciding: boolean;
}

const NO_FILTERS = Object.fromEntries(FILTER_KEYS.map((key) => [key, []])) as unknown as Record<FilterKey, number[]>;

/** SPEC section 4: page 1, by id descending. */
export const DEFAULT_LIST_STATE: ListState = {
  page: 1,
  perPage: PAGE_SIZE,
  sort: 'id',
  order: 'desc',
  search: '',
  filters: NO_FILTERS,
  needsDeciding: false,
};

const positive = (text: string | null, fallback: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
};

const ids = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id >= 1);

/**
 * The list's state from an address's query, which speaks the API's own dialect, so the same
 * query reaches the list, the correction screen and, from there, the neighbours call.
 */
export function readListState(search: string | URLSearchParams): ListState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    page: positive(params.get('page'), 1),
    perPage: Math.min(positive(params.get('per_page'), PAGE_SIZE), 100),
    sort: (SORT_KEYS as readonly string[]).includes(sort ?? '') ? (sort as SortKey) : DEFAULT_LIST_STATE.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_LIST_STATE.order,
    search: params.get('search')?.trim() ?? '',
    filters: Object.fromEntries(FILTER_KEYS.map((key) => [key, ids(params.get(`filter[${key}]`))])) as Record<
      FilterKey,
      number[]
    >,
    needsDeciding: params.get('filter[needs_deciding]') === '1',
  };
}

/** Order, search and filters in the API dialect; the paging only when asked for. */
function queryOf(state: ListState, { paging, defaults }: { paging: boolean; defaults: boolean }): URLSearchParams {
  const query = new URLSearchParams();
  if (paging && (defaults || state.page !== 1)) query.set('page', String(state.page));
  if (paging && (defaults || state.perPage !== PAGE_SIZE)) query.set('per_page', String(state.perPage));
  if (defaults || state.sort !== DEFAULT_LIST_STATE.sort || state.order !== DEFAULT_LIST_STATE.order) {
    query.set('sort', state.sort);
    query.set('order', state.order);
  }
  if (state.search) query.set('search', state.search);
  for (const key of FILTER_KEYS)
    if (state.filters[key].length > 0) query.set(`filter[${key}]`, state.filters[key].join(','));
  if (state.needsDeciding) query.set('filter[needs_deciding]', '1');
  return query;
}

/** The list's address query: what differs from the defaults. */
export const listSearch = (state: ListState) => queryOf(state, { paging: true, defaults: false });
/** `GET /api/exams/{id}/assigned/students`: every parameter spelled out. */
export const listApiQuery = (state: ListState) => queryOf(state, { paging: true, defaults: true });
/** The neighbours call: the list's order and filters, without its page. */
export const neighboursApiQuery = (state: ListState) => queryOf(state, { paging: false, defaults: true });

export const hasFilters = (state: ListState) =>
  state.search !== '' || state.needsDeciding || FILTER_KEYS.some((key) => state.filters[key].length > 0);

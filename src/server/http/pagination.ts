import { z } from 'zod';
import { intParam } from '../../common/ids';

import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type ListMeta } from '../../common/contracts/records';

export { DEFAULT_PER_PAGE, MAX_PER_PAGE };

export interface PageRequest {
  page: number;
  per_page: number;
}

/** Query-string schema of a list: page, per_page, sort (one of `sortable`), order and search. */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaults: { sort: S[number]; order: 'asc' | 'desc' },
) {
  return z.object({
    page: intParam(1, 1_000_000).default(1),
    per_page: intParam(1, MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    sort: z.enum(sortable).default(() => defaults.sort),
    order: z.enum(['asc', 'desc']).default(defaults.order),
    search: z.string().trim().max(200).optional(),
  });
}

export function pageMeta({ page, per_page }: PageRequest, total: number): ListMeta {
  const lastPage = Math.max(1, Math.ceil(total / per_page));
  return {
    current_page: page,
    last_page: lastPage,
    per_page,
    total,
    next_page: page < lastPage ? page + 1 : null,
    previous_page: page > 1 ? Math.min(page - 1, lastPage) : null,
    pages: Array.from({ length: lastPage }, (_, i) => i + 1),
  };
}

export const offsetOf = ({ page, per_page }: PageRequest) => (page - 1) * per_page;

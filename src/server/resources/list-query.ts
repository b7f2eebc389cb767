import { z } from 'zod';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../http/pagination';

/** Columns a list may be sorted or filtered by: the id, the declared fields and the bookkeeping ones. */
export function sortableColumns(definition: ResourceDefinition): string[] {
  return [
    'id',
    ...(definition.nameFromNameEn ? ['name'] : []),
    ...Object.keys(definition.fields),
    ...(definition.platformScoped ? ['platform_id'] : []),
    'created_at',
    'updated_at',
  ];
}

export const filterKey = (field: string) => `filter[${field}]`;

/**
 * The list query of a resource (SPEC section 7): page, per_page, sort, order, search, platform_id
 * and `filter[field]=a,b`. An unknown sort column or filter field is refused with 400.
 */
export function listQueryValidator(definition: ResourceDefinition) {
  const columns = sortableColumns(definition) as [string, ...string[]];
  const shape: Record<string, z.ZodType> = {
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    sort: z.enum(columns).default(definition.list.sort),
    order: z.enum(['asc', 'desc']).default(definition.list.order),
    search: z.string().trim().max(200).optional(),
    platform_id: z.coerce.number().int().min(1).optional(),
  };
  for (const column of columns) shape[filterKey(column)] = z.string().max(2000).optional();
  return z.strictObject(shape);
}

export interface ListQuery {
  page: number;
  per_page: number;
  sort: string;
  order: 'asc' | 'desc';
  search?: string;
  platform_id?: number;
  [filter: string]: unknown;
}

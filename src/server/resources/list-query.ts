import { z } from 'zod';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../http/pagination';
import { idParam, intParam, isIdText, MAX_ID } from '../../common/ids';

/** Fields with no column of their own to sort by: join tables, lists and answer definitions. */
const UNSORTABLE = new Set(['references', 'tags', 'answer']);

/** Columns a list may be sorted by: the id, the declared fields with a column, and the bookkeeping ones. */
export function sortableColumns(definition: ResourceDefinition): string[] {
  return [
    'id',
    ...(definition.nameFromNameEn ? ['name'] : []),
    ...Object.entries(definition.fields)
      .filter(([, field]) => !UNSORTABLE.has(field.type))
      .map(([name]) => name),
    ...(definition.platformScoped ? ['platform_id'] : []),
    'created_at',
    'updated_at',
  ];
}

/** What a list may be filtered by: its sortable columns and each multi-reference (`filter[skill_id]`). */
export function filterableColumns(definition: ResourceDefinition): string[] {
  const through = Object.values(definition.fields).flatMap((field) =>
    field.type === 'references' ? [field.filter] : [],
  );
  return [...sortableColumns(definition), ...through];
}

export const filterKey = (field: string) => `filter[${field}]`;

const DATE_COLUMNS = new Set(['created_at', 'updated_at']);
const isDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) &&
  !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
  new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
const BOOLEAN_TEXT = new Set(['true', 'false', '1', '0']);

/** A comma list whose every item passes `valid`: `filter[grade_id]=1,2`. */
const commaList = (valid: (item: string) => boolean) =>
  z
    .string()
    .max(2000)
    .refine((raw) => raw === '' || raw.split(',').every((item) => valid(item.trim())), { error: 'validation.invalid' })
    .optional();

/** How a filter's values are read: ids, whole numbers, booleans, days of a timestamp, calendar dates (a `date` field), text. */
export type FilterKind = 'id' | 'integer' | 'boolean' | 'day' | 'date' | 'text';

/** How a list column is filtered, from its declaration: ids and numbers, booleans, days, or text. */
export function filterKindOf(definition: ResourceDefinition, column: string): FilterKind {
  if (column === 'id' || column === 'platform_id') return 'id';
  const type = definition.fields[column]?.type;
  if (Object.values(definition.fields).some((field) => field.type === 'references' && field.filter === column))
    return 'id';
  if (DATE_COLUMNS.has(column) || type === 'datetime') return 'day';
  if (type === 'date') return 'date';
  if (type === 'reference') return 'id';
  if (type === 'number') return 'integer';
  if (type === 'boolean') return 'boolean';
  return 'text';
}

const FILTER_VALIDATORS: Record<FilterKind, z.ZodType> = {
  id: commaList(isIdText),
  integer: commaList((item) => /^-?\d{1,10}$/.test(item) && Math.abs(Number(item)) <= MAX_ID),
  boolean: commaList((item) => BOOLEAN_TEXT.has(item)),
  day: commaList(isDay),
  date: commaList(isDay),
  text: z.string().max(2000).optional(),
};

/**
 * The list query of a resource (SPEC section 7): page, per_page, sort, order, search, platform_id
 * and `filter[field]=a,b`. An unknown sort column or filter field, or a filter value that does not
 * fit its column (an id out of range, a day that is not YYYY-MM-DD), is refused with 400.
 */
export function listQueryValidator(definition: ResourceDefinition) {
  const columns = sortableColumns(definition) as [string, ...string[]];
  const shape: Record<string, z.ZodType> = {
    page: intParam(1, 1_000_000).default(1),
    per_page: intParam(1, MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    sort: z.enum(columns).default(definition.list.sort),
    order: z.enum(['asc', 'desc']).default(definition.list.order),
    search: z.string().trim().max(200).optional(),
    platform_id: idParam().optional(),
  };
  for (const column of filterableColumns(definition))
    shape[filterKey(column)] = FILTER_VALIDATORS[filterKindOf(definition, column)];
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

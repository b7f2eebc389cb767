import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../src/server/db/types';

const BOOKKEEPING = new Set(['id', 'created_at', 'updated_at']);

/**
 * A row of a table read back, ready to insert into it again: without its id and timestamps (the
 * copy gets its own), JSON values (objects, lists) as their text. Numeric columns stay as they were
 * read (text), which PostgreSQL takes back: the read and the write types of a row differ here in
 * form only, and this is the one place that says so.
 */
export function rowCopy<T extends keyof Database>(_table: T, row: Selectable<Database[T]>): Insertable<Database[T]> {
  const columns = Object.entries(row)
    .filter(([key]) => !BOOKKEEPING.has(key))
    .map(([key, value]): [string, unknown] => [
      key,
      value !== null && typeof value === 'object' && !(value instanceof Date) && !ArrayBuffer.isView(value)
        ? JSON.stringify(value)
        : value,
    ]);
  return Object.fromEntries(columns) as Insertable<Database[T]>;
}

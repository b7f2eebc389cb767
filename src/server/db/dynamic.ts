import type { Kysely } from 'kysely';
import type { Db } from './database';

/**
 * The schema engine reads and writes tables named by declarations, known only at run time: this
 * is the one place that says so, with rows as plain records (the declarations type them).
 */
export type DynamicRow = Record<string, unknown>;
export type DynamicDb = Kysely<Record<string, DynamicRow>>;

export const dynamic = (db: Db | DynamicDb): DynamicDb => db as unknown as DynamicDb;

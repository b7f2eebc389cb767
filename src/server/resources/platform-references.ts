import { dynamic, type DynamicDb } from '../db/dynamic';
import type { Db } from '../db/database';
import type { FieldErrors } from '../http/app-error';

export type PlatformReference = readonly [field: string, table: string, id: number | null | undefined];

/** Field errors for references that do not exist or belong to another platform (one query each). */
export async function checkPlatformReferences(
  database: Db | DynamicDb,
  platformId: number,
  references: readonly PlatformReference[],
): Promise<FieldErrors> {
  const db = dynamic(database);
  const errors: FieldErrors = {};
  for (const [field, table, id] of references) {
    if (id === null || id === undefined) continue;
    const row = await db.selectFrom(table).select('platform_id').where('id', '=', id).executeTakeFirst();
    if (!row || row.platform_id !== platformId) errors[field] = ['validation.reference_not_found'];
  }
  return errors;
}

import type { Db } from '../db/database';
import { dynamic } from '../db/dynamic';
import { LOOKUP_FIELDS, type LookupField, type LookupName } from './interchange-item';
import { lookupColumn, lookupField } from './question-fields';

/** Each lookup's table (`lookupTables` of question-fields.ts, from the registry). */
export type LookupTables = Record<LookupField, string>;

/** A lookup value: its names, and the lookups it belongs to by their columns (a learning outcome's `skill_id`). */
export interface LookupRow {
  id: number;
  name_en: string;
  name_ar: string;
  [column: string]: string | number | null | undefined;
}

/** Every lookup value of a platform, by lookup (a bank's lookups are a few hundred rows at most). */
export async function platformLookups(
  db: Db,
  tables: LookupTables,
  platformId: number,
): Promise<Record<LookupField, LookupRow[]>> {
  const entries = await Promise.all(
    LOOKUP_FIELDS.map(async (field) => {
      const columns = ['id', 'name_en', 'name_ar', ...lookupField(field).within.map(lookupColumn)];
      const rows = await dynamic(db)
        .selectFrom(tables[field])
        .select(columns)
        .where('platform_id', '=', platformId)
        .orderBy('id')
        .execute();
      return [field, rows as LookupRow[]];
    }),
  );
  return Object.fromEntries(entries) as Record<LookupField, LookupRow[]>;
}

/** The names of a question's lookups, for a package's metadata. */
export function lookupNames(
  lookups: Record<LookupField, LookupRow[]>,
  question: Record<string, unknown>,
): Partial<Record<LookupField, LookupName>> {
  const names: Partial<Record<LookupField, LookupName>> = {};
  for (const field of LOOKUP_FIELDS) {
    const id = Number(question[lookupColumn(field)]);
    const row = lookups[field].find((r) => r.id === id);
    if (row) names[field] = { en: row.name_en, ar: row.name_ar };
  }
  return names;
}

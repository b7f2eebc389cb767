import type { Db } from '../db/database';
import { LOOKUP_FIELDS, type LookupField, type LookupName } from './interchange-item';

/** Each lookup's table and the question column that refers to it. */
export const LOOKUP_TABLES = {
  question_type: { table: 'question_types', column: 'question_type_id' },
  skill: { table: 'skills', column: 'skill_id' },
  difficulty_level: { table: 'difficulty_levels', column: 'difficulty_level_id' },
  cognitive_level: { table: 'cognitive_levels', column: 'cognitive_level_id' },
  learning_outcome: { table: 'learning_outcomes', column: 'learning_outcome_id' },
  depth_of_knowledge: { table: 'depth_of_knowledges', column: 'depth_of_knowledge_id' },
} as const satisfies Record<LookupField, { table: string; column: string }>;

export interface LookupRow {
  id: number;
  name_en: string;
  name_ar: string;
  skill_id?: number | null;
}

/** Every lookup value of a platform, by lookup (a bank's lookups are a few hundred rows at most). */
export async function platformLookups(db: Db, platformId: number): Promise<Record<LookupField, LookupRow[]>> {
  const entries = await Promise.all(
    LOOKUP_FIELDS.map(async (field) => {
      const { table } = LOOKUP_TABLES[field];
      const rows = (await db
        .selectFrom(table as 'skills')
        .selectAll()
        .where('platform_id', '=', platformId)
        .orderBy('id')
        .execute()) as unknown as LookupRow[];
      return [field, rows.map((r) => ({ id: r.id, name_en: r.name_en, name_ar: r.name_ar, skill_id: r.skill_id }))];
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
    const id = Number(question[LOOKUP_TABLES[field].column]);
    const row = lookups[field].find((r) => r.id === id);
    if (row) names[field] = { en: row.name_en, ar: row.name_ar };
  }
  return names;
}

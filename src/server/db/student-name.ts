import { sql, type RawBuilder } from 'kysely';

/**
 * A student's name in the reader's script, as SQL on the students table under `alias`: the Arabic
 * name for an Arabic reader (the Latin one while the school has sent none), the Latin one otherwise.
 * Lists that show it sort by it, so an Arabic list is in Arabic alphabetical order.
 */
export function studentNameSql(language: 'en' | 'ar', alias = 'st'): RawBuilder<string> {
  const latin = sql.ref(`${alias}.name_en`);
  return language === 'ar'
    ? sql<string>`coalesce(nullif(${sql.ref(`${alias}.name_ar`)}, ''), ${latin})`
    : sql<string>`${latin}`;
}

/** A search on a student's names: either script matches (`pattern` from `containsPattern`). */
export function studentNameMatches(pattern: string, alias = 'st'): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.name_en`)} ilike ${pattern} or ${sql.ref(`${alias}.name_ar`)} ilike ${pattern})`;
}

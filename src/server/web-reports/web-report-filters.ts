import { sql } from 'kysely';
import type { WebReportFilters } from '../../common/contracts/index';
import { schoolScopeCondition, type SchoolScope } from '../auth';
import type { Db } from '../db/database';

type Named = { id: number; name_en: string; name_ar: string };

/** `GET /api/web-report/filters`: the platforms, the user's schools, the years, and each platform's rounds, grades and levels. */
export async function webReportFilters(db: Db, scope: SchoolScope, canRefresh: boolean): Promise<WebReportFilters> {
  const named = async (table: string) => {
    const { rows } = await sql<Named>`select id, name_en, name_ar from ${sql.table(table)} order by id`.execute(db);
    return rows.map((row) => ({ id: row.id, name_en: row.name_en, name_ar: row.name_ar }));
  };
  const ofPlatform = async (table: string) => {
    const { rows } = await sql<Named & { platform_id: number }>`
      select id, name_en, name_ar, platform_id from ${sql.table(table)} order by platform_id, id`.execute(db);
    return rows.map((row) => ({
      id: row.id,
      name_en: row.name_en,
      name_ar: row.name_ar,
      platform_id: row.platform_id,
    }));
  };
  const { rows: platforms } = await sql<Named>`
    select id, coalesce(name_en, name) as name_en, coalesce(name_ar, name) as name_ar from platforms order by id`.execute(
    db,
  );
  const schools = await db
    .selectFrom('schools')
    .select(['id', 'name_en', 'name_ar'])
    .where(schoolScopeCondition(scope, sql.ref('id')))
    .orderBy('id')
    .execute();
  return {
    platforms: platforms.map((row) => ({ id: row.id, name_en: row.name_en, name_ar: row.name_ar })),
    schools,
    academic_years: await named('academic_years'),
    rounds: await ofPlatform('rounds'),
    grades: await ofPlatform('grades'),
    levels: await ofPlatform('levels'),
    can_refresh: canRefresh,
  };
}

import { sql } from 'kysely';
import type { CompareBy, LeaderboardRow, WebReportResults } from '../../common/contracts/index';
import { nameComparator } from '../../common/reports/index';
import type { Language } from '../../../locales/languages';
import type { Db } from '../db/database';
import { translate } from '../http/i18n';
import { selectionFigures, type GroupColumn, type Selection } from './web-report-figures';
import { lastRefreshedAt } from './web-report-refresh';

/** Top and lowest students shown by the leaderboard. */
export const LEADERBOARD_SIZE = 10;

const COMPARE: { by: CompareBy; column: GroupColumn; table: string; ids: (s: Selection) => number[] }[] = [
  { by: 'school', column: 'school_id', table: 'schools', ids: (s) => s.schoolIds },
  { by: 'round', column: 'round_id', table: 'rounds', ids: (s) => s.roundIds },
  { by: 'academic_year', column: 'academic_year_id', table: 'academic_years', ids: (s) => s.yearIds },
];

async function skillNames(db: Db, platformId: number | undefined) {
  const rows = await db
    .selectFrom('skills')
    .select(['id', 'name_en', 'name_ar'])
    .$if(platformId !== undefined, (q) => q.where('platform_id', '=', platformId!))
    .execute();
  return new Map(rows.map((row) => [row.id, { name_en: row.name_en, name_ar: row.name_ar }]));
}

async function namesOf(db: Db, table: string, ids: number[]) {
  const { rows } = await sql<{ id: number; name_en: string; name_ar: string }>`
    select id, name_en, name_ar from ${sql.table(table)} where id in (${sql.join(ids)})`.execute(db);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The one school of the selection: chosen, or the only one a school user has. */
function singleSchool(selection: Selection): number | null {
  if (selection.schoolIds.length === 1) return selection.schoolIds[0];
  if (selection.schoolIds.length === 0 && !selection.scope.all && selection.scope.ids.length === 1)
    return selection.scope.ids[0];
  return null;
}

/** One student's result as the leaderboard reads it (numerics arrive as text from pg). */
interface LeaderboardSource {
  student_id: number;
  name: string;
  name_en: string;
  name_ar: string;
  school_class_id: number;
  class_en: string;
  class_ar: string;
  academic_year_id: number | null;
  year_en: string | null;
  year_ar: string | null;
  percent: string | number;
  mark: string | number;
  tier: LeaderboardRow['tier'];
}

/**
 * Competition ranks ("1, 2, 2, 4") of rows ordered best first: students with the same percent and
 * mark, as shown, share a rank and are listed by their name in the reader's language and order.
 */
export function rankRows<T extends { percent: number; mark: number; name_en: string; name_ar: string }>(
  rows: T[],
  lang: Language,
): { row: T; rank: number }[] {
  const compareNames = nameComparator(lang);
  const name = (row: T) => (lang === 'ar' ? row.name_ar : row.name_en);
  const sorted = [...rows].sort((a, b) => b.percent - a.percent || b.mark - a.mark || compareNames(name(a), name(b)));
  const ranked: { row: T; rank: number }[] = [];
  sorted.forEach((row, index) => {
    const before = ranked[index - 1];
    const tied = before && before.row.percent === row.percent && before.row.mark === row.mark;
    ranked.push({ row, rank: tied ? before.rank : index + 1 });
  });
  return ranked;
}

/** The top and lowest students of one school, round and grade (SPEC section 9), as of the last refresh. */
async function leaderboard(db: Db, selection: Selection, schoolId: number, lang: Language) {
  const years = selection.yearIds.length > 0 ? sql`and ws.academic_year_id in (${sql.join(selection.yearIds)})` : sql``;
  const platform = selection.platformId !== undefined ? sql`and ws.platform_id = ${selection.platformId}` : sql``;
  const { rows } = await sql<LeaderboardSource>`
    select ws.student_id, st.name, st.name_en, st.name_ar, ws.school_class_id, cl.name_en as class_en, cl.name_ar as class_ar,
      ws.academic_year_id, ay.name_en as year_en, ay.name_ar as year_ar, ws.percent, ws.mark, ws.tier
    from web_report_students ws
    join students st on st.id = ws.student_id
    join school_classes cl on cl.id = ws.school_class_id
    left join academic_years ay on ay.id = ws.academic_year_id
    where ws.school_id = ${schoolId} and ws.round_id = ${selection.roundIds[0]} and ws.grade_id = ${selection.gradeIds[0]}
      ${years} ${platform}
    order by ws.student_id`.execute(db);
  const ranked = rankRows(
    rows.map((row) => ({ ...row, percent: Number(row.percent), mark: Number(row.mark) })),
    lang,
  );
  const present = ({ row, rank }: (typeof ranked)[number]): LeaderboardRow => ({
    rank,
    student: { id: row.student_id, name: row.name, name_en: row.name_en, name_ar: row.name_ar },
    school_class: { id: row.school_class_id, name_en: row.class_en, name_ar: row.class_ar },
    academic_year:
      row.academic_year_id === null
        ? null
        : { id: row.academic_year_id, name_en: row.year_en ?? '', name_ar: row.year_ar ?? '' },
    percent: row.percent,
    mark: row.mark,
    tier: row.tier,
  });
  const top = ranked.slice(0, LEADERBOARD_SIZE).map(present);
  // The lowest never repeat the top: with fewer than twice the size, they are the rest. Lowest
  // first; students who share a rank keep their order by name.
  const lowestCount = Math.min(LEADERBOARD_SIZE, ranked.length - top.length);
  const lowest = ranked
    .slice(ranked.length - lowestCount)
    .map(present)
    .sort((a, b) => b.rank - a.rank);
  return { top, lowest };
}

/** `GET /api/web-report/results`: the figures of the selection, its leaderboard and its comparative view. */
export async function webReportResults(
  db: Db,
  selection: Selection,
  comparative: boolean,
  lang: Language,
): Promise<WebReportResults> {
  const skills = await skillNames(db, selection.platformId);
  const [refreshed, whole] = await Promise.all([lastRefreshedAt(db), selectionFigures(db, selection, null, skills)]);
  const school = singleSchool(selection);
  const boardAllowed = school !== null && selection.roundIds.length === 1 && selection.gradeIds.length === 1;
  const result: WebReportResults = {
    refreshed_at: refreshed?.toISOString() ?? null,
    figures: whole.get(0)!,
    leaderboard: boardAllowed ? await leaderboard(db, selection, school, lang) : null,
    leaderboard_message: boardAllowed ? null : translate(lang, 'web_reports.leaderboard_rule'),
    comparative: null,
    comparative_message: null,
  };
  if (!comparative) return result;
  const compare = COMPARE.find((entry) => entry.ids(selection).length > 1);
  if (!compare) return { ...result, comparative_message: translate(lang, 'web_reports.comparative_rule') };
  const ids = compare.ids(selection);
  const [groups, names] = await Promise.all([
    selectionFigures(db, selection, compare.column, skills, ids),
    namesOf(db, compare.table, ids),
  ]);
  return {
    ...result,
    comparative: {
      by: compare.by,
      groups: ids.filter((id) => names.has(id)).map((id) => ({ ...names.get(id)!, figures: groups.get(id)! })),
    },
  };
}

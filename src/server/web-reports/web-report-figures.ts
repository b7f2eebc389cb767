import { sql, type RawBuilder } from 'kysely';
import type { Participation, SkillAverage, TierCount, WebReportFigures } from '../../common/contracts/index';
import { TIER_KEYS } from '../../common/reports/index';
import { schoolScopeCondition, type SchoolScope } from '../auth';
import type { Db } from '../db/database';
import { selectionScaleFigures } from './web-report-scales';

/** What the dashboard shows: the user's schools narrowed by the chosen filters (an empty list: all). */
export interface Selection {
  scope: SchoolScope;
  platformId?: number;
  schoolIds: number[];
  yearIds: number[];
  roundIds: number[];
  gradeIds: number[];
}

/** The column the comparative view groups by. */
export type GroupColumn = 'school_id' | 'round_id' | 'academic_year_id';

const n = (value: unknown) => Number(value ?? 0);
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0);
/** The mean of exact percentages, unrounded: the reader's screen rounds it once, for display. */
const meanOf = (sum: number, count: number) => (count > 0 ? sum / count : null);

function conditions(selection: Selection, alias: string, withRounds = true): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const parts: RawBuilder<unknown>[] = [schoolScopeCondition(selection.scope, column('school_id'))];
  const inList = (name: string, ids: number[]) => {
    if (ids.length > 0) parts.push(sql`${column(name)} in (${sql.join(ids)})`);
  };
  if (selection.platformId !== undefined) parts.push(sql`${column('platform_id')} = ${selection.platformId}`);
  inList('school_id', selection.schoolIds);
  inList('grade_id', selection.gradeIds);
  if (withRounds) {
    inList('round_id', selection.roundIds);
    inList('academic_year_id', selection.yearIds);
  }
  return sql.join(parts, sql` and `);
}

/** The key of a group (0 for "all", and for results of exams without an academic year). */
const groupKey = (group: GroupColumn | null, alias: string) =>
  group ? sql`coalesce(${sql.ref(`${alias}.${group}`)}, 0)` : sql`0`;

/**
 * The figures of a selection, whole (`group` null) or per school, round or academic year: sums of
 * the aggregate tables. Keyed by the group's id (0 when whole).
 */
export async function selectionFigures(
  db: Db,
  selection: Selection,
  group: GroupColumn | null,
  skillNames: Map<number, { name_en: string; name_ar: string }>,
  keys: number[] = [0],
): Promise<Map<number, WebReportFigures>> {
  const [main, skills, enrolled, scales] = await Promise.all([
    sql<Record<string, unknown>>`
      select ${groupKey(group, 'f')} as key, count(distinct f.school_id) filter (where f.assigned > 0) as schools,
        sum(f.assigned) as assigned, sum(f.completed) as completed, sum(f.results) as results,
        sum(f.percent_sum) as percent_sum, sum(f.below) as below, sum(f.within) as within, sum(f.above) as above
      from web_report_figures f where ${conditions(selection, 'f')}
      group by 1`.execute(db),
    sql<{ key: number; skill_id: number; results: unknown; percent_sum: unknown }>`
      select ${groupKey(group, 'f')} as key, f.skill_id, sum(f.results) as results, sum(f.percent_sum) as percent_sum
      from web_report_skill_figures f where ${conditions(selection, 'f')}
      group by 1, f.skill_id order by f.skill_id`.execute(db),
    // Subscribed students do not depend on rounds or years: per school when grouped by school.
    sql<{ key: number; students: unknown }>`
      select ${group === 'school_id' ? sql`e.school_id` : sql`0`} as key, sum(e.students) as students
      from web_report_enrolments e where ${conditions(selection, 'e', false)}
      group by 1`.execute(db),
    selectionScaleFigures(db, conditions(selection, 'f'), groupKey(group, 'f')),
  ]);
  const subscribed = new Map(enrolled.rows.map((row) => [n(row.key), n(row.students)]));
  const allSubscribed = [...subscribed.values()].reduce((a, b) => a + b, 0);
  const figures = new Map<number, WebReportFigures>();
  for (const row of main.rows) {
    const key = n(row.key);
    const results = n(row.results);
    const participation: Participation = {
      schools: n(row.schools),
      subscribed: group === 'school_id' ? (subscribed.get(key) ?? 0) : allSubscribed,
      assigned: n(row.assigned),
      completed: n(row.completed),
      non_submitters: Math.max(0, n(row.assigned) - n(row.completed)),
    };
    const tiers: TierCount[] = TIER_KEYS.map((tier) => ({
      key: tier,
      count: n(row[tier]),
      share: ratio(n(row[tier]), results),
    }));
    figures.set(key, {
      participation,
      average: meanOf(n(row.percent_sum), results),
      results,
      skills: [],
      tiers,
      scales: scales.get(key) ?? [],
    });
  }
  for (const key of keys)
    if (!figures.has(key))
      figures.set(key, emptyFigures(group === 'school_id' ? (subscribed.get(key) ?? 0) : allSubscribed));
  for (const row of skills.rows) {
    const entry = figures.get(n(row.key));
    const names = skillNames.get(row.skill_id);
    if (!entry || !names) continue;
    const results = n(row.results);
    const skill: SkillAverage = {
      id: row.skill_id,
      ...names,
      average: meanOf(n(row.percent_sum), results) ?? 0,
      results,
    };
    entry.skills.push(skill);
  }
  return figures;
}

/** Figures of a selection with nothing in it. */
export function emptyFigures(subscribed = 0): WebReportFigures {
  return {
    participation: { schools: 0, subscribed, assigned: 0, completed: 0, non_submitters: 0 },
    average: null,
    results: 0,
    skills: [],
    tiers: TIER_KEYS.map((key) => ({ key, count: 0, share: 0 })),
    scales: [],
  };
}

import { sql, type RawBuilder } from 'kysely';
import type { ScaleFigures } from '../../common/contracts/index';
import { PERFORMANCE_LEVELS, performanceLevel } from '../../common/reports/index';
import { scaledScore } from '../../common/statistics/index';
import type { Db } from '../db/database';
import type { WebReportScaleFiguresTable } from '../db/types-web-reports';
import { readScales } from '../scales';

/** One grain (platform × year × round × school × grade) on one scale, as the refresh sums it. */
type ScaleGrain = WebReportScaleFiguresTable;

const GRAIN_COLUMNS = ['platform_id', 'academic_year_id', 'round_id', 'school_id', 'grade_id'] as const;

/**
 * Every reported result of a calibrated exam, measured on each of the exam's scales from the stored
 * parameters (as the PDF reports measure it), or of an adaptive exam, as its attempt was measured, summed per grain and scale: the students measured,
 * their abilities, and their performance levels where the scale has cuts for the exam's grade or level.
 */
export async function writeScaleFigures(db: Db): Promise<number> {
  const { rows: exams } = await sql<{ exam_id: number }>`
    select distinct r.exam_id from report_results r
    where exists (select 1 from item_parameters p where p.exam_id = r.exam_id)
      or exists (select 1 from exams e where e.id = r.exam_id and e.delivery_mode = 'adaptive')
    order by r.exam_id`.execute(db);
  const grains = new Map<string, ScaleGrain>();
  for (const { exam_id } of exams) {
    const readings = await readScales(db, Number(exam_id));
    if (readings.length === 0) continue;
    const results = await db
      .selectFrom('report_results')
      .select(['attempt_id', ...GRAIN_COLUMNS])
      .where('exam_id', '=', Number(exam_id))
      .execute();
    for (const reading of readings)
      for (const result of results) {
        const at = reading.attempts.get(result.attempt_id);
        if (!at) continue;
        const key = [...GRAIN_COLUMNS.map((column) => result[column]), reading.scale.id].join(':');
        let grain = grains.get(key);
        if (!grain) {
          grain = { ...pick(result), scale_id: reading.scale.id, measured: 0, ability_sum: 0, leveled: 0 };
          grains.set(key, grain);
        }
        grain.measured++;
        grain.ability_sum += at.ability;
        if (reading.cuts) {
          grain.leveled++;
          grain[performanceLevel(scaledScore(at.ability, at.se, reading.scale).score, reading.cuts)]++;
        }
      }
  }
  const values = [...grains.values()];
  for (let start = 0; start < values.length; start += 1000)
    await db
      .insertInto('web_report_scale_figures')
      .values(values.slice(start, start + 1000))
      .execute();
  return values.length;
}

function pick(result: Record<(typeof GRAIN_COLUMNS)[number], number | null>) {
  return {
    platform_id: result.platform_id!,
    academic_year_id: result.academic_year_id,
    round_id: result.round_id!,
    school_id: result.school_id!,
    grade_id: result.grade_id!,
    below: 0,
    approaching: 0,
    meeting: 0,
    exceeding: 0,
  };
}

const n = (value: unknown) => Number(value ?? 0);
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0);

/**
 * A selection's figures on each reporting scale, keyed as the other figures (`key` is the group's
 * column, or 0 for the whole): students measured, their mean scaled score (the scale's transformation
 * of their mean ability, in whole points) and their performance levels.
 */
export async function selectionScaleFigures(
  db: Db,
  where: RawBuilder<unknown>,
  key: RawBuilder<unknown>,
): Promise<Map<number, ScaleFigures[]>> {
  const { rows } = await sql<Record<string, unknown>>`
    select ${key} as key, s.id, s.name_en, s.name_ar, s.score_origin, s.score_unit,
      sum(f.measured) as measured, sum(f.ability_sum) as ability_sum, sum(f.leveled) as leveled,
      sum(f.below) as below, sum(f.approaching) as approaching, sum(f.meeting) as meeting,
      sum(f.exceeding) as exceeding
    from web_report_scale_figures f join scales s on s.id = f.scale_id
    where ${where}
    group by 1, s.id, s.name_en, s.name_ar, s.score_origin, s.score_unit
    order by s.id`.execute(db);
  const figures = new Map<number, ScaleFigures[]>();
  for (const row of rows) {
    const measured = n(row.measured);
    const leveled = n(row.leveled);
    const entry: ScaleFigures = {
      id: n(row.id),
      name_en: String(row.name_en),
      name_ar: String(row.name_ar),
      measured,
      mean_score:
        measured > 0 ? Math.round(n(row.score_origin) + (n(row.score_unit) * n(row.ability_sum)) / measured) : null,
      leveled,
      levels:
        leveled > 0
          ? PERFORMANCE_LEVELS.map((level) => ({
              key: level,
              count: n(row[level]),
              share: share(n(row[level]), leveled),
            }))
          : [],
    };
    const list = figures.get(n(row.key)) ?? [];
    list.push(entry);
    figures.set(n(row.key), list);
  }
  return figures;
}

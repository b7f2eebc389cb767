import { sql } from 'kysely';
import { performanceLevel, type PerformanceLevel } from '../../common/reports/index';
import { scaledScore } from '../../common/statistics/index';
import type { Db } from '../db/database';

/** An adaptive attempt's result on its scale: scaled score, its standard error (points) and level. */
export interface ScaledResult {
  name_en: string;
  name_ar: string;
  score: number;
  se: number;
  level: PerformanceLevel | null;
}

/**
 * The scaled result of a submitted adaptive attempt (its measure on the scale at submission), with
 * the level under the scale's cuts for the exam's grade or level; null when it was not measured.
 */
export async function scaledResultOf(
  db: Db,
  examId: number,
  attempt: { scale_id: number | null; ability: number | null; ability_se: number | null },
): Promise<ScaledResult | null> {
  if (attempt.scale_id === null || attempt.ability === null || attempt.ability_se === null) return null;
  const { rows } = await sql<{
    name_en: string;
    name_ar: string;
    score_origin: string;
    score_unit: string;
    approaching_from: string | null;
    meeting_from: string | null;
    exceeding_from: string | null;
  }>`
    select s.name_en, s.name_ar, s.score_origin, s.score_unit, c.approaching_from, c.meeting_from, c.exceeding_from
    from scales s join exams e on e.id = ${examId}
    left join scale_cuts c on c.scale_id = s.id and c.grade_id is not distinct from e.grade_id
      and c.level_id is not distinct from e.level_id
    where s.id = ${attempt.scale_id} limit 1`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const scaled = scaledScore(Number(attempt.ability), Number(attempt.ability_se), {
    score_origin: Number(row.score_origin),
    score_unit: Number(row.score_unit),
  });
  const level =
    row.approaching_from === null
      ? null
      : performanceLevel(scaled.score, {
          approaching_from: Number(row.approaching_from),
          meeting_from: Number(row.meeting_from),
          exceeding_from: Number(row.exceeding_from),
        });
  return { name_en: row.name_en, name_ar: row.name_ar, score: scaled.score, se: scaled.se, level };
}

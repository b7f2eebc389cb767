import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Ability, ReportScale, ScaleCuts, ScaleReading } from './reading-types';

/**
 * An adaptive exam's students on its scale (issue 43): the measure each attempt stored at
 * submission (Warm's estimate from the questions it was given, with the bank's parameters as of
 * publishing), not estimated again from marks: different students answered different questions.
 * The latest corrected attempt of each assignment, as for a fixed form.
 */
export async function adaptiveReadings(
  db: Db,
  examId: number,
  cutsOf: (scaleId: number) => Promise<ScaleCuts | null>,
): Promise<ScaleReading[]> {
  const { rows } = await sql<{
    attempt_id: number;
    student_id: number;
    ability: number;
    ability_se: number;
    scale_id: number;
  }>`
    select la.id as attempt_id, se.student_id, la.ability, la.ability_se, la.scale_id
    from student_exams se
    join lateral (select a.id, a.status, a.result_mark, a.ability, a.ability_se, a.scale_id from exam_attempts a
      where a.student_exam_id = se.id order by a.number desc limit 1) la on true
    where se.exam_id = ${examId} and la.status = 'submitted' and la.result_mark is not null
      and la.ability is not null and la.ability_se is not null and la.scale_id is not null
    order by la.id`.execute(db);
  if (rows.length === 0) return [];
  const scaleIds = [...new Set(rows.map((row) => Number(row.scale_id)))];
  const scales = await db
    .selectFrom('scales')
    .select(['id', 'name_en', 'name_ar', 'skill_id', 'score_origin', 'score_unit'])
    .where('id', 'in', scaleIds)
    .orderBy('id')
    .execute();
  const readings: ScaleReading[] = [];
  for (const row of scales) {
    const scale: ReportScale = {
      ...row,
      score_origin: Number(row.score_origin),
      score_unit: Number(row.score_unit),
    };
    const abilities = new Map<number, Ability>();
    const attempts = new Map<number, Ability>();
    for (const measured of rows) {
      if (Number(measured.scale_id) !== scale.id) continue;
      const ability = { ability: Number(measured.ability), se: Number(measured.ability_se) };
      abilities.set(Number(measured.student_id), ability);
      attempts.set(Number(measured.attempt_id), ability);
    }
    readings.push({ scale, cuts: await cutsOf(scale.id), abilities, attempts });
  }
  return readings;
}

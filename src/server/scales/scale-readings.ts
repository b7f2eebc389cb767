import { sql } from 'kysely';
import { abilityFromParameters } from '../../common/statistics/index';
import type { Db } from '../db/database';
import { adaptiveReadings } from './adaptive-readings';
import type { Ability, ScaleCuts, ScaleReading } from './reading-types';
import { examParameters } from './bank-parameters';
import { loadScaleForm } from './calibration-forms';

export type { ReportScale, ScaleCuts, ScaleReading } from './reading-types';

/**
 * Every scale of the exam's platform on which the exam is calibrated (its questions of the skill
 * carry parameters), with each corrected student's ability on it: Warm's estimate from their marks
 * on the calibrated questions, so nothing is estimated again at release. An adaptive exam's students
 * are read from the measure each attempt stored at submission (`adaptiveReadings`).
 */
export async function readScales(db: Db, examId: number): Promise<ScaleReading[]> {
  const exam = await db.selectFrom('exams').select('delivery_mode').where('id', '=', examId).executeTakeFirst();
  if (exam?.delivery_mode === 'adaptive') return adaptiveReadings(db, examId, (scaleId) => cutsOf(db, scaleId, examId));
  const scales = await db
    .selectFrom('scales as s')
    .innerJoin('exams as e', 'e.platform_id', 's.platform_id')
    .select(['s.id', 's.name_en', 's.name_ar', 's.skill_id', 's.score_origin', 's.score_unit'])
    .where('e.id', '=', examId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('item_parameters as p')
          .select('p.id')
          .whereRef('p.scale_id', '=', 's.id')
          .where('p.exam_id', '=', examId),
      ),
    )
    .orderBy('s.id')
    .execute();
  const readings: ScaleReading[] = [];
  for (const scale of scales) {
    const [parameters, form] = await Promise.all([
      examParameters(db, examId, scale.id),
      loadScaleForm(db, examId, scale.skill_id),
    ]);
    const byQuestion = new Map(parameters.map((p) => [p.exam_question_id, p]));
    const columns = form.questions.flatMap((q, index) => (byQuestion.has(q.id) ? [index] : []));
    const items = columns.map((index) => byQuestion.get(form.questions[index].id)!);
    const studentOf = await attemptStudents(db, form.attemptIds);
    const abilities = new Map<number, Ability>();
    const attempts = new Map<number, Ability>();
    form.scores.forEach((row, index) => {
      const measured = abilityFromParameters(
        items,
        columns.map((column) => row[column]),
      );
      const student = studentOf.get(form.attemptIds[index]);
      if (!measured || student === undefined) return;
      abilities.set(student, measured);
      attempts.set(form.attemptIds[index], measured);
    });
    readings.push({
      scale: { ...scale, score_origin: Number(scale.score_origin), score_unit: Number(scale.score_unit) },
      cuts: await cutsOf(db, scale.id, examId),
      abilities,
      attempts,
    });
  }
  return readings;
}

/** The cut scores of a scale for the exam's grade (IRA) or level (ISA). */
async function cutsOf(db: Db, scaleId: number, examId: number): Promise<ScaleCuts | null> {
  const { rows } = await sql<ScaleCuts>`
    select c.approaching_from, c.meeting_from, c.exceeding_from from scale_cuts c join exams e on e.id = ${examId}
    where c.scale_id = ${scaleId} and c.grade_id is not distinct from e.grade_id
      and c.level_id is not distinct from e.level_id`.execute(db);
  return rows[0] ?? null;
}

async function attemptStudents(db: Db, attemptIds: number[]): Promise<Map<number, number>> {
  if (attemptIds.length === 0) return new Map();
  const { rows } = await sql<{ id: number; student_id: number }>`
    select a.id, se.student_id from exam_attempts a join student_exams se on se.id = a.student_exam_id
    where a.id in (${sql.join(attemptIds)})`.execute(db);
  return new Map(rows.map((row) => [Number(row.id), Number(row.student_id)]));
}

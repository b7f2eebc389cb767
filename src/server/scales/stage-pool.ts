import { sql } from 'kysely';
import type { Db } from '../db/database';
import { readScales } from './scale-readings';

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A grade (IRA) or level (ISA) of a platform. */
export interface Stage {
  grade_id: number | null;
  level_id: number | null;
}

/** A calibrated bank question of a stage: its current parameters on the scale. */
export interface StageQuestion {
  question_id: number;
  difficulty: number;
  thresholds: number[];
  text: string;
  learning_outcome_id: number | null;
}

/**
 * The bank's calibrated questions of a grade or level on a scale: each question's latest parameters
 * (its current value), for the questions set in that grade's or level's exams.
 */
export async function stagePool(db: Db, scaleId: number, stage: Stage): Promise<StageQuestion[]> {
  const { rows } = await sql<Omit<StageQuestion, 'thresholds'> & { thresholds: unknown }>`
    with current as (
      select distinct on (question_id) question_id, difficulty, thresholds from item_parameters
      where scale_id = ${scaleId} and question_id is not null
      order by question_id, calibration_id desc, id desc)
    select c.question_id, c.difficulty, c.thresholds, q.text, q.learning_outcome_id
    from current c join questions q on q.id = c.question_id
    where exists (select 1 from exam_questions eq join exams e on e.id = eq.exam_id
      where eq.source_question_id = c.question_id and e.grade_id is not distinct from ${stage.grade_id}::int
        and e.level_id is not distinct from ${stage.level_id}::int)
    order by c.question_id`.execute(db);
  return rows.map((row) => ({
    ...row,
    question_id: Number(row.question_id),
    difficulty: Number(row.difficulty),
    thresholds: json<number[]>(row.thresholds).map(Number),
    learning_outcome_id: row.learning_outcome_id === null ? null : Number(row.learning_outcome_id),
  }));
}

/**
 * Each student's latest ability on the scale (logits), from the stage's exams calibrated on it and its
 * adaptive exams (their stored measures; the exam taken last, by id).
 */
export async function stageAbilities(db: Db, scaleId: number, stage: Stage): Promise<Map<number, number>> {
  const { rows: exams } = await sql<{ id: number }>`
    select e.id from exams e where e.grade_id is not distinct from ${stage.grade_id}::int
      and e.level_id is not distinct from ${stage.level_id}::int
      and (exists (select 1 from item_parameters p where p.exam_id = e.id and p.scale_id = ${scaleId})
        or e.delivery_mode = 'adaptive')
    order by e.id`.execute(db);
  const latest = new Map<number, number>();
  for (const exam of exams) {
    const reading = (await readScales(db, Number(exam.id))).find((r) => r.scale.id === scaleId);
    for (const [student, at] of reading?.abilities ?? []) latest.set(student, at.ability);
  }
  return latest;
}

import { raschTopCategory } from '../../src/common/statistics/index';
import type { Db } from '../../src/server/db/database';

/** The reading scale of an exam's platform and skill (200 + 10 × logit). */
export function insertReadingScale(db: Db, lookups: { platform: { id: number }; refs: { skill_id: number } }) {
  return db
    .insertInto('scales')
    .values({
      name: 'Reading scale',
      name_en: 'Reading scale',
      name_ar: 'مقياس القراءة',
      platform_id: lookups.platform.id,
      skill_id: lookups.refs.skill_id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A calibration of right-or-wrong exam questions on a scale with known difficulties (`difficulty(i)`
 * for the i-th), stored as a calibration stores them: each bank question's parameters, categories 0
 * and the top one. Its id.
 */
export async function storeKnownCalibration(
  db: Db,
  scaleId: number,
  examId: number,
  questions: { id: number; source_question_id: number | null; mark: string | number }[],
  difficulty: (i: number) => number,
): Promise<number> {
  const calibration = await db
    .insertInto('calibrations')
    .values({
      scale_id: scaleId,
      method: 'origin',
      exam_ids: JSON.stringify([examId]),
      status: 'done',
      results: '{}',
      message: null,
      created_by: null,
      created_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('item_parameters')
    .values(
      questions.map((q, i) => ({
        scale_id: scaleId,
        calibration_id: calibration.id,
        exam_id: examId,
        exam_question_id: q.id,
        question_id: q.source_question_id,
        max: Number(q.mark),
        categories: JSON.stringify([0, raschTopCategory(Number(q.mark))]),
        difficulty: difficulty(i),
        se: 0.05,
        thresholds: JSON.stringify([difficulty(i)]),
        attempts: 1000,
        created_at: new Date(),
      })),
    )
    .execute();
  return calibration.id;
}

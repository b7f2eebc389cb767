import type { Db } from '../db/database';
import { adaptivePrecision, forgetAdaptiveExam, readAdaptiveExam, type AdaptiveExam } from '../scales';
import { examRefusal } from './exam-rules';

/**
 * An adaptive exam is published only when every question can be in its pool (marked by the machine,
 * calibrated on its skill's scale), there are at least its fewest questions, its content rules can
 * be met, and a simulation of the grade's students shows it measures the middle 90% to its
 * precision; its students are then measured with the bank's parameters as they stand now (the
 * scale's latest calibration, returned) and, under Sympson–Hetter, held back with the control
 * probabilities the simulation set (returned), when they keep every question under the exam's
 * ceiling. Null for a fixed-form exam.
 */
export async function adaptivePublishable(
  db: Db,
  examId: number,
): Promise<{ calibrationId: number | null; rates: Map<number, number> | null } | null> {
  const { delivery_mode } = await db
    .selectFrom('exams')
    .select('delivery_mode')
    .where('id', '=', examId)
    .executeTakeFirstOrThrow();
  if (delivery_mode !== 'adaptive') return null;
  const exam = await readAdaptiveExam(db, examId, null);
  if (!exam) throw examRefusal.adaptiveNoScale();
  if (exam.unusable > 0) throw examRefusal.adaptiveNotCalibrated(exam.unusable);
  if (exam.pool.length < exam.rules.minLength) throw examRefusal.adaptivePoolTooSmall(exam.rules.minLength);
  await checkOutcomeRules(db, exam);
  const precision = await adaptivePrecision(db, exam);
  // A ceiling the pool cannot keep (too few questions for the tests' length) is refused, not published;
  // it is said first, since holding questions back is then what costs the precision.
  if (exam.exposureCeiling !== null && precision.maxExposure > exam.exposureCeiling)
    throw examRefusal.adaptiveOverexposed(precision.maxExposure, exam.exposureCeiling);
  if (!precision.meets) throw examRefusal.adaptiveImprecise(precision.share);
  forgetAdaptiveExam(db, examId);
  const latest = await db
    .selectFrom('item_parameters')
    .select((eb) => eb.fn.max('calibration_id').as('id'))
    .where('scale_id', '=', exam.scaleId)
    .executeTakeFirst();
  return { calibrationId: latest?.id ?? null, rates: precision.rates };
}

/**
 * The rules of at least and at most so many questions per learning outcome can be met by every
 * student: each outcome of the pool has at least the fewest, the fewest of every outcome fit in the
 * most questions of a test, and the most of every outcome reach its fewest questions.
 */
async function checkOutcomeRules(db: Db, exam: AdaptiveExam): Promise<void> {
  const rules = exam.rules.content;
  if (rules.length === 0) return;
  const { min = 0, max } = rules[0];
  const counts = new Map<string, number>();
  for (const item of exam.pool) for (const key of item.content ?? []) counts.set(key, (counts.get(key) ?? 0) + 1);
  const short = [...counts].find(([, count]) => count < min);
  if (short) {
    const outcome = await db
      .selectFrom('learning_outcomes')
      .select(['name_en', 'name_ar'])
      .where('id', '=', Number(short[0].replace('outcome:', '')))
      .executeTakeFirst();
    throw examRefusal.adaptiveOutcomeShort(min, outcome ?? { name_en: short[0], name_ar: short[0] });
  }
  if (rules.length * min > exam.rules.maxLength)
    throw examRefusal.adaptiveOutcomesTooLong(min, rules.length, exam.rules.maxLength);
  if (max !== undefined && rules.length * max < exam.rules.minLength)
    throw examRefusal.adaptiveOutcomesTooShort(max, rules.length, exam.rules.minLength);
}

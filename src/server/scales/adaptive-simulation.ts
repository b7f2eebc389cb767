import type { AdaptiveSimulation, AdaptiveSimulationRequest } from '../../common/contracts/index';
import type { CatRules, ExposureControl, PoolItem } from '../../common/statistics/index';
import type { Db } from '../db/database';
import { invalid, notFound } from '../http/app-error';
import { simulateApart } from './simulation-pool';
import { stageAbilities, stagePool } from './stage-pool';

/** Students the grade's distribution is read from at the least; fewer, and N(0, 1) stands in. */
const MIN_STUDENTS_FOR_PRIOR = 20;
/** The share of the middle 90% whose test must stop at the SE target for the pool to meet it. */
export const PRECISION_SHARE = 0.99;

const outcomeKey = (id: number) => `outcome:${id}`;

/**
 * The author's simulator (issue 43): the scale's calibrated questions of a grade or level as an
 * adaptive pool, simulated students of that grade's distribution (its students' latest abilities on
 * the scale) through the rules asked for, off the event loop; what each ability band would get, and
 * whether the pool meets the precision for the grade's middle 90%.
 */
export async function runAdaptiveSimulation(
  db: Db,
  scaleId: number,
  request: AdaptiveSimulationRequest,
): Promise<AdaptiveSimulation> {
  const scale = await db.selectFrom('scales').select('id').where('id', '=', scaleId).executeTakeFirst();
  if (!scale) throw notFound();
  if (request.max_length < request.min_length) throw invalid({ max_length: ['calibrations.simulation.max_below_min'] });
  const stage = { grade_id: request.grade_id ?? null, level_id: request.level_id ?? null };
  const questions = await stagePool(db, scaleId, stage);
  if (questions.length === 0)
    throw invalid({ [request.level_id ? 'level_id' : 'grade_id']: ['calibrations.simulation.empty_pool'] });
  const pool: PoolItem[] = questions.map((q) => ({
    id: q.question_id,
    thresholds: q.thresholds,
    content: q.learning_outcome_id === null ? [] : [outcomeKey(q.learning_outcome_id)],
  }));
  const abilities = [...(await stageAbilities(db, scaleId, stage)).values()];
  const fromStudents = abilities.length >= MIN_STUDENTS_FOR_PRIOR;
  const mean = fromStudents ? abilities.reduce((a, b) => a + b, 0) / abilities.length : 0;
  const sd = fromStudents
    ? Math.max(0.3, Math.sqrt(abilities.reduce((sum, a) => sum + (a - mean) ** 2, 0) / (abilities.length - 1)))
    : 1;
  const exposure: ExposureControl =
    request.exposure === 'randomesque' ? { method: 'randomesque', among: request.among } : { method: 'none' };
  const rules: CatRules = {
    minLength: request.min_length,
    maxLength: request.max_length,
    seTarget: request.se_target,
    content: request.content.map((rule) => ({
      key: outcomeKey(rule.learning_outcome_id),
      ...(rule.min !== undefined ? { min: rule.min } : {}),
      ...(rule.max !== undefined ? { max: rule.max } : {}),
    })),
    exposure,
  };
  const report = await simulateApart({
    pool,
    rules,
    prior: { mean, sd },
    students: request.students,
    ...(request.exposure === 'sympson_hetter' ? { ceiling: request.ceiling } : {}),
  });
  return {
    pool: pool.length,
    prior: { mean, sd, students: abilities.length, from_students: fromStudents },
    report,
    meets_precision: report.middle_reached >= PRECISION_SHARE,
  };
}

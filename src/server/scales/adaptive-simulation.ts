import type { AdaptiveSimulation, AdaptiveSimulationRequest } from '../../common/contracts/index';
import { PRECISION_SHARE, type CatRules, type ExposureControl, type PoolItem } from '../../common/statistics/index';
import type { Db } from '../db/database';
import { invalid, notFound } from '../http/app-error';
import { simulateApart, simulationTurn } from './simulation-pool';
import { stageAbilities, stagePool, type Stage, type StageQuestion } from './stage-pool';
import { priorFrom } from './adaptive-exam';

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
  if (request.min_length > questions.length) throw invalid({ min_length: ['calibrations.simulation.pool_too_small'] });
  const contentErrors = contentProblems(request, questions);
  if (contentErrors.length > 0) throw invalid({ content: contentErrors });
  // Its turn first: the grade's distribution below reads every calibrated exam of the grade.
  const release = await simulationTurn();
  try {
    return await simulateStage(db, scaleId, stage, request, questions);
  } finally {
    release();
  }
}

/**
 * What is wrong with the content rules: a learning outcome twice or with no question in the pool, a
 * minimum above its maximum or above the outcome's questions, or minimums that add up to more than
 * the maximum length.
 */
function contentProblems(request: AdaptiveSimulationRequest, questions: StageQuestion[]): string[] {
  const problems = new Set<string>();
  const seen = new Set<number>();
  for (const rule of request.content) {
    const available = questions.filter((q) => q.learning_outcome_id === rule.learning_outcome_id).length;
    if (seen.has(rule.learning_outcome_id)) problems.add('calibrations.simulation.outcome_twice');
    seen.add(rule.learning_outcome_id);
    if (available === 0) problems.add('calibrations.simulation.outcome_not_in_pool');
    else if ((rule.min ?? 0) > available) problems.add('calibrations.simulation.min_above_pool');
    if (rule.min !== undefined && rule.max !== undefined && rule.min > rule.max)
      problems.add('calibrations.simulation.min_above_max');
  }
  if (request.content.reduce((total, rule) => total + (rule.min ?? 0), 0) > request.max_length)
    problems.add('calibrations.simulation.mins_above_length');
  return [...problems];
}

async function simulateStage(
  db: Db,
  scaleId: number,
  stage: Stage,
  request: AdaptiveSimulationRequest,
  questions: StageQuestion[],
): Promise<AdaptiveSimulation> {
  const pool: PoolItem[] = questions.map((q) => ({
    id: q.question_id,
    thresholds: q.thresholds,
    content: q.learning_outcome_id === null ? [] : [outcomeKey(q.learning_outcome_id)],
  }));
  const abilities = [...(await stageAbilities(db, scaleId, stage)).values()];
  const { mean, sd, from_students: fromStudents } = priorFrom(abilities);
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
    // Under Sympson–Hetter the ceiling is a goal the simulation checks, not a guarantee.
    meets_exposure: request.exposure === 'sympson_hetter' ? report.max_exposure <= request.ceiling : null,
  };
}

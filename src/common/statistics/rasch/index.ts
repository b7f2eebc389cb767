/** Rasch calibration of one exam (the model, scoring and estimation are described in ./model.ts). */
import { inverseOf } from '../symmetric-matrix';
import { createState, evaluate, globalStep, mStep, quadrature, startSteps } from './em';
import { observedInformation } from './information';
import { describeItems, itemFit } from './items';
import { fixAnchors } from './prepare';
import { RASCH_DEFAULTS, type RaschInput, type RaschOptions, type RaschResult } from './model';
export {
  growthBetween,
  groupGrowth,
  MEASURABLE_Z,
  scaledScore,
  type Growth,
  type GrowthReading,
  type ReportingScale,
  type ScaledScore,
} from './scaled';
export { abilityFromParameters, keptRank, type CalibratedItem } from './fixed';
export {
  fitConcurrent,
  type ConcurrentForm,
  type ConcurrentInput,
  type ConcurrentOptions,
  type ConcurrentResult,
} from './concurrent';
export { BOOKMARK_RP, responseProbabilityLocation } from './bookmark';
export { linkToScale, LINKING_RULES, type Anchor, type DroppedAnchor, type Link, type LinkRefusal } from './linking';
import { scoreAbilities, separationReliability } from './persons';
import { prepare } from './prepare';

export {
  RASCH_DEFAULTS,
  RASCH_MAX_CATEGORIES,
  type AnchoredItem,
  raschCategory,
  raschTopCategory,
  type RaschInput,
  type RaschItem,
  type RaschOptions,
  type RaschPerson,
  type RaschResult,
  type RaschScore,
} from './model';

/**
 * Calibrates items and measures persons. Item standard errors come from the observed information of the
 * marginal likelihood (its analytic Hessian over steps and, when estimated, the SD), as ltm and irtQ report.
 * With anchors (`options.anchors`), their parameters stay as given and the population's mean moves
 * instead of the items: the global Newton step's common shift of the items, taken by the mean in the
 * other direction (the likelihood is the same). Standard errors of the free items then treat the
 * anchors and the mean as known.
 */
export function fitRasch(input: RaschInput, options: RaschOptions = {}): RaschResult {
  const Q = Math.max(3, Math.round(options.quadraturePoints ?? RASCH_DEFAULTS.quadraturePoints));
  const maxIterations = options.maxIterations ?? RASCH_DEFAULTS.maxIterations;
  const tolerance = options.tolerance ?? RASCH_DEFAULTS.tolerance;
  const { items, calibrated, cells, raw, counts } = prepare(input);
  const M = calibrated.reduce((total, item) => total + item.m, 0);
  const freeSd = options.fixedSd === undefined && calibrated.length >= 2;
  const nodes = quadrature(Q);
  const state = createState(Q, M, counts);
  let sd = options.fixedSd !== undefined && options.fixedSd > 0 ? options.fixedSd : 1;
  let mean = 0;
  let iterations = 0;
  let converged = calibrated.length === 0;
  for (const item of calibrated) startSteps(item, counts);
  const fixed = fixAnchors(calibrated, options.anchors);
  const free = calibrated.filter((item) => !fixed.has(item));
  const anchored = fixed.size > 0;
  while (!converged && iterations < maxIterations) {
    iterations++;
    evaluate(calibrated, nodes, sd, state, mean);
    const global = globalStep(nodes.z, freeSd, state);
    if (anchored) mean -= global.shift;
    else for (const item of calibrated) for (let j = 0; j < item.m; j++) item.steps[j] += global.shift;
    const nextSd = Math.max(0.05, Math.min(10, sd + global.sd));
    let change = Math.max(Math.abs(global.shift), Math.abs(nextSd - sd));
    sd = nextSd;
    evaluate(calibrated, nodes, sd, state, mean);
    for (const item of free) change = Math.max(change, mStep(item, state.N, Q));
    converged = change < tolerance;
  }
  evaluate(calibrated, nodes, sd, state, mean);
  const covariance = free.length > 0 ? inverseOf(observedInformation(free, nodes.z, freeSd, state)) : null;
  const scoreTable = scoreAbilities(calibrated, M, counts);
  const fit = itemFit(calibrated, scoreTable, { cells, raw, itemCount: input.items.length }, M);
  return {
    model: calibrated.some((item) => item.m > 1) ? 'partial_credit' : 'rasch',
    items: describeItems(items, covariance, fit, fixed),
    persons: Array.from(raw, (score) => ({
      raw_score: score,
      ability: calibrated.length > 0 ? scoreTable[score].ability : null,
      se: calibrated.length > 0 ? scoreTable[score].se : null,
    })),
    score_table: calibrated.length > 0 ? scoreTable : [],
    sd,
    mean,
    sd_fixed: !freeSd,
    sd_se: freeSd && covariance ? Math.sqrt(covariance(covariance.size - 1, covariance.size - 1)) : null,
    log_likelihood: calibrated.length > 0 ? state.logLikelihood : 0,
    reliability: separationReliability(scoreTable, M),
    iterations,
    converged,
  };
}

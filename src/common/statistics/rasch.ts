/**
 * Rasch measurement of one exam: the dichotomous Rasch model and Masters' (1982) partial credit model,
 * calibrated by marginal maximum likelihood with the Bock & Aitkin (1981) EM algorithm on a fixed
 * rectangular quadrature of the ability distribution N(0, sd²). Because the raw score is sufficient for
 * ability in these models, the E-step works on score groups rather than on persons, so a calibration
 * costs one pass over the scores plus work that grows with items × quadrature points × score range only.
 *
 * Scoring: an item marked out of 1 (or less) is dichotomous, a mark of at least half the maximum counting
 * as 1. An item marked out of more is a partial credit item on whole categories 0..K with
 * K = min(round(max), 10): each mark is mapped to round(mark × K / max), which for whole maxima up to 10
 * is the mark rounded to the nearest whole number (halves up); larger maxima are rescaled to 0..10.
 * Categories nobody used are dropped (Winsteps' STKEEP=NO), and an item on which everybody has the same
 * category cannot be calibrated: it is reported `extreme` with null estimates and left out of the raw
 * scores. Marks that are not finite numbers count as 0.
 */
import { inverseOf, solveSymmetric, type Covariance } from './symmetric-matrix';

/** Defaults: 49 points from -6 to 6 (as irtQ's est_irt), at most 1,000 EM cycles, parameter change below 1e-6. */
export const RASCH_DEFAULTS = { quadraturePoints: 49, quadratureRange: 6, maxIterations: 1000, tolerance: 1e-6 };
/** The most score categories an item keeps above 0: an item marked out of more is rescaled to 0..10. */
export const RASCH_MAX_CATEGORIES = 10;

export interface RaschInput {
  items: readonly { max: number }[];
  /** One row per person: the mark of each item, in the order of `items`. */
  scores: readonly (readonly number[])[];
}

export interface RaschOptions {
  /** Fix the SD of the ability distribution (1 reproduces ltm's `constraint = cbind(p + 1, 1)`); estimated when absent. */
  fixedSd?: number;
  maxIterations?: number;
  tolerance?: number;
  quadraturePoints?: number;
}

export interface RaschItem {
  index: number;
  max: number;
  /** The score categories kept, on the 0..K scale described above (e.g. [0, 1] for a dichotomous item). */
  categories: number[];
  /** Everybody had the same category: not calibrated, every estimate null. */
  extreme: boolean;
  /** Logits; for a partial credit item the mean of its thresholds. */
  difficulty: number | null;
  se: number | null;
  /** Masters' step difficulties between successive kept categories (one for a dichotomous item). */
  thresholds: number[];
  /** Information-weighted (infit) and unweighted (outfit) mean squares, Wright & Masters (1982). */
  infit: number | null;
  outfit: number | null;
}

export interface RaschPerson {
  /** Sum of the kept categories over the calibrated items. */
  raw_score: number;
  /** Warm's (1989) weighted likelihood estimate in logits, finite for zero and full scores; null without calibrated items. */
  ability: number | null;
  /** 1 / √(test information at the estimate). */
  se: number | null;
}

export interface RaschScore {
  raw_score: number;
  ability: number;
  se: number;
  persons: number;
}

export interface RaschResult {
  model: 'rasch' | 'partial_credit';
  items: RaschItem[];
  persons: RaschPerson[];
  /** Ability and standard error for every raw score from 0 to the maximum, with how many persons had it. */
  score_table: RaschScore[];
  /** SD of the ability distribution (its mean is 0 by definition of the scale). */
  sd: number;
  sd_fixed: boolean;
  sd_se: number | null;
  log_likelihood: number;
  /** Person separation reliability from the WLEs of persons with neither zero nor full score (Wright & Masters 1982). */
  reliability: number | null;
  iterations: number;
  converged: boolean;
}

interface ItemModel {
  index: number;
  max: number;
  categories: number[];
  /** Kept category (0..m) of each category on the 0..K scale. */
  rankOf: Int16Array;
  m: number;
  steps: Float64Array;
  /** Persons at or above each step: observed[j - 1] counts category >= j. */
  observed: Float64Array;
  /** Category probabilities at each quadrature node, node-major. */
  probs: Float64Array;
}

/** The top category of an item marked out of `max`. */
export function raschTopCategory(max: number): number {
  if (!(max > 1)) return 1;
  return Math.min(Math.round(max), RASCH_MAX_CATEGORIES);
}

/** The category (0..top) of a mark on an item marked out of `max`. */
export function raschCategory(mark: number, max: number, top: number): number {
  if (!Number.isFinite(mark) || !(max > 0)) return 0;
  if (top === 1) return mark >= max / 2 ? 1 : 0;
  return Math.min(top, Math.max(0, Math.round((mark * top) / max)));
}

/**
 * Calibrates items and measures persons. Item standard errors come from the observed information of the
 * marginal likelihood (its analytic Hessian over steps and, when estimated, the SD), as ltm and irtQ report.
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
  let iterations = 0;
  let converged = calibrated.length === 0;
  for (const item of calibrated) startSteps(item, counts);
  while (!converged && iterations < maxIterations) {
    iterations++;
    evaluate(calibrated, nodes, sd, state);
    const global = globalStep(nodes.z, freeSd, state);
    for (const item of calibrated) for (let j = 0; j < item.m; j++) item.steps[j] += global.shift;
    const nextSd = Math.max(0.05, Math.min(10, sd + global.sd));
    let change = Math.max(Math.abs(global.shift), Math.abs(nextSd - sd));
    sd = nextSd;
    evaluate(calibrated, nodes, sd, state);
    for (const item of calibrated) change = Math.max(change, mStep(item, state.N, Q));
    converged = change < tolerance;
  }
  evaluate(calibrated, nodes, sd, state);
  const covariance = calibrated.length > 0 ? inverseOf(observedInformation(calibrated, nodes.z, freeSd, state)) : null;
  const scoreTable = scoreAbilities(calibrated, M, counts);
  const fit = itemFit(calibrated, scoreTable, { cells, raw, itemCount: input.items.length }, M);
  return {
    model: calibrated.some((item) => item.m > 1) ? 'partial_credit' : 'rasch',
    items: describeItems(items, covariance, fit),
    persons: Array.from(raw, (score) => ({
      raw_score: score,
      ability: calibrated.length > 0 ? scoreTable[score].ability : null,
      se: calibrated.length > 0 ? scoreTable[score].se : null,
    })),
    score_table: calibrated.length > 0 ? scoreTable : [],
    sd,
    sd_fixed: !freeSd,
    sd_se: freeSd && covariance ? Math.sqrt(covariance(covariance.size - 1, covariance.size - 1)) : null,
    log_likelihood: calibrated.length > 0 ? state.logLikelihood : 0,
    reliability: separationReliability(scoreTable, M),
    iterations,
    converged,
  };
}

/** Categorises every mark once, keeps the used categories of each item and counts persons per raw score. */
function prepare(input: RaschInput) {
  const I = input.items.length;
  const N = input.scores.length;
  const tops = input.items.map((item) => raschTopCategory(item.max));
  const cells = new Uint8Array(N * I);
  const used = tops.map((top) => new Float64Array(top + 1));
  for (let n = 0; n < N; n++) {
    const row = input.scores[n];
    for (let i = 0; i < I; i++) {
      const category = raschCategory(row?.[i] ?? 0, input.items[i].max, tops[i]);
      cells[n * I + i] = category;
      used[i][category]++;
    }
  }
  const items: ItemModel[] = input.items.map((item, index) => {
    const rankOf = new Int16Array(tops[index] + 1).fill(-1);
    const categories: number[] = [];
    used[index].forEach((count, category) => {
      if (count > 0) rankOf[category] = categories.push(category) - 1;
    });
    const m = Math.max(0, categories.length - 1);
    const observed = new Float64Array(m);
    for (let category = 0; category < rankOf.length; category++)
      for (let j = 1; j <= rankOf[category]; j++) observed[j - 1] += used[index][category];
    return {
      index,
      max: item.max,
      categories,
      rankOf,
      m,
      steps: new Float64Array(m),
      observed,
      probs: new Float64Array(0),
    };
  });
  const calibrated = items.filter((item) => item.m > 0);
  const raw = new Int32Array(N);
  for (let n = 0; n < N; n++) {
    let score = 0;
    for (const item of calibrated) score += item.rankOf[cells[n * I + item.index]];
    raw[n] = score;
  }
  const M = calibrated.reduce((total, item) => total + item.m, 0);
  const counts = new Float64Array(M + 1);
  for (const score of raw) counts[score]++;
  return { items, calibrated, cells, raw, counts };
}

function quadrature(Q: number) {
  const z = new Float64Array(Q);
  const logW = new Float64Array(Q);
  let total = 0;
  for (let q = 0; q < Q; q++) {
    z[q] = -RASCH_DEFAULTS.quadratureRange + (2 * RASCH_DEFAULTS.quadratureRange * q) / (Q - 1);
    total += Math.exp((-z[q] * z[q]) / 2);
  }
  for (let q = 0; q < Q; q++) logW[q] = (-z[q] * z[q]) / 2 - Math.log(total);
  return { z, logW };
}

function createState(Q: number, M: number, counts: Float64Array) {
  return {
    counts,
    logGamma: new Float64Array(Q),
    expected: new Float64Array(Q),
    variance: new Float64Array(Q),
    /** Expected persons (N) and expected raw score total (S) at each node. */
    N: new Float64Array(Q),
    S: new Float64Array(Q),
    /** Posterior of each raw score over the nodes, score-major. */
    posterior: new Float64Array((M + 1) * Q),
    logLikelihood: 0,
  };
}
type State = ReturnType<typeof createState>;

/** Starting steps: adjacent-category log odds of the observed counts. */
function startSteps(item: ItemModel, counts: Float64Array) {
  const total = counts.reduce((a, b) => a + b, 0);
  for (let j = 1; j <= item.m; j++) {
    const above = item.observed[j - 1];
    const below = j === 1 ? total - above : item.observed[j - 2] - above;
    item.steps[j - 1] = Math.log((below + 0.5) / (above + 0.5));
  }
}

/** Category probabilities of an item at ability θ into `out` (offset), returning log γ (the normaliser). */
function categoryProbabilities(steps: Float64Array, theta: number, out: Float64Array, offset: number): number {
  const m = steps.length;
  let eta = 0;
  let top = 0;
  out[offset] = 0;
  for (let k = 1; k <= m; k++) {
    eta += theta - steps[k - 1];
    out[offset + k] = eta;
    if (eta > top) top = eta;
  }
  let total = 0;
  for (let k = 0; k <= m; k++) total += out[offset + k] = Math.exp(out[offset + k] - top);
  for (let k = 0; k <= m; k++) out[offset + k] /= total;
  return top + Math.log(total);
}

/** The E-step: item probabilities at the nodes, each raw score's posterior, expected counts, log-likelihood. */
function evaluate(items: ItemModel[], nodes: { z: Float64Array; logW: Float64Array }, sd: number, state: State) {
  const Q = nodes.z.length;
  state.logGamma.fill(0);
  state.expected.fill(0);
  state.variance.fill(0);
  let linear = 0;
  for (const item of items) {
    const width = item.m + 1;
    if (item.probs.length !== width * Q) item.probs = new Float64Array(width * Q);
    for (let q = 0; q < Q; q++) {
      state.logGamma[q] += categoryProbabilities(item.steps, sd * nodes.z[q], item.probs, q * width);
      let mean = 0;
      let square = 0;
      for (let k = 1; k <= item.m; k++) {
        const p = item.probs[q * width + k];
        mean += k * p;
        square += k * k * p;
      }
      state.expected[q] += mean;
      state.variance[q] += square - mean * mean;
    }
    for (let j = 0; j < item.m; j++) linear -= item.observed[j] * item.steps[j];
  }
  state.N.fill(0);
  state.S.fill(0);
  let logLikelihood = linear;
  for (let r = 0; r < state.counts.length; r++) {
    const count = state.counts[r];
    if (count === 0) continue;
    const base = r * Q;
    let top = -Infinity;
    for (let q = 0; q < Q; q++) {
      const value = nodes.logW[q] + r * sd * nodes.z[q] - state.logGamma[q];
      state.posterior[base + q] = value;
      if (value > top) top = value;
    }
    let total = 0;
    for (let q = 0; q < Q; q++) total += state.posterior[base + q] = Math.exp(state.posterior[base + q] - top);
    for (let q = 0; q < Q; q++) {
      const p = (state.posterior[base + q] /= total);
      state.N[q] += count * p;
      state.S[q] += count * r * p;
    }
    logLikelihood += count * (top + Math.log(total));
  }
  state.logLikelihood = logLikelihood;
}

/** P(X >= j) for j = 1..m at node q. */
function tails(item: ItemModel, q: number, out: Float64Array) {
  const width = item.m + 1;
  let tail = 0;
  for (let k = item.m; k >= 1; k--) out[k - 1] = tail += item.probs[q * width + k];
}

/** One Newton step of the M-step for an item's steps on the complete-data likelihood; returns the largest change. */
function mStep(item: ItemModel, N: Float64Array, Q: number): number {
  const m = item.m;
  const gradient = new Float64Array(m);
  const information = new Float64Array(m * m);
  const tail = new Float64Array(m);
  for (let q = 0; q < Q; q++) {
    tails(item, q, tail);
    for (let j = 0; j < m; j++) {
      gradient[j] += N[q] * tail[j];
      for (let l = 0; l <= j; l++) information[j * m + l] += N[q] * (tail[j] - tail[j] * tail[l]);
    }
  }
  for (let j = 0; j < m; j++) {
    gradient[j] -= item.observed[j];
    for (let l = 0; l < j; l++) information[l * m + j] = information[j * m + l];
  }
  const step = solveSymmetric(information, gradient, m);
  if (!step) return 0;
  let change = 0;
  for (let j = 0; j < m; j++) {
    const delta = Math.max(-1, Math.min(1, step[j]));
    item.steps[j] += delta;
    change = Math.max(change, Math.abs(delta));
  }
  return change;
}

/**
 * EM is slow along the directions the prior alone pins down: a common shift of all steps (against the
 * prior's mean of 0) and the SD, whose complete-data information far exceeds the observed information on
 * a long test. So each cycle also takes one exact Newton step on the marginal likelihood in that
 * two-dimensional subspace (h = E[R] for the shift, z (r − E[R]) for the SD; see observedInformation).
 */
function globalStep(z: Float64Array, freeSd: boolean, state: State): { shift: number; sd: number } {
  const Q = z.length;
  let gShift = 0;
  let gSd = 0;
  let hShift = 0;
  let hSd = 0;
  let hCross = 0;
  for (let q = 0; q < Q; q++) {
    const spread = state.S[q] - state.N[q] * state.expected[q];
    gShift -= spread;
    gSd += z[q] * spread;
    hShift -= state.N[q] * state.variance[q];
    hSd -= z[q] * z[q] * state.N[q] * state.variance[q];
    hCross += z[q] * state.N[q] * state.variance[q];
  }
  const hShiftComplete = hShift;
  const hSdComplete = hSd;
  for (let r = 0; r < state.counts.length; r++) {
    const count = state.counts[r];
    if (count === 0) continue;
    let e = 0;
    let ee = 0;
    let g = 0;
    let gg = 0;
    let eg = 0;
    for (let q = 0; q < Q; q++) {
      const p = state.posterior[r * Q + q];
      const expected = state.expected[q];
      const slope = z[q] * (r - expected);
      e += p * expected;
      ee += p * expected * expected;
      g += p * slope;
      gg += p * slope * slope;
      eg += p * expected * slope;
    }
    hShift += count * (ee - e * e);
    hSd += count * (gg - g * g);
    hCross += count * (eg - e * g);
  }
  const clamp = (value: number, limit: number) =>
    Number.isFinite(value) ? Math.max(-limit, Math.min(limit, value)) : 0;
  // Away from the optimum the marginal Hessian need not be negative definite: fall back on EM's own step.
  const completeShift = Math.max(1e-12, -hShiftComplete);
  const completeSd = Math.max(1e-12, -hSdComplete);
  if (!freeSd) return { shift: clamp(hShift < 0 ? -gShift / hShift : gShift / completeShift, 1), sd: 0 };
  const determinant = hShift * hSd - hCross * hCross;
  if (!(hShift < 0 && determinant > 0))
    return { shift: clamp(gShift / completeShift, 1), sd: clamp(gSd / completeSd, 0.5) };
  return {
    shift: clamp(-(hSd * gShift - hCross * gSd) / determinant, 1),
    sd: clamp(-(hShift * gSd - hCross * gShift) / determinant, 0.5),
  };
}

/**
 * The observed information of the marginal log-likelihood ℓ = Σ_r n_r log A_r − Σ O·δ, with
 * A_r = Σ_q w_q exp(r θ_q − log Γ(θ_q)), factored for its covariance. Its Hessian is
 * Σ_q N_q ∂h_a/∂b + Σ_r n_r Cov_r(h_a, h_b), where h is the derivative of r θ − log Γ: P(X_i >= j) for
 * a step and z (r − E[R]) for the SD. The score-group covariances of the steps are h C hᵀ with the
 * node matrix C = diag(N) − Σ_r n_r post_r post_rᵀ, so the cost does not grow with steps² × scores.
 */
function observedInformation(items: ItemModel[], z: Float64Array, freeSd: boolean, state: State) {
  const Q = z.length;
  const stepCount = items.reduce((total, item) => total + item.m, 0);
  const P = stepCount + (freeSd ? 1 : 0);
  const h = new Float64Array(stepCount * Q);
  const slope = new Float64Array(stepCount * Q);
  const hessian = new Float64Array(P * P);
  const tail = new Float64Array(Math.max(1, ...items.map((item) => item.m)));
  let a0 = 0;
  for (const item of items) {
    const width = item.m + 1;
    for (let q = 0; q < Q; q++) {
      tails(item, q, tail);
      let mean = 0;
      for (let k = 1; k <= item.m; k++) mean += k * item.probs[q * width + k];
      for (let j = 0; j < item.m; j++) {
        h[(a0 + j) * Q + q] = tail[j];
        // Cov(X, 1[X >= j]) = E[X; X >= j] − E[X] P(X >= j): the derivative of P(X >= j) in θ.
        let partial = 0;
        for (let k = j + 1; k <= item.m; k++) partial += k * item.probs[q * width + k];
        slope[(a0 + j) * Q + q] = partial - mean * tail[j];
        for (let l = 0; l <= j; l++) hessian[(a0 + j) * P + a0 + l] -= state.N[q] * (tail[j] - tail[j] * tail[l]);
      }
    }
    a0 += item.m;
  }
  const C = new Float64Array(Q * Q);
  const u = new Float64Array(Q);
  let sdVariance = 0;
  for (let r = 0; r < state.counts.length; r++) {
    const count = state.counts[r];
    if (count === 0) continue;
    const post = state.posterior.subarray(r * Q, r * Q + Q);
    for (let q1 = 0; q1 < Q; q1++) {
      const weight = count * post[q1];
      if (weight === 0) continue;
      for (let q2 = 0; q2 < Q; q2++) C[q1 * Q + q2] -= weight * post[q2];
    }
    if (!freeSd) continue;
    let mean = 0;
    let square = 0;
    for (let q = 0; q < Q; q++) {
      const value = z[q] * (r - state.expected[q]);
      mean += post[q] * value;
      square += post[q] * value * value;
    }
    sdVariance += count * (square - mean * mean);
    for (let q = 0; q < Q; q++) u[q] += count * post[q] * mean;
  }
  for (let q = 0; q < Q; q++) C[q * Q + q] += state.N[q];
  const hc = new Float64Array(Q);
  for (let a = 0; a < stepCount; a++) {
    hc.fill(0);
    for (let q1 = 0; q1 < Q; q1++) {
      const value = h[a * Q + q1];
      for (let q2 = 0; q2 < Q; q2++) hc[q2] += value * C[q1 * Q + q2];
    }
    for (let b = 0; b <= a; b++) {
      let total = 0;
      for (let q = 0; q < Q; q++) total += hc[q] * h[b * Q + q];
      hessian[a * P + b] += total;
    }
  }
  if (freeSd) {
    for (let a = 0; a < stepCount; a++) {
      let total = 0;
      for (let q = 0; q < Q; q++) {
        const spread = state.S[q] - state.N[q] * state.expected[q];
        total += z[q] * state.N[q] * slope[a * Q + q] + h[a * Q + q] * (z[q] * spread - u[q]);
      }
      hessian[stepCount * P + a] = total;
    }
    let total = sdVariance;
    for (let q = 0; q < Q; q++) total -= z[q] * z[q] * state.N[q] * state.variance[q];
    hessian[P * P - 1] = total;
  }
  for (let a = 0; a < P; a++)
    for (let b = 0; b <= a; b++) {
      const value = -hessian[a * P + b];
      hessian[a * P + b] = value;
      hessian[b * P + a] = value;
    }
  return { information: hessian, size: P };
}

/** Warm's WLE and its standard error for every raw score 0..M (raw score is sufficient, so persons share them). */
function scoreAbilities(items: ItemModel[], M: number, counts: Float64Array): RaschScore[] {
  const table: RaschScore[] = [];
  if (items.length === 0) return table;
  const buffer = new Float64Array(Math.max(...items.map((item) => item.m)) + 1);
  const moments = (theta: number) => {
    let mean = 0;
    let information = 0;
    let third = 0;
    for (const item of items) {
      categoryProbabilities(item.steps, theta, buffer, 0);
      let e = 0;
      for (let k = 1; k <= item.m; k++) e += k * buffer[k];
      let v = 0;
      let t = 0;
      for (let k = 0; k <= item.m; k++) {
        const d = k - e;
        v += d * d * buffer[k];
        t += d * d * d * buffer[k];
      }
      mean += e;
      information += v;
      third += t;
    }
    return { mean, information, third };
  };
  for (let r = 0; r <= M; r++) {
    let low = -30;
    let high = 30;
    let theta = Math.log((r + 0.5) / (M - r + 0.5));
    let info = 1;
    for (let iteration = 0; iteration < 100; iteration++) {
      const { mean, information, third } = moments(theta);
      info = information;
      const f = r - mean + third / (2 * information);
      if (f > 0) low = theta;
      else high = theta;
      let next = theta + f / information;
      if (!(next > low && next < high)) next = (low + high) / 2;
      if (Math.abs(next - theta) < 1e-10) break;
      theta = next;
    }
    table.push({ raw_score: r, ability: theta, se: 1 / Math.sqrt(info), persons: counts[r] });
  }
  return table;
}

/** Infit and outfit mean squares of each item, over persons with neither zero nor full raw score. */
function itemFit(
  items: ItemModel[],
  table: RaschScore[],
  data: { cells: Uint8Array; raw: Int32Array; itemCount: number },
  M: number,
) {
  const fit = new Map<number, { infit: number | null; outfit: number | null }>();
  const { cells, raw, itemCount } = data;
  for (const item of items) {
    const width = item.m + 1;
    // Persons per raw score and category of this item.
    const observed = new Float64Array(width * (M + 1));
    for (let n = 0; n < raw.length; n++) observed[raw[n] * width + item.rankOf[cells[n * itemCount + item.index]]]++;
    const probs = new Float64Array(width);
    let squares = 0;
    let variance = 0;
    let standardized = 0;
    let persons = 0;
    for (let r = 1; r < M; r++) {
      const count = table[r].persons;
      if (count === 0) continue;
      categoryProbabilities(item.steps, table[r].ability, probs, 0);
      let e = 0;
      let v = 0;
      for (let k = 1; k <= item.m; k++) e += k * probs[k];
      for (let k = 0; k <= item.m; k++) v += (k - e) ** 2 * probs[k];
      for (let k = 0; k <= item.m; k++) {
        const residual = (k - e) ** 2 * observed[r * width + k];
        squares += residual;
        standardized += residual / v;
      }
      variance += count * v;
      persons += count;
    }
    fit.set(item.index, {
      infit: variance > 0 ? squares / variance : null,
      outfit: persons > 0 ? standardized / persons : null,
    });
  }
  return fit;
}

function describeItems(
  items: ItemModel[],
  covariance: Covariance | null,
  fit: Map<number, { infit: number | null; outfit: number | null }>,
): RaschItem[] {
  let a0 = 0;
  return items.map((item) => {
    if (item.m === 0)
      return { ...base(item), extreme: true, difficulty: null, se: null, thresholds: [], infit: null, outfit: null };
    const thresholds = Array.from(item.steps);
    const difficulty = thresholds.reduce((a, b) => a + b, 0) / item.m;
    let se: number | null = null;
    if (covariance) {
      let total = 0;
      for (let j = 0; j < item.m; j++) for (let l = 0; l < item.m; l++) total += covariance(a0 + j, a0 + l);
      se = total > 0 ? Math.sqrt(total) / item.m : null;
    }
    a0 += item.m;
    return { ...base(item), extreme: false, difficulty, se, thresholds, ...fit.get(item.index)! };
  });
}

const base = (item: ItemModel) => ({ index: item.index, max: item.max, categories: item.categories });

function separationReliability(table: RaschScore[], M: number): number | null {
  let n = 0;
  let sum = 0;
  let squares = 0;
  let error = 0;
  for (let r = 1; r < M; r++) {
    const { persons, ability, se } = table[r];
    n += persons;
    sum += persons * ability;
    squares += persons * ability * ability;
    error += persons * se * se;
  }
  if (n < 2) return null;
  const observed = (squares - (sum * sum) / n) / (n - 1);
  if (!(observed > 0)) return null;
  return Math.max(0, 1 - error / n / observed);
}

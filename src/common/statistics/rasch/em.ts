import { solveSymmetric } from '../symmetric-matrix';
import { categoryProbabilities, RASCH_DEFAULTS, tails, type ItemModel } from './model';

/** The EM calibration's parts: the quadrature, the E-step, the M-step and the global Newton step. */
export function quadrature(Q: number) {
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

export function createState(Q: number, M: number, counts: Float64Array) {
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
export type State = ReturnType<typeof createState>;

/** Starting steps: adjacent-category log odds of the observed counts. */
export function startSteps(item: ItemModel, counts: Float64Array) {
  const total = counts.reduce((a, b) => a + b, 0);
  for (let j = 1; j <= item.m; j++) {
    const above = item.observed[j - 1];
    const below = j === 1 ? total - above : item.observed[j - 2] - above;
    item.steps[j - 1] = Math.log((below + 0.5) / (above + 0.5));
  }
}

/** The E-step: item probabilities at the nodes, each raw score's posterior, expected counts, log-likelihood. */
export function evaluate(
  items: ItemModel[],
  nodes: { z: Float64Array; logW: Float64Array },
  sd: number,
  state: State,
  /** The ability distribution's mean: 0 unless anchored items fix the scale (then it is estimated). */
  centre = 0,
) {
  const Q = nodes.z.length;
  state.logGamma.fill(0);
  state.expected.fill(0);
  state.variance.fill(0);
  let linear = 0;
  for (const item of items) {
    const width = item.m + 1;
    if (item.probs.length !== width * Q) item.probs = new Float64Array(width * Q);
    for (let q = 0; q < Q; q++) {
      state.logGamma[q] += categoryProbabilities(item.steps, centre + sd * nodes.z[q], item.probs, q * width);
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
  const theta = new Float64Array(Q);
  for (let q = 0; q < Q; q++) theta[q] = centre + sd * nodes.z[q];
  state.logLikelihood = linear + posteriorByScore(state, nodes.logW, theta);
}

/**
 * Each raw score's posterior over the nodes (log prior weights `logW`, abilities `theta`, the
 * state's log Γ), the expected persons (N) and raw score total (S) at each node, and the
 * log-likelihood's part of the scores (the steps' linear term is the caller's).
 */
export function posteriorByScore(state: State, logW: Float64Array, theta: Float64Array): number {
  const Q = theta.length;
  state.N.fill(0);
  state.S.fill(0);
  let logLikelihood = 0;
  for (let r = 0; r < state.counts.length; r++) {
    const count = state.counts[r];
    if (count === 0) continue;
    const base = r * Q;
    let top = -Infinity;
    for (let q = 0; q < Q; q++) {
      const value = logW[q] + r * theta[q] - state.logGamma[q];
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
  return logLikelihood;
}

/** One Newton step of the M-step for an item's steps on the complete-data likelihood; returns the largest change. */
export function mStep(item: ItemModel, N: Float64Array, Q: number): number {
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
export function globalStep(z: Float64Array, freeSd: boolean, state: State): { shift: number; sd: number } {
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

/**
 * Concurrent calibration of several forms that share items (issue 42): one marginal likelihood over
 * every form's persons, each form's population its own normal N(μ_g, σ_g²), the items' parameters
 * shared (Bock & Zimowski 1997's multiple-group model, for the Rasch and partial credit models).
 * The first form's mean is 0 and fixes the origin, unless anchored items (fixed parameters) fix it;
 * then every form's mean is estimated.
 *
 * One grid of abilities serves every form (a form's prior is its normal density on the grid), so an
 * item's probabilities are computed once a cycle. The E-step is the single-form one per form (the raw
 * score on its own items is sufficient); the M-step moves each population to its posterior moments
 * and each free item by one Newton step on the expected counts of the forms that hold it.
 */
import { inverseOf } from '../symmetric-matrix';
import { createState, mStep, posteriorByScore, type State } from './em';
import { observedInformation } from './information';
import { describeItems, itemFit } from './items';
import {
  categoryProbabilities,
  raschCategory,
  raschTopCategory,
  RASCH_DEFAULTS,
  type AnchoredItem,
  type ItemModel,
  type RaschItem,
  type RaschScore,
} from './model';
import { scoreAbilities, separationReliability } from './persons';
import { fixAnchors, itemModels } from './prepare';

export interface ConcurrentInput {
  /** Every item of the forms, each once. */
  items: readonly { max: number }[];
  /** Each form: its items (indices into `items`) and one row of marks per person, in the order of its items. */
  forms: readonly { items: readonly number[]; scores: readonly (readonly number[])[] }[];
}

export interface ConcurrentOptions {
  /** Per item (in the order of `items`), parameters it keeps, or null to estimate it. */
  anchors?: readonly (AnchoredItem | null)[];
  /** Fix every form's ability SD (estimated when absent). */
  fixedSd?: number;
  maxIterations?: number;
  tolerance?: number;
}

export interface ConcurrentForm {
  persons: number;
  /** The population's mean and SD on the common scale. */
  mean: number;
  sd: number;
  /** Warm's estimate for each raw score on the form's calibrated items. */
  score_table: RaschScore[];
  /** Each person's ability and standard error, in the order of the form's rows. */
  persons_abilities: { ability: number; se: number }[];
  reliability: number | null;
}

export interface ConcurrentResult {
  items: RaschItem[];
  forms: ConcurrentForm[];
  log_likelihood: number;
  iterations: number;
  converged: boolean;
}

/**
 * EM cycles at most: the populations move slowly under plain EM (about 360 cycles for 3 forms of
 * 10,000 and 40 questions, 900 for 80 questions), and a cycle costs little.
 */
const MAX_ITERATIONS = 5000;

/** The common grid: wide enough for forms several logits apart, fine enough for the normal priors. */
const GRID = { range: 10, points: 101 };

interface Form {
  items: ItemModel[];
  /** Kept categories of each person on each item, person-major over every item (`cells[n * I + i]`). */
  cells: Uint8Array;
  raw: Int32Array;
  M: number;
  state: State;
  mean: number;
  sd: number;
}

/** Categorises every form's marks once, keeps each item's categories over all forms, counts raw scores per form. */
function prepareForms(input: ConcurrentInput) {
  const I = input.items.length;
  const tops = input.items.map((item) => raschTopCategory(item.max));
  const used = tops.map((top) => new Float64Array(top + 1));
  const cellsOf = input.forms.map((form) => {
    const cells = new Uint8Array(form.scores.length * I);
    form.scores.forEach((row, n) =>
      form.items.forEach((i, column) => {
        const category = raschCategory(row?.[column] ?? 0, input.items[i].max, tops[i]);
        cells[n * I + i] = category;
        used[i][category]++;
      }),
    );
    return cells;
  });
  const items = itemModels(input.items, used);
  const forms = input.forms.map((form, g): Form => {
    const own = form.items.map((i) => items[i]).filter((item) => item.m > 0);
    const M = own.reduce((total, item) => total + item.m, 0);
    const raw = new Int32Array(form.scores.length);
    const counts = new Float64Array(M + 1);
    for (let n = 0; n < raw.length; n++) {
      for (const item of own) raw[n] += item.rankOf[cellsOf[g][n * I + item.index]];
      counts[raw[n]]++;
    }
    return { items: own, cells: cellsOf[g], raw, M, state: createState(GRID.points, M, counts), mean: 0, sd: 1 };
  });
  return { items, forms };
}

/** Starting steps: adjacent-category log odds over every form's persons. */
function startSteps(item: ItemModel, persons: number) {
  for (let j = 1; j <= item.m; j++) {
    const above = item.observed[j - 1];
    const below = j === 1 ? persons - above : item.observed[j - 2] - above;
    item.steps[j - 1] = Math.log((below + 0.5) / (above + 0.5));
  }
}

/** The E-step of one form on the common grid (`logNorm`: each item's log normaliser at the nodes); its log-likelihood part. */
function expectForm(form: Form, theta: Float64Array, logNorm: Map<ItemModel, Float64Array>): number {
  const Q = theta.length;
  const { state } = form;
  state.logGamma.fill(0);
  for (const item of form.items) {
    const norm = logNorm.get(item)!;
    for (let q = 0; q < Q; q++) state.logGamma[q] += norm[q];
  }
  const logW = new Float64Array(Q);
  let total = 0;
  for (let q = 0; q < Q; q++) total += Math.exp(-0.5 * ((theta[q] - form.mean) / form.sd) ** 2);
  for (let q = 0; q < Q; q++) logW[q] = -0.5 * ((theta[q] - form.mean) / form.sd) ** 2 - Math.log(total);
  // The steps' linear term (−Σ observed · steps) is the same for every form: the caller adds it once.
  return posteriorByScore(state, logW, theta);
}

/** Calibrates several forms at once on one scale (see above). */
export function fitConcurrent(input: ConcurrentInput, options: ConcurrentOptions = {}): ConcurrentResult {
  const maxIterations = options.maxIterations ?? MAX_ITERATIONS;
  const tolerance = options.tolerance ?? RASCH_DEFAULTS.tolerance;
  const Q = GRID.points;
  const theta = new Float64Array(Q);
  for (let q = 0; q < Q; q++) theta[q] = -GRID.range + (2 * GRID.range * q) / (Q - 1);
  const { items, forms } = prepareForms(input);
  const calibrated = items.filter((item) => item.m > 0);
  const persons = forms.reduce((total, form) => total + form.raw.length, 0);
  for (const item of calibrated) startSteps(item, persons);
  const fixed = fixAnchors(calibrated, options.anchors);
  const free = calibrated.filter((item) => !fixed.has(item));
  const freeSd = options.fixedSd === undefined;
  for (const form of forms) form.sd = options.fixedSd && options.fixedSd > 0 ? options.fixedSd : 1;
  // Without anchors the first form's mean is the origin; with them, the anchors are.
  const freeMean = (g: number) => fixed.size > 0 || g > 0;
  const formsOf = new Map(calibrated.map((item) => [item, forms.filter((form) => form.items.includes(item))]));
  const logNorm = new Map(calibrated.map((item) => [item, new Float64Array(Q)]));
  const pooled = new Float64Array(Q);
  let logLikelihood = 0;
  let iterations = 0;
  let converged = calibrated.length === 0;
  const expectAll = () => {
    for (const item of calibrated) {
      const width = item.m + 1;
      if (item.probs.length !== width * Q) item.probs = new Float64Array(width * Q);
      const norm = logNorm.get(item)!;
      for (let q = 0; q < Q; q++) norm[q] = categoryProbabilities(item.steps, theta[q], item.probs, q * width);
    }
    logLikelihood = 0;
    for (const item of calibrated) for (let j = 0; j < item.m; j++) logLikelihood -= item.observed[j] * item.steps[j];
    for (const form of forms) logLikelihood += expectForm(form, theta, logNorm);
  };
  while (!converged && iterations < maxIterations) {
    iterations++;
    expectAll();
    let change = 0;
    forms.forEach((form, g) => {
      let n = 0;
      let first = 0;
      for (let q = 0; q < Q; q++) {
        n += form.state.N[q];
        first += form.state.N[q] * theta[q];
      }
      if (n === 0) return;
      const mean = freeMean(g) ? first / n : form.mean;
      let second = 0;
      for (let q = 0; q < Q; q++) second += form.state.N[q] * (theta[q] - mean) ** 2;
      const sd = freeSd ? Math.max(0.05, Math.sqrt(second / n)) : form.sd;
      change = Math.max(change, Math.abs(mean - form.mean), Math.abs(sd - form.sd));
      form.mean = mean;
      form.sd = sd;
    });
    for (const item of free) {
      pooled.fill(0);
      for (const form of formsOf.get(item)!) for (let q = 0; q < Q; q++) pooled[q] += form.state.N[q];
      change = Math.max(change, mStep(item, pooled, Q));
    }
    converged = change < tolerance;
  }
  expectAll();
  return {
    items: describeItems(items, covariance(free, forms, theta), fitOf(calibrated, forms, items.length), fixed),
    forms: forms.map((form) => {
      const table = scoreAbilities(form.items, form.M, form.state.counts);
      return {
        persons: form.raw.length,
        mean: form.mean,
        sd: form.sd,
        score_table: table,
        persons_abilities: Array.from(form.raw, (r) => ({ ability: table[r].ability, se: table[r].se })),
        reliability: separationReliability(table, form.M),
      };
    }),
    log_likelihood: logLikelihood,
    iterations,
    converged,
  };
}

/**
 * The free items' covariance: the inverse of the observed information, summed over the forms (each
 * form's part is the single-form information over its own free items, the populations taken as known).
 */
function covariance(free: ItemModel[], forms: Form[], theta: Float64Array) {
  if (free.length === 0) return null;
  const offset = new Map<ItemModel, number>();
  let size = 0;
  for (const item of free) {
    offset.set(item, size);
    size += item.m;
  }
  const total = new Float64Array(size * size);
  for (const form of forms) {
    const own = form.items.filter((item) => offset.has(item));
    if (own.length === 0) continue;
    const { information, size: P } = observedInformation(own, theta, false, form.state);
    const at: number[] = own.flatMap((item) => Array.from({ length: item.m }, (_, j) => offset.get(item)! + j));
    for (let a = 0; a < P; a++) for (let b = 0; b < P; b++) total[at[a] * size + at[b]] += information[a * P + b];
  }
  return inverseOf({ information: total, size });
}

/** Infit and outfit of each item: each form's, weighted by its persons. */
function fitOf(calibrated: ItemModel[], forms: Form[], itemCount: number) {
  const sums = new Map<number, { infit: number; outfit: number; inW: number; outW: number }>();
  for (const form of forms) {
    const table = scoreAbilities(form.items, form.M, form.state.counts);
    const fit = itemFit(form.items, table, { cells: form.cells, raw: form.raw, itemCount }, form.M);
    for (const [index, value] of fit) {
      const entry = sums.get(index) ?? { infit: 0, outfit: 0, inW: 0, outW: 0 };
      const weight = form.raw.length;
      if (value.infit !== null) {
        entry.infit += weight * value.infit;
        entry.inW += weight;
      }
      if (value.outfit !== null) {
        entry.outfit += weight * value.outfit;
        entry.outW += weight;
      }
      sums.set(index, entry);
    }
  }
  return new Map(
    calibrated.map((item) => {
      const entry = sums.get(item.index);
      return [
        item.index,
        {
          infit: entry && entry.inW > 0 ? entry.infit / entry.inW : null,
          outfit: entry && entry.outW > 0 ? entry.outfit / entry.outW : null,
        },
      ];
    }),
  );
}

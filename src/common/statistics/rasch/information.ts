import { tails, type ItemModel } from './model';
import type { State } from './em';

/**
 * The observed information of the marginal log-likelihood ℓ = Σ_r n_r log A_r − Σ O·δ, with
 * A_r = Σ_q w_q exp(r θ_q − log Γ(θ_q)), factored for its covariance. Its Hessian is
 * Σ_q N_q ∂h_a/∂b + Σ_r n_r Cov_r(h_a, h_b), where h is the derivative of r θ − log Γ: P(X_i >= j) for
 * a step and z (r − E[R]) for the SD. The score-group covariances of the steps are h C hᵀ with the
 * node matrix C = diag(N) − Σ_r n_r post_r post_rᵀ, so the cost does not grow with steps² × scores.
 */
export function observedInformation(items: ItemModel[], z: Float64Array, freeSd: boolean, state: State) {
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

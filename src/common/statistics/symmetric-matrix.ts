/** Symmetric positive definite systems for the Rasch estimation (Cholesky): a solve and an inverse. */

/** Solves A x = b for a symmetric positive definite A (Cholesky); null when A is not. */
export function solveSymmetric(A: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const L = cholesky(A, n);
  return L ? solveCholesky(L, b, n) : null;
}

function solveCholesky(L: Float64Array, b: Float64Array, n: number): Float64Array {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let total = b[i];
    for (let k = 0; k < i; k++) total -= L[i * n + k] * y[k];
    y[i] = total / L[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let total = y[i];
    for (let k = i + 1; k < n; k++) total -= L[k * n + i] * y[k];
    y[i] = total / L[i * n + i];
  }
  return y;
}

function cholesky(A: Float64Array, n: number): Float64Array | null {
  const L = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let total = A[i * n + j];
      for (let k = 0; k < j; k++) total -= L[i * n + k] * L[j * n + k];
      if (i === j) {
        if (!(total > 1e-12)) return null;
        L[i * n + i] = Math.sqrt(total);
      } else L[i * n + j] = total / L[j * n + j];
    }
  return L;
}

export type Covariance = ((a: number, b: number) => number) & { size: number };

/**
 * Entries of the inverse of a symmetric positive definite matrix from the inverse of its Cholesky factor
 * (A⁻¹ = L⁻ᵀ L⁻¹), so only the entries asked for are summed; null when the matrix is not positive definite.
 */
export function inverseOf({ information, size }: { information: Float64Array; size: number }): Covariance | null {
  const L = cholesky(information, size);
  if (!L) return null;
  const inverse = new Float64Array(size * size);
  for (let j = 0; j < size; j++) {
    inverse[j * size + j] = 1 / L[j * size + j];
    for (let i = j + 1; i < size; i++) {
      let total = 0;
      for (let k = j; k < i; k++) total += L[i * size + k] * inverse[k * size + j];
      inverse[i * size + j] = -total / L[i * size + i];
    }
  }
  const entry = (a: number, b: number) => {
    let total = 0;
    for (let k = Math.max(a, b); k < size; k++) total += inverse[k * size + a] * inverse[k * size + b];
    return total;
  };
  return Object.assign(entry, { size });
}

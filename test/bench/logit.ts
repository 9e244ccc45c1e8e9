/**
 * A conditional logit (a softmax over the seats of one game position), fitted by Newton's
 * method: the maths of `fit-value.ts`, kept apart so that it can be tested.
 * @module
 */

/** Positions of one kind, flat: `features[(row * seats + seat) * k + j]`, `outcome[row * seats + seat]`. */
export interface LogitData {
  readonly seats: number;
  /** Features per seat. */
  readonly k: number;
  readonly rows: number;
  readonly features: Float64Array;
  /** Each seat's share of the win (1 to the sole winner, 1/k to each of k sharing); sums to 1 per row. */
  readonly outcome: Float64Array;
}

/** Softmax probabilities of one row under `weights`, into `out`. */
function probabilities(data: LogitData, row: number, weights: readonly number[], out: Float64Array): void {
  const { seats, k, features } = data;
  let max = Number.NEGATIVE_INFINITY;
  for (let s = 0; s < seats; s++) {
    let u = 0;
    for (let j = 0; j < k; j++) u += (weights[j] as number) * (features[(row * seats + s) * k + j] as number);
    out[s] = u;
    if (u > max) max = u;
  }
  let sum = 0;
  for (let s = 0; s < seats; s++) {
    out[s] = Math.exp((out[s] as number) - max);
    sum += out[s] as number;
  }
  for (let s = 0; s < seats; s++) out[s] = (out[s] as number) / sum;
}

/** Mean negative log-likelihood per row of `weights` on `data` (nats; ln(seats) is a blind guess). */
export function logLoss(data: LogitData, weights: readonly number[]): number {
  const p = new Float64Array(data.seats);
  let total = 0;
  for (let r = 0; r < data.rows; r++) {
    probabilities(data, r, weights, p);
    for (let s = 0; s < data.seats; s++) {
      const y = data.outcome[r * data.seats + s] as number;
      if (y > 0) total -= y * Math.log(Math.max(1e-12, p[s] as number));
    }
  }
  return data.rows === 0 ? 0 : total / data.rows;
}

/** Solves `a x = b` for a small dense system (Gaussian elimination with partial pivoting). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs((m[r] as number[])[c] as number) > Math.abs((m[pivot] as number[])[c] as number)) pivot = r;
    [m[c], m[pivot]] = [m[pivot] as number[], m[c] as number[]];
    const row = m[c] as number[];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const other = m[r] as number[];
      const f = (other[c] as number) / (row[c] as number);
      for (let j = c; j <= n; j++) other[j] = (other[j] as number) - f * (row[j] as number);
    }
  }
  return m.map((row, i) => (row[n] as number) / (row[i] as number));
}

/**
 * The weights that maximize the likelihood of the outcomes, with a small ridge penalty
 * (`ridge` × squared weights × rows) that keeps them finite on small or separable data.
 */
export function fitLogit(data: LogitData, ridge = 1e-4, steps = 25): number[] {
  const { seats, k, features } = data;
  let w = new Array<number>(k).fill(0);
  const p = new Float64Array(seats);
  const mean = new Float64Array(k);
  for (let step = 0; step < steps; step++) {
    const grad = w.map((x) => ridge * data.rows * x);
    const hess = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => (i === j ? ridge * data.rows : 0)));
    for (let r = 0; r < data.rows; r++) {
      probabilities(data, r, w, p);
      mean.fill(0);
      for (let s = 0; s < seats; s++) {
        const ps = p[s] as number;
        const diff = ps - (data.outcome[r * seats + s] as number);
        for (let i = 0; i < k; i++) {
          const xi = features[(r * seats + s) * k + i] as number;
          mean[i] = (mean[i] as number) + ps * xi;
          grad[i] = (grad[i] as number) + diff * xi;
          const hi = hess[i] as number[];
          for (let j = 0; j < k; j++) hi[j] = (hi[j] as number) + ps * xi * (features[(r * seats + s) * k + j] as number);
        }
      }
      for (let i = 0; i < k; i++) {
        const hi = hess[i] as number[];
        for (let j = 0; j < k; j++) hi[j] = (hi[j] as number) - (mean[i] as number) * (mean[j] as number);
      }
    }
    const delta = solve(hess, grad);
    w = w.map((x, i) => x - (delta[i] as number));
    if (delta.every((d) => Math.abs(d) < 1e-9)) break;
  }
  return w;
}

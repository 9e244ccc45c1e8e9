/**
 * Pearson's chi-square test of observed counts against exact probabilities, for the statistical
 * tests of `determinize`'s law. Written out here (a few lines of textbook numerics) so that the
 * suite needs no statistics package.
 *
 * - `chiSquareSurvival(x, df)`: P(X ≥ x) for X chi-square with `df` degrees of freedom, the
 *   regularized upper incomplete gamma function Q(df/2, x/2): its power series below x/2 = df/2 + 1,
 *   its continued fraction (modified Lentz) above.
 * - `chiSquareTest(observed, expected)`: the statistic, the degrees of freedom and the p-value,
 *   after pooling the cells whose expected count is below 5 (the usual condition for the
 *   chi-square approximation) into one.
 */

/** ln Γ(a) for a whole or half-whole `a` > 0: Γ(a) = (a − 1) Γ(a − 1), Γ(1) = 1, Γ(1/2) = √π. */
function lnGamma(a: number): number {
  if (!(a > 0 && Number.isInteger(2 * a))) throw new Error(`lnGamma: ${a} is not a positive multiple of 1/2`);
  let x = a;
  let sum = 0;
  while (x > 1) {
    x -= 1;
    sum += Math.log(x);
  }
  return x === 1 ? sum : sum + 0.5 * Math.log(Math.PI);
}

/** P(X ≥ x) for X chi-square with `df` (a positive whole number) degrees of freedom. */
export function chiSquareSurvival(x: number, df: number): number {
  if (x <= 0) return 1;
  const a = df / 2;
  const z = x / 2;
  // e^{-z} z^a / Γ(a), the factor in front of both expansions.
  const front = Math.exp(-z + a * Math.log(z) - lnGamma(a));
  if (z < a + 1) {
    // P(a, z) = front · Σ_{n ≥ 0} z^n / (a (a + 1) … (a + n)).
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000 && term > sum * 1e-16; n++) {
      term *= z / (a + n);
      sum += term;
    }
    return Math.max(0, 1 - front * sum);
  }
  // Q(a, z) = front · 1/(z + 1 − a − 1·(1 − a)/(z + 3 − a − 2·(2 − a)/(z + 5 − a − …))).
  const tiny = 1e-300;
  let b = z + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return front * h;
}

/** The result of {@link chiSquareTest}. */
export interface ChiSquare {
  readonly statistic: number;
  readonly df: number;
  readonly p: number;
  /** Observed and expected counts per cell after pooling, for a failure's message. */
  readonly cells: readonly { readonly key: string; readonly observed: number; readonly expected: number }[];
}

/**
 * Pearson's test of `observed` counts (by key) against `probability` (by key, summing to 1). A key
 * observed but absent from `probability` is an impossible outcome: the test throws, naming it.
 * Cells expected fewer than 5 times are pooled into one (with the next smallest while the pool
 * is still below 5).
 */
export function chiSquareTest(observed: ReadonlyMap<string, number>, probability: ReadonlyMap<string, number>): ChiSquare {
  let n = 0;
  for (const [key, count] of observed) {
    if (!probability.has(key)) throw new Error(`an impossible outcome was drawn ${count} times: ${key}`);
    n += count;
  }
  let total = 0;
  for (const q of probability.values()) total += q;
  if (Math.abs(total - 1) > 1e-9) throw new Error(`the probabilities add up to ${total}, not 1`);
  const cells = [...probability].map(([key, q]) => ({ key, observed: observed.get(key) ?? 0, expected: q * n }));
  cells.sort((x, y) => x.expected - y.expected);
  const pooled: { key: string; observed: number; expected: number }[] = [];
  let pool = { key: 'pooled', observed: 0, expected: 0 };
  let inPool = 0;
  for (const cell of cells) {
    if (cell.expected < 5 || (inPool > 0 && pool.expected < 5)) {
      pool = { key: 'pooled', observed: pool.observed + cell.observed, expected: pool.expected + cell.expected };
      inPool++;
    } else pooled.push(cell);
  }
  if (inPool > 0) pooled.push(pool);
  let statistic = 0;
  for (const cell of pooled) statistic += (cell.observed - cell.expected) ** 2 / cell.expected;
  const df = pooled.length - 1;
  if (df < 1) throw new Error('a chi-square test needs at least two cells');
  return { statistic, df, p: chiSquareSurvival(statistic, df), cells: pooled };
}

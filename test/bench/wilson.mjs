// The 95% Wilson score interval of a win rate, for the strength benches (tournament.mjs,
// net/lines.mjs).

/** 95% Wilson score interval `[low, high]` for k successes in n trials. */
export function wilson(k, n, z = 1.959964) {
  const p = k / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

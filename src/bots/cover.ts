/**
 * @internal Choosing gold to pay a bid (RULES A5): the cheapest set of coins that covers it.
 * @module
 */

/** @internal The gold cards (values) of the cheapest set that covers `due`: least total, then fewest cards. */
export function cheapestCover(values: readonly number[], due: number): number[] {
  const counts = [0, 0, 0, 0];
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  let best: number[] | null = null;
  let bestSum = Number.POSITIVE_INFINITY;
  let bestCount = Number.POSITIVE_INFINITY;
  for (let a = 0; a <= (counts[1] as number); a++) {
    for (let b = 0; b <= (counts[2] as number); b++) {
      for (let c = 0; c <= (counts[3] as number); c++) {
        const sum = a + 2 * b + 3 * c;
        const count = a + b + c;
        if (sum < due) continue;
        if (sum < bestSum || (sum === bestSum && count < bestCount)) {
          bestSum = sum;
          bestCount = count;
          best = [...Array<number>(c).fill(3), ...Array<number>(b).fill(2), ...Array<number>(a).fill(1)];
        }
      }
    }
  }
  return best ?? [...values].sort((x, y) => y - x);
}

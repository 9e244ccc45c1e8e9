/**
 * @internal Choosing gold to pay a bid (RULES A5): the cheapest set of coins that covers it.
 * @module
 */

/**
 * The cheapest cover of `due` from `counts[v]` coins of each value `v` (1 to 3): least total,
 * then fewest cards; packed as `ones + 256 × twos + 65536 × threes`, or -1 if none covers it.
 */
function bestCover(counts: readonly number[], due: number): number {
  let best = -1;
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
          best = a + 256 * b + 65536 * c;
        }
      }
    }
  }
  return best;
}

function countCoins(values: readonly number[]): number[] {
  const counts = [0, 0, 0, 0];
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

/** @internal The gold cards (values) of the cheapest set that covers `due`: least total, then fewest cards. */
export function cheapestCover(values: readonly number[], due: number): number[] {
  const best = bestCover(countCoins(values), due);
  if (best < 0) return [...values].sort((x, y) => y - x);
  const c = best >> 16;
  const b = (best >> 8) & 255;
  const a = best & 255;
  return [...Array<number>(c).fill(3), ...Array<number>(b).fill(2), ...Array<number>(a).fill(1)];
}

/**
 * @internal The largest coin of {@link cheapestCover}`(values, due)` (its first item), from the
 * counts of coins by value (`counts[1]` to `counts[3]`), without building the cover; `undefined`
 * for an empty cover. The largest value held when nothing covers `due`.
 */
export function largestCoinOfCover(counts: readonly number[], due: number): number | undefined {
  const best = bestCover(counts, due);
  if (best < 0) {
    for (let v = 3; v >= 1; v--) if ((counts[v] as number) > 0) return v;
    return undefined;
  }
  return best >= 65536 ? 3 : best >= 256 ? 2 : best > 0 ? 1 : undefined;
}

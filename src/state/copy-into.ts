/**
 * @internal Copying lists of numbers into arrays the caller owns and reuses (the simulator's
 * state, a deal written straight into it), without allocating once they are long enough.
 * @module
 */

/**
 * @internal Cuts `list` to its first `n` items; a list written from its start by index is then
 * exactly what was written. By pops: setting `length` is a call into the runtime, a pop is inlined.
 */
export function truncate(list: number[], n: number): void {
  while (list.length > n) list.pop();
}

/** @internal Makes `dst` a copy of `src` (small integers: card indexes, players, titles); returns `dst`. */
export function copyInto(dst: number[], src: readonly number[]): number[] {
  const n = src.length;
  // Shortened by pops, as in {@link truncate}.
  while (dst.length > n) dst.pop();
  const kept = dst.length;
  for (let i = 0; i < kept; i++) dst[i] = src[i] as number;
  for (let i = kept; i < n; i++) dst.push(src[i] as number);
  return dst;
}

/**
 * @internal Copies a generator state (always four 32-bit words, most of them numbers outside the
 * small-integer range) into `dst`, an empty array or another generator state: kept apart from
 * {@link copyInto}, whose lists hold small integers only, so that each copy loop sees one kind of
 * array.
 */
export function copyWords(dst: number[], src: readonly number[]): number[] {
  for (let i = 0; i < 4; i++) dst[i] = src[i] as number;
  return dst;
}

/** @internal Makes `dst` a copy of the lists `src` (hands, known cards), reusing its rows; returns `dst`. */
export function copyLists(dst: number[][], src: readonly (readonly number[])[]): number[][] {
  while (dst.length > src.length) dst.pop();
  for (let p = 0; p < src.length; p++) {
    const row = dst[p];
    if (row === undefined) dst.push((src[p] as readonly number[]).slice());
    else copyInto(row, src[p] as readonly number[]);
  }
  return dst;
}

/** @internal Gives `rows` exactly `n` rows, keeping the first ones (their contents are left to the caller); returns `rows`. */
export function rowsFor(rows: number[][], n: number): number[][] {
  while (rows.length > n) rows.pop();
  while (rows.length < n) rows.push([]);
  return rows;
}

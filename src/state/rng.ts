/**
 * The seeded generator (RULES S5): sfc32, whose state is four unsigned 32-bit integers kept in
 * the game state as plain numbers. Pure functions: they work on a copy the caller owns.
 *
 * The sfc32 step is written out four times on purpose (`nextUint32`, the warm-up in `seedState`,
 * `shuffleInPlace`, `pickInPlace`): the loops keep the four words in local variables, which a
 * shared step cannot do. One shared step on a typed-array scratch was measured instead: deals
 * took 20–40% longer and `createGame` a third longer, with the same draws. `test/state/rng.test.ts`
 * checks every copy against the first written form.
 * @module
 */

/** The four hashes' starting values: FNV-1a's offset basis mixed with the hash's number (k + 1). */
const BASIS: readonly number[] = [0, 1, 2, 3].map((k) => (0x811c9dc5 ^ Math.imul(k + 1, 0x9e3779b9)) >>> 0);
const B0 = BASIS[0] as number;
const B1 = BASIS[1] as number;
const B2 = BASIS[2] as number;
const B3 = BASIS[3] as number;
const FNV_PRIME = 0x01000193;
/** Scratch for the decimal digits of a whole-number seed (2^53 has 16). */
const DIGITS = new Int32Array(24);

/** murmur3's 32-bit finalizer, as an unsigned word. */
function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * @internal Turns a seed (number or string) into a 4-word generator state: four independent
 * FNV-1a style hashes of the text `n:<seed>` or `s:<seed>`, each mixed with murmur3's finalizer,
 * then 12 warm-up draws so that similar seeds diverge.
 *
 * The four hashes run in one pass over the text. A whole-number seed from 0 to 2^53 − 1 (what the
 * search deals with, once per iteration) is hashed from its decimal digits, without building
 * the text: the same codes as `String(seed)`, so the same state.
 */
export function seedState(seed: number | string): number[] {
  let h0 = B0;
  let h1 = B1;
  let h2 = B2;
  let h3 = B3;
  if (Number.isSafeInteger(seed) && (seed as number) >= 0) {
    // "n:" then the digits, most significant first.
    let count = 0;
    let x = seed as number;
    do {
      const q = Math.floor(x / 10);
      DIGITS[count++] = 48 + (x - q * 10);
      x = q;
    } while (x > 0);
    DIGITS[count++] = 58; // ':'
    DIGITS[count++] = 110; // 'n'
    for (let i = count - 1; i >= 0; i--) {
      const c = DIGITS[i] as number;
      h0 = Math.imul(h0 ^ c, FNV_PRIME);
      h1 = Math.imul(h1 ^ c, FNV_PRIME);
      h2 = Math.imul(h2 ^ c, FNV_PRIME);
      h3 = Math.imul(h3 ^ c, FNV_PRIME);
    }
  } else {
    const text = typeof seed === 'number' ? `n:${seed}` : `s:${seed}`;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h0 = Math.imul(h0 ^ c, FNV_PRIME);
      h1 = Math.imul(h1 ^ c, FNV_PRIME);
      h2 = Math.imul(h2 ^ c, FNV_PRIME);
      h3 = Math.imul(h3 ^ c, FNV_PRIME);
    }
  }
  // The 12 warm-up draws (nextUint32), on local words.
  let a = finish(h0);
  let b = finish(h1);
  let c = finish(h2);
  let d = finish(h3);
  for (let i = 0; i < 12; i++) {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
  }
  return [a, b, c, d];
}

/** @internal Advances `s` (mutated in place; pass a copy) and returns an unsigned 32-bit integer. */
export function nextUint32(s: number[]): number {
  const a = s[0] as number;
  const b = s[1] as number;
  const c = s[2] as number;
  const d = s[3] as number;
  const t = (((a + b) | 0) + d) | 0;
  s[3] = (d + 1) | 0;
  s[0] = b ^ (b >>> 9);
  s[1] = (c + (c << 3)) | 0;
  const r = (c << 21) | (c >>> 11);
  s[2] = (r + t) | 0;
  return t >>> 0;
}

/** LIMITS[n]: the largest multiple of `n` not above 2^32, for the small `n` of the game. */
const LIMITS: number[] = [0, 0x100000000];
for (let n = 2; n <= 256; n++) LIMITS.push(0x100000000 - (0x100000000 % n));

/**
 * @internal A uniform integer in `[0, n)` for `n >= 1`, without modulo bias: `x % n` of the first
 * draw `x` below the largest multiple of `n`. Written without a floating-point `%` (a slow library
 * call): `x / n` truncated is exact for 32-bit `x`.
 */
export function nextInt(s: number[], n: number): number {
  if (n <= 1) return 0;
  const limit = LIMITS[n] ?? 0x100000000 - (0x100000000 % n);
  for (;;) {
    const x = nextUint32(s);
    if (x < limit) return x - ((x / n) >>> 0) * n;
  }
}

/**
 * @internal Shuffles `items` in place (Fisher–Yates), with `together` permuted alongside if given.
 * The same draws as {@link nextInt} for `i + 1`, `i` from the end down, with the generator's four
 * words kept in local variables for the whole shuffle (written back at the end).
 */
export function shuffleInPlace(s: number[], items: number[], together?: number[]): void {
  let a = s[0] as number;
  let b = s[1] as number;
  let c = s[2] as number;
  let d = s[3] as number;
  for (let i = items.length - 1; i > 0; i--) {
    const n = i + 1;
    const limit = LIMITS[n] ?? 0x100000000 - (0x100000000 % n);
    let x: number;
    do {
      // nextUint32, on the local words.
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      x = t >>> 0;
    } while (x >= limit);
    const j = x - ((x / n) >>> 0) * n;
    const t = items[i] as number;
    items[i] = items[j] as number;
    items[j] = t;
    if (together) {
      const u = together[i] as number;
      together[i] = together[j] as number;
      together[j] = u;
    }
  }
  s[0] = a;
  s[1] = b;
  s[2] = c;
  s[3] = d;
}

/**
 * @internal Moves a uniform random choice of `count` items of `items[from … to)` to
 * `items[from … from + count)`, in the order drawn: a Fisher–Yates shuffle stopped after `count`
 * steps, each swapping `items[from + k]` with `items[from + k + nextInt(s, to - from - k)]` (a
 * draw of 1 item draws nothing, as {@link nextInt}). The generator's words stay in local
 * variables for the whole choice, as in {@link shuffleInPlace}.
 */
export function pickInPlace(s: number[], items: number[], from: number, to: number, count: number): void {
  let a = s[0] as number;
  let b = s[1] as number;
  let c = s[2] as number;
  let d = s[3] as number;
  for (let k = 0; k < count; k++) {
    const n = to - from - k;
    let j = 0;
    if (n > 1) {
      const limit = LIMITS[n] ?? 0x100000000 - (0x100000000 % n);
      let x: number;
      do {
        // nextUint32, on the local words.
        const t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        x = t >>> 0;
      } while (x >= limit);
      j = x - ((x / n) >>> 0) * n;
    }
    const i = from + k;
    const t = items[i] as number;
    items[i] = items[i + j] as number;
    items[i + j] = t;
  }
  s[0] = a;
  s[1] = b;
  s[2] = c;
  s[3] = d;
}

/** @internal Normalizes a state word read back from JSON to a signed or unsigned 32-bit value. */
export function isRngState(x: unknown): x is number[] {
  return (
    Array.isArray(x) &&
    x.length === 4 &&
    x.every((w) => typeof w === 'number' && Number.isInteger(w) && w >= -0x80000000 && w <= 0xffffffff)
  );
}

/**
 * The seeded generator (RULES S5): sfc32, whose state is four unsigned 32-bit integers kept in
 * the game state as plain numbers. Pure functions: they work on a copy the caller owns.
 * @module
 */

/** @internal Turns a seed (number or string) into a 4-word generator state. */
export function seedState(seed: number | string): number[] {
  const text = typeof seed === 'number' ? `n:${seed}` : `s:${seed}`;
  // Four independent FNV-1a style hashes of the text, mixed with murmur3's finalizer.
  const out: number[] = [];
  for (let k = 0; k < 4; k++) {
    let h = (0x811c9dc5 ^ Math.imul(k + 1, 0x9e3779b9)) >>> 0;
    for (let i = 0; i < text.length; i++) {
      h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    }
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    out.push(h >>> 0);
  }
  // Warm up so that similar seeds diverge.
  for (let i = 0; i < 12; i++) nextUint32(out);
  return out;
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

/** @internal Shuffles `items` in place (Fisher–Yates), with `together` permuted alongside if given. */
export function shuffleInPlace(s: number[], items: number[], together?: number[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(s, i + 1);
    const t = items[i] as number;
    items[i] = items[j] as number;
    items[j] = t;
    if (together) {
      const u = together[i] as number;
      together[i] = together[j] as number;
      together[j] = u;
    }
  }
}

/** @internal Normalizes a state word read back from JSON to a signed or unsigned 32-bit value. */
export function isRngState(x: unknown): x is number[] {
  return (
    Array.isArray(x) &&
    x.length === 4 &&
    x.every((w) => typeof w === 'number' && Number.isInteger(w) && w >= -0x80000000 && w <= 0xffffffff)
  );
}

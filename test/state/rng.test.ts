import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextInt, nextUint32, pickInPlace, seedState, shuffleInPlace } from '../../src/state/rng.js';

// The generator's first written form, kept here as the reference: `seedState` and `shuffleInPlace`
// were rewritten for speed (one pass over the text, digits without a string, local words), and
// every game, deal and saved replay depends on them giving exactly these words and orders.
function referenceSeedState(seed: number | string): number[] {
  const text = typeof seed === 'number' ? `n:${seed}` : `s:${seed}`;
  const out: number[] = [];
  for (let k = 0; k < 4; k++) {
    let h = (0x811c9dc5 ^ Math.imul(k + 1, 0x9e3779b9)) >>> 0;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    out.push(h >>> 0);
  }
  for (let i = 0; i < 12; i++) nextUint32(out);
  return out;
}

function referenceShuffle(s: number[], items: number[], together?: number[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(s, i + 1);
    [items[i], items[j]] = [items[j] as number, items[i] as number];
    if (together) [together[i], together[j]] = [together[j] as number, together[i] as number];
  }
}

function referencePick(s: number[], items: number[], from: number, to: number, count: number): void {
  for (let k = 0; k < count; k++) {
    const i = from + k;
    const j = i + nextInt(s, to - from - k);
    [items[i], items[j]] = [items[j] as number, items[i] as number];
  }
}

describe('the seeded generator (RULES S5)', () => {
  it('S5: seedState gives the reference words for whole-number seeds, at the edges of the digit path too', () => {
    const edges = [0, -0, 1, 9, 10, 99, 100, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 1e15, Number.MAX_SAFE_INTEGER];
    for (const seed of edges) expect(seedState(seed), String(seed)).toEqual(referenceSeedState(seed));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        expect(seedState(seed)).toEqual(referenceSeedState(seed));
      }),
    );
  });

  it('S5: seedState gives the reference words for other numbers and for strings', () => {
    const others = [-1, -123456, 0.5, 1e21, 2 ** 53, -(2 ** 53), Number.MIN_VALUE, 1 / 3];
    for (const seed of others) expect(seedState(seed), String(seed)).toEqual(referenceSeedState(seed));
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: true }), fc.string(), fc.string({ unit: 'binary' })), (seed) => {
        expect(seedState(seed)).toEqual(referenceSeedState(seed));
      }),
    );
  });

  it('S5: shuffleInPlace draws and swaps as nextInt does, alone or with a list alongside', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 120 }), fc.boolean(), (seed, length, paired) => {
        const s1 = seedState(seed);
        const s2 = s1.slice();
        const a1 = Array.from({ length }, (_, i) => i);
        const a2 = a1.slice();
        const b1 = paired ? a1.map((x) => 1000 + x) : undefined;
        const b2 = b1?.slice();
        shuffleInPlace(s1, a1, b1);
        referenceShuffle(s2, a2, b2);
        expect(a1).toEqual(a2);
        expect(b1).toEqual(b2);
        expect(s1).toEqual(s2);
      }),
    );
  });

  it('S5: pickInPlace draws and swaps as nextInt does, up to the whole range', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 0, max: 100 }),
        (seed, length, start, count) => {
          const from = Math.min(start, length);
          const s1 = seedState(seed);
          const s2 = s1.slice();
          const a1 = Array.from({ length }, (_, i) => i);
          const a2 = a1.slice();
          // A count past the range's end draws nothing more, as nextInt of 1 or less.
          const n = Math.min(count, length - from + 1);
          pickInPlace(s1, a1, from, length, n);
          referencePick(s2, a2, from, length, n);
          expect(a1).toEqual(a2);
          expect(s1).toEqual(s2);
        },
      ),
    );
  });

  // A generator state whose next draw is 2^32 − 1 (sfc32's output is a + b + d, mod 2^32), and
  // whose draw after that is 1: the top of the range, which a bounded draw must reject when it
  // lies in the last, incomplete block of n values (no modulo bias).
  const atTop = (): number[] => [-1, 0, 0, 0];

  it('S5: a bounded draw rejects a draw in the last incomplete block and takes the next (from the table and beyond it)', () => {
    const s = atTop();
    expect([nextUint32(s), nextUint32(s)]).toEqual([2 ** 32 - 1, 1]);
    // n = 3 (and 5): 2^32 − 1 is exactly the limit, so it is rejected; the next draw gives 1.
    expect(nextInt(atTop(), 3)).toBe(1);
    expect(nextInt(atTop(), 5)).toBe(1);
    // n = 4 divides 2^32: nothing is rejected, (2^32 − 1) mod 4 = 3. n = 6: rejected again.
    expect(nextInt(atTop(), 4)).toBe(3);
    expect(nextInt(atTop(), 6)).toBe(1);
    // n = 1000, past the table of limits: 2^32 − 1 lies in the last 296 values, rejected.
    expect(nextInt(atTop(), 1000)).toBe(1);
  });

  it('S5: shuffles and picks reject the same draws, from the table and beyond it', () => {
    for (const length of [3, 4, 6, 1000]) {
      const s1 = atTop();
      const s2 = atTop();
      const a1 = Array.from({ length }, (_, i) => i);
      const a2 = a1.slice();
      shuffleInPlace(s1, a1);
      referenceShuffle(s2, a2);
      expect(a1, `shuffle of ${length}`).toEqual(a2);
      expect(s1).toEqual(s2);
      const p1 = atTop();
      const p2 = atTop();
      const b1 = Array.from({ length }, (_, i) => i);
      const b2 = b1.slice();
      pickInPlace(p1, b1, 0, length, 2);
      referencePick(p2, b2, 0, length, 2);
      expect(b1, `pick from ${length}`).toEqual(b2);
      expect(p1).toEqual(p2);
    }
    // The first swap of a shuffle of 3 is with the item the second draw names (1), not the first (0).
    const a = [0, 1, 2];
    shuffleInPlace(atTop(), a);
    expect(a[2]).toBe(1);
  });

  it('S5: a call that draws nothing leaves the generator state as it is, unsigned words included', () => {
    // Words as JSON may hold them (RULES S5 state read back from a save): unsigned, above 2^31.
    const words = [3_000_000_000, 1, 4_000_000_000, 2];
    const s = words.slice();
    shuffleInPlace(s, []);
    shuffleInPlace(s, [7], [8]);
    pickInPlace(s, [1, 2, 3], 0, 3, 0);
    pickInPlace(s, [1, 2, 3], 2, 3, 1);
    expect(nextInt(s, 1)).toBe(0);
    expect(s).toEqual(words);
    // One draw writes the words as a draw does (signed 32-bit values).
    const t = words.slice();
    const u = words.slice();
    pickInPlace(t, [1, 2, 3], 0, 3, 1);
    nextInt(u, 3);
    expect(t).toEqual(u);
    expect(t).not.toEqual(words);
  });
});

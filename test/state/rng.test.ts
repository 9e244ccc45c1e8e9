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
});

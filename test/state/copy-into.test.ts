/**
 * The copies into arrays the caller owns (`src/state/copy-into.ts`), which the simulator and the
 * deals written straight into it use to reuse their arrays: exact contents, and the caller's own
 * arrays kept wherever the shape allows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyInto, copyLists, copyWords, rowsFor, truncate } from '../../src/state/copy-into.js';
import { runs } from '../properties/games.js';

const list = fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 12 });

describe('copying into owned arrays', () => {
  it('copyInto and truncate: the same array, with exactly the new contents', () => {
    fc.assert(
      fc.property(list, list, fc.nat(14), (given, src, cut) => {
        // The copies change their target in place: work on a copy of fast-check's value.
        const dst = given.slice();
        const out = copyInto(dst, src);
        expect(out).toBe(dst);
        expect(out).toEqual(src);
        truncate(out, cut);
        expect(out).toBe(dst);
        expect(dst).toEqual(src.slice(0, cut));
        truncate(out, 0);
        expect(dst).toEqual([]);
      }),
      { numRuns: runs(200) },
    );
  });

  it('copyWords copies the four words of a generator state, into an empty array or another state', () => {
    const words = [0xdeadbeef, 1, 0xffffffff, 2 ** 31];
    const fresh: number[] = [];
    expect(copyWords(fresh, words)).toBe(fresh);
    expect(fresh).toEqual(words);
    const other = [5, 6, 7, 8];
    expect(copyWords(other, words)).toEqual(words);
    expect(other).toHaveLength(4);
  });

  it('copyLists keeps the rows it has (the same arrays) and makes only the rows it lacks', () => {
    fc.assert(
      fc.property(fc.array(list, { maxLength: 6 }), fc.array(list, { maxLength: 6 }), (given, src) => {
        const dst = given.map((row) => row.slice());
        const rows = dst.slice();
        const out = copyLists(dst, src);
        expect(out).toBe(dst);
        expect(out).toEqual(src);
        for (let p = 0; p < Math.min(rows.length, src.length); p++) expect(out[p]).toBe(rows[p]);
        for (let p = rows.length; p < src.length; p++) expect(out[p]).not.toBe(src[p]);
      }),
      { numRuns: runs(200) },
    );
  });

  it('rowsFor gives exactly n rows: the first ones kept (the same arrays), new ones empty', () => {
    fc.assert(
      fc.property(fc.array(list, { maxLength: 6 }), fc.integer({ min: 0, max: 6 }), (given, n) => {
        const rows = given.map((row) => row.slice());
        const before = rows.slice();
        const out = rowsFor(rows, n);
        expect(out).toBe(rows);
        expect(out).toHaveLength(n);
        for (let p = 0; p < Math.min(before.length, n); p++) expect(out[p]).toBe(before[p]);
        for (let p = before.length; p < n; p++) expect(out[p]).toEqual([]);
      }),
      { numRuns: runs(200) },
    );
  });
});

/**
 * The observation encoding (`encodeView`): fixed sizes, documented groups, and no leak — a
 * seat's observation of the real state equals its observation of any state it cannot tell from
 * it (`determinize` of its view), across random games of every player count and both variants.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeView, OBSERVATION_SIZE, observationLayout } from '../../src/env/index.js';
import type { GameState, PlayerCount } from '../../src/index.js';
import { createGame, determinize, PUBLISHED_VARIANTS, view } from '../../src/index.js';
import { PLAYER_COUNTS, playGame, testRandom } from '../helpers/hidden.js';

/** Every state of a few random games per player count, default and published rules. */
const POOL: GameState[] = PLAYER_COUNTS.flatMap((n) =>
  [0, 1, 2].flatMap((g) => {
    const states: GameState[] = [];
    const variants = g === 2 ? PUBLISHED_VARIANTS : undefined;
    playGame({ players: n, seed: `encode-${n}-${g}`, ...(variants ? { variants } : {}) }, testRandom(10 * n + g), ({ before, after }) => {
      states.push(before);
      if (after.step === 'over') states.push(after);
    });
    return states;
  }),
);

const same = (a: Float32Array, b: Float32Array): boolean => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

describe('encodeView', () => {
  it('H1–H3: a seat’s observation of the real state equals its observation of a determinized state (no leak)', () => {
    fc.assert(
      fc.property(fc.nat(POOL.length - 1), fc.nat(4), fc.integer(), (i, seatPick, seed) => {
        const s = POOL[i] as GameState;
        const seat = seatPick % s.players;
        const v = view(s, seat);
        const d = determinize(v, seed);
        const a = encodeView(v);
        const b = encodeView(view(d, seat));
        expect(Array.from(b)).toEqual(Array.from(a));
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  it('the leak check can fail: another seat’s observation, or the real state seen by a different seat, differs', () => {
    // Mid-draft, 4 players: the seats hold different hands, so their observations differ.
    const s = POOL.find((x) => x.players === 4 && x.hands.every((h) => h.length > 2)) as GameState;
    const a = encodeView(view(s, 0));
    const b = encodeView(view(s, 1));
    expect(same(a, b)).toBe(false);
    // A state with another hand for seat 0 (what determinize of seat 1's view may deal) changes seat 0's observation.
    const d = determinize(view(s, 1), 7);
    const other = [0, 1, 2, 3, 4, 5, 6, 8].some((seed) => !same(encodeView(view(determinize(view(s, 1), seed), 0)), a));
    expect(d.players).toBe(4);
    expect(other).toBe(true);
  });

  it('has the fixed size of its player count at every step, with finite numbers in [0, 15]', () => {
    for (const [i, s] of POOL.entries()) {
      if (i % 3 !== 0 && s.step !== 'over') continue;
      for (let p = 0; p < s.players; p++) {
        const o = encodeView(view(s, p));
        expect(o.length).toBe(OBSERVATION_SIZE[s.players]);
        for (const x of o) if (!(Number.isFinite(x) && x >= 0 && x <= 15)) throw new Error(`feature out of range: ${x}`);
      }
    }
  }, 60_000);

  it('gives the same numbers for a view that went through JSON, and writes at an offset without touching the rest', () => {
    const s = POOL[40] as GameState;
    const v = view(s, 1);
    const a = encodeView(v);
    expect(Array.from(encodeView(JSON.parse(JSON.stringify(v))))).toEqual(Array.from(a));
    const size = OBSERVATION_SIZE[s.players];
    const big = new Float32Array(3 * size).fill(9);
    encodeView(v, big, size);
    expect(Array.from(big.subarray(size, 2 * size))).toEqual(Array.from(a));
    expect(big[size - 1]).toBe(9);
    expect(big[2 * size]).toBe(9);
  });

  it('reads each group where the layout says: hand, seat relative to the first player, step', () => {
    const s = createGame({ players: 3, seed: 5, firstPlayer: 2 });
    const layout = observationLayout(3);
    const group = (name: string) => layout.find((g) => g.name === name) ?? expect.fail(name);
    const o = encodeView(view(s, 0));
    const seat = group('seat-from-first');
    // Seat 0 is one seat clockwise from the first player (2).
    expect(Array.from(o.subarray(seat.offset, seat.offset + seat.size))).toEqual([0, 1, 0]);
    const stepG = group('step');
    expect(Array.from(o.subarray(stepG.offset, stepG.offset + stepG.size))).toEqual([1, 0, 0, 0, 0, 0]);
    // The Advisor (seat 2) sees their drawn card; seat 0 does not.
    const drawn = group('drawn');
    const sumOf = (x: Float32Array, g: { offset: number; size: number }) =>
      x.subarray(g.offset, g.offset + g.size).reduce((a, b) => a + b, 0);
    expect(sumOf(o, drawn)).toBe(0);
    expect(sumOf(encodeView(view(s, 2)), drawn)).toBe(1);
    const toMove = group('to-move');
    // Player 2 is to move: two seats to the left of seat 0.
    expect(Array.from(o.subarray(toMove.offset, toMove.offset + toMove.size))).toEqual([0, 0, 1]);
  });

  it('rejects a spectator’s view', () => {
    expect(() => encodeView(view(createGame({ players: 2, seed: 1 }), 'spectator'))).toThrow(/spectator/);
  });
});

describe('observationLayout', () => {
  it.each(PLAYER_COUNTS)('%i players: groups are contiguous, named once, and add up to OBSERVATION_SIZE', (n: PlayerCount) => {
    const layout = observationLayout(n);
    let at = 0;
    for (const g of layout) {
      expect(g.offset).toBe(at);
      expect(g.size).toBeGreaterThan(0);
      at += g.size;
    }
    expect(at).toBe(OBSERVATION_SIZE[n]);
    expect(new Set(layout.map((g) => g.name)).size).toBe(layout.length);
  });

  it('docs/env.md documents every group by name, with its size at 4 players', () => {
    const doc = readFileSync(resolve(__dirname, '../../docs/env.md'), 'utf8');
    for (const g of observationLayout(4)) expect(doc).toContain(`| \`${g.name}\` |`);
  });
});

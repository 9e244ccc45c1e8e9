/**
 * The move counter: `moveCount` in the state and in every view counts the actions applied, and a
 * save's count is checked against what the table shows and against `maxGameLength`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameState, PlayerView } from '../../src/index.js';
import {
  apply,
  CARDS,
  createGame,
  DEFAULT_VARIANTS,
  deserialize,
  determinize,
  legalActions,
  maxGameLength,
  PUBLISHED_VARIANTS,
  serialize,
  view,
} from '../../src/index.js';
import { rejection } from '../helpers/errors.js';
import { playGame, testRandom } from '../helpers/hidden.js';
import { tampered } from '../helpers/saves.js';
import { gameCaseArb, play, runs, timeoutFor } from '../properties/games.js';

const states: GameState[] = [];
playGame({ players: 3, seed: 'move-count' }, testRandom(3), ({ before, after }) => {
  states.push(before);
  if (after.step === 'over') states.push(after);
});
const final = states[states.length - 1] as GameState;

/** `s` saved as version 1 (no moveCount, no variants.middle) and loaded again. */
function asVersion1(s: GameState): GameState {
  const v1 = JSON.parse(serialize(s));
  v1.version = 1;
  delete v1.state.moveCount;
  delete v1.state.variants.middle;
  return deserialize(JSON.stringify(v1));
}

const middle = states[Math.floor(states.length / 2)] as GameState;

describe('moveCount counts the actions applied', () => {
  const n = runs(100);
  it(
    'is 0 at createGame, one more after every action, and the same in every seat view',
    () => {
      fc.assert(
        fc.property(gameCaseArb, (c) => {
          expect(createGame(c.options).moveCount).toBe(0);
          play(c, 20_000, {
            after: ({ index, before, after }) => {
              expect(before.moveCount).toBe(index);
              expect(after.moveCount).toBe(index + 1);
              for (let p = 0; p < after.players; p++) expect(view(after, p).moveCount).toBe(index + 1);
              expect(view(after, 'spectator').moveCount).toBe(index + 1);
            },
          });
        }),
        { numRuns: n },
      );
    },
    timeoutFor(n, 50),
  );

  it('a rejected action leaves the count as it was (the input state is unchanged)', () => {
    const s = middle;
    const before = s.moveCount;
    expect(() => apply(s, { type: 'pass', player: (s.toMove + 1) % s.players })).toThrow();
    expect(s.moveCount).toBe(before);
  });

  it('determinize keeps the view count; a view without one is refused', () => {
    const v = view(middle, 0);
    expect(determinize(v, 1).moveCount).toBe(middle.moveCount);
    const { moveCount: _, ...old } = v;
    const e = rejection(() => determinize(old as unknown as PlayerView, 1));
    expect(e.code).toBe('INVALID_VIEW');
    expect(e.message).toMatch(/moveCount must be a count/);
  });
});

describe('a save carries moveCount (save version 2)', () => {
  it('round-trips it, at every step', () => {
    for (const s of states) expect(deserialize(serialize(s)).moveCount).toBe(s.moveCount);
  });

  it('V3: loads a version 1 save (no moveCount, no variants.middle) as the retail middle, counting the fewest actions the table shows', () => {
    const old = createGame({ players: 4, seed: 'v1', variants: PUBLISHED_VARIANTS });
    const rand = testRandom(4);
    const trail: GameState[] = [old];
    let s = old;
    while (s.step !== 'over') {
      const legal = legalActions(s);
      s = apply(s, legal[Math.floor(rand() * legal.length)] as (typeof legal)[number]);
      trail.push(s);
    }
    for (const at of [trail[0], trail[17], trail[Math.floor(trail.length / 2)], trail[trail.length - 2]] as GameState[]) {
      const loaded = asVersion1(at);
      expect(loaded.variants.middle).toBe('one-per-opponent');
      expect(loaded.moveCount).toBeLessThanOrEqual(at.moveCount);
      expect({ ...loaded, moveCount: at.moveCount }).toEqual(at);
      // It plays on as the game it was, the counter one more per action.
      const next = legalActions(at)[0];
      if (next !== undefined) expect(apply(loaded, next)).toEqual({ ...apply(at, next), moveCount: loaded.moveCount + 1 });
    }
    expect(
      tampered(middle, (x) => {
        x.version = 1;
      }),
    ).toBe('state: has an unknown key "moveCount"');
    expect(tampered(middle, (x) => (x.version = 3))).toBe('save.version: this library reads versions 1 and 2, got 3');
  });

  it('refuses a version 2 save without it, or out of range', () => {
    expect(tampered(middle, (x) => delete x.state.moveCount)).toBe('state: lacks the key "moveCount"');
    expect(tampered(middle, (x) => (x.state.moveCount = -1))).toMatch(/^state\.moveCount: must be an integer from 0/);
    expect(tampered(middle, (x) => (x.state.moveCount = 1.5))).toMatch(/^state\.moveCount: must be an integer/);
    const most = maxGameLength({ players: 3 });
    expect(tampered(middle, (x) => (x.state.moveCount = most + 1))).toBe(
      `state: moveCount must be 0 to ${most} with 3 players, got ${most + 1}`,
    );
    expect(deserialize(serialize({ ...middle, moveCount: most })).moveCount).toBe(most);
  });

  it('refuses a count below the actions the table shows (cards placed, taken or won, forfeits, Kings resolved)', () => {
    expect(tampered(middle, (x) => (x.state.moveCount = 0))).toMatch(
      /^state: moveCount is 0, but the table shows at least \d+ actions taken$/,
    );
    expect(tampered(final, (x) => (x.state.moveCount = 10))).toMatch(/the table shows at least/);
    // The bound is a bound: every state of a real game passes it (the round-trip test above).
    expect(deserialize(serialize(createGame({ players: 2, seed: 1 }))).moveCount).toBe(0);
  });
});

describe('what the table shows, and the largest count', () => {
  const isKing = (c: number): boolean => CARDS[c]?.kind === 'king';

  it('a version 1 save counts every card placed, every card known in a hand, every forfeit, and each King resolved or lot discarded unsold', () => {
    let exact = 0;
    const seen = { forfeits: false, moreKings: false, moreDiscarded: false };
    for (const seed of ['fewest-1', 'fewest-2', 'fewest-3']) {
      // Uniform random play (not `playGame`, whose bidders bid often): lots then go unsold too.
      const rand = testRandom(seed.length + seed.charCodeAt(7));
      let s = createGame({ players: 4, seed, variants: PUBLISHED_VARIANTS });
      while (s.step !== 'over') {
        const placed = s.deckTop - (s.drawn >= 0 ? 1 : 0);
        const known = s.known.reduce((sum, k) => sum + k.length, 0);
        const kings = s.discard.filter(isKing).length;
        expect(asVersion1(s).moveCount).toBe(placed + known + s.forfeits + Math.max(kings, s.lotsDiscarded));
        // In phase 1, before any King is gained, every action is a placement or a take of a card
        // that is now known: the count is exact.
        if (s.advisor >= 0 && s.king < 0 && kings === 0) {
          expect(placed + known).toBe(s.moveCount);
          exact++;
        }
        if (s.forfeits > 0) seen.forfeits = true;
        if (kings > s.lotsDiscarded) seen.moreKings = true;
        if (s.lotsDiscarded > kings) seen.moreDiscarded = true;
        const legal = legalActions(s);
        s = apply(s, legal[Math.floor(rand() * legal.length)] as (typeof legal)[number]);
      }
    }
    expect(exact).toBeGreaterThan(10);
    expect(seen).toEqual({ forfeits: true, moreKings: true, moreDiscarded: true });
  });

  it('the largest count is maxGameLength of the game: for every player count and middle rule, in any order', () => {
    const games = ([2, 3, 4, 5] as const).flatMap((players) =>
      [DEFAULT_VARIANTS, PUBLISHED_VARIANTS].map((variants) => createGame({ players, seed: 'most', variants })),
    );
    for (const order of [games, [...games].reverse()]) {
      for (const s of order) {
        const most = maxGameLength({ players: s.players, variants: s.variants });
        expect(deserialize(serialize({ ...s, moveCount: most })).moveCount).toBe(most);
        expect(tampered(s, (x) => (x.state.moveCount = most + 1))).toBe(
          `state: moveCount must be 0 to ${most} with ${s.players} players, got ${most + 1}`,
        );
      }
    }
    expect(maxGameLength({ players: 4, variants: DEFAULT_VARIANTS })).not.toBe(maxGameLength({ players: 4, variants: PUBLISHED_VARIANTS }));
  });
});

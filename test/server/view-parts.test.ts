/**
 * A live match's views with shared parts (`ViewParts`): the same views as `view` (RULES H1), with
 * their card lists frozen and shared between seats and from one state to the next.
 */
import { describe, expect, it } from 'vitest';
import type { GameState, PlayerView, Viewer } from '../../src/index.js';
import { view } from '../../src/index.js';
import { ViewParts } from '../../src/server/host/view-parts.js';
import { PLAYER_COUNTS, playGame, testRandom } from '../helpers/hidden.js';

function statesOf(n: 2 | 3 | 4 | 5, seed: number): { states: GameState[] } {
  const states: GameState[] = [];
  playGame({ players: n, seed: `views-${seed}` }, testRandom(seed), ({ before, after }) => {
    if (states.length === 0) states.push(before);
    states.push(after);
  });
  return { states };
}

const GAMES = PLAYER_COUNTS.map((n, i) => statesOf(n, i));

describe("ViewParts (a host's views, parts shared from state to state)", () => {
  it('H1: shows every seat and spectator exactly what view shows, state after state, with the card lists frozen and shared', () => {
    let shared = 0;
    for (const g of GAMES) {
      const parts = new ViewParts();
      let before: GameState | null = null;
      const last = new Map<string, PlayerView>();
      for (const s of g.states) {
        const viewers: Viewer[] = ['spectator', ...Array.from({ length: s.players }, (_, p) => p)];
        for (const v of viewers) {
          const got = parts.view(s, v);
          expect(JSON.stringify(got)).toBe(JSON.stringify(view(s, v)));
          for (const list of [got.middle, got.discard, got.known, ...(v === 'spectator' ? [] : [got.hand]), got.handSizes, got.titles])
            expect(Object.isFrozen(list)).toBe(true);
          const prev = last.get(String(v));
          if (prev !== undefined && before !== null && before.discard === s.discard) {
            expect(got.discard).toBe(prev.discard);
            shared++;
          }
          last.set(String(v), got);
        }
        // Every viewer of one state holds the same public lists.
        expect(parts.view(s, 0).middle).toBe(parts.view(s, 'spectator').middle);
        before = s;
      }
    }
    expect(shared).toBeGreaterThan(100);
  });
});

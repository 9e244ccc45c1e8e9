/**
 * What the table's announcer says of whole games, without a browser (a fifth review, with a
 * screen reader): an online game's opening is the one a local game says, and "Your turn: …" is
 * due once a turn or a new decision, never on a redraw (the wait after a choice, a language).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heuristicBot } from '../../src/bots/heuristic.js';
import { botRandom } from '../../src/bots/index.js';
import { createGameWithEvents, eventsFor, type PlayerView, step, view } from '../../src/index.js';
import { openingOf } from '../../src/ui/match/opening.js';
import { decisionOf, turnOf } from '../../src/ui/table/model.js';
import { TurnVoice } from '../../src/ui/table/voice.js';

const players = fc.constantFrom(2, 3, 4, 5) as fc.Arbitrary<2 | 3 | 4 | 5>;

describe('the opening of an online game (said from its first view)', () => {
  it('is the deal as each seat and a spectator saw it: the events a local game says at its start', () => {
    fc.assert(
      fc.property(players, fc.integer({ min: 0, max: 1e9 }), (n, seed) => {
        const { state, events } = createGameWithEvents({ players: n, seed });
        for (const viewer of [...Array.from({ length: n }, (_, p) => p), 'spectator' as const])
          expect(openingOf(view(state, viewer))).toEqual(eventsFor(events, viewer));
      }),
      { numRuns: 40 },
    );
  });

  it('names no card once the game went on (the first card drawn is not in a later view)', () => {
    const { state } = createGameWithEvents({ players: 3, seed: 4, firstPlayer: 0 });
    const v = view(state, 0);
    const later = view(step(state, v.legal[0] as PlayerView['legal'][number]).state, 0);
    expect(openingOf(later)).toEqual([
      { type: 'phase', phase: 'influence' },
      { type: 'advisor', player: 0 },
      { type: 'drawn', player: 0, card: null },
    ]);
  });
});

describe('"Your turn" (TurnVoice)', () => {
  it('is due once a turn of the reader or a new decision, never on a redraw nor while the table waits', () => {
    fc.assert(
      fc.property(players, fc.integer({ min: 0, max: 1e9 }), fc.nat(4), (n, seed, seatOf) => {
        const seat = seatOf % n;
        const rng = botRandom(`voice${seed}`);
        let { state } = createGameWithEvents({ players: n, seed });
        const voice = new TurnVoice();
        let before: PlayerView | null = null;
        for (let i = 0; i < 400; i++) {
          const v = view(state, seat);
          const kind = decisionOf(v).kind;
          const mine = turnOf(v) === 'mine';
          const due = mine && (before === null || turnOf(before) !== 'mine' || decisionOf(before).kind !== kind);
          expect(voice.starts(v, kind, false)).toBe(due);
          // Drawn again (names, a language), and while the reader's choice is on its way: nothing.
          expect(voice.starts(v, kind, false)).toBe(false);
          if (mine) expect(voice.starts(v, kind, true)).toBe(false);
          before = v;
          if (v.currentPlayer === null) break;
          state = step(state, heuristicBot(view(state, state.toMove), rng)).state;
        }
      }),
      { numRuns: 30 },
    );
  });

  it('is due again when others moved between two views of the reader’s turn (drawn in one go), and after no view', () => {
    const { state } = createGameWithEvents({ players: 2, seed: 9, firstPlayer: 0 });
    const voice = new TurnVoice();
    const v = view(state, 0);
    expect(voice.starts(v, 'place', false)).toBe(true);
    expect(voice.starts({ ...v, moveCount: 1 }, 'place', false)).toBe(false);
    expect(voice.starts({ ...v, moveCount: 5 }, 'place', false)).toBe(true);
    expect(voice.starts(null, 'none', false)).toBe(false);
    expect(voice.starts({ ...v, moveCount: 6 }, 'place', false)).toBe(true);
  });

  it('warns that time runs short once a turn of the reader', () => {
    const { state } = createGameWithEvents({ players: 2, seed: 9, firstPlayer: 0 });
    const voice = new TurnVoice();
    const v = view(state, 0);
    expect([voice.warns(v), voice.warns(v), voice.warns(view(state, 1))]).toEqual([true, false, false]);
    expect(voice.warns({ ...v, moveCount: 1 })).toBe(true);
  });
});

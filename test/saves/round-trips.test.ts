/**
 * Round trips: save and load, replay, and determinization keep what they must.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GOLD, KIND, KING, VALUE } from '../../src/data/cards.js';
import type { Action, GameEvent, GameOptions, GameState } from '../../src/index.js';
import {
  createGame,
  createGameWithEvents,
  deserialize,
  determinize,
  legalActions,
  PUBLISHED_VARIANTS,
  RANDOM_REMOVALS,
  replay,
  SAVE_FORMAT,
  SAVE_VERSION,
  serialize,
  step,
  view,
} from '../../src/index.js';
import { stateProblem } from '../../src/saves/validate.js';
import { allCardsOf, expectConserved } from '../helpers/cards.js';
import type { Seat } from '../helpers/hidden.js';
import { hiddenPlaces, PLAYER_COUNTS, playGame, randomAction, testRandom } from '../helpers/hidden.js';

interface Recorded {
  readonly options: GameOptions;
  readonly states: GameState[];
  readonly actions: Action[];
  readonly events: (readonly GameEvent[])[];
}

function record(options: GameOptions, policySeed: number): Recorded {
  const states: GameState[] = [];
  const actions: Action[] = [];
  const events: (readonly GameEvent[])[] = [];
  playGame(options, testRandom(policySeed), (s) => {
    if (states.length === 0) states.push(s.before);
    states.push(s.after);
    actions.push(s.action);
    events.push(s.events);
  });
  return { options, states, actions, events };
}

const GAMES: Recorded[] = PLAYER_COUNTS.flatMap((n) =>
  [0, 1, 2].map((g) =>
    record({ players: n, seed: `round-trip-${n}-${g}`, ...(g === 2 ? { variants: PUBLISHED_VARIANTS } : {}) }, 10 * n + g),
  ),
);

describe('save and load', () => {
  it('deserialize(serialize(s)) deep-equals s at every third step of 12 games, and the text is stable', () => {
    let checked = 0;
    for (const game of GAMES) {
      for (const [i, s] of game.states.entries()) {
        if (i % 3 !== 0 && s.step !== 'over') continue;
        const text = serialize(s);
        const back = deserialize(text);
        expect(back).toEqual(s);
        expect(serialize(back)).toBe(text);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(12 * 50);
  });

  it('a save is versioned JSON with card ids, and a loaded game plays on exactly like the original', () => {
    const game = GAMES[5] as Recorded;
    const k = 60;
    const saved = JSON.parse(serialize(game.states[k] as GameState)) as { format: string; version: number; state: { hands: string[][] } };
    expect(saved.format).toBe(SAVE_FORMAT);
    expect(saved.version).toBe(SAVE_VERSION);
    expect(saved.state.hands.flat().every((id) => /^[a-z]+-/.test(id))).toBe(true);
    let s = deserialize(serialize(game.states[k] as GameState));
    for (const a of game.actions.slice(k)) s = step(s, a).state;
    expect(s).toEqual(game.states[game.states.length - 1]);
  });

  it('every state of every game is consistent by the loader’s own checks (they reject nothing real)', () => {
    for (const game of GAMES) for (const s of game.states) expect(stateProblem(s)).toBeNull();
  });
});

describe('replay', () => {
  it('replay matches the live game at every step: the same states and the same events', () => {
    for (const game of GAMES) {
      const seen: GameState[] = [];
      const final = replay(game.options, game.actions, (i, action, state, events) => {
        expect(action).toBe(game.actions[i]);
        expect(state).toEqual(game.states[i + 1]);
        expect(events).toEqual(game.events[i]);
        seen.push(state);
      });
      expect(seen.length).toBe(game.actions.length);
      expect(final).toEqual(game.states[game.states.length - 1]);
    }
  });

  it('replay reads each listed action once: onStep gets the plain copy that was checked and applied', () => {
    const game = GAMES[1] as Recorded;
    const reads: number[] = [];
    // Each action behind getters that count their reads and would answer a different player later.
    const sly = game.actions.slice(0, 40).map((a, i) => {
      const copy: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(a)) {
        Object.defineProperty(copy, key, {
          enumerable: true,
          get: () => {
            reads[i] = (reads[i] ?? 0) + 1;
            return key === 'player' && (reads[i] ?? 0) > Object.keys(a).length ? 99 : value;
          },
        });
      }
      return copy as unknown as Action;
    });
    const final = replay(game.options, sly, (i, action, state) => {
      expect(Object.getOwnPropertyDescriptor(action, 'type')?.get).toBeUndefined();
      expect(action).toEqual(game.actions[i]);
      expect(state).toEqual(game.states[i + 1]);
    });
    expect(final).toEqual(game.states[40]);
    expect(reads).toEqual(game.actions.slice(0, 40).map((a) => Object.keys(a).length));
  });

  it('replay of a prefix gives the state after that many actions; no actions give the new game', () => {
    const game = GAMES[3] as Recorded;
    for (const k of [0, 1, 17, 100, game.actions.length]) expect(replay(game.options, game.actions.slice(0, k))).toEqual(game.states[k]);
    expect(replay(game.options, [])).toEqual(createGameWithEvents(game.options).state);
  });

  it('createGameWithEvents: the same state as createGame, and the opening events (phase, advisor, drawn)', () => {
    const { state, events } = createGameWithEvents({ players: 4, seed: 'opening', firstPlayer: 2 });
    expect(state).toEqual(createGame({ players: 4, seed: 'opening', firstPlayer: 2 }));
    expect(events).toEqual([
      { type: 'phase', phase: 'influence' },
      { type: 'advisor', player: 2 },
      { type: 'drawn', player: 2, card: view(state, 2).drawn?.id },
    ]);
  });
});

describe('determinize', () => {
  const pick = fc.record({
    game: fc.noBias(fc.integer({ min: 0, max: GAMES.length - 1 })),
    at: fc.noBias(fc.integer({ min: 0, max: 9999 })),
    seat: fc.noBias(fc.integer({ min: 0, max: 5 })),
    seed: fc.oneof(fc.integer(), fc.string()),
  });
  const chosen = (p: { game: number; at: number; seat: number }): { s: GameState; seat: Seat } => {
    const game = GAMES[p.game] as Recorded;
    const s = game.states[Math.floor((p.at / 10_000) * game.states.length)] as GameState;
    return { s, seat: p.seat >= s.players ? 'spectator' : p.seat };
  };

  it('keeps the view (also after a JSON round trip of the view), the card multiset, and is reproducible', () => {
    fc.assert(
      fc.property(pick, (p) => {
        const { s, seat } = chosen(p);
        const v = view(s, seat);
        const d = determinize(JSON.parse(JSON.stringify(v)), p.seed);
        expect(view(d, seat)).toEqual(v);
        expectConserved(d);
        expect(allCardsOf(d)).toEqual(allCardsOf(s));
        expect(stateProblem(d)).toBeNull();
        expect(determinize(v, p.seed)).toEqual(d);
        expect(d.seed).toBe(p.seed);
        // The hidden places are the same in number, and the seat's own cards stay where they are.
        expect(hiddenPlaces(d, seat).length).toBe(hiddenPlaces(s, seat).length);
        expect(d.removed.length).toBe(RANDOM_REMOVALS[s.players]);
      }),
      { numRuns: 400 },
    );
  });

  it('K1, A5: a determinized game can always be played to the end (nobody holds a King, every payment can be made)', () => {
    fc.assert(
      fc.property(pick, (p) => {
        const { s, seat } = chosen(p);
        let d = determinize(view(s, seat), p.seed);
        for (const hand of d.hands) expect(hand.some((c) => KIND[c] === KING)).toBe(false);
        const rand = testRandom(p.at);
        for (let i = 0; d.step !== 'over'; i++) {
          expect(legalActions(d).length).toBeGreaterThan(0);
          d = step(d, randomAction(d, rand)).state;
          expect(i).toBeLessThan(5000);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('A5: while another player pays, their determinized hand can complete the payment', () => {
    let payments = 0;
    for (const game of GAMES) {
      for (const s of game.states) {
        if (s.step !== 'pay') continue;
        const seat = (s.toMove + 1) % s.players;
        for (let k = 0; k < 5; k++) {
          const d = determinize(view(s, seat), k);
          const hand = d.hands[d.toMove] as number[];
          const due = d.highBid - d.paid;
          if (d.payMode === 'gold')
            expect(hand.reduce((sum, c) => sum + (KIND[c] === GOLD ? (VALUE[c] as number) : 0), 0)).toBeGreaterThanOrEqual(due);
          else expect(hand.length).toBeGreaterThanOrEqual(due);
          if (d.payMode === 'discard' && d.variants.payment === 'gold-or-discard') expect(hand.some((c) => KIND[c] === GOLD)).toBe(false);
          payments++;
        }
      }
    }
    expect(payments).toBeGreaterThan(20);
  });

  it('deals the hidden cards uniformly: another Advisor’s drawn card takes every hidden card about equally often', () => {
    const s = (GAMES[2] as Recorded).states[0] as GameState;
    const seat = (s.advisor + 1) % s.players;
    const v = view(s, seat);
    const counts = new Map<number, number>();
    const samples = 8000;
    for (let i = 0; i < samples; i++) {
      const d = determinize(v, i);
      counts.set(d.drawn, (counts.get(d.drawn) ?? 0) + 1);
    }
    const hidden = hiddenPlaces(s, seat).length;
    expect(counts.size).toBe(hidden);
    const expected = samples / hidden;
    for (const c of counts.values()) {
      expect(c).toBeGreaterThan(expected * 0.5);
      expect(c).toBeLessThan(expected * 1.5);
    }
  });

  it('future chance differs from sample to sample: the generator state comes from the seed', () => {
    const s = (GAMES[7] as Recorded).states[50] as GameState;
    const rngs = new Set(Array.from({ length: 50 }, (_, i) => determinize(view(s, 0), i).rng.join(',')));
    expect(rngs.size).toBe(50);
    expect(rngs.has(s.rng.join(','))).toBe(false);
  });
});

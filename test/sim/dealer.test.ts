import { describe, expect, it, vi } from 'vitest';
import { botRandom, heuristicBot } from '../../src/bots/index.js';
import type { Action, GameState, PlayerCount } from '../../src/index.js';
import { apply, createGame, currentPlayer, determinize, view } from '../../src/index.js';
import type { Simulator } from '../../src/sim/index.js';
import { createDealer, createSimulator } from '../../src/sim/index.js';
import { rejection } from '../helpers/errors.js';
import { firstState, recordStates } from '../helpers/hidden.js';

describe('createDealer: a view read once, dealt many times', () => {
  it('deal(seed) is determinize(view, seed), for every seat along whole games, in any order of seeds', () => {
    for (const players of [2, 3, 4, 5] as PlayerCount[]) {
      const variants = players === 3 ? { middle: 'one-per-opponent' as const } : {};
      let state: GameState = createGame({ players, seed: `dealer-${players}`, variants });
      const sim = createSimulator(state);
      for (let i = 0; currentPlayer(state) !== null; i++) {
        if (i % 7 === 0) {
          for (let seat = 0; seat < players; seat++) {
            const v = view(state, seat);
            const dealer = createDealer(v);
            for (const seed of [3, 1, 3, 'x']) {
              const dealt = dealer.deal(seed);
              expect(dealt).toEqual(determinize(v, seed));
              dealer.dealInto(sim, seed);
              if (JSON.stringify(sim.toState()) !== JSON.stringify(dealt)) expect(sim.toState()).toEqual(dealt);
            }
          }
        }
        const p = currentPlayer(state) as number;
        state = apply(state, heuristicBot(view(state, p), botRandom(i)));
      }
    }
  }, 60_000);

  it('rejects a bad view at once and a bad seed at each deal', () => {
    expect(rejection(() => createDealer({} as never)).code).toBe('INVALID_VIEW');
    const dealer = createDealer(view(createGame({ players: 3, seed: 1 }), 0));
    expect(rejection(() => dealer.deal(Number.NaN)).message).toMatch(/seed must be a finite number or a string/);
  });

  it('dealInto writes the deal straight into a simulator of any player count, the same as loading deal(seed)', () => {
    const seeds = [0, 'b', 7];
    const sims = [createSimulator(createGame({ players: 5, seed: 1 })), createSimulator(createGame({ players: 2, seed: 1 }))];
    for (const players of [2, 3, 4, 5] as PlayerCount[]) {
      let state: GameState = createGame({ players, seed: `into-${players}` });
      for (let i = 0; i < 60 && currentPlayer(state) !== null; i++) {
        const p = currentPlayer(state) as number;
        state = apply(state, heuristicBot(view(state, p), botRandom(i)));
      }
      const dealer = createDealer(view(state, currentPlayer(state) ?? 0));
      for (const sim of sims) {
        for (const seed of seeds) {
          dealer.dealInto(sim, seed);
          expect(sim.toState()).toEqual(dealer.deal(seed));
          expect(sim.players).toBe(players);
        }
      }
    }
  });

  it('dealInto builds no state once the first deal is judged: later deals never go through load', () => {
    const state = createGame({ players: 4, seed: 12 });
    const dealer = createDealer(view(state, 1));
    const sim = createSimulator(createGame({ players: 3, seed: 2 }));
    // A spy on the real simulator's own method: it still loads, and counts the calls.
    const load = vi.spyOn(sim, 'load');
    dealer.dealInto(sim, 'first'); // judged
    load.mockClear();
    for (const seed of [1, 2, 'x']) {
      dealer.dealInto(sim, seed);
      expect(sim.toState()).toEqual(dealer.deal(seed));
    }
    expect(load).not.toHaveBeenCalled();
  });

  it('dealInto leaves the simulator unchanged on a bad seed, and on a view whose first deal fails', () => {
    const state = createGame({ players: 3, seed: 4 });
    const sim = createSimulator(createGame({ players: 4, seed: 9 }));
    const before = sim.toState();
    const dealer = createDealer(view(state, 0));
    dealer.dealInto(sim, 1); // judged
    const dealt = sim.toState();
    expect(rejection(() => dealer.dealInto(sim, Number.POSITIVE_INFINITY)).code).toBe('INVALID_OPTIONS');
    expect(sim.toState()).toEqual(dealt);
    // A table the rules cannot reach is found by the first deal, before anything is written.
    const bad = { ...view(state, 0), forfeits: 3, moveCount: 0 };
    const other = createSimulator(createGame({ players: 4, seed: 9 }));
    expect(rejection(() => createDealer(bad).dealInto(other, 1)).code).toBe('INVALID_VIEW');
    expect(other.toState()).toEqual(before);
  });

  it('dealInto loads the deal into a simulator it did not make (any object with the interface)', () => {
    const state = createGame({ players: 4, seed: 6 });
    const inner = createSimulator(state);
    let loads = 0;
    const wrapper: Simulator = Object.assign(Object.create(null) as object, {
      get players() {
        return inner.players;
      },
      legalCount: () => inner.legalCount(),
      legalAt: (i: number) => inner.legalAt(i),
      legalIdAt: (i: number) => inner.legalIdAt(i),
      applyIndex: (i: number) => inner.applyIndex(i),
      apply: (a: Action) => inner.apply(a),
      applyId: (id: number) => inner.applyId(id),
      isOver: () => inner.isOver(),
      currentPlayer: () => inner.currentPlayer(),
      moveCount: () => inner.moveCount(),
      score: () => inner.score(),
      copyFrom: (o: Simulator) => inner.copyFrom(o),
      load: (s: GameState) => {
        loads += 1;
        inner.load(s);
      },
      clone: () => inner.clone(),
      toState: () => inner.toState(),
      peek: () => inner.peek(),
    }) as Simulator;
    const dealer = createDealer(view(state, 1));
    dealer.dealInto(wrapper, 1);
    dealer.dealInto(wrapper, 2);
    expect(loads).toBe(2);
    expect(inner.toState()).toEqual(dealer.deal(2));
  });

  it('deals of a payment few hands can pay (the payer drawn exactly after 64 failed tries) are the same in any order of seeds, and equal determinize', () => {
    const s = firstState(recordStates('law', [[3, 74]]), (x) => x.step === 'pay' && x.moveCount === 166);
    // 64 uniform tries all fail in about 68% of this view's deals (test/seat/determinize-law.test.ts).
    const v = view(s, 0);
    const seeds = Array.from({ length: 60 }, (_, i) => i);
    const forward = createDealer(v);
    const backward = createDealer(v);
    const dealt = seeds.map((seed) => JSON.stringify(forward.deal(seed)));
    const again = [...seeds].reverse().map((seed) => JSON.stringify(backward.deal(seed)));
    expect(again.reverse()).toEqual(dealt);
    for (const seed of [0, 7, 59]) expect(JSON.stringify(determinize(v, seed))).toBe(dealt[seed]);
  });
});

import { describe, expect, it } from 'vitest';
import { botRandom, heuristicBot } from '../../src/bots/index.js';
import type { GameState, PlayerCount } from '../../src/index.js';
import { apply, createGame, currentPlayer, determinize, view } from '../../src/index.js';
import { createDealer, createSimulator } from '../../src/sim/index.js';
import { rejection } from '../helpers/errors.js';

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
});

import { describe, expectTypeOf, it } from 'vitest';
import type { Bot, BotRandom } from '../../src/bots/index.js';
import { botRandom, heuristicBot } from '../../src/bots/index.js';
import type { Action, GameState, PlayerView } from '../../src/index.js';
import { createGame, view } from '../../src/index.js';

describe('a bot cannot be handed the full game state', () => {
  it('takes a PlayerView and a BotRandom and returns an Action', () => {
    expectTypeOf<Bot>().parameters.toEqualTypeOf<[PlayerView, BotRandom]>();
    expectTypeOf<Bot>().returns.toEqualTypeOf<Action>();
    expectTypeOf<GameState>().not.toExtend<PlayerView>();
  });

  it('rejects a GameState at compile time', () => {
    const state = createGame({ players: 2, seed: 1 });
    const rng = botRandom(1);
    // The line below must not compile: a GameState holds hidden cards.
    // @ts-expect-error a GameState is not a PlayerView
    const misuse = (): Action => heuristicBot(state, rng);
    expectTypeOf(misuse).toBeFunction();
    // The honest call compiles.
    expectTypeOf(heuristicBot(view(state, state.toMove), rng)).toEqualTypeOf<Action>();
  });
});

import { describe, expect, it } from 'vitest';
import type { Bot, BotRandom } from '../../src/bots/index.js';
import { botRandom, heuristicBot, ismctsBot, randomBot } from '../../src/bots/index.js';
import type { PlayerCount } from '../../src/index.js';
import { apply, createGame, currentPlayer, view } from '../../src/index.js';

/** Plays a whole game and checks every action a bot returns against its view's legal list. */
function checkGame(players: PlayerCount, seed: number, bots: readonly Bot[]): number {
  let state = createGame({ players, seed });
  const rngs = bots.map((_, s) => botRandom(`${seed}:${s}`));
  let decisions = 0;
  for (let p = currentPlayer(state); p !== null; p = currentPlayer(state)) {
    const v = view(state, p);
    const action = (bots[p] as Bot)(v, rngs[p] as BotRandom);
    expect(v.legal).toContainEqual(action);
    state = apply(state, action);
    decisions += 1;
  }
  return decisions;
}

describe('bots only ever return one of view.legal', () => {
  for (const players of [2, 3, 4, 5] as const) {
    it(`random and heuristic bots, ${players} players, several games`, () => {
      for (let seed = 0; seed < 4; seed++) {
        const bots = Array.from({ length: players }, (_, s) => ((s + seed) % 2 === 0 ? heuristicBot : randomBot));
        expect(checkGame(players, seed, bots)).toBeGreaterThan(0);
      }
    });

    it(`ISMCTS (few iterations) against the others, ${players} players`, () => {
      const bots = Array.from({ length: players }, (_, s) => (s === 0 ? ismctsBot({ iterations: 12 }) : s % 2 ? heuristicBot : randomBot));
      expect(checkGame(players, 100 + players, bots)).toBeGreaterThan(0);
    });
  }

  it('under the published variants too (pay by lot, secondary tile)', () => {
    let state = createGame({ players: 3, seed: 9, variants: { payment: 'by-lot', secondaryTitle: 'tile' } });
    const bots: Bot[] = [ismctsBot({ iterations: 12 }), heuristicBot, randomBot];
    const rng = botRandom(1);
    for (let p = currentPlayer(state); p !== null; p = currentPlayer(state)) {
      const v = view(state, p);
      const action = (bots[p] as Bot)(v, rng);
      expect(v.legal).toContainEqual(action);
      state = apply(state, action);
    }
  });
});

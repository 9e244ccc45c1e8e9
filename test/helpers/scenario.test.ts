import { describe, expect, it } from 'vitest';
import { createGame, legalActions } from '../../src/index.js';
import { expectConserved, index } from './cards.js';
import { auctionScenario, scenario } from './scenario.js';

describe('test helper: scenario builders', () => {
  it('scenario: the deck starts with the listed cards, and every card of the game is still there', () => {
    // Seed 0 with 2 players removes king-1 at random: the helper swaps it back in.
    expect(createGame({ players: 2, seed: 0 }).removed).toContain(index('king-1'));
    for (const players of [2, 3, 4, 5] as const) {
      let t = scenario({ players, deck: ['king-1', 'gold-1-1', 'diplomacy-A'], seed: 0 });
      expectConserved(t.state);
      expect(t.drawn).toBe('king-1');
      t = t.advisorPlaces('favor');
      expect(t.drawn).toBe('gold-1-1');
      t = t.advisorPlaces('middle');
      expect(t.drawn).toBe('diplomacy-A');
      expectConserved(t.state);
    }
  });

  it('scenario: rejects typos, duplicates and cards not used at this player count', () => {
    expect(() => scenario({ players: 4, deck: ['dipomacy-A'] })).toThrow(/unknown card/);
    expect(() => scenario({ players: 4, deck: ['gold-1-1', 'gold-1-1'] })).toThrow(/twice/);
    expect(() => scenario({ players: 4, deck: ['livestock-A'] })).toThrow(/not used/);
  });

  it('auctionScenario: hands, favor pile and lot as listed; the rest is removed or discarded', () => {
    const t = auctionScenario({
      players: 3,
      firstPlayer: 1,
      hands: [['gold-1-1'], ['diplomacy-A', 'gold-3-1'], []],
      favor: ['king-1', 'military-B', 'gold-2-2'],
    });
    expectConserved(t.state);
    expect(t.hand(1)).toEqual(['diplomacy-A', 'gold-3-1']);
    expect(t.lot).toBe('king-1');
    expect(t.favor).toEqual(['military-B', 'gold-2-2']);
    expect(t.state.removed).toHaveLength(13);
    expect(t.toMove).toBe(1);
    expect(legalActions(t.state).at(-1)).toEqual({ type: 'pass', player: 1 });
  });
});

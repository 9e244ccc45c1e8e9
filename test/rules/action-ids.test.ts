import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action, PlayerCount } from '../../src/index.js';
import { ACTION_IDS_PER_PLAYER, actionFromId, actionId, actionIdCount, CARDS, OFFICES } from '../../src/index.js';
import { rejection } from '../helpers/errors.js';
import { gameCaseArb, play, runs, timeoutFor } from '../properties/games.js';

const COUNTS: readonly PlayerCount[] = [2, 3, 4, 5];

describe('action ids', () => {
  it('the id space is 364 ids per player: 728, 1,092, 1,456 and 1,820', () => {
    expect(ACTION_IDS_PER_PLAYER).toBe(364);
    expect(COUNTS.map((n) => actionIdCount(n))).toEqual([728, 1092, 1456, 1820]);
  });

  it('every id turns into an action and back, and no two ids name equal actions', () => {
    for (const n of COUNTS) {
      const seen = new Set<string>();
      for (let id = 0; id < actionIdCount(n); id++) {
        const a = actionFromId(id, n);
        expect(Object.isFrozen(a)).toBe(true);
        expect(actionId(a, n)).toBe(id);
        expect(actionId({ ...a })).toBe(id);
        expect(a.player).toBe(Math.floor(id / ACTION_IDS_PER_PLAYER));
        seen.add(JSON.stringify(a));
      }
      expect(seen.size).toBe(actionIdCount(n));
    }
  });

  it('the ranges of the documented table', () => {
    const at = (k: number, p = 0) => actionFromId(p * ACTION_IDS_PER_PLAYER + k, 5);
    expect([0, 1, 2].map((k) => at(k))).toEqual([
      { type: 'place', player: 0, area: 'self' },
      { type: 'place', player: 0, area: 'middle' },
      { type: 'place', player: 0, area: 'favor' },
    ]);
    expect(at(3)).toEqual({ type: 'take', player: 0, card: CARDS[0]?.id });
    expect(at(110)).toEqual({ type: 'take', player: 0, card: CARDS[107]?.id });
    expect(at(111)).toEqual({ type: 'king', player: 0, office: 'diplomacy', value: 1 });
    expect(at(116)).toEqual({ type: 'king', player: 0, office: 'diplomacy', value: 6 });
    expect(at(117)).toEqual({ type: 'king', player: 0, office: 'military', value: 1 });
    expect(at(146)).toEqual({ type: 'king', player: 0, office: OFFICES[5], value: 6 });
    expect(at(147)).toEqual({ type: 'bid', player: 0, amount: 1 });
    expect(at(254)).toEqual({ type: 'bid', player: 0, amount: 108 });
    expect(at(255)).toEqual({ type: 'pass', player: 0 });
    expect(at(256)).toEqual({ type: 'pay', player: 0, card: CARDS[0]?.id });
    expect(at(363)).toEqual({ type: 'pay', player: 0, card: CARDS[107]?.id });
    expect(at(255, 4)).toEqual({ type: 'pass', player: 4 });
  });

  it('ids are fixed numbers, the same with any player count', () => {
    expect(actionId({ type: 'pass', player: 2 })).toBe(983);
    expect(actionId({ type: 'bid', player: 1, amount: 4 })).toBe(514);
    expect(actionId({ type: 'take', player: 1, card: 'king-1' })).toBe(364 + 3 + 54);
    const a: Action = { type: 'pay', player: 1, card: 'gold-3-13' };
    expect(COUNTS.map((n) => actionId(a, n))).toEqual([727, 727, 727, 727]);
  });

  it(
    'every legal action of random games has an id below the id space of its player count, which names that very action',
    () => {
      const numRuns = runs(50);
      fc.assert(
        fc.property(gameCaseArb, (c) => {
          const n = c.options.players;
          play(c, 20_000, {
            before: (_s, legal) => {
              const ids = new Set<number>();
              for (const a of legal) {
                const id = actionId(a, n);
                if (!(id < actionIdCount(n)) || actionFromId(id, n) !== a) expect.fail(`${JSON.stringify(a)} has id ${id}`);
                ids.add(id);
              }
              if (ids.size !== legal.length) expect.fail('two legal actions share an id');
            },
          });
        }),
        { numRuns },
      );
    },
    timeoutFor(runs(50), 400),
  );

  it('rejects ids out of range and player counts other than 2–5', () => {
    for (const id of [-1, 1456, 1.5, Number.NaN, '3' as unknown as number]) {
      const e = rejection(() => actionFromId(id, 4));
      expect(e.code).toBe('MALFORMED_ACTION');
      expect(e.message).toMatch(/there is no action id .* with 4 players: ids are 0 to 1455/);
    }
    expect(rejection(() => actionFromId(0, 6 as PlayerCount)).code).toBe('INVALID_OPTIONS');
    const e = rejection(() => actionIdCount(1 as PlayerCount));
    expect(e.code).toBe('INVALID_OPTIONS');
    expect(e.message).toBe('players must be 2, 3, 4 or 5 (RULES S1), got 1');
  });

  it('rejects what is not an action, a player not in the game, unknown cards, and amounts no game accepts', () => {
    expect(rejection(() => actionId(null as unknown as Action)).code).toBe('MALFORMED_ACTION');
    expect(rejection(() => actionId({ type: 'pass', player: 5 })).code).toBe('MALFORMED_ACTION');
    expect(rejection(() => actionId({ type: 'pass', player: 3 }, 3)).message).toMatch(/there is no player 3 in a 3-player game/);
    const joker = rejection(() => actionId({ type: 'take', player: 0, card: 'joker' }));
    expect(joker.code).toBe('UNKNOWN_CARD');
    expect(joker.message).toBe('there is no card "joker"');
    for (const amount of [0, 109]) {
      const e = rejection(() => actionId({ type: 'bid', player: 0, amount }));
      expect(e.code).toBe('ILLEGAL_ACTION');
      expect(e.message).toMatch(/a bid is 1 to 108 in any game/);
    }
    for (const value of [0, 7]) {
      const e = rejection(() => actionId({ type: 'king', player: 0, office: 'military', value }));
      expect(e.code).toBe('ILLEGAL_ACTION');
      expect(e.message).toBe(`a King sets a title to 1–6, not ${value}: no action id`);
    }
  });
});

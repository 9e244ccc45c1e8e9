/** Lobby input: `isPlayerCount` and `checkOptions` agree with `createGame` (RULES S1, V). */
import { describe, expect, it } from 'vitest';
import { checkOptions, createGame, DEFAULT_VARIANTS, isPlayerCount, PLAYER_COUNTS, PUBLISHED_VARIANTS } from '../../src/index.js';
import { rejection } from '../helpers/errors.js';

describe('options before a game exists', () => {
  it('S1: isPlayerCount accepts exactly 2, 3, 4 and 5', () => {
    expect(PLAYER_COUNTS).toEqual([2, 3, 4, 5]);
    for (const n of PLAYER_COUNTS) expect(isPlayerCount(n)).toBe(true);
    for (const x of [0, 1, 6, 2.5, -3, Number.NaN, '3', null, undefined, [3], { players: 3 }]) expect(isPlayerCount(x)).toBe(false);
  });

  it('S1, V: checkOptions accepts what createGame accepts, with the variants in full', () => {
    expect(checkOptions({ players: 3 })).toEqual({ players: 3, variants: DEFAULT_VARIANTS });
    expect(checkOptions({ players: 4, seed: 'x', firstPlayer: 2, variants: { payment: 'by-lot' } })).toEqual({
      players: 4,
      seed: 'x',
      firstPlayer: 2,
      variants: { ...DEFAULT_VARIANTS, payment: 'by-lot' },
    });
    const o = checkOptions({ players: 5, seed: 9, variants: PUBLISHED_VARIANTS });
    expect(createGame(o)).toEqual(createGame({ players: 5, seed: 9, variants: PUBLISHED_VARIANTS }));
  });

  it('S1, V: checkOptions leaves out a seed or a first player that was not given (no key set to undefined)', () => {
    expect(Object.keys(checkOptions({ players: 3 }))).toEqual(['players', 'variants']);
    expect(Object.keys(checkOptions({ players: 3, seed: 4 }))).toEqual(['players', 'seed', 'variants']);
    expect(Object.keys(checkOptions({ players: 3, firstPlayer: 1 }))).toEqual(['players', 'firstPlayer', 'variants']);
  });

  it('S1, V: checkOptions refuses what createGame refuses, with the same message', () => {
    for (const bad of [
      null,
      3,
      { players: 6 },
      { players: 3, colour: 'red' },
      { players: 3, firstPlayer: 3 },
      { players: 2, variants: { payment: 'x' } },
    ]) {
      const e = rejection(() => checkOptions(bad));
      expect(e.code).toBe('INVALID_OPTIONS');
      expect(e.message).toBe(rejection(() => createGame(bad as never)).message);
    }
  });
});

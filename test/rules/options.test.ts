/** Lobby input: `isPlayerCount` and `checkOptions` agree with `createGame` (RULES S1, V). */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  checkOptions,
  createGame,
  DEFAULT_VARIANTS,
  deserialize,
  isPlayerCount,
  makeRecord,
  PLAYER_COUNTS,
  PUBLISHED_VARIANTS,
  serialize,
} from '../../src/index.js';
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

describe('options are untrusted input', () => {
  it('a getter or proxy trap that throws is INVALID_OPTIONS, never a plain error', () => {
    const seedThrows = Object.defineProperty({ players: 3 }, 'seed', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const keysThrow = new Proxy(
      { players: 3 },
      {
        ownKeys() {
          throw new Error('boom');
        },
      },
    );
    const variantThrows = { players: 3, variants: seedThrows };
    for (const bad of [seedThrows, keysThrow, variantThrows]) {
      expect(rejection(() => createGame(bad as never)).code).toBe('INVALID_OPTIONS');
      expect(rejection(() => checkOptions(bad)).code).toBe('INVALID_OPTIONS');
    }
  });

  it('-0 as the seed or the first player is read as 0: the game equals its own save reloaded', () => {
    const s = createGame({ players: 3, seed: -0, firstPlayer: -0 });
    expect(Object.is(s.seed, 0) && Object.is(s.firstPlayer, 0) && Object.is(s.toMove, 0)).toBe(true);
    expect(isDeepStrictEqual(deserialize(serialize(s)), s)).toBe(true);
    const o = checkOptions({ players: 3, seed: -0, firstPlayer: -0 });
    expect(Object.is(o.seed, 0) && Object.is(o.firstPlayer, 0)).toBe(true);
    const r = makeRecord({ players: 3, seed: -0, firstPlayer: -0 }, []);
    expect(Object.is(r.options.seed, 0) && Object.is(r.options.firstPlayer, 0)).toBe(true);
  });
});

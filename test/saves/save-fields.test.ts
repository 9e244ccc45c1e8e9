/**
 * `deserialize` reads untrusted text: for every field of a saved state it names the field and
 * what is wrong with it, exactly, so that a server can log a useful line. One table row per field.
 */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/index.js';
import { createGame, deserialize, SAVE_FORMAT, SAVE_VERSION, serialize } from '../../src/index.js';
import { rejection } from '../helpers/errors.js';
import { playGame, testRandom } from '../helpers/hidden.js';
import { type Save, tampered } from '../helpers/saves.js';

/** A 4-player game in the middle of bidding (every field has a value of its kind). */
let bidding: GameState | undefined;
playGame({ players: 4, seed: 'save-fields' }, testRandom(7), ({ before }) => {
  if (bidding === undefined && before.step === 'bid') bidding = before;
});
const s = bidding as GameState;

/** The message `deserialize` rejects the changed save of `s` with (and checks the code). */
const message = (change: (save: Save) => void): string => tampered(s, change);

const field =
  (key: string, value: unknown) =>
  (save: Save): void => {
    save.state[key] = value;
  };

describe('deserialize names the field and the fault', () => {
  it('the format is a published constant', () => {
    expect(SAVE_FORMAT).toBe('for-the-king-and-me/save');
    expect(SAVE_VERSION).toBe(2);
    expect(rejection(() => deserialize(42 as unknown as string)).message).toBe('save: must be a JSON string, got number');
    expect(message((x) => (x.format = 'x'))).toBe('save.format: must be "for-the-king-and-me/save", got "x"');
  });

  it('objects, and forbidden keys', () => {
    for (const bad of [null, [], 3]) expect(message((x) => (x.state = bad as never))).toMatch(/^state: must be an object, got /);
    expect(message(field('variants', []))).toBe('state.variants: must be an object, got []');
    const withKey = (key: string): string => {
      const text = serialize(s).replace('"players"', `"${key}":{},"players"`);
      return rejection(() => deserialize(text)).message;
    };
    for (const key of ['__proto__', 'constructor', 'prototype']) expect(withKey(key)).toBe(`state: has a forbidden key "${key}"`);
  });

  it('integers and their ranges (4 players)', () => {
    const ranges: [string, number, number][] = [
      ['toMove', -1, 3],
      ['firstPlayer', 0, 3],
      ['advisor', -1, 3],
      ['deckTop', 0, 108],
      ['lotBy', -1, 3],
      ['highBid', 0, 108],
      ['highBidder', -1, 3],
      ['out', 0, 31],
      ['defaulted', 0, 31],
      ['paid', 0, 108],
      ['forfeits', 0, Number.MAX_SAFE_INTEGER],
      ['lotsDiscarded', 0, Number.MAX_SAFE_INTEGER],
    ];
    for (const [key, min, max] of ranges) {
      for (const value of [min - 1, max + 1, 0.5, '1'])
        expect(message(field(key, value))).toBe(`state.${key}: must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
    }
  });

  it('cards, lists and their lengths', () => {
    for (const key of ['deck', 'removed', 'middle', 'favor', 'discard']) {
      expect(message(field(key, 'x'))).toBe(`state.${key}: must be an array, got "x"`);
      expect(message(field(key, [7]))).toBe(`state.${key}[0]: must be a card id, got 7`);
    }
    expect(message(field('deck', new Array(109).fill('gold-1-1')))).toBe('state.deck: has 109 entries, at most 108');
    for (const key of ['drawn', 'lot', 'king']) expect(message(field(key, 5))).toBe(`state.${key}: must be a card id, got 5`);
    for (const key of ['hands', 'known']) {
      expect(message(field(key, 'x'))).toBe(`state.${key}: must be an array, got "x"`);
      expect(message(field(key, [[], 'x', [], []]))).toBe(`state.${key}[1]: must be an array, got "x"`);
      expect(message(field(key, [[], [], [], [], []]))).toBe(`state.${key}: has 5 entries, at most 4`);
    }
    expect(message(field('favorBy', [4]))).toBe('state.favorBy[0]: must be an integer from 0 to 3, got 4');
    expect(message(field('favorBy', new Array(109).fill(0)))).toBe('state.favorBy: has 109 entries, at most 108');
    expect(message(field('primary', [3, 3, 3, 3, 3, 3, 3]))).toBe('state.primary: has 7 entries, at most 6');
    expect(message(field('primary', [0]))).toBe('state.primary[0]: must be an integer from 1 to 6, got 0');
    expect(message(field('secondary', [7]))).toBe('state.secondary[0]: must be an integer from 0 to 6, got 7');
  });

  it('flags, words and names', () => {
    for (const key of ['selfUsed', 'favorUsed']) expect(message(field(key, 0))).toBe(`state.${key}: must be true or false, got 0`);
    expect(message(field('seed', null))).toBe('state.seed: must be a finite number or a string, got null');
    expect(message(field('step', 'nap'))).toBe('state.step: must be one of place, take, king, bid, pay, over, got "nap"');
    expect(message(field('payMode', 'cash'))).toBe('state.payMode: must be "gold", "discard" or null, got "cash"');
    expect(message(field('variants', { payment: 'cash', secondaryTitle: 'half' }))).toBe(
      'state.variants.payment: must be "gold-or-discard" or "by-lot", got "cash"',
    );
    expect(message(field('variants', { payment: 'by-lot', secondaryTitle: 'x' }))).toBe(
      'state.variants.secondaryTitle: must be "half" or "tile", got "x"',
    );
  });

  it('fields of the right types that do not fit together are reported under "state"', () => {
    expect(message((x) => (x.state.deck as string[]).push('gold-1-1'))).toMatch(/^state: /);
  });

  it('S5: numbers read back are plain (a -0 in the text becomes 0)', () => {
    const g = createGame({ players: 3, seed: 5 });
    const text = serialize({ ...g, forfeits: 0 })
      .replace('"seed":5', '"seed":-0')
      .replace(/"rng":\[-?\d+/, '"rng":[-0')
      .replace('"forfeits":0', '"forfeits":-0');
    const read = deserialize(text);
    expect(Object.is(read.seed, 0)).toBe(true);
    expect(Object.is(read.rng[0], 0)).toBe(true);
    expect(Object.is(read.forfeits, 0)).toBe(true);
  });
});

/**
 * `RulesError` across copies of the library: `instanceof` and `isRulesError` check a registered
 * symbol brand, so an error from another copy (the CommonJS build next to the ES-module build;
 * here a second instance of the module) is recognised, and nothing else is. The built packages
 * are checked the same way by `npm run smoke` (mixed.mjs).
 */
import { describe, expect, it } from 'vitest';
import type { Action, RulesErrorCode } from '../../src/index.js';
import { apply, createGame, isRulesError, RulesError } from '../../src/index.js';

// A second instance of the errors module, as another build or bundle would load it.
const copy = '../../src/state/errors.js?copy';
const other = (await import(/* @vite-ignore */ copy)) as typeof import('../../src/state/errors.js');

describe('RulesError across builds', () => {
  it('a second copy of the module has its own class', () => {
    expect(other.RulesError).not.toBe(RulesError);
  });

  it('an error of either copy is instanceof both classes and isRulesError of both', () => {
    const mine = new RulesError('GAME_OVER', 'over');
    const theirs = new other.RulesError('GAME_OVER', 'over');
    for (const e of [mine, theirs]) {
      expect(e instanceof RulesError).toBe(true);
      expect(e instanceof other.RulesError).toBe(true);
      expect(e instanceof Error).toBe(true);
      expect(isRulesError(e)).toBe(true);
      expect(other.isRulesError(e, 'GAME_OVER')).toBe(true);
      expect(isRulesError(e, 'ILLEGAL_ACTION')).toBe(false);
      expect(e.name).toBe('RulesError');
    }
  });

  it('errors the engine throws are recognised by the other copy', () => {
    let caught: unknown;
    try {
      apply(createGame({ players: 3, seed: 1 }), { type: 'fly', player: 0 } as unknown as Action);
    } catch (e) {
      caught = e;
    }
    expect(caught instanceof other.RulesError).toBe(true);
    expect(other.isRulesError(caught, 'MALFORMED_ACTION')).toBe(true);
  });

  it('no false positives: plain errors, look-alikes, primitives, throwing proxies', () => {
    const lookAlike = Object.assign(new Error('x'), { name: 'RulesError', code: 'GAME_OVER' as RulesErrorCode });
    const throwing = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
      },
    );
    for (const x of [new Error('x'), lookAlike, { code: 'GAME_OVER' }, null, undefined, 'RulesError', 3, throwing]) {
      expect(x instanceof RulesError).toBe(false);
      expect(isRulesError(x)).toBe(false);
    }
  });

  it('the brand counts only on an object with a string code: not on a function, not with another code', () => {
    const brand = Symbol.for('for-the-king-and-me/RulesError');
    // What another copy of the library builds: an object with the brand and a string code.
    const branded = { [brand]: true, code: 'GAME_OVER' };
    expect(isRulesError(branded, 'GAME_OVER')).toBe(true);
    const fn = Object.assign(() => undefined, { [brand]: true, code: 'GAME_OVER' });
    const numericCode = { [brand]: true, code: 7 };
    for (const x of [fn, numericCode]) {
      expect(x instanceof RulesError).toBe(false);
      expect(isRulesError(x)).toBe(false);
    }
  });

  it('a subclass keeps the ordinary instanceof check', () => {
    class Special extends RulesError {}
    expect(new Special('GAME_OVER', 'x') instanceof Special).toBe(true);
    expect(new RulesError('GAME_OVER', 'x') instanceof Special).toBe(false);
    expect(new Special('GAME_OVER', 'x') instanceof RulesError).toBe(true);
  });
});

/**
 * Untrusted input is rejected with a `RulesError` naming what is wrong: saves (`deserialize`),
 * actions (`parseAction`, and `apply`, which shares its shape check) and
 * replay options.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action, GameOptions, GameState } from '../../src/index.js';
import {
  apply,
  createGame,
  deserialize,
  legalActions,
  MAX_ACTION_LENGTH,
  parseAction,
  replay,
  SAVE_FORMAT,
  serialize,
  step,
} from '../../src/index.js';
import { stateProblem } from '../../src/saves/validate.js';
import { showValue } from '../../src/state/show.js';
import { rejection } from '../helpers/errors.js';
import { randomAction, recordStates, testRandom } from '../helpers/hidden.js';
import { badSave, type Save, saveOf, tampered } from '../helpers/saves.js';
import { runs } from '../properties/games.js';

/** States at each decision kind, from a few recorded games. */
const STATES = recordStates('reject', [
  [2, 1],
  [3, 2],
  [4, 3],
  [5, 4],
]);
/** The k-th recorded state waiting for `stepName`, in a game of `players` (4 unless given). */
const at = (stepName: GameState['step'], k = 0, players = 4): GameState =>
  STATES.filter((s) => s.step === stepName && s.players === players)[k] as GameState;

describe('deserialize rejects', () => {
  const s = at('bid', 3);

  it('text that is not JSON, truncated at any point', () => {
    const text = serialize(s);
    for (let cut = 0; cut < text.length; cut += 7) expect(badSave(text.slice(0, cut))).toMatch(/^save: /);
    expect(badSave('')).toMatch(/not valid JSON/);
    expect(rejection(() => deserialize(42 as unknown as string)).code).toBe('INVALID_SAVE');
  });

  it('a wrong format or version, or a different envelope', () => {
    expect(tampered(s, (x) => (x.version = 3))).toMatch(/save\.version: this library reads versions 1 and 2, got 3/);
    expect(tampered(s, (x) => (x.version = '1'))).toMatch(/save\.version/);
    expect(tampered(s, (x) => (x.format = 'chess/save'))).toMatch(/save\.format/);
    expect(tampered(s, (x) => (x.extra = true))).toMatch(/save: has an unknown key "extra"/);
    expect(badSave('[]')).toMatch(/save: must be an object/);
    expect(badSave(`{"format":"${SAVE_FORMAT}","version":2}`)).toMatch(/lacks the key "state"/);
  });

  it('prototype-pollution keys, anywhere', () => {
    const text = serialize(s);
    expect(badSave(text.replace('{"format"', '{"__proto__":{"polluted":1},"format"'))).toMatch(/forbidden key "__proto__"/);
    expect(badSave(text.replace('"players"', '"constructor":{},"players"'))).toMatch(/state: has a forbidden key "constructor"/);
    expect(badSave(text.replace('"payment"', '"__proto__":{},"payment"'))).toMatch(/state\.variants: has a forbidden key "__proto__"/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('missing or extra state fields, and fields of the wrong type', () => {
    expect(tampered(s, (x) => delete x.state.deckTop)).toMatch(/state: lacks the key "deckTop"/);
    expect(tampered(s, (x) => (x.state.history = []))).toMatch(/state: has an unknown key "history"/);
    expect(tampered(s, (x) => (x.state.deckTop = 1.5))).toMatch(/state\.deckTop: must be an integer/);
    expect(tampered(s, (x) => (x.state.highBid = '3'))).toMatch(/state\.highBid: must be an integer/);
    expect(tampered(s, (x) => (x.state.selfUsed = 0))).toMatch(/state\.selfUsed: must be true or false/);
    expect(tampered(s, (x) => (x.state.rng = [1, 2, 3]))).toMatch(/state\.rng/);
    expect(tampered(s, (x) => (x.state.rng = [1, 2, 3, 2 ** 33]))).toMatch(/state\.rng/);
    // The generator state is four 32-bit words, signed or unsigned: nothing else, not one past either end.
    for (const word of [2 ** 32, -(2 ** 31) - 1, 1.5, '1', null])
      expect(tampered(s, (x) => (x.state.rng = [1, 2, word, 3]))).toMatch(/state\.rng: must be 4 integers/);
    const edges = saveOf(s);
    edges.state.rng = [2 ** 32 - 1, -(2 ** 31), 0, 1];
    expect(deserialize(JSON.stringify(edges)).rng).toEqual([2 ** 32 - 1, -(2 ** 31), 0, 1]);
    expect(tampered(s, (x) => (x.state.seed = null))).toMatch(/state\.seed/);
    expect(tampered(s, (x) => (x.state.step = 'dance'))).toMatch(/state\.step/);
    expect(tampered(s, (x) => (x.state.players = 6))).toMatch(/state\.players/);
    expect(tampered(s, (x) => (x.state.variants = { payment: 'by-lot' }))).toMatch(/state\.variants: lacks the key "secondaryTitle"/);
    expect(tampered(s, (x) => (x.state.hands = 'none'))).toMatch(/state\.hands: must be an array/);
  });

  it('unknown card ids, and cards not used with the player count', () => {
    expect(tampered(s, (x) => ((x.state.hands as string[][])[0] as string[]).push('gold-9-9'))).toMatch(
      /state\.hands\[0\]\[\d+\]: "gold-9-9" is not a card id/,
    );
    const two = at('bid', 0, 2);
    expect(
      tampered(two, (x) => {
        (x.state.discard as string[]).push('livestock-A');
      }),
    ).toMatch(/livestock-A.*not used with 2 players/);
  });

  it('a duplicated card, a missing card, a hand of the wrong size', () => {
    const hands = (x: Save): string[][] => x.state.hands as string[][];
    expect(tampered(s, (x) => hands(x)[1]?.push(hands(x)[0]?.[0] as string))).toMatch(
      /appears twice: in hands\[0\]\[0\] and in hands\[1\]/,
    );
    expect(tampered(s, (x) => hands(x)[0]?.pop())).toMatch(/is missing/);
    expect(tampered(s, (x) => hands(x).pop())).toMatch(/hands must list 4 hands/);
    expect(tampered(s, (x) => (x.state.removed as string[]).pop())).toMatch(/removed must hold 8 cards/);
    // In phase 1 the deck's order decides which cards are still to draw.
    expect(tampered(at('place', 5), (x) => (x.state.deck as string[]).reverse())).toMatch(/appears twice|missing|drawn card/);
  });

  it('known cards that are not in the hand, and a King kept in a hand', () => {
    expect(tampered(s, (x) => (x.state.known as string[][])[0]?.push((x.state.discard as string[])[0] as string))).toMatch(
      /known\[0\] lists .* which is not in hands\[0\]/,
    );
    const withKing = STATES.find((t) => t.step === 'king' && t.advisor < 0) ?? at('king');
    expect(
      tampered(withKing, (x) => {
        (x.state.hands as string[][])[0]?.push(x.state.king as string);
        x.state.king = null;
        x.state.step = 'bid';
      }),
    ).toMatch(/King.*never kept|lot/);
  });

  it('counts and ranges: favor owners, titles, bids, masks', () => {
    const p1 = at('place', 30);
    expect(tampered(p1, (x) => (x.state.favorBy as number[]).push(0))).toMatch(/favorBy has \d+ entries for \d+ favor cards/);
    expect(tampered(s, (x) => ((x.state.primary as number[])[0] = 7))).toMatch(/state\.primary\[0\]/);
    expect(tampered(s, (x) => ((x.state.secondary as number[])[0] = 3))).toMatch(/secondary\[0\] \(diplomacy\) must be/);
    expect(tampered(s, (x) => (x.state.primary as number[]).pop())).toMatch(/primary must hold 5 titles/);
    expect(tampered(s, (x) => (x.state.highBid = 81))).toMatch(/highBid must be 0 to 80/);
    expect(tampered(s, (x) => (x.state.defaulted = 1))).toMatch(/defaulted players must also be out/);
    expect(tampered(s, (x) => (x.state.toMove = 4))).toMatch(/state\.toMove/);
  });

  it('steps that do not fit the rest of the state', () => {
    const place = at('place', 5);
    expect(tampered(place, (x) => (x.state.step = 'bid'))).toMatch(/cannot happen while there is an Advisor/);
    expect(
      tampered(place, (x) => {
        (x.state.hands as string[][])[0]?.push(x.state.drawn as string);
        x.state.drawn = null;
      }),
    ).toMatch(/"place" needs a drawn card|drawn card/);
    expect(tampered(s, (x) => (x.state.step = 'pay'))).toMatch(/"pay" needs payMode/);
    expect(tampered(s, (x) => (x.state.step = 'king'))).toMatch(/"king" needs a King card/);
    expect(tampered(s, (x) => (x.state.step = 'over'))).toMatch(/over has no player to move/);
    const over = STATES.find((t) => t.step === 'over') as GameState;
    expect(tampered(over, (x) => (x.state.toMove = 0))).toMatch(/over has no player to move/);
    const pay = at('pay');
    expect(tampered(pay, (x) => (x.state.paid = x.state.highBid))).toMatch(/paid .* must be below the bid/);
    expect(tampered(pay, (x) => (x.state.payMode = null))).toMatch(/"pay" needs payMode/);
    expect(
      tampered(pay, (x) => {
        x.state.highBid = 80;
        x.state.payMode = 'gold';
      }),
    ).toMatch(/too little gold|discard/);
  });

  it('never returns a corrupt state: any one field replaced by another value is rejected or gives a playable game', () => {
    const values = fc.oneof(
      fc.integer({ min: -2, max: 120 }),
      fc.constantFrom(null, true, false, '', 'gold-1-1', 'king-1', 'diplomacy-A', [], {}, [0], ['gold-1-1'], 1.5, -0),
    );
    const keys = Object.keys(saveOf(s).state);
    fc.assert(
      fc.property(fc.nat({ max: STATES.length - 1 }), fc.constantFrom(...keys), values, fc.nat(), (k, key, value, policy) => {
        const save = saveOf(STATES[k] as GameState);
        save.state[key] = value;
        let loaded: GameState;
        try {
          loaded = deserialize(JSON.stringify(save));
        } catch (e) {
          expect((e as { code?: string }).code).toBe('INVALID_SAVE');
          return;
        }
        expect(stateProblem(loaded)).toBeNull();
        const rand = testRandom(policy);
        for (let i = 0; loaded.step !== 'over' && i < 3000; i++) {
          expect(legalActions(loaded).length).toBeGreaterThan(0);
          loaded = step(loaded, randomAction(loaded, rand)).state;
        }
        expect(loaded.step).toBe('over');
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe('parseAction', () => {
  it('accepts every legal action, as an object or as JSON text, and returns a fresh plain object equal to it', () => {
    for (const s of STATES.filter((_, i) => i % 23 === 0)) {
      for (const a of legalActions(s).slice(0, 5)) {
        const fromObject = parseAction(a);
        expect(fromObject).toEqual(a);
        expect(fromObject).not.toBe(a);
        expect(Object.getPrototypeOf(fromObject)).toBe(Object.prototype);
        expect(Object.isFrozen(fromObject)).toBe(false);
        expect(parseAction(JSON.stringify(a))).toEqual(a);
      }
    }
  });

  const malformed = (input: unknown): string => {
    const e = rejection(() => parseAction(input));
    expect(e.code).toBe('MALFORMED_ACTION');
    return e.message;
  };

  it('rejects extra or missing fields', () => {
    expect(malformed({ type: 'pass', player: 0, amount: 3 })).toMatch(/exactly the fields type, player/);
    expect(malformed({ type: 'bid', player: 0 })).toMatch(/integer "amount"/);
    expect(malformed({ type: 'place', player: 0, area: 'self', card: 'king-1' })).toMatch(/exactly the fields type, player, area/);
    expect(malformed({ player: 0 })).toMatch(/unknown action type/);
    // A type that only turns into a known name (an array, an object with toString) is not one.
    expect(malformed({ type: ['pass'], player: 0 })).toBe('unknown action type ["pass"]: expected place, take, king, bid, pass or pay');
    expect(malformed({ type: 'king', player: 1, office: 'military' })).toMatch(/integer "value"/);
  });

  it('rejects non-integer numbers and wrong types', () => {
    for (const amount of [4.5, '4', Number.NaN, Number.POSITIVE_INFINITY, null, [4]]) {
      expect(malformed({ type: 'bid', player: 1, amount })).toMatch(/a bid action needs an integer "amount"/);
    }
    expect(malformed({ type: 'bid', player: 1.5, amount: 3 })).toMatch(/integer "player"/);
    expect(malformed({ type: 'king', player: 1, office: 'military', value: 2.5 })).toMatch(/integer "value"/);
    expect(malformed({ type: 'place', player: 1, area: 'attic' })).toMatch(/"area"/);
    expect(malformed({ type: 'king', player: 1, office: 'navy', value: 3 })).toMatch(/"office"/);
    expect(malformed({ type: 'take', player: 1, card: 7 })).toMatch(/card id/);
    expect(malformed({ type: 'pass', player: 5 })).toMatch(/no player 5 in any game/);
    expect(malformed({ type: 'pass', player: -1 })).toMatch(/no player -1/);
  });

  it('rejects prototype-pollution keys, inherited fields and non-plain objects', () => {
    expect(malformed('{"type":"pass","player":0,"__proto__":{"amount":1}}')).toMatch(/"__proto__" key/);
    expect(malformed({ type: 'pass', player: 0, constructor: 1 })).toMatch(/"constructor" key/);
    expect(malformed({ type: 'pass', player: 0, prototype: 1 })).toBe('an action may not have a "prototype" key');
    // An object without a prototype is plain data too.
    const bare = Object.assign(Object.create(null) as object, { type: 'pass', player: 2 });
    expect(parseAction(bare)).toEqual({ type: 'pass', player: 2 });
    const inherited = Object.assign(Object.create({ amount: 5 }) as object, { type: 'bid', player: 0 });
    expect(malformed(inherited)).toMatch(/plain object/);
    class Bid {
      type = 'bid';
      player = 0;
      amount = 1;
    }
    expect(malformed(new Bid())).toMatch(/plain object/);
    expect(malformed({ type: 'pass', player: 0, [Symbol('x')]: 1 })).toMatch(/symbol/);
    expect(({} as Record<string, unknown>).amount).toBeUndefined();
  });

  it('rejects what is not an action at all, and over-long or invalid JSON text', () => {
    for (const input of [null, undefined, 3, [], ['pass', 0], 'pass', '']) expect(malformed(input)).toBeTruthy();
    expect(malformed('{"type":"pass",')).toMatch(/not valid JSON/);
    expect(malformed(`{"type":"pass","player":0}${' '.repeat(MAX_ACTION_LENGTH)}`)).toMatch(/at most 4096 characters/);
    // The limit itself is allowed.
    expect(parseAction('{"type":"pass","player":0}'.padEnd(MAX_ACTION_LENGTH, ' '))).toEqual({ type: 'pass', player: 0 });
  });

  it('reads each field once and normalizes -0', () => {
    let reads = 0;
    const tricky = {
      type: 'bid',
      player: 0,
      get amount() {
        reads++;
        return reads === 1 ? 3 : 3.5;
      },
    };
    expect(parseAction(tricky)).toEqual({ type: 'bid', player: 0, amount: 3 });
    expect(reads).toBe(1);
    expect(Object.is(parseAction('{"type":"bid","player":-0,"amount":-0}').player, 0)).toBe(true);
  });

  it('agrees with apply on shape: what parseAction rejects, apply rejects as MALFORMED_ACTION too', () => {
    const s = createGame({ players: 5, seed: 'shape' });
    const samples: unknown[] = [
      { type: 'pass', player: 0, amount: 3 },
      { type: 'bid', player: 0 },
      { type: 'bid', player: 1, amount: 2.5 },
      { type: 'place', player: 0, area: 'attic' },
      { type: 'king', player: 0, office: 'navy', value: 3 },
      { type: 'take', player: 0 },
      { type: 'fly', player: 0 },
      { type: 'pass', player: 7 },
    ];
    for (const a of samples) {
      expect(malformed(a)).toBeTruthy();
      expect(rejection(() => apply(s, a as Action)).code).toBe('MALFORMED_ACTION');
    }
  });
});

describe('showValue: untrusted values in messages', () => {
  it('renders numbers as written, BigInts with n, the rest as JSON or by kind', () => {
    expect(showValue(Number.NaN)).toBe('NaN');
    expect(showValue(2.5)).toBe('2.5');
    expect(showValue(3n)).toBe('3n');
    expect(showValue('fly')).toBe('"fly"');
    expect(showValue(null)).toBe('null');
    expect(showValue(undefined)).toBe('undefined');
    expect(showValue(Symbol('x'))).toBe('Symbol(x)');
    expect(showValue(() => 1)).toBe('a function');
    expect(showValue([1n])).toBe('an array');
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(showValue(cycle)).toBe('an object');
  });

  it('reads no more of a large value than it shows: a ten-million-entry array, a huge string, a getter that throws', () => {
    let reads = 0;
    const huge = new Proxy(new Array<number>(10_000_000).fill(1), {
      get(t, k) {
        if (typeof k === 'string' && /^\d+$/.test(k)) reads++;
        return Reflect.get(t, k);
      },
    });
    expect(showValue(huge)).toBe(`[${'1,'.repeat(18)}...`);
    expect(reads).toBeLessThanOrEqual(21);
    expect(rejection(() => parseAction({ type: huge, player: 0 })).message).toMatch(/^unknown action type \[1,1,1,.{20,}\.\.\.: expected/);
    expect(showValue('x'.repeat(10_000_000))).toHaveLength(40);
    const throwing = {
      get a(): number {
        throw new Error('no');
      },
    };
    expect(showValue(throwing)).toBe('an object');
  });

  it('renders JSON values exactly as JSON.stringify does, cut to 37 characters and "..." when longer than 40', () => {
    const shown = (x: unknown): string => {
      const json = JSON.stringify(x);
      return json.length > 40 ? `${json.slice(0, 37)}...` : json;
    };
    const examples: unknown[] = [
      true,
      false,
      [true, false, null, 0, -1.5, 'a'],
      { a: 1, b: [2, { c: 'd' }], e: {}, f: [] },
      [[[[]]], {}, { '': '' }],
      { 'a"b': 'c\nd', k: 'x'.repeat(50) },
      Array.from({ length: 30 }, (_, i) => i),
      { ['k'.repeat(60)]: 1 },
      // Left out or null, as in JSON: undefined, functions and symbols; NaN and Infinity as null.
      [undefined, () => 1, Symbol('s'), Number.NaN, Number.POSITIVE_INFINITY],
      { a: undefined, b: 1, c: () => 1, d: Symbol('s'), e: Number.NEGATIVE_INFINITY },
      { a: undefined, b: undefined },
      { x: { y: undefined }, z: [undefined] },
      Object.create({ inherited: 1 }, { own: { value: 2, enumerable: true } }),
    ];
    for (const x of examples) expect(showValue(x), JSON.stringify(x)).toBe(shown(x));
    fc.assert(
      fc.property(fc.jsonValue(), (x) => {
        expect(showValue(x)).toBe(shown(x));
      }),
      { numRuns: runs(2000) },
    );
  });

  it('never returns more than 40 characters', () => {
    const forty = 'x'.repeat(38);
    expect(showValue(forty)).toBe(`"${forty}"`);
    expect(showValue(`${forty}y`)).toBe(`"${'x'.repeat(36)}...`);
    expect(showValue(`${forty}y`)).toHaveLength(40);
  });
});

describe('replay rejects', () => {
  it('options without a seed, and bad options', () => {
    expect(rejection(() => replay({ players: 3 }, [])).code).toBe('INVALID_OPTIONS');
    expect(rejection(() => replay({ players: 7 as 3, seed: 1 }, [])).code).toBe('INVALID_OPTIONS');
    for (const options of [null, undefined, 3, { players: 3 }]) {
      const e = rejection(() => replay(options as unknown as GameOptions, []));
      expect(e.code).toBe('INVALID_OPTIONS');
      expect(e.message).toBe('replay needs the options the game was created with, including its seed');
    }
  });

  it('actions that are not an array', () => {
    const e = rejection(() => replay({ players: 3, seed: 1 }, 'pass' as unknown as Action[]));
    expect(e.code).toBe('MALFORMED_ACTION');
    expect(e.message).toBe('replay needs an array of actions');
  });

  it('an action whose getter throws is a MALFORMED_ACTION, naming its position', () => {
    const hostile = {
      get type(): string {
        throw new TypeError('boom');
      },
    };
    const e = rejection(() => replay({ players: 3, seed: 1 }, [hostile as unknown as Action]));
    expect(e.code).toBe('MALFORMED_ACTION');
    expect(e.message).toBe('action 0: an action could not be read: a getter or proxy on it threw');
  });

  it('an action that does not apply, naming its position and keeping the code', () => {
    const s = createGame({ players: 3, seed: 'replay-bad' });
    const first = legalActions(s)[0] as Action;
    const e = rejection(() => replay({ players: 3, seed: 'replay-bad' }, [first, first]));
    expect(e.code).toMatch(/ILLEGAL_ACTION|NOT_YOUR_TURN|WRONG_STEP/);
    expect(e.message).toMatch(/^action 1: /);
    const m = rejection(() => replay({ players: 3, seed: 'replay-bad' }, [{ type: 'pass' } as unknown as Action]));
    expect(m.code).toBe('MALFORMED_ACTION');
    expect(m.message).toMatch(/^action 0: /);
  });
});

describe('parseAction: what is not a plain object (mutation run, issue #18)', () => {
  it('undefined, null, numbers, booleans and arrays (a prototype-less one too) are named as not plain objects', () => {
    const plain = 'an action must be a plain object such as { type: "pass", player: 0 }';
    for (const x of [undefined, null, 5, true, [], Object.setPrototypeOf([], null), 'null', '5', '[1]']) {
      const e = rejection(() => parseAction(x));
      expect(e.code).toBe('MALFORMED_ACTION');
      expect(e.message).toBe(plain);
    }
  });

  it('a revoked proxy is reported as unreadable', () => {
    const { proxy, revoke } = Proxy.revocable({ type: 'pass', player: 0 }, {});
    revoke();
    expect(rejection(() => parseAction(proxy)).message).toBe('an action could not be read: a getter or proxy on it threw');
  });
});

describe('replay reads its options once', () => {
  it('the seed checked is the seed the game is created with: a getter cannot answer it and then drop it', () => {
    let reads = 0;
    const options = {
      players: 3,
      get seed(): string | undefined {
        reads++;
        return reads === 1 ? 'table-7' : undefined;
      },
    } as GameOptions;
    const s = replay(options, []);
    expect(reads).toBe(1);
    expect(s).toEqual(createGame({ players: 3, seed: 'table-7' }));
  });

  it('a getter or proxy trap that throws is INVALID_OPTIONS', () => {
    const options = Object.defineProperty({ players: 3 }, 'seed', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(rejection(() => replay(options as GameOptions, [])).code).toBe('INVALID_OPTIONS');
  });
});

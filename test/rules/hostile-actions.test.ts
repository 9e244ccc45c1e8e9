/**
 * Hostile action objects given straight to `apply`/`step`/`parseAction` (issue #18, classes 1
 * and 2): fields are read once, only own enumerable fields count, and whatever a getter or a
 * proxy does, the action applied is the one that was checked, or the input is rejected with a
 * `RulesError` and the state is untouched.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Office } from '../../src/data/cards.js';
import { cardIndex } from '../../src/data/cards.js';
import type { Action, GameState } from '../../src/index.js';
import { apply, createGame, legalActions, parseAction, step } from '../../src/index.js';
import { deepFreeze, rejection } from '../helpers/errors.js';
import { auctionScenario, scenario } from '../helpers/scenario.js';

const bidState = (): GameState =>
  auctionScenario({ players: 4, hands: [['gold-2-1', 'diplomacy-B'], [], [], []], favor: ['military-A', 'gold-3-1'] }).state;
const placeState = (): GameState => scenario({ players: 4, deck: ['diplomacy-A', 'military-A', 'gold-1-1', 'gold-2-1'] }).state;

/**
 * Player `player`, holding only gold-2-1, opens the bidding on `lot` with 1 and the others pass:
 * the state where that player pays (RULES A5).
 */
function wonWithOne(player: number, lot: string, titles: Partial<Record<Office, number>> = {}): GameState {
  const hands = [[], [], [], []].map((h, p) => (p === player ? ['gold-2-1'] : h));
  let s = auctionScenario({ players: 4, firstPlayer: player, hands, favor: [lot], titles }).state;
  s = apply(s, legalActions(s).find((a) => a.type === 'bid' && a.amount === 1) as Action);
  while (s.step === 'bid') s = apply(s, legalActions(s).find((a) => a.type === 'pass') as Action);
  if (s.step !== 'pay' || s.toMove !== player) throw new Error('test helper: no payment');
  return s;
}

/** Player `player` resolves a King won at auction, every primary title at 3 but diplomacy at `diplomacy` (RULES K1). */
function kingState(diplomacy: number, player = 0): GameState {
  let s = wonWithOne(player, 'king-1', { diplomacy });
  while (s.step === 'pay') s = apply(s, legalActions(s)[0] as Action);
  if (s.step !== 'king') throw new Error('test helper: no King to resolve');
  return s;
}

/** Player `player` pays for military-A, won with a bid of 1, holding only gold-2-1 (RULES A5). */
function payState(player: number): GameState {
  return wonWithOne(player, 'military-A');
}

/** `apply` on a deep-frozen state; the result equals `step`'s. */
function applied(s: GameState, action: unknown): GameState {
  const next = apply(deepFreeze(s), action as Action);
  return next;
}

describe('MALFORMED_ACTION: an action is read once (class 1)', () => {
  it("the issue's getter: a bid of 1 that would read as 10^9 later is applied as 1, its getter called once", () => {
    const s = bidState();
    let reads = 0;
    const next = applied(s, {
      type: 'bid',
      player: s.toMove,
      get amount() {
        return reads++ < 4 ? 1 : 1e9;
      },
    });
    expect(reads).toBe(1);
    expect(next.highBid).toBe(1);
    expect(next.highBidder).toBe(s.toMove);
  });

  it('a getter that answers 1e9 first is rejected as an illegal bid, whatever it answers later', () => {
    const s = bidState();
    let reads = 0;
    const hostile = {
      type: 'bid',
      player: s.toMove,
      get amount() {
        return reads++ === 0 ? 1e9 : 1;
      },
    };
    expect(rejection(() => apply(s, hostile as Action)).code).toBe('ILLEGAL_ACTION');
    expect(reads).toBe(1);
  });

  it('I2: a getter cannot place a second favor card in one turn', () => {
    let t = placeState();
    t = applied(t, { type: 'place', player: t.toMove, area: 'favor' });
    let reads = 0;
    const next = applied(t, {
      type: 'place',
      player: t.toMove,
      get area() {
        return reads++ === 0 ? 'self' : 'favor';
      },
    });
    expect(next.favor).toHaveLength(1);
    expect(next.selfUsed).toBe(true);
  });

  it('a type that changes between reads cannot pass one check and reach another rule', () => {
    const s = bidState();
    let reads = 0;
    const hostile = {
      get type() {
        return reads++ === 0 ? 'pass' : 'bid';
      },
      player: s.toMove,
    };
    const next = applied(s, hostile);
    expect(reads).toBe(1);
    expect(next.out).toBe(1 << s.toMove);
    expect(next.highBid).toBe(0);
  });

  it('a proxy that answers each read differently is read through one descriptor per field', () => {
    const s = bidState();
    let reads = 0;
    const target = { type: 'bid', player: s.toMove, amount: 1 };
    const proxy = new Proxy(target, {
      get: (o, k) => (k === 'amount' ? 1e9 : Reflect.get(o, k)),
      getOwnPropertyDescriptor: (o, k) => {
        if (k === 'amount') reads++;
        return Reflect.getOwnPropertyDescriptor(o, k);
      },
    });
    const next = applied(s, proxy);
    expect(next.highBid).toBe(1);
    expect(reads).toBe(1);
  });

  it('a getter or proxy trap that throws is MALFORMED_ACTION, not the thrown error', () => {
    const s = bidState();
    const throwing = [
      {
        type: 'bid',
        player: s.toMove,
        get amount(): number {
          throw new Error('boom');
        },
      },
      new Proxy({}, { ownKeys: () => [1 as unknown as string] }),
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new RangeError('no');
          },
        },
      ),
      new Proxy(
        {},
        {
          getPrototypeOf: () => {
            throw new Error('no');
          },
        },
      ),
      (() => {
        const r = Proxy.revocable({}, {});
        r.revoke();
        return r.proxy;
      })(),
    ];
    for (const a of throwing) {
      for (const run of [() => apply(s, a as Action), () => step(s, a as Action), () => parseAction(a)]) {
        const e = rejection(run);
        expect(e.code).toBe('MALFORMED_ACTION');
      }
    }
  });

  it('the action applied is a copy: changing the input afterwards changes nothing', () => {
    const s = bidState();
    const a = { type: 'bid', player: s.toMove, amount: 2 };
    const { state, events } = step(s, a as Action);
    a.amount = 70;
    expect(state.highBid).toBe(2);
    expect(events).toContainEqual({ type: 'bid', player: s.toMove, amount: 2 });
  });
});

describe('MALFORMED_ACTION: only own enumerable fields count (class 2)', () => {
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).area;
  });

  it("the issue's object: an inherited area does not place in the middle", () => {
    const s = createGame({ players: 4, seed: 2, firstPlayer: 1 });
    const a = Object.assign(Object.create({ area: 'middle' }) as object, { type: 'place', player: s.toMove });
    for (const run of [() => apply(s, a as Action), () => parseAction(a)]) expect(rejection(run).code).toBe('MALFORMED_ACTION');
    expect(rejection(() => apply(s, a as Action)).message).toMatch(/needs "area".*own fields count/);
  });

  it('a polluted Object.prototype does not supply a missing field', () => {
    const s = createGame({ players: 4, seed: 2, firstPlayer: 1 });
    (Object.prototype as Record<string, unknown>).area = 'middle';
    const a = { type: 'place', player: s.toMove };
    for (const run of [() => apply(s, a as Action), () => parseAction(a), () => parseAction(JSON.stringify(a))]) {
      expect(rejection(run).message).toBe('a place action needs "area": "self", "middle" or "favor"');
    }
  });

  it('a non-enumerable own field is not a field; a non-enumerable extra key is ignored', () => {
    const s = createGame({ players: 4, seed: 2, firstPlayer: 1 });
    const hidden = Object.defineProperty({ type: 'place', player: s.toMove }, 'area', { value: 'middle', enumerable: false });
    expect(rejection(() => apply(s, hidden as Action)).code).toBe('MALFORMED_ACTION');
    const tagged = Object.defineProperty({ type: 'place', player: s.toMove, area: 'middle' }, 'note', { value: 1, enumerable: false });
    expect(applied(s, tagged).middle).toHaveLength(1);
  });

  it('an enumerable symbol key is an extra field for apply; parseAction rejects every symbol key', () => {
    const s = createGame({ players: 4, seed: 2, firstPlayer: 1 });
    const a = { type: 'place', player: s.toMove, area: 'middle', [Symbol('x')]: 1 };
    expect(rejection(() => apply(s, a as Action)).message).toMatch(/exactly the fields type, player, area/);
    expect(rejection(() => parseAction(a)).message).toMatch(/symbol keys/);
  });

  it('frozen objects, objects without a prototype and class instances with own fields are read by value', () => {
    const s = createGame({ players: 4, seed: 2, firstPlayer: 1 });
    const p = s.toMove;
    expect(applied(s, Object.freeze({ type: 'place', player: p, area: 'middle' })).middle).toHaveLength(1);
    expect(applied(s, Object.assign(Object.create(null) as object, { type: 'place', player: p, area: 'favor' })).favor).toHaveLength(1);
    class Place {
      readonly type = 'place';
      readonly player = p;
      readonly area = 'self';
    }
    expect(applied(s, new Place()).selfUsed).toBe(true);
    // -0 is read as 0.
    const first = createGame({ players: 4, seed: 2, firstPlayer: 0 });
    expect(applied(first, { type: 'place', player: -0, area: 'self' }).selfUsed).toBe(true);
  });

  it("the engine's own legal actions are checked against the game's player count", () => {
    const five = createGame({ players: 5, seed: 1, firstPlayer: 4 });
    const two = createGame({ players: 2, seed: 1, firstPlayer: 0 });
    const fromFive = legalActions(five)[0] as Action;
    expect(fromFive.player).toBe(4);
    expect(rejection(() => apply(two, fromFive)).message).toBe('there is no player 4 in a 2-player game');
    // parseAction always returns a fresh, unfrozen copy.
    expect(Object.isFrozen(parseAction(fromFive))).toBe(false);
  });

  it('every legal action is still accepted, and equal copies of it too', () => {
    let s = createGame({ players: 3, seed: 'read-once' });
    for (let i = 0; i < 80 && legalActions(s).length > 0; i++) {
      const actions = legalActions(s);
      const a = actions[i % actions.length] as Action;
      expect(apply(s, { ...a })).toEqual(apply(s, a));
      s = apply(s, a);
    }
  });
});

describe('MALFORMED_ACTION: edge cases of the read-once snapshot (mutation run, issue #18)', () => {
  it('an object without a prototype is a plain object: its messages carry no note about inherited fields', () => {
    const s = createGame({ players: 4, seed: 2, firstPlayer: 1 });
    const a = Object.assign(Object.create(null) as object, { type: 'place', player: s.toMove });
    for (const run of [() => apply(s, a as Action), () => parseAction(a)]) {
      expect(rejection(run).message).toBe('a place action needs "area": "self", "middle" or "favor"');
    }
  });

  it('a proxy that lists a key it does not have: the key is skipped, the action read as it is', () => {
    const s = createGame({ players: 4, seed: 2, firstPlayer: 1 });
    const target = { type: 'place', player: s.toMove, area: 'middle' };
    const lying = new Proxy(target, { ownKeys: () => ['type', 'player', 'area', 'ghost'] });
    expect(applied(s, lying).middle).toHaveLength(1);
    expect(parseAction(lying)).toEqual(target);
  });

  it('a field with a setter and no getter reads as missing, it does not throw', () => {
    const s = createGame({ players: 4, seed: 2, firstPlayer: 1 });
    const a = Object.defineProperty({ type: 'place', player: s.toMove }, 'area', { set() {}, enumerable: true });
    expect(rejection(() => apply(s, a as Action)).message).toBe('a place action needs "area": "self", "middle" or "favor"');
  });

  it('-0 as a King value or a bid amount is read as 0', () => {
    const king = parseAction('{"type":"king","player":0,"office":"diplomacy","value":-0}') as { value: number };
    expect(Object.is(king.value, 0)).toBe(true);
    const bid = parseAction('{"type":"bid","player":0,"amount":-0}') as { amount: number };
    expect(Object.is(bid.amount, 0)).toBe(true);
  });

  it('S1: an engine action of the player one past the last is refused (player = player count)', () => {
    const three = createGame({ players: 3, seed: 1, firstPlayer: 2 });
    const two = createGame({ players: 2, seed: 1, firstPlayer: 0 });
    const fromThree = legalActions(three)[0] as Action;
    expect(fromThree.player).toBe(2);
    expect(rejection(() => apply(two, fromThree)).message).toBe('there is no player 2 in a 2-player game');
  });
});

describe("apply's quick path for the engine's own actions (issue #15)", () => {
  /** A proxy that counts every trap it answers. */
  function counted<T extends object>(target: T): { proxy: T; traps: () => number } {
    let n = 0;
    const handler: ProxyHandler<T> = {};
    for (const trap of ['get', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'isExtensible'] as const) {
      (handler as Record<string, unknown>)[trap] = (...args: unknown[]) => {
        n++;
        return (Reflect[trap] as (...a: unknown[]) => unknown)(...args);
      };
    }
    return { proxy: new Proxy(target, handler), traps: () => n };
  }

  it('a legal action of the list is applied as it is, and equals a plain copy of it applied', () => {
    for (const s of [placeState(), bidState()]) {
      for (const a of legalActions(s)) expect(apply(s, a)).toEqual(apply(s, { ...a }));
    }
  });

  it('a proxy of a legal engine action is no engine action: it is read once through its descriptors, and applied as what it read', () => {
    const s = bidState();
    const bid1 = legalActions(s).find((a) => a.type === 'bid' && a.amount === 1) as Action;
    let gets = 0;
    // `get` says 2, the descriptor says 1: a quick path that trusted the proxy would bid 2.
    const proxy = new Proxy(bid1, {
      get: (t, k, r) => {
        gets++;
        return k === 'amount' ? 2 : Reflect.get(t, k, r);
      },
    });
    const next = apply(s, proxy);
    expect(next.highBid).toBe(1);
    expect(gets).toBe(0);
    const { proxy: place, traps } = counted(legalActions(placeState())[0] as Action);
    expect(apply(placeState(), place)).toEqual(apply(placeState(), legalActions(placeState())[0] as Action));
    expect(traps()).toBeGreaterThan(0);
  });

  it('an object inheriting from a legal engine action is not one: its own fields (none) count', () => {
    const s = placeState();
    const heir = Object.create(legalActions(s)[0] as Action) as Action;
    expect(rejection(() => apply(s, heir)).code).toBe('MALFORMED_ACTION');
  });

  it('an engine action of another player, or of a bid at or under the high bid, is refused with the reason', () => {
    let s = bidState();
    const first = legalActions(s)[0] as Action;
    s = apply(s, first); // a bid of 1: the next bidder may not bid 1
    expect(rejection(() => apply(s, first)).code).toBe('NOT_YOUR_TURN');
    const again = legalActions(bidState())[0] as Action;
    expect(again).toBe(first); // the shared object
    expect(rejection(() => apply(s, { ...first, player: s.toMove })).message).toMatch(/the high bid is 1/);
  });

  it('an action from the list of an earlier state is checked against the state given: a used area is refused', () => {
    let s = placeState();
    const favor = legalActions(s).find((a) => a.type === 'place' && a.area === 'favor') as Action;
    s = apply(s, favor);
    expect(rejection(() => apply(s, favor)).code).toBe('ILLEGAL_ACTION');
  });

  it('the engine actions are plain frozen data: only their fields are keys, JSON and structuredClone keep them, the prototype is Object.prototype', () => {
    const s = placeState();
    for (const a of legalActions(s)) {
      expect(Object.isFrozen(a)).toBe(true);
      expect(Object.getPrototypeOf(a)).toBe(Object.prototype);
      expect(Reflect.ownKeys(a)).toEqual(Object.keys(a));
      expect(apply(s, structuredClone(a))).toEqual(apply(s, a));
      expect(apply(s, JSON.parse(JSON.stringify(a)) as Action)).toEqual(apply(s, a));
    }
  });

  // The quick path decides on the engine's own objects alone: each test below gives it a shared,
  // frozen engine action that is illegal where it is applied, so a quick path that said yes to it
  // would be caught.
  it('A3: an engine bid at or under the high bid, or above the maximum of the game, is refused', () => {
    let s = bidState(); // player 0 opens
    const bid1 = legalActions(s).find((a) => a.type === 'bid' && a.amount === 1) as Action;
    s = apply(s, bid1);
    // Player 1's own bid of 1, the same shared object in every list, is no longer legal.
    const other = auctionScenario({ players: 4, firstPlayer: 1, hands: [[], ['gold-2-1'], [], []], favor: ['military-A'] }).state;
    const p1bid1 = legalActions(other).find((a) => a.type === 'bid' && a.amount === 1) as Action;
    expect(rejection(() => apply(s, p1bid1)).message).toMatch(/the high bid is 1/);
    // A 5-player game's bid of 100 by player 1 is out of range with 4 players (80 at most).
    const five = auctionScenario({ players: 5, firstPlayer: 1, hands: [[], [], [], [], []], favor: ['military-A'] }).state;
    const bid100 = legalActions(five).find((a) => a.type === 'bid' && a.amount === 100) as Action;
    expect(rejection(() => apply(s, bid100)).message).toMatch(/the highest bid with 4 players is 80/);
  });

  it('I3: an engine take of a card that is not in the middle is refused', () => {
    let s = placeState();
    s = apply(s, legalActions(s).find((a) => a.type === 'place' && a.area === 'middle') as Action);
    while (s.step === 'place') s = apply(s, legalActions(s).find((a) => a.type === 'place') as Action);
    expect(s.step).toBe('take');
    const taken = legalActions(s)[0] as Action & { card: string };
    const next = apply(s, taken);
    expect(next.step).toBe('take');
    expect(next.toMove).not.toBe(s.toMove);
    // The next taker's shared take action for the card just taken (from the list it had before).
    const foreign = legalActions({ ...s, toMove: next.toMove }).find((a) => a.type === 'take' && a.card === taken.card) as Action;
    expect(foreign).toBeDefined();
    expect(rejection(() => apply(next, foreign)).message).toMatch(/it is not in the middle/);
  });

  it('A5: an engine payment with a card not in hand, or not gold for a gold payment, is refused', () => {
    const t = auctionScenario({ players: 4, hands: [['gold-2-1', 'diplomacy-B'], [], [], []], favor: ['military-A', 'gold-3-1'] });
    let s = t.state;
    s = apply(s, legalActions(s).find((a) => a.type === 'bid' && a.amount === 1) as Action);
    while (s.step === 'bid') s = apply(s, legalActions(s).find((a) => a.type === 'pass') as Action);
    expect(s.step).toBe('pay');
    const pays = legalActions(s);
    expect(pays.every((a) => a.type === 'pay' && a.card === 'gold-2-1')).toBe(true);
    // diplomacy-B is in the payer's hand, but the lot is paid in gold: its shared pay action from a discard payment is refused.
    const discarding = auctionScenario({ players: 4, hands: [['diplomacy-B'], [], [], []], favor: ['military-A'] }).state;
    let d = apply(discarding, legalActions(discarding).find((a) => a.type === 'bid' && a.amount === 1) as Action);
    while (d.step === 'bid') d = apply(d, legalActions(d).find((a) => a.type === 'pass') as Action);
    const payDiplomacy = legalActions(d).find((a) => a.type === 'pay') as Action;
    expect(payDiplomacy).toMatchObject({ type: 'pay', card: 'diplomacy-B' });
    expect(rejection(() => apply(s, payDiplomacy)).message).toMatch(/only gold pays for this lot/);
  });

  it('K2: an engine King resolution to the value the office already has is refused', () => {
    // Every office starts at 3 in this scenario; a resolution list never offers 3, so take one from a game where the office is at 4.
    const s = kingState(3);
    const four = kingState(4);
    const setTo3 = legalActions(four).find((a) => a.type === 'king' && a.value === 3 && a.office === 'diplomacy') as Action;
    expect(setTo3).toBeDefined();
    expect(rejection(() => apply(s, setTo3)).message).toMatch(/it is already 3/);
  });

  it("an engine action of another player, legal for that player's turn, is refused on this one (bid, King, payment)", () => {
    let s = bidState();
    const p0bid2 = legalActions(s).find((a) => a.type === 'bid' && a.amount === 2) as Action;
    s = apply(s, legalActions(s).find((a) => a.type === 'bid' && a.amount === 1) as Action); // player 1 to move, high bid 1
    expect(rejection(() => apply(s, p0bid2)).code).toBe('NOT_YOUR_TURN');
    const p1king = legalActions(kingState(3, 1)).find((a) => a.type === 'king' && a.office === 'diplomacy' && a.value === 6) as Action;
    expect(rejection(() => apply(kingState(3, 0), p1king)).code).toBe('NOT_YOUR_TURN');
    const p1pay = legalActions(payState(1))[0] as Action;
    expect(p1pay).toMatchObject({ type: 'pay', player: 1, card: 'gold-2-1' });
    expect(rejection(() => apply(payState(0), p1pay)).code).toBe('NOT_YOUR_TURN');
  });
});

describe('the step decides the kind of an engine action', () => {
  it("A5: the payer's own engine take of a gold card in their hand is no payment", () => {
    const s = payState(0);
    const pay = legalActions(s).find((a) => a.type === 'pay') as Action & { card: string };
    expect(pay).toBeDefined();
    // The shared take action of the same player and card, as a take step would offer it.
    const take = legalActions({ ...s, step: 'take', middle: [cardIndex(pay.card)] }).find((a) => a.type === 'take') as Action;
    expect(take).toMatchObject({ type: 'take', player: 0, card: pay.card });
    const e = rejection(() => apply(s, take));
    expect(e.code).toBe('WRONG_STEP');
    expect(e.message).toBe('player 0 cannot take now: the game waits for them to pay for the lot');
  });
});

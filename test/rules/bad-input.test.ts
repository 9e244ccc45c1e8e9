import { describe, expect, it } from 'vitest';
import type { Action, GameOptions, GameState, RulesErrorCode } from '../../src/index.js';
import { apply, createGame, legalActions, step } from '../../src/index.js';
import { deepFreeze, rejection } from '../helpers/errors.js';
import { auctionScenario, scenario, type Table } from '../helpers/scenario.js';

/**
 * Expects `apply` and `step` to reject `action` on `state` with `code` and a message matching
 * `message`, leaving the (deep-frozen) state exactly as it was.
 */
function expectRejected(state: GameState, action: unknown, code: RulesErrorCode, message: RegExp): void {
  const before = structuredClone(state);
  deepFreeze(state);
  if (typeof action === 'object' && action !== null) deepFreeze(action);
  for (const run of [() => apply(state, action as Action), () => step(state, action as Action)]) {
    const e = rejection(run);
    expect(e.code, e.message).toBe(code);
    expect(e.message).toMatch(message);
  }
  expect(state).toEqual(before);
}

/** Expects `createGame(options)` to be rejected with INVALID_OPTIONS and a message matching `message`. */
function expectBadOptions(options: unknown, message: RegExp): void {
  const before = structuredClone(options);
  if (typeof options === 'object' && options !== null) deepFreeze(options);
  const e = rejection(() => createGame(options as GameOptions));
  expect(e.code).toBe('INVALID_OPTIONS');
  expect(e.message).toMatch(message);
  expect(options).toEqual(before);
}

describe('S1 and V: bad options to createGame', () => {
  it('S1: wrong player counts: 1, 6, 2.5, "4", missing, NaN, null', () => {
    expectBadOptions({ players: 1 }, /players must be 2, 3, 4 or 5 .*got 1$/);
    expectBadOptions({ players: 6 }, /got 6$/);
    expectBadOptions({ players: 2.5 }, /got 2\.5$/);
    expectBadOptions({ players: '4' }, /got "4"$/);
    expectBadOptions({}, /players must be .*got undefined$/);
    expectBadOptions({ players: Number.NaN }, /got NaN$/);
    expectBadOptions({ players: null }, /got null$/);
    expectBadOptions({ players: 4n }, /got 4n$/);
  });

  it('S1: options that are not an object', () => {
    for (const options of [undefined, null, 4, 'players: 4', [4]])
      expectBadOptions(options, /options must be an object such as \{ players: 4 \}/);
  });

  it('S1: unknown options are named', () => {
    expectBadOptions({ players: 4, seeds: 1 }, /unknown option "seeds": expected players, seed, firstPlayer or variants/);
    expectBadOptions(JSON.parse('{"players":4,"__proto__":{"seed":1}}'), /unknown option "__proto__"/);
  });

  it('V: unknown variants and variant values are named', () => {
    expectBadOptions(
      { players: 4, variants: { paymnet: 'by-lot' } },
      /unknown variant "paymnet": expected payment, secondaryTitle or middle/,
    );
    expectBadOptions(
      { players: 4, variants: { middle: 'advisor' } },
      /variants.middle must be "advisor-keeps-last" or "one-per-opponent", got "advisor"/,
    );
    expectBadOptions({ players: 4, variants: { payment: 'cash' } }, /variants.payment must be "gold-or-discard" or "by-lot", got "cash"/);
    expectBadOptions({ players: 4, variants: { secondaryTitle: 3 } }, /variants.secondaryTitle must be "half" or "tile", got 3/);
    expectBadOptions({ players: 4, variants: 'published' }, /variants must be an object/);
  });

  it('S4: firstPlayer out of range or not an integer', () => {
    expectBadOptions({ players: 4, firstPlayer: 4 }, /firstPlayer must be a player index from 0 to 3, got 4/);
    expectBadOptions({ players: 2, firstPlayer: -1 }, /from 0 to 1, got -1/);
    expectBadOptions({ players: 3, firstPlayer: 1.5 }, /got 1\.5/);
    expectBadOptions({ players: 3, firstPlayer: '0' }, /got "0"/);
  });

  it('S5: a seed that is neither a finite number nor a string', () => {
    expectBadOptions({ players: 3, seed: Number.NaN }, /seed must be a finite number or a string, got NaN/);
    expectBadOptions({ players: 3, seed: Number.POSITIVE_INFINITY }, /got Infinity/);
    expectBadOptions({ players: 3, seed: { value: 1 } }, /got \{"value":1\}/);
  });
});

/** Fresh situations at each step of the game (4 players unless noted; the retail middle, RULES V3). */
const at = {
  place: (): Table =>
    scenario({
      players: 4,
      variants: { middle: 'one-per-opponent' },
      deck: ['diplomacy-A', 'military-A', 'gold-1-1', 'gold-2-1', 'gold-3-1'],
    }),
  take: (): Table =>
    at.place().advisorPlaces('self').advisorPlaces('middle').advisorPlaces('middle').advisorPlaces('middle').advisorPlaces('favor'),
  king: (): Table => scenario({ players: 4, deck: ['king-1', 'diplomacy-A'] }).advisorPlaces('self'),
  bid: (): Table => auctionScenario({ players: 4, hands: [['gold-2-1', 'diplomacy-B'], [], [], []], favor: ['military-A', 'gold-3-1'] }),
  pay: (): Table => at.bid().bid(0, 2).pass(1).pass(2).pass(3),
};

describe('MALFORMED_ACTION: actions of the wrong shape', () => {
  it('MALFORMED_ACTION: not an object at all', () => {
    for (const action of [null, undefined, 0, 'pass', true, [], ['pass', 0]]) {
      expectRejected(at.place().state, action, 'MALFORMED_ACTION', /an action must be an object such as \{ type: "pass", player: 0 \}/);
    }
  });

  it('MALFORMED_ACTION: a type that cannot be printed as JSON (BigInt, a cycle) still gets a RulesError', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expectRejected(at.place().state, { type: 10n, player: 0 }, 'MALFORMED_ACTION', /unknown action type 10n/);
    expectRejected(at.place().state, { type: cyclic, player: 0 }, 'MALFORMED_ACTION', /unknown action type an object/);
  });

  it('MALFORMED_ACTION: a missing or unknown type', () => {
    expectRejected(at.place().state, {}, 'MALFORMED_ACTION', /unknown action type undefined: expected place, take, king, bid, pass or pay/);
    expectRejected(at.place().state, { type: 'jump', player: 0 }, 'MALFORMED_ACTION', /unknown action type "jump"/);
    expectRejected(at.place().state, { type: 5, player: 0 }, 'MALFORMED_ACTION', /unknown action type 5/);
    expectRejected(at.place().state, { type: 'PASS', player: 0 }, 'MALFORMED_ACTION', /unknown action type "PASS"/);
  });

  it('MALFORMED_ACTION: a missing, non-integer or out-of-range player', () => {
    expectRejected(at.bid().state, { type: 'pass' }, 'MALFORMED_ACTION', /a pass action needs an integer "player"/);
    expectRejected(at.bid().state, { type: 'pass', player: '0' }, 'MALFORMED_ACTION', /integer "player"/);
    expectRejected(at.bid().state, { type: 'pass', player: 0.5 }, 'MALFORMED_ACTION', /integer "player"/);
    expectRejected(at.bid().state, { type: 'pass', player: 4 }, 'MALFORMED_ACTION', /there is no player 4 in a 4-player game/);
    expectRejected(at.bid().state, { type: 'pass', player: -1 }, 'MALFORMED_ACTION', /there is no player -1/);
  });

  it('MALFORMED_ACTION: missing or wrongly typed fields of each action type', () => {
    expectRejected(
      at.place().state,
      { type: 'place', player: 0 },
      'MALFORMED_ACTION',
      /a place action needs "area": "self", "middle" or "favor"/,
    );
    expectRejected(at.place().state, { type: 'place', player: 0, area: 'hand' }, 'MALFORMED_ACTION', /"area"/);
    expectRejected(at.take().state, { type: 'take', player: 1 }, 'MALFORMED_ACTION', /a take action needs a card id in "card"/);
    expectRejected(at.take().state, { type: 'take', player: 1, card: 3 }, 'MALFORMED_ACTION', /card id/);
    expectRejected(
      at.king().state,
      { type: 'king', player: 0, office: 'navy', value: 4 },
      'MALFORMED_ACTION',
      /"office": one of diplomacy, military/,
    );
    expectRejected(
      at.king().state,
      { type: 'king', player: 0, office: 'military', value: '4' },
      'MALFORMED_ACTION',
      /integer "value" from 1 to 6/,
    );
    expectRejected(at.king().state, { type: 'king', player: 0, office: 'military' }, 'MALFORMED_ACTION', /"value"/);
    expectRejected(at.pay().state, { type: 'pay', player: 0, card: null }, 'MALFORMED_ACTION', /a pay action needs a card id/);
  });

  it('MALFORMED_ACTION: a bid amount that is not an integer', () => {
    for (const amount of [2.5, '3', Number.NaN, Number.POSITIVE_INFINITY, null, undefined]) {
      expectRejected(at.bid().state, { type: 'bid', player: 0, amount }, 'MALFORMED_ACTION', /a bid action needs an integer "amount"/);
    }
  });

  it('MALFORMED_ACTION: extra fields, including a __proto__ key from JSON.parse and inherited fields', () => {
    expectRejected(
      at.bid().state,
      { type: 'pass', player: 0, amount: 1 },
      'MALFORMED_ACTION',
      /a pass action has exactly the fields type, player$/,
    );
    expectRejected(
      at.bid().state,
      { type: 'bid', player: 0, amount: 1, note: 'hi' },
      'MALFORMED_ACTION',
      /exactly the fields type, player, amount/,
    );
    const polluted = JSON.parse('{"type":"pass","player":0,"__proto__":{"amount":1}}');
    expectRejected(at.bid().state, polluted, 'MALFORMED_ACTION', /exactly the fields type, player/);
    // Inherited fields do not count: the type is missing, and the message says why.
    const inherited = Object.assign(Object.create({ type: 'pass' }), { player: 0 });
    expectRejected(at.bid().state, inherited, 'MALFORMED_ACTION', /unknown action type undefined.*only the action's own fields count/);
    // Sanity: the same action without the extra field is accepted.
    expect(apply(at.bid().state, JSON.parse('{"type":"pass","player":0}')).toMove).toBe(1);
  });
});

describe('NOT_YOUR_TURN, WRONG_STEP, GAME_OVER', () => {
  it('NOT_YOUR_TURN: an action from a player who is not to move, at every step', () => {
    expectRejected(
      at.place().state,
      { type: 'place', player: 1, area: 'self' },
      'NOT_YOUR_TURN',
      /player 1 cannot act: it is player 0's turn to place the drawn card/,
    );
    expectRejected(
      at.take().state,
      { type: 'take', player: 2, card: 'military-A' },
      'NOT_YOUR_TURN',
      /it is player 1's turn to take a middle card/,
    );
    expectRejected(
      at.king().state,
      { type: 'king', player: 3, office: 'military', value: 6 },
      'NOT_YOUR_TURN',
      /player 0's turn to resolve a King/,
    );
    expectRejected(at.bid().state, { type: 'bid', player: 2, amount: 1 }, 'NOT_YOUR_TURN', /player 0's turn to bid or pass/);
    expectRejected(at.pay().state, { type: 'pay', player: 1, card: 'gold-2-1' }, 'NOT_YOUR_TURN', /player 0's turn to pay for the lot/);
  });

  it('WRONG_STEP: an action of the wrong type for the decision the game waits for', () => {
    expectRejected(
      at.place().state,
      { type: 'bid', player: 0, amount: 1 },
      'WRONG_STEP',
      /player 0 cannot bid now: the game waits for them to place the drawn card/,
    );
    expectRejected(at.take().state, { type: 'place', player: 1, area: 'middle' }, 'WRONG_STEP', /cannot place now/);
    expectRejected(at.king().state, { type: 'place', player: 0, area: 'middle' }, 'WRONG_STEP', /waits for them to resolve a King/);
    expectRejected(at.bid().state, { type: 'pay', player: 0, card: 'gold-2-1' }, 'WRONG_STEP', /cannot pay now: .*bid or pass/);
    expectRejected(at.pay().state, { type: 'pass', player: 0 }, 'WRONG_STEP', /cannot pass now: .*pay for the lot/);
  });

  it('GAME_OVER: no action applies once the game has ended', () => {
    const over = auctionScenario({ players: 2, hands: [[], []], favor: ['gold-1-1'] })
      .pass(0)
      .pass(1);
    expect(legalActions(over.state)).toEqual([]);
    expectRejected(over.state, { type: 'pass', player: 0 }, 'GAME_OVER', /the game is over/);
  });
});

describe('UNKNOWN_CARD and ILLEGAL_ACTION', () => {
  it('UNKNOWN_CARD: card ids that are not in the catalogue', () => {
    expectRejected(at.take().state, { type: 'take', player: 1, card: 'diplomacy-Z' }, 'UNKNOWN_CARD', /there is no card "diplomacy-Z"/);
    expectRejected(at.take().state, { type: 'take', player: 1, card: '' }, 'UNKNOWN_CARD', /there is no card ""/);
    expectRejected(at.pay().state, { type: 'pay', player: 0, card: 'gold-4-1' }, 'UNKNOWN_CARD', /"gold-4-1"/);
    expectRejected(at.pay().state, { type: 'pay', player: 0, card: 'GOLD-2-1' }, 'UNKNOWN_CARD', /"GOLD-2-1"/);
  });

  it('ILLEGAL_ACTION: real cards in the wrong place', () => {
    expectRejected(
      at.take().state,
      { type: 'take', player: 1, card: 'diplomacy-A' },
      'ILLEGAL_ACTION',
      /player 1 cannot take diplomacy-A: it is not in the middle/,
    );
    expectRejected(at.take().state, { type: 'take', player: 1, card: 'livestock-A' }, 'ILLEGAL_ACTION', /not in the middle/);
    expectRejected(
      at.pay().state,
      { type: 'pay', player: 0, card: 'gold-3-1' },
      'ILLEGAL_ACTION',
      /player 0 cannot pay with gold-3-1: it is not in their hand/,
    );
    expectRejected(at.pay().state, { type: 'pay', player: 0, card: 'diplomacy-B' }, 'ILLEGAL_ACTION', /only gold pays for this lot/);
  });

  it('ILLEGAL_ACTION: bids out of range (A3)', () => {
    expectRejected(at.bid().state, { type: 'bid', player: 0, amount: 0 }, 'ILLEGAL_ACTION', /player 0 cannot bid 0: a bid is at least 1/);
    expectRejected(at.bid().state, { type: 'bid', player: 0, amount: -3 }, 'ILLEGAL_ACTION', /a bid is at least 1/);
    expectRejected(
      at.bid().state,
      { type: 'bid', player: 0, amount: 81 },
      'ILLEGAL_ACTION',
      /player 0 cannot bid 81: the highest bid with 4 players is 80/,
    );
    expectRejected(at.bid().state, { type: 'bid', player: 0, amount: 1e9 }, 'ILLEGAL_ACTION', /the highest bid with 4 players is 80/);
    const raised = at.bid().bid(0, 7);
    expectRejected(raised.state, { type: 'bid', player: 1, amount: 7 }, 'ILLEGAL_ACTION', /player 1 cannot bid 7: the high bid is 7/);
  });

  it('ILLEGAL_ACTION: King resolutions out of range (K2)', () => {
    expectRejected(at.king().state, { type: 'king', player: 0, office: 'military', value: 3 }, 'ILLEGAL_ACTION', /already 3/);
    expectRejected(at.king().state, { type: 'king', player: 0, office: 'military', value: 7 }, 'ILLEGAL_ACTION', /a title value is 1 to 6/);
    expectRejected(
      at.king().state,
      { type: 'king', player: 0, office: 'livestock', value: 2 },
      'ILLEGAL_ACTION',
      /livestock is not in play with 4 players/,
    );
  });

  it('ILLEGAL_ACTION: a full area (I2)', () => {
    const t = at.place().advisorPlaces('favor');
    expectRejected(
      t.state,
      { type: 'place', player: 0, area: 'favor' },
      'ILLEGAL_ACTION',
      /player 0 cannot place in favor: this turn's favor slot is already used/,
    );
  });
});

describe('the input is never changed', () => {
  it('a deep-frozen state advances through legal actions without being changed', () => {
    let state = createGame({ players: 3, seed: 'frozen' });
    for (let i = 0; i < 150 && legalActions(state).length > 0; i++) {
      deepFreeze(state);
      const before = structuredClone(state);
      const actions = legalActions(state);
      const next = apply(state, actions[i % actions.length] as Action);
      expect(state).toEqual(before);
      state = next;
    }
  });
});

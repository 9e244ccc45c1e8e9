/**
 * Stable integer ids for actions: one number per action of the whole game, for bots that learn
 * (a policy's output is an index) and for the in-place simulator.
 * @module
 */
import { CARDS, cardIndex, OFFICES } from '../data/cards.js';
import { RulesError } from '../state/errors.js';
import { readAction } from '../state/shape.js';
import { showValue } from '../state/show.js';
import type { Action, PlayerCount } from '../state/types.js';
import { bidAction, kingAction, passAction, payAction, placeAction, takeAction } from './actions.js';

/** The most players a game can have (RULES S1). */
const MAX_PLAYERS = 5;
/** The highest bid of any game (RULES A3: the 5-player deck of 108 cards). */
const TOP_BID = 108;
const CARD_COUNT = CARDS.length;

/** @internal First id of each kind inside one player's block. */
export const PLACE_BASE = 0; // + area index (self 0, middle 1, favor 2)
/** @internal */
export const TAKE_BASE = 3; // + card catalogue index
/** @internal */
export const KING_BASE = TAKE_BASE + CARD_COUNT; // + office index × 6 + value − 1
/** @internal */
export const BID_BASE = KING_BASE + OFFICES.length * 6 - 1; // + amount (1–108)
/** @internal */
export const PASS_ID = BID_BASE + TOP_BID + 1;
/** @internal */
export const PAY_BASE = PASS_ID + 1; // + card catalogue index

/**
 * How many ids one player's actions take: 364. Player `p`'s actions have the ids
 * `p × ACTION_IDS_PER_PLAYER` to `(p + 1) × ACTION_IDS_PER_PLAYER − 1`, and
 * `id % ACTION_IDS_PER_PLAYER` is the same for the same action of any player (a player-free
 * action index for a policy that always plays the player to move).
 *
 * | `id % 364` | action |
 * |---|---|
 * | 0–2 | `place` in `self`, `middle`, `favor` |
 * | 3–110 | `take` of card `CARDS[id − 3]` |
 * | 111–146 | `king`: office `OFFICES[⌊(id − 111) / 6⌋]`, value `(id − 111) % 6 + 1` |
 * | 147–254 | `bid` of `id − 146` (1 to 108) |
 * | 255 | `pass` |
 * | 256–363 | `pay` with card `CARDS[id − 256]` |
 *
 * @example
 * ```ts
 * actionId({ type: 'pass', player: 2 }); // 2 * 364 + 255 = 983
 * ```
 * @category Game
 */
export const ACTION_IDS_PER_PLAYER: number = PAY_BASE + CARD_COUNT;

function playerCount(players: unknown): PlayerCount {
  if (players !== 2 && players !== 3 && players !== 4 && players !== 5) {
    throw new RulesError('INVALID_OPTIONS', `players must be 2, 3, 4 or 5 (RULES S1), got ${showValue(players)}`);
  }
  return players;
}

/**
 * The size of the id space of a game with `players` players: `players × ACTION_IDS_PER_PLAYER`
 * (728, 1,092, 1,456 or 1,820). Every action of such a game has an id from 0 to this number
 * minus one, whatever its legality; an action that can never be legal with this player count
 * (a bid above the deck's size, `livestock` under 5 players, a card the count leaves out) keeps
 * its id, it simply never appears among the legal ones.
 *
 * @throws {@link RulesError} `INVALID_OPTIONS` for a player count other than 2–5.
 * @example
 * ```ts
 * const mask = new Uint8Array(actionIdCount(4)); // 1,456 entries
 * for (const a of legalActions(state)) mask[actionId(a)] = 1;
 * ```
 * @category Game
 */
export function actionIdCount(players: PlayerCount): number {
  return playerCount(players) * ACTION_IDS_PER_PLAYER;
}

/** @internal The id of a well-formed action (shape already checked; card ids and ranges still checked). */
export function idOfAction(a: Action): number {
  const base = a.player * ACTION_IDS_PER_PLAYER;
  switch (a.type) {
    case 'place':
      return base + PLACE_BASE + (a.area === 'self' ? 0 : a.area === 'middle' ? 1 : 2);
    case 'take':
      return base + TAKE_BASE + knownCard(a.card);
    case 'pay':
      return base + PAY_BASE + knownCard(a.card);
    case 'king':
      if (a.value < 1 || a.value > 6) throw new RulesError('ILLEGAL_ACTION', `a King sets a title to 1–6, not ${a.value}: no action id`);
      return base + KING_BASE + OFFICES.indexOf(a.office) * 6 + a.value - 1;
    case 'bid':
      if (a.amount < 1 || a.amount > TOP_BID)
        throw new RulesError('ILLEGAL_ACTION', `a bid is 1 to ${TOP_BID} in any game, not ${a.amount}: no action id`);
      return base + BID_BASE + a.amount;
    case 'pass':
      return base + PASS_ID;
  }
}

function knownCard(id: string): number {
  const c = cardIndex(id);
  if (c < 0) throw new RulesError('UNKNOWN_CARD', `there is no card "${id}"`);
  return c;
}

/**
 * The stable integer id of an action (see {@link ACTION_IDS_PER_PLAYER} for the layout). Two
 * actions have the same id if and only if they are equal by value; the id does not depend on
 * the game, its player count or its variants, and {@link actionFromId} turns it back.
 *
 * @param players - the game's player count, to check that the action's player is in the game;
 * without it any player 0–4 is accepted.
 * @throws {@link RulesError} `MALFORMED_ACTION` for something that is not an action (or whose
 * player is not in the game), `UNKNOWN_CARD` for a card id not in the catalogue,
 * `ILLEGAL_ACTION` for a bid outside 1–108 or a King value outside 1–6 (no game accepts those).
 * @example
 * ```ts
 * actionId({ type: 'place', player: 0, area: 'favor' });  // 2
 * actionId({ type: 'bid', player: 1, amount: 4 });       // 364 + 150 = 514
 * actionFromId(514, 4);                                  // { type: 'bid', player: 1, amount: 4 }
 * ```
 * @category Game
 */
export function actionId(action: Action, players?: PlayerCount): number {
  const n = players === undefined ? MAX_PLAYERS : playerCount(players);
  return idOfAction(readAction(action, n));
}

/**
 * The action with this id in a game of `players` players: the inverse of {@link actionId}. The
 * result is a shared, frozen object (the very one `legalActions` lists), so pass it to `apply`
 * as it is, but copy it before changing it.
 *
 * @throws {@link RulesError} `MALFORMED_ACTION` for an id that is not an integer from 0 to
 * `actionIdCount(players) − 1`; `INVALID_OPTIONS` for a player count other than 2–5.
 * @example
 * ```ts
 * const id = policy(observation);            // a number below actionIdCount(4)
 * state = apply(state, actionFromId(id, 4)); // throws ILLEGAL_ACTION etc. if it is not legal now
 * ```
 * @category Game
 */
export function actionFromId(id: number, players: PlayerCount): Action {
  const n = playerCount(players);
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id >= n * ACTION_IDS_PER_PLAYER) {
    throw new RulesError(
      'MALFORMED_ACTION',
      `there is no action id ${showValue(id)} with ${n} players: ids are 0 to ${n * ACTION_IDS_PER_PLAYER - 1}`,
    );
  }
  return actionOfId(id);
}

/** @internal The action of an id known to be in range (0 to 5 × ACTION_IDS_PER_PLAYER − 1). */
export function actionOfId(id: number): Action {
  const p = (id / ACTION_IDS_PER_PLAYER) | 0;
  const k = id - p * ACTION_IDS_PER_PLAYER;
  if (k < TAKE_BASE) return placeAction(p, k - PLACE_BASE);
  if (k < KING_BASE) return takeAction(p, k - TAKE_BASE);
  if (k < BID_BASE + 1) {
    const j = k - KING_BASE;
    const o = (j / 6) | 0;
    return kingAction(p, o, j - o * 6 + 1);
  }
  if (k < PASS_ID) return bidAction(p, k - BID_BASE);
  if (k === PASS_ID) return passAction(p);
  return payAction(p, k - PAY_BASE);
}

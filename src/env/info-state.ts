/**
 * The information state: a seat's whole history of what it saw, as a sequence of integer tokens
 * (perfect recall). Its definition is here, built from the library's per-seat events
 * (`eventsFor`), so it holds only what the seat was shown; the environment records the same
 * tokens faster from the simulator (`history.ts`), and a test checks that the two agree.
 * @module
 */
import type { Action, GameEvent, GameOptions, GameState, PlayerCount, Variants } from '../index.js';
import {
  ACTION_IDS_PER_PLAYER,
  actionId,
  CARDS,
  createGameWithEvents,
  deckSize,
  eventsFor,
  maxGameLength,
  RulesError,
  step,
} from '../index.js';

const CARD_COUNT = CARDS.length; // 108

/**
 * Where each kind of token starts. A token is an integer from 0 to `INFO_TOKENS.count − 1`:
 *
 * - `pad` (0): padding after the end of a history.
 * - `action + r × 364 + i`: the seat `r` places to your left (0 is you) played action index `i`.
 * - `drawn + c`: you drew card `c` (a catalogue index, see `CARDS`) as Advisor.
 * - `middle + c`: the Advisor placed card `c` in the middle (face up).
 * - `king + c`: King card `c` was gained (it must now be resolved).
 * - `lot + c`: card `c` was revealed as the next lot.
 * - `forfeit + c`: card `c` was drawn from a defaulting winner's hand and discarded (RULES A7);
 *   `forfeitNone` when that hand was empty.
 * - `players + (N − 2)`, `first + r`, `variants + v`: the opening of every history: the player
 *   count, the first player (relative seat `r`) and the rule variants (`v`: 1 for payment
 *   `'by-lot'`, + 2 for secondary title `'tile'`, + 4 for middle `'one-per-opponent'`).
 * - `resumed`: the history starts at a loaded state (`env.load`): what came before is unknown.
 *
 * @example
 * ```ts
 * const t = env.infoState(seat).at(-1)!;
 * if (t >= INFO_TOKENS.lot && t < INFO_TOKENS.forfeit) console.log('the lot is', CARDS[t - INFO_TOKENS.lot]!.id);
 * ```
 */
export const INFO_TOKENS = Object.freeze({
  pad: 0,
  action: 1,
  drawn: 1 + 5 * ACTION_IDS_PER_PLAYER,
  middle: 1 + 5 * ACTION_IDS_PER_PLAYER + CARD_COUNT,
  king: 1 + 5 * ACTION_IDS_PER_PLAYER + 2 * CARD_COUNT,
  lot: 1 + 5 * ACTION_IDS_PER_PLAYER + 3 * CARD_COUNT,
  forfeit: 1 + 5 * ACTION_IDS_PER_PLAYER + 4 * CARD_COUNT,
  forfeitNone: 1 + 5 * ACTION_IDS_PER_PLAYER + 5 * CARD_COUNT,
  players: 2 + 5 * ACTION_IDS_PER_PLAYER + 5 * CARD_COUNT,
  first: 6 + 5 * ACTION_IDS_PER_PLAYER + 5 * CARD_COUNT,
  variants: 11 + 5 * ACTION_IDS_PER_PLAYER + 5 * CARD_COUNT,
  resumed: 19 + 5 * ACTION_IDS_PER_PLAYER + 5 * CARD_COUNT,
  count: 20 + 5 * ACTION_IDS_PER_PLAYER + 5 * CARD_COUNT,
});

/** @internal The variants code of the `variants` token. */
export function variantsCode(v: Variants): number {
  return (v.payment === 'by-lot' ? 1 : 0) + (v.secondaryTitle === 'tile' ? 2 : 0) + (v.middle === 'one-per-opponent' ? 4 : 0);
}

/** @internal The token of action index `index` played by `actor`, seen by `seat`. */
export function actionToken(actor: number, seat: number, players: number, index: number): number {
  return INFO_TOKENS.action + ((actor - seat + players) % players) * ACTION_IDS_PER_PLAYER + index;
}

/** @internal Pushes the opening tokens of `seat`'s history of the game `s` (a new or a loaded game). */
export function openingTokens(s: GameState, seat: number, resumed: boolean, push: (token: number) => void): void {
  const n = s.players;
  push(INFO_TOKENS.players + n - 2);
  push(INFO_TOKENS.first + ((s.firstPlayer - seat + n) % n));
  push(INFO_TOKENS.variants + variantsCode(s.variants));
  if (resumed) push(INFO_TOKENS.resumed);
}

const INDEX_OF_ID: ReadonlyMap<string, number> = new Map(CARDS.map((c, i) => [c.id, i]));
const index = (id: string): number => INDEX_OF_ID.get(id) as number;

/** @internal Pushes the tokens of the events a seat was shown (from `eventsFor`) that reveal a card. */
export function eventTokens(events: readonly GameEvent[], push: (token: number) => void): void {
  for (const e of events) {
    if (e.type === 'drawn' && e.card !== null) push(INFO_TOKENS.drawn + index(e.card));
    else if (e.type === 'placed' && e.area === 'middle' && e.card !== null) push(INFO_TOKENS.middle + index(e.card));
    else if (e.type === 'king-gained') push(INFO_TOKENS.king + index(e.card));
    else if (e.type === 'lot') push(INFO_TOKENS.lot + index(e.card));
    else if (e.type === 'forfeit') push(e.card === null ? INFO_TOKENS.forfeitNone : INFO_TOKENS.forfeit + index(e.card));
  }
}

/**
 * The longest information state a game of `players` players can have, under any rules: the
 * opening, one token per action (at most `maxGameLength`) and at most four card reveals per card
 * of the deck. A buffer this long never cuts a history short.
 *
 * @example
 * ```ts
 * maxInfoStateLength(4); // 5 790
 * ```
 */
export function maxInfoStateLength(players: PlayerCount): number {
  const actions = Math.max(
    maxGameLength({ players, variants: { middle: 'advisor-keeps-last' } }),
    maxGameLength({ players, variants: { middle: 'one-per-opponent' } }),
  );
  return 4 + actions + 4 * deckSize(players);
}

/**
 * The information state of `seat` after the game of `options` was played with `actions`: the
 * definition of the tokens the environment records (see {@link INFO_TOKENS}), built with the pure
 * API (`step`) and the events the seat was shown (`eventsFor`). Use it to turn a game record into
 * training data; it is slower than the environment's own `infoState`.
 *
 * @throws `RulesError` when an action is not legal, or `MALFORMED_ACTION` for a bad seat.
 * @example
 * ```ts
 * const tokens = infoStateOfGame({ players: 4, seed: 1 }, record.actions, 2);
 * ```
 */
export function infoStateOfGame(options: GameOptions, actions: readonly Action[], seat: number): Int16Array {
  const opened = createGameWithEvents(options);
  let state = opened.state;
  const n = state.players;
  if (!Number.isInteger(seat) || seat < 0 || seat >= n) {
    throw new RulesError('MALFORMED_ACTION', `a seat is a whole number from 0 to ${n - 1}, got ${String(seat)}`);
  }
  const tokens: number[] = [];
  const push = (t: number): void => {
    tokens.push(t);
  };
  openingTokens(state, seat, false, push);
  eventTokens(eventsFor(opened.events, seat), push);
  for (const action of actions) {
    const actor = state.toMove;
    const next = step(state, action);
    push(actionToken(actor, seat, n, actionId(action, n) % ACTION_IDS_PER_PLAYER));
    eventTokens(eventsFor(next.events, seat), push);
    state = next.state;
  }
  return Int16Array.from(tokens);
}

/**
 * The global state: **privileged**. A seat's observation followed by what nobody at the table may
 * see: every hand, the Advisor's drawn card, the favor pile by who placed each card, the deck and
 * the cards removed at setup. For centralised critics (a value function that trains beside the
 * policy, as in MAPPO) and for analysis; never give it to an actor, which must act from its
 * observation or its information state only.
 * @module
 */
import type { GameState, PlayerCount } from '../index.js';
import { RulesError } from '../index.js';
import { addSlot, SLOT } from './cards.js';
import { offsetsFor } from './encode.js';
import { encodeSeat } from './encode-state.js';
import type { FeatureGroup, Spec } from './layout.js';
import { cardBlockSize, layouts, OBSERVATION_SIZE } from './layout.js';

function specs(n: PlayerCount): Spec[] {
  const b = cardBlockSize(n);
  return [
    ['observation', OBSERVATION_SIZE[n], 'the seat’s own observation, exactly as `observe` gives it'],
    ['all-hands', n * b, 'every player’s hand, by seat relative to you (index 0 is you), one card block each'],
    ['advisor-drawn', b, 'the card the Advisor holds drawn, whoever the Advisor is (a card block with one card, else zeros)'],
    ['favor-by', n * b, 'the favor pile’s cards by the relative seat of the player who placed them, one card block each'],
    ['deck', b, 'the cards left in the deck (a set: the order stays hidden)'],
    ['removed', b, 'the cards removed at random at setup (RULES S2)'],
  ];
}

const GLOBAL = layouts(specs);

/**
 * The global state's groups for a player count, in order, with their offsets (see
 * {@link encodeGlobalState}).
 *
 * @example
 * ```ts
 * globalStateLayout(4).map((g) => g.name); // ['observation', 'all-hands', 'advisor-drawn', 'favor-by', 'deck', 'removed']
 * ```
 */
export function globalStateLayout(players: PlayerCount): readonly FeatureGroup[] {
  return GLOBAL.of(players);
}

/**
 * The length of a global state by player count: 1 041 numbers with 4 players.
 *
 * @example
 * ```ts
 * new Float32Array(GLOBAL_STATE_SIZE[4]);
 * ```
 */
export const GLOBAL_STATE_SIZE: Readonly<Record<PlayerCount, number>> = GLOBAL.sizes;

function addAll(out: Float32Array, base: number, g: number, cards: readonly number[]): void {
  for (let i = 0; i < cards.length; i++) addSlot(out, base, g, SLOT[cards[i] as number] as number);
}

/** @internal Writes seat `me`'s global state of `s` at `offset` (the seat is trusted). */
export function writeGlobalState(s: GameState, me: number, out: Float32Array, offset: number): void {
  const n = s.players;
  const k = offsetsFor(n);
  const b = k.block;
  const g = k.govCells;
  out.fill(0, offset, offset + GLOBAL_STATE_SIZE[n]);
  encodeSeat(s, me, out, offset);
  const hands = offset + k.size;
  const drawn = hands + n * b;
  const favorBy = drawn + b;
  const deck = favorBy + n * b;
  const removed = deck + b;
  for (let p = 0; p < n; p++) addAll(out, hands + ((p - me + n) % n) * b, g, s.hands[p] as readonly number[]);
  if (s.drawn >= 0) addSlot(out, drawn, g, SLOT[s.drawn] as number);
  for (let i = 0; i < s.favor.length; i++) {
    const by = s.favorBy[i] as number;
    addSlot(out, favorBy + ((by - me + n) % n) * b, g, SLOT[s.favor[i] as number] as number);
  }
  for (let i = s.deckTop; i < s.deck.length; i++) addSlot(out, deck, g, SLOT[s.deck[i] as number] as number);
  addAll(out, removed, g, s.removed);
}

/**
 * **Privileged**: seat `seat`'s global state of `state` — its observation, then every hidden card
 * (see {@link globalStateLayout}). For a centralised critic or for analysis; an actor given this
 * would see its opponents' hands.
 *
 * @param out - where to write (from `offset`); a new `Float32Array(GLOBAL_STATE_SIZE[players])` when omitted.
 * @throws `RulesError` `INVALID_VIEWER` when `seat` is not a seat of the game.
 * @example
 * ```ts
 * const critic = encodeGlobalState(env.state, seat); // training only
 * ```
 */
export function encodeGlobalState(state: GameState, seat: number, out?: Float32Array, offset = 0): Float32Array {
  const n = state.players;
  if (!Number.isInteger(seat) || seat < 0 || seat >= n) {
    throw new RulesError('INVALID_VIEWER', `a seat is a whole number from 0 to ${n - 1}, got ${String(seat)}`);
  }
  const target = out ?? new Float32Array(GLOBAL_STATE_SIZE[n]);
  if (target.length < offset + GLOBAL_STATE_SIZE[n])
    throw new RangeError(`the output needs ${GLOBAL_STATE_SIZE[n]} numbers from offset ${offset}`);
  writeGlobalState(state, seat, target, offset);
  return target;
}

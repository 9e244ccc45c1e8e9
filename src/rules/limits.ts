/**
 * A computed upper bound on the length of a game, derived from the rules.
 * @module
 */
import { deckSize, KIND, KING, usedCards } from '../data/cards.js';
import type { GameOptions } from '../state/types.js';
import { normalizeOptions } from './setup.js';

/**
 * The most actions a game with these options can take, whatever the players do: every game
 * played through {@link apply} ends (RULES A8) after at most this many actions. Useful to size
 * buffers, cap a bot's playout, or detect a runaway loop. The bound does not depend on the
 * seed, the first player or the variants (RULES V), only on the player count.
 *
 * Derivation, with `N` players, `D` the deck's size after setup (RULES S2: 60 / 72 / 80 / 108),
 * `K` the King cards in play for `N` (RULES C3: 10, or 15 with 5 players) and `B = D` the
 * highest bid (RULES A3):
 *
 * - **Turns.** An Advisor draws until all three areas are full (`N + 1` cards) or the deck is
 *   empty (RULES I2), and `D` is a multiple of `N + 1`, so there are exactly `T = D / (N + 1)`
 *   turns.
 * - **Phase 1.** Every card is drawn once and placed once: `D` place actions. Each turn puts at
 *   most `N − 1` cards in the middle and each is taken once (RULES I3): at most `(N − 1) · T`
 *   take actions. Each King is resolved at most once and then leaves play (RULES K1): at most
 *   `K` king actions over the whole game, phase 2 included.
 * - **Phase 2.** Each turn puts exactly one card on the favor pile, so there are `T` lots
 *   (RULES A2). On one lot, a bidding round has at most `B` bids (each is higher than the last,
 *   from 1 to `B`) and at most `N` passes (a pass puts a player out of the round). A round ends
 *   with a win, which is paid or forfeited, or with the lot discarded (RULES A4). A forfeit shuts
 *   the defaulting winner out of the lot (RULES A7), so a lot has at most `N` rounds, and in the
 *   last of them one player is left, whose single bid wins and whose pass discards the lot: one
 *   action. A payment happens at most once per lot and takes at most `B` actions, since each card
 *   paid counts at least 1 towards the bid (RULES A5, V1).
 *
 * Total: `D + (N − 1) · T + K + T · ((N − 1) · (B + N) + 1 + B)`.
 *
 * @param options - the game's options, as given to {@link createGame}; only `players` matters.
 * @returns the bound, a positive integer (for example 10 293 with 5 players).
 * @throws {@link RulesError} `INVALID_OPTIONS` for options `createGame` would reject.
 * @example
 * ```ts
 * const limit = maxGameLength({ players: 4 });
 * let state = createGame({ players: 4, seed: 1 });
 * for (let n = 0; !isGameOver(state); n++) {
 *   if (n > limit) throw new Error('runaway game');
 *   state = apply(state, legalActions(state)[0]!);
 * }
 * ```
 */
export function maxGameLength(options: GameOptions): number {
  const n = normalizeOptions(options).players;
  const deck = deckSize(n);
  const maxBid = deck;
  const turns = deck / (n + 1);
  const kings = usedCards(n).filter((c) => KIND[c] === KING).length;
  const phase1 = deck + (n - 1) * turns;
  const perLot = (n - 1) * (maxBid + n) + 1 + maxBid;
  return phase1 + kings + turns * perLot;
}

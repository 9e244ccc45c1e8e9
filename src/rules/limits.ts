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
 * seed, the first player, or the payment and secondary-title variants (RULES V1, V2), only on
 * the player count and the middle variant (V3).
 *
 * Derivation, with `N` players, `D` the deck's size after setup (RULES S2: 60 / 72 / 80 / 108),
 * `K` the King cards in play for `N` (RULES C3: 10, or 15 with 5 players), `B = D` the highest
 * bid (RULES A3), and `M` the middle's capacity per turn (RULES I2, V3: `N` under
 * `'advisor-keeps-last'`, `N − 1` under `'one-per-opponent'`):
 *
 * - **Turns.** An Advisor draws until all three areas are full (`S = M + 2` cards: self, the
 *   middle, favor) or the deck is empty (RULES I2), so there are `T = ⌈D / S⌉` turns (exactly
 *   `D / (N + 1)` under `'one-per-opponent'`, where `D` is a multiple of `N + 1`).
 * - **Phase 1.** Every card is drawn once and placed once: `D` place actions. Each turn puts at
 *   most `M` cards in the middle and each is taken once (RULES I3, V3): at most `M · T` take
 *   actions. Each King is resolved at most once and then leaves play (RULES K1): at most `K`
 *   king actions over the whole game, phase 2 included.
 * - **Phase 2.** Each turn puts at most one card on the favor pile, so there are at most `T`
 *   lots (RULES A2). On one lot, a bidding round has at most `B` bids (each is higher than the
 *   last, from 1 to `B`) and at most `N` passes (a pass puts a player out of the round). A round
 *   ends with a win, which is paid or forfeited, or with the lot discarded (RULES A4). A forfeit
 *   shuts the defaulting winner out of the lot (RULES A7), so a lot has at most `N` rounds, and
 *   in the last of them one player is left, whose single bid wins and whose pass discards the
 *   lot: one action. A payment happens at most once per lot and takes at most `B` actions, since
 *   each card paid counts at least 1 towards the bid (RULES A5, V1).
 *
 * Total: `D + M · T + K + T · ((N − 1) · (B + N) + 1 + B)`.
 *
 * @param options - the game's options, as given to {@link createGame}; only `players` and
 * `variants.middle` matter.
 * @returns the bound, a positive integer (for example 9 179 with 5 players under the default
 * rules, 10 293 under `'one-per-opponent'`).
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
 * @category Game
 */
export function maxGameLength(options: GameOptions): number {
  const o = normalizeOptions(options);
  const n = o.players;
  const deck = deckSize(n);
  const maxBid = deck;
  const middle = o.variants.middle === 'one-per-opponent' ? n - 1 : n;
  const turns = Math.ceil(deck / (middle + 2));
  const kings = usedCards(n).filter((c) => KIND[c] === KING).length;
  const phase1 = deck + middle * turns;
  const perLot = (n - 1) * (maxBid + n) + 1 + maxBid;
  return phase1 + kings + turns * perLot;
}

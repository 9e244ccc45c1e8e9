/**
 * Determinization for bots: a full game state that a seat cannot tell from the real one.
 *
 * The steps, one file each: read and check the view (`frame.ts`, `shown.ts`, `unseen.ts`,
 * `public-fields.ts`, `payer.ts`), then per seed deal the hands (`hands.ts`, the payer's through
 * `payer.ts` and `paying-hands.ts`) and the piles (`piles.ts`) and rebuild the state
 * (`public-fields.ts`); `dealer.ts` runs them, once per view and once per seed.
 * @module
 */
import type { GameState } from '../../state/types.js';
import type { PlayerView } from '../view.js';
import { checkSeed, dealerOf } from './dealer.js';

export type { Dealer } from './dealer.js';
export { dealerOf } from './dealer.js';

/**
 * A full {@link GameState} consistent with a view (RULES H), for bots that search over the
 * hidden information (determinized or information-set Monte Carlo search).
 *
 * **The law of the sample.** Every card the viewer cannot place is dealt from the cards of the
 * game that the view does not show, into the hidden places: the hidden cards of every hand (beside
 * the cards known to be there), another Advisor's drawn card, the favor pile's cards the viewer
 * did not place, the rest of the deck in order, and the cards removed at random at setup. Every
 * way of dealing them is equally likely among those the rules allow:
 * - no hand holds a King (RULES K1);
 * - during a payment (RULES A5) the payer can complete it: paying with gold, their hand holds at
 *   least the gold still due; paying by discarding under the default payment rule, it holds no
 *   gold.
 *
 * Independently, each hidden favor card and the lot were placed by a player drawn uniformly among
 * the players other than the viewer (among all players for a spectator), and the favor pile's
 * order is a uniform shuffle of all its cards. A hand lists its known cards first, as the view
 * does, then its hidden cards in a uniform order; the deck's drawn part (history, never read
 * again) is listed in catalogue order, the drawn card last. The view holds no history, so the law
 * uses none: a history-aware bot may reject samples that contradict what it saw.
 * `test/seat/determinize-law.test.ts` checks the law against frequencies counted exactly on
 * positions where a payer's hand is hard to find (see `docs/conformance.md`).
 *
 * Guarantees: `view(result, view.viewer)` deep-equals `view`; the result holds exactly the cards
 * of the game (each used card once); the same view and seed give the same result. The result's
 * generator state is derived from `seed`, so future chance (the favor pile's shuffle, forfeits)
 * differs from sample to sample; its `seed` field is `seed`. A spectator's view works too (every
 * hand is then dealt). Fast enough to call a thousand times per decision.
 *
 * @param view - a view from `view(state, viewer)`, as is or after a JSON round trip.
 * @param seed - any number or string; each seed gives one sample.
 * @throws {@link RulesError} `INVALID_VIEW` when the view is not consistent (cheap checks: every
 * field's type and range, counts, cards shown twice or not used with the player count, a King
 * shown in a hand, too many or too few hidden cards for the hidden places, a payment that cannot
 * be completed, a table the rules cannot reach: the turn order, the bidding, counters), or when
 * reading it throws (a getter or proxy); `INVALID_OPTIONS` for a seed that is neither a finite
 * number nor a string. It never returns a state the engine cannot continue.
 * @example
 * ```ts
 * const seen = view(state, me);
 * for (let i = 0; i < 1000; i++) {
 *   const world = determinize(seen, i);
 *   // play out from `world`, for example with random legal actions, and score the outcome
 * }
 * ```
 * @category Views and events
 */
export function determinize(view: PlayerView, seed: number | string): GameState {
  // The seed first: a bad seed is refused before the view is read.
  checkSeed(seed);
  return dealerOf(view).deal(seed);
}

/**
 * Determinization for searches that deal many times from one view: the view is read and checked
 * once, then each deal is one sample, straight into a simulator if wanted.
 * @module
 */

import { dealerOf } from '../seat/determinize/index.js';
import type { PlayerView } from '../seat/view.js';
import type { GameState } from '../state/types.js';
import type { Simulator } from './simulator.js';
import { writeInto } from './simulator.js';

/** A view read once, dealt many times: see {@link createDealer}. */
export interface Dealer {
  /** The sample of `seed`: exactly `determinize(view, seed)`. */
  deal(seed: number | string): GameState;
  /**
   * Deals the sample of `seed` straight into `sim`: afterwards `sim` plays exactly
   * `deal(seed)`, so it is a sample of `determinize`'s law. No state is built: the deal is
   * written into the simulator's own arrays. On an error (a bad seed, a view whose first deal
   * fails), `sim` is unchanged.
   */
  dealInto(sim: Simulator, seed: number | string): void;
}

/**
 * A dealer for `view`: `determinize(view, seed)` for many seeds without reading and checking the
 * view each time, as a search needs once per iteration. Keep the view unchanged while you use it.
 * Its deals follow `determinize`'s law exactly (stated in its TSDoc), and the same seed gives the
 * same deal in any order of calls. What is worked out once per view is also reused: during a
 * payment few hands can pay, the count of the payer's paying hands is made on the first deal that
 * needs it.
 *
 * @throws `RulesError` `INVALID_VIEW` as `determinize` does (at once for the view, at each deal
 * for a bad seed).
 * @example
 * ```ts
 * import { view } from 'for-the-king-and-me';
 * import { createDealer, createSimulator } from 'for-the-king-and-me/sim';
 *
 * const dealer = createDealer(view(state, me));
 * const sim = createSimulator(state);
 * for (let i = 0; i < 1000; i++) {
 *   dealer.dealInto(sim, i); // one world the seat cannot tell from the real one
 *   // … play it out from here with sim.applyIndex …
 * }
 * ```
 */
export function createDealer(view: PlayerView): Dealer {
  const dealer = dealerOf(view);
  return {
    deal: (seed) => dealer.deal(seed),
    // Straight into the simulator's own arrays (`dealTo` throws before writing anything); a
    // simulator that `createSimulator` did not make loads the deal instead.
    dealInto: (sim, seed) => {
      if (!writeInto(sim, (d) => dealer.dealTo(d, seed))) sim.load(dealer.deal(seed));
    },
  };
}

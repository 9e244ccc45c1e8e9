/**
 * @internal The value network: each seat's chance to win a full (determinized) state that is not
 * over. It scores every seat from its own vector and the shared context (`value-features.ts`,
 * `scorer.ts`); the chances sum to 1.
 * @module
 */

import type { GameState } from '../../index.js';
import type { Dense } from './dense.js';
import type { SetScorer } from './scorer.js';
import { setScorer } from './scorer.js';
import { CONTEXT_FEATURES, SEAT_FEATURES, valueInputs } from './value-features.js';

/** @internal A value estimate: fills `out[p]` with seat `p`'s chance to win `state` (not over). */
export type ValueEstimate = (state: GameState, out: number[]) => number[];

/** @internal The value network on its inputs: `(seats, n, context, out)`. */
export function valueNetwork(layers: readonly Dense[]): SetScorer {
  return setScorer(layers, SEAT_FEATURES, CONTEXT_FEATURES, 'valueNetwork');
}

/** @internal The estimate of the value network of these layers on full states. */
export function valueEstimate(layers: readonly Dense[]): ValueEstimate {
  const network = valueNetwork(layers);
  const seats = new Float32Array(5 * SEAT_FEATURES);
  const context = new Float32Array(CONTEXT_FEATURES);
  return (state, out) => {
    valueInputs(state, seats, context);
    return network(seats, state.players, context, out);
  };
}

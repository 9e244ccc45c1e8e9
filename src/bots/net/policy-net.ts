/**
 * @internal The policy network: a probability for each choice of a decision. It scores every
 * choice from its own vector and the decision's (`policy-features.ts`, `scorer.ts`).
 * @module
 */

import type { Action, PlayerView } from '../../index.js';
import type { HeuristicParams } from '../heuristic.js';
import type { Dense } from './dense.js';
import { CHOICE_FEATURES, DECISION_FEATURES, policyInputs } from './policy-features.js';
import type { SetScorer } from './scorer.js';
import { setScorer } from './scorer.js';

/** @internal A policy: one probability per choice (in the order given), summing to 1. */
export type Policy = (view: PlayerView, choices: readonly Action[]) => Float64Array;

/** @internal The policy network on its inputs: `(choices, k, decision, out)`. */
export function policyNetwork(layers: readonly Dense[]): SetScorer {
  return setScorer(layers, CHOICE_FEATURES, DECISION_FEATURES, 'policyNetwork');
}

/** @internal The policy of the network of these layers on a view's choices (`params`: the heuristic bot's weights). */
export function policyOf(layers: readonly Dense[], params: HeuristicParams): Policy {
  const network = policyNetwork(layers);
  const decision = new Float32Array(DECISION_FEATURES);
  let choiceVectors = new Float32Array(32 * CHOICE_FEATURES);
  return (view, choices) => {
    const k = choices.length;
    if (k === 1) return Float64Array.of(1);
    if (choiceVectors.length < k * CHOICE_FEATURES) choiceVectors = new Float32Array(k * CHOICE_FEATURES);
    policyInputs(view, choices, params, decision, choiceVectors);
    return network(choiceVectors, k, decision, new Float64Array(k));
  };
}

/**
 * @internal The shipped networks, decoded once on first use (importing the bots decodes nothing).
 * JavaScript runs one search at a time per thread, so one copy of each (with its scratch space)
 * serves every bot of the thread.
 * @module
 */

import { HEURISTIC_PARAMS } from '../heuristic.js';
import { layersFrom } from './network.js';
import type { Policy } from './policy-net.js';
import { policyOf } from './policy-net.js';
import type { ValueEstimate } from './value-net.js';
import { valueEstimate } from './value-net.js';
import { POLICY_NETWORK, VALUE_NETWORK } from './weights.js';

let policy: Policy | undefined;
let value: ValueEstimate | undefined;

/** @internal The shipped policy network. */
export function shippedPolicy(): Policy {
  if (policy === undefined) policy = policyOf(layersFrom(POLICY_NETWORK), HEURISTIC_PARAMS);
  return policy;
}

/** @internal The shipped value network. */
export function shippedValue(): ValueEstimate {
  if (value === undefined) value = valueEstimate(layersFrom(VALUE_NETWORK));
  return value;
}

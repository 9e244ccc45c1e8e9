/**
 * A learning environment for machine-learning bots: fixed-size observations computed from a
 * seat's view (so they cannot leak a hidden card), integer actions with a legal-action mask, an
 * agent loop in the style of PettingZoo's AEC API, batched games, information states with the
 * whole history (perfect recall), a **privileged** global state for centralised critics, and
 * clone / restore. The guide is `docs/env.md`; Python wrappers speak to `for-the-king
 * env-server` (a JSON agent loop, and a binary vector protocol for batches).
 *
 * @example
 * ```ts
 * import { createEnv } from 'for-the-king-and-me/env';
 *
 * const env = createEnv({ players: 4, seed: 1 });
 * while (!env.done) {
 *   const { observation, mask } = env.observe(env.agentSelection!);
 *   env.step(mask.indexOf(1)); // the first legal action; a policy would read the observation
 * }
 * console.log(env.rewards); // 1 for the winner (shared wins are split), 0 for the others
 * ```
 * @module for-the-king-and-me/env
 */
export type { BatchEnv, BatchEnvOptions } from './batch.js';
export { createBatchEnv } from './batch.js';
export { encodeView } from './encode.js';
export { createEnv } from './env.js';
export type { AgentObservation, Env, LastStep, StepInfo } from './env-types.js';
export { encodeGlobalState, GLOBAL_STATE_SIZE, globalStateLayout } from './global-state.js';
export { INFO_TOKENS, infoStateOfGame, maxInfoStateLength } from './info-state.js';
export type { FeatureGroup } from './layout.js';
export { cardBlockSize, OBSERVATION_SIZE, observationLayout } from './layout.js';
export { ACTION_COUNT, maskOfView } from './mask.js';
export type { EnvOptions } from './options.js';
export type { RewardKind } from './reward.js';

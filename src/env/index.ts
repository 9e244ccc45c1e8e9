/**
 * A learning environment for machine-learning bots: fixed-size observations computed from a
 * seat's view (so they cannot leak a hidden card), integer actions with a legal-action mask, an
 * agent loop in the style of PettingZoo's AEC API, and batched games.
 *
 * @example
 * ```ts
 * import { encodeView, OBSERVATION_SIZE } from 'for-the-king-and-me/env';
 * ```
 * @packageDocumentation
 */
export { encodeView } from './encode.js';
export type { FeatureGroup } from './layout.js';
export { cardBlockSize, OBSERVATION_SIZE, observationLayout } from './layout.js';

/**
 * The in-place simulator, `for-the-king-and-me/sim`: one mutable game driven by the same
 * transitions as the pure API, with legal actions addressed by index, for search and for
 * simulating many games. See `docs/performance.md`.
 *
 * @example
 * ```ts
 * import { createGame } from 'for-the-king-and-me';
 * import { createSimulator } from 'for-the-king-and-me/sim';
 *
 * const sim = createSimulator(createGame({ players: 4, seed: 1 }));
 * while (!sim.isOver()) sim.applyIndex(0);
 * sim.toState(); // the same state as the pure API reaches with legalActions(state)[0] each time
 * ```
 * @module for-the-king-and-me/sim
 */

export type { Dealer } from './dealer.js';
export { createDealer } from './dealer.js';
export type { Simulator } from './simulator.js';
export { createSimulator } from './simulator.js';

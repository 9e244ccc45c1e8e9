/**
 * Random games for property tests, shaped so that failures shrink to a minimal game.
 *
 * A game is a seed, options (every player count 2–5; default, published and mixed variants) and
 * a list of picks. Pick `k` chooses the k-th legal action, modulo the list's length (negative
 * picks count from the end: -1 is the last, a pass while bidding). When the picks run out, the
 * last legal action is played, which ends any game quickly (everyone passes). Shrinking thus
 * shortens the list towards "everyone passes" and moves picks towards 0 (the first action:
 * the lowest bid, the first area).
 *
 * `CONFORMANCE_RUNS` (environment) sets the number of games of the largest property (1000 by
 * default) and scales the others alike; `npm run test:conformance` sets it to 20000.
 */
import fc from 'fast-check';
import type { Action, GameEvent, GameOptions, GameState, PlayerCount, Variants } from '../../src/index.js';
import { createGame, legalActions, PUBLISHED_VARIANTS, step } from '../../src/index.js';

/** The variant settings every property covers: default, published, and each mixed one. */
export const VARIANT_SETTINGS: readonly Partial<Variants>[] = [
  {},
  PUBLISHED_VARIANTS,
  { payment: 'by-lot', secondaryTitle: 'half' },
  { payment: 'gold-or-discard', secondaryTitle: 'tile', middle: 'one-per-opponent' },
];

/** One random game: options and the picks that drive it. */
export interface GameCase {
  readonly options: GameOptions;
  readonly picks: readonly number[];
}

const pick = fc.oneof({ arbitrary: fc.integer({ min: -3, max: 3 }), weight: 5 }, { arbitrary: fc.nat(), weight: 1 });

/** Options for any supported game: every player count, every variant setting, any seed. */
export const optionsArb: fc.Arbitrary<GameOptions> = fc
  .record(
    {
      players: fc.constantFrom<PlayerCount>(2, 3, 4, 5),
      seed: fc.oneof({ arbitrary: fc.nat(), weight: 4 }, { arbitrary: fc.string({ maxLength: 8 }), weight: 1 }),
      variants: fc.constantFrom(...VARIANT_SETTINGS),
      firstPlayer: fc.nat(4),
    },
    { requiredKeys: ['players', 'seed', 'variants'] },
  )
  .map((o) => (o.firstPlayer === undefined ? o : { ...o, firstPlayer: o.firstPlayer % o.players }));

/** A random game: options plus up to 500 picks (typical games take 100–400 actions). */
export const gameCaseArb: fc.Arbitrary<GameCase> = fc.record({
  options: optionsArb,
  picks: fc.array(pick, { maxLength: 500, size: 'max' }),
});

/** The index a pick selects among `length` legal actions. */
export function pickIndex(k: number, length: number): number {
  return ((k % length) + length) % length;
}

/** How many random games a property runs: `base` scaled by `CONFORMANCE_RUNS` / 1000 when it is set. */
export function runs(base: number): number {
  const total = Number(process.env.CONFORMANCE_RUNS);
  return Number.isFinite(total) && total > 0 ? Math.max(1, Math.round((base * total) / 1000)) : base;
}

/** A vitest timeout for `numRuns` games of at most `msPerGame` each (on a slow, shared machine), at least a minute. */
export function timeoutFor(numRuns: number, msPerGame: number): number {
  return Math.max(60_000, numRuns * msPerGame);
}

/** One step of a played game. */
export interface Ply {
  /** Number of actions before this one. */
  readonly index: number;
  readonly before: GameState;
  readonly legal: readonly Action[];
  readonly action: Action;
  readonly after: GameState;
  readonly events: readonly GameEvent[];
}

/**
 * Plays a game case to its end through the public `step`, calling `visit` before each action
 * is applied (with `freeze` to deep-freeze the state first) and after. Stops with an error
 * after `limit` actions.
 */
export function play(
  c: GameCase,
  limit: number,
  hooks: { before?: (s: GameState, legal: readonly Action[], index: number) => void; after?: (ply: Ply) => void } = {},
): { final: GameState; actions: Action[] } {
  let state = createGame(c.options);
  const actions: Action[] = [];
  for (let i = 0; state.step !== 'over'; i++) {
    if (i >= limit) throw new Error(`the game did not end within ${limit} actions`);
    const legal = legalActions(state);
    hooks.before?.(state, legal, i);
    const k = c.picks[i];
    const action = legal[k === undefined ? legal.length - 1 : pickIndex(k, legal.length)] as Action;
    const { state: after, events } = step(state, action);
    hooks.after?.({ index: i, before: state, legal, action, after, events });
    actions.push(action);
    state = after;
  }
  return { final: state, actions };
}

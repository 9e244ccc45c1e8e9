/**
 * Building blocks of the fuzz suite (`test/fuzz/`): how many cases to run, a pool of real states,
 * junk values, and the wrappers that turn a plain action into a hostile object (accessors,
 * proxies, inherited keys, frozen objects, symbol and non-enumerable keys) together with the
 * plain object the engine must read it as.
 *
 * Sizes: a small slice in `npm test`; `npm run test:conformance` and `npm run test:fuzz` (which
 * set CONFORMANCE_RUNS=20000) run the full size given to {@link cases} (over a million cases).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { GameState, PlayerCount, RulesErrorCode } from '../../src/index.js';
import { CARDS, isRulesError, OFFICES } from '../../src/index.js';
import { recordStates } from '../helpers/hidden.js';

const SCALE = Number(process.env.CONFORMANCE_RUNS);

/** Whether CONFORMANCE_RUNS is set (the conformance run, or a mutation run's small one): the tallies are printed. */
export const FULL = Number.isFinite(SCALE) && SCALE > 0;

/**
 * `small` cases in `npm test`; with CONFORMANCE_RUNS set, `full` scaled by CONFORMANCE_RUNS /
 * 20000: exactly `full` in `npm run test:conformance` and `test:fuzz` (20000), a thousandth of it in
 * `npm run mutation` (20).
 */
export function cases(small: number, full: number): number {
  return FULL ? Math.max(1, Math.round((full * SCALE) / 20_000)) : small;
}

/** Every `stride`-th state of a few random games per player count, both middle rules, and the published variants. */
export function statePool(prefix: string, stride: number): GameState[] {
  const games = (n: PlayerCount, g: number): [PlayerCount, number] => [n, g];
  const all = [
    ...recordStates(prefix, [games(2, 1), games(3, 2), games(4, 3), games(5, 4)]),
    ...recordStates(prefix, [games(2, 5), games(3, 6), games(4, 7), games(5, 8)], { middle: 'one-per-opponent' }),
    ...recordStates(prefix, [games(3, 9), games(4, 10)], { payment: 'by-lot', secondaryTitle: 'tile', middle: 'one-per-opponent' }),
  ];
  return all.filter((_, i) => i % stride === 0);
}

/** Values of every JavaScript kind, with the edge cases of each. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    true,
    false,
    0,
    -0,
    -1,
    1,
    2,
    5,
    6,
    7,
    80,
    108,
    109,
    1e9,
    -1e9,
    0.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.MAX_SAFE_INTEGER,
    '',
    'self',
    'middle',
    'favor',
    'pass',
    'bid',
    'place',
    'take',
    'king',
    'pay',
    'spectator',
    '__proto__',
    10n,
    [],
    {},
  ),
  fc.integer({ min: -3, max: 120 }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(...CARDS.map((c) => c.id)),
  fc.constantFrom(...OFFICES),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 3 }),
);

/** The list at a path such as `middle` or `hands.1` of a save's state or a view, or `undefined`. */
export function listAt(record: Record<string, unknown>, path: string): unknown[] | undefined {
  const [key, index] = path.split('.') as [string, string | undefined];
  const x = record[key];
  const l = index === undefined ? x : Array.isArray(x) ? x[Number(index)] : undefined;
  return Array.isArray(l) ? l : undefined;
}

/** The outcome of a call: its result, or the code of the `RulesError` it threw. Anything else thrown fails the test. */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: RulesErrorCode };

/** Runs `f`: a result, or a `RulesError`'s code; any other error fails the test (naming `what`). */
export function outcome<T>(f: () => T, what: string): Outcome<T> {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    if (!isRulesError(e)) expect.fail(`${what} threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}, not a RulesError`);
    return { ok: false, code: e.code };
  }
}

/** Counts of what a fuzz test tried and what happened, printed at the end of the conformance run. */
export class Tally {
  private readonly counts = new Map<string, number>();
  constructor(readonly name: string) {}
  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  total(): number {
    let n = 0;
    for (const v of this.counts.values()) n += v;
    return n;
  }
  report(): void {
    if (!FULL) return;
    const rows = [...this.counts].sort((a, b) => b[1] - a[1]).map(([k, v]) => `  ${k}: ${v}`);
    console.log(`${this.name}: ${this.total()} cases\n${rows.join('\n')}`);
  }
}

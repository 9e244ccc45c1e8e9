/**
 * Regenerates the golden traces: `npm run golden:update` (tsx test/golden/generate.ts).
 *
 * Plays seeded full games, every player count × {default, published} variants × 2 seeds, with a
 * deterministic simple policy, and writes `test/golden/<players>p-<variant>-<seed>.json`. Then
 * prints what the traces cover and fails if a required situation (payments both ways, Kings
 * gained all three ways, forfeits, restarts, discarded lots) is missing.
 *
 * The policy sees the whole state (it is a generator, not a fair player). It places and takes at
 * random (a drawn King goes to *self* half the time, so Kings are gained all three ways); it
 * bids low: it raises the high bid by 1 (sometimes 2) when it can pay that much under the
 * payment rule in force, passes otherwise, and rarely bids just beyond what it can pay, which
 * makes forfeits. Review the diff (`git diff test/golden`) before committing regenerated traces.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Action, GameOptions, GameState, PlayerCount } from '../../src/index.js';
import { CARDS, createGameWithEvents, DEFAULT_VARIANTS, legalActions, PUBLISHED_VARIANTS, score, step } from '../../src/index.js';
import { testRandom } from '../helpers/hidden.js';
import type { Trace, TraceStep } from './trace.js';
import { coverageOf, formatTrace, GOLDEN_DIR, REQUIRED_COVERAGE, TRACE_FORMAT, TRACE_VERSION, traceName } from './trace.js';

const PLAYERS: readonly PlayerCount[] = [2, 3, 4, 5];
const VARIANTS = { default: DEFAULT_VARIANTS, published: PUBLISHED_VARIANTS } as const;
const SEEDS: readonly number[] = [1, 2];

/** What player `p` could pay for the lot on the table under the payment rule in force (RULES A5, V1). */
function payable(s: GameState, p: number): number {
  const hand = s.hands[p] ?? [];
  let gold = 0;
  for (const c of hand) {
    const card = CARDS[c];
    if (card?.kind === 'gold') gold += card.value;
  }
  if (s.variants.payment === 'by-lot') return CARDS[s.lot]?.kind === 'gold' ? hand.length : gold;
  return gold > 0 ? gold : hand.length;
}

function choose(s: GameState, rand: () => number): Action {
  const legal = legalActions(s);
  const any = (): Action => legal[Math.floor(rand() * legal.length)] as Action;
  if (s.step === 'place' && CARDS[s.drawn]?.kind === 'king' && legal[0]?.type === 'place' && legal[0].area === 'self') {
    return rand() < 0.5 ? legal[0] : any();
  }
  if (s.step !== 'bid') return any();
  const pass = legal[legal.length - 1] as Action;
  const bidOf = (amount: number): Action => legal[amount - s.highBid - 1] ?? pass;
  const can = payable(s, s.toMove);
  const r = rand();
  if (r < 0.07) return bidOf(Math.max(s.highBid + 1, can + 1));
  if (can > s.highBid && r < 0.65) return bidOf(Math.min(can, s.highBid + (rand() < 0.3 ? 2 : 1)));
  return pass;
}

function playTrace(players: PlayerCount, variant: keyof typeof VARIANTS, seed: number): Trace {
  const options: GameOptions = { players, seed, variants: { ...VARIANTS[variant] } };
  const rand = testRandom(seed * 1000 + players * 10 + (variant === 'default' ? 0 : 1));
  const opening = createGameWithEvents(options);
  let state = opening.state;
  const steps: TraceStep[] = [];
  while (state.step !== 'over') {
    const action = choose(state, rand);
    const r = step(state, action);
    steps.push({ action, events: r.events });
    state = r.state;
  }
  return { format: TRACE_FORMAT, version: TRACE_VERSION, options, opening: opening.events, steps, score: score(state) };
}

const traces = new Map<string, Trace>();
for (const players of PLAYERS) {
  for (const variant of ['default', 'published'] as const) {
    for (const seed of SEEDS) traces.set(traceName(players, variant, seed), playTrace(players, variant, seed));
  }
}
for (const [name, trace] of traces) {
  writeFileSync(join(GOLDEN_DIR, name), formatTrace(trace));
  console.log(`${name}: ${trace.steps.length} actions, points ${trace.score.points.join('/')}`);
}
const coverage = coverageOf(traces.values());
console.log('coverage:', JSON.stringify(coverage));
const missing = REQUIRED_COVERAGE.filter((k) => !coverage[k]);
if (missing.length > 0) {
  console.error(`the traces miss: ${missing.join(', ')}`);
  process.exitCode = 1;
}

/**
 * How long `determinize` takes (bots call it about 1,000 times per decision). Prints µs per call
 * for 4 players at the start of the game (the most hidden cards), mid phase 1, in phase 2, during
 * payments (seen by the other seats, whose deal must let the payer pay), and averaged over every
 * decision of random games, for views used as objects and after JSON; then one 3-player payment
 * that few hands can pay (most deals draw the payer's hand exactly after 64 failed tries: the
 * position of `test/seat/determinize-law.test.ts`). Each
 * figure is the fastest of several rounds, the one least disturbed by other work on the machine,
 * in CPU time of this process.
 *
 * Run: `npx tsx test/bench/determinize.bench.ts`
 */
import type { GameState, PlayerView } from '../../src/index.js';
import { createGame, determinize, step, view } from '../../src/index.js';
import { firstState, randomAction, recordStates, testRandom } from '../helpers/hidden.js';

const PLAYERS = 4;
const GAMES = 40;
const REPEATS = 5;
const ROUNDS = 7;

const states: GameState[] = [];
for (let g = 0; g < GAMES; g++) {
  let s = createGame({ players: PLAYERS, seed: `bench-${g}` });
  const rand = testRandom(g);
  while (s.step !== 'over') {
    states.push(s);
    s = step(s, randomAction(s, rand)).state;
  }
}

/** CPU time of this process in µs: steadier than wall time on a machine shared with other work. */
function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/** Times `determinize` over `views` in several rounds and prints the fastest round (the least disturbed by other work). */
function measure(label: string, views: readonly PlayerView[]): void {
  let seed = 0;
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = cpuMicros();
    for (let r = 0; r < REPEATS; r++) for (const v of views) determinize(v, seed++);
    best = Math.min(best, (cpuMicros() - t0) / (REPEATS * views.length));
  }
  console.log(
    `${label.padEnd(34)} ${best.toFixed(2).padStart(7)} µs/call  (best of ${ROUNDS} rounds of ${views.length} views × ${REPEATS})`,
  );
}

const seat = (i: number): number => i % PLAYERS;
const all = states.map((s, i) => view(s, seat(i)));
const start = states.filter((s) => s.deckTop <= 2).map((s, i) => view(s, seat(i)));
const midOne = states.filter((s) => s.advisor >= 0 && s.deckTop > 30 && s.deckTop < 50).map((s, i) => view(s, seat(i)));
const two = states.filter((s) => s.advisor < 0).map((s, i) => view(s, seat(i)));
const spectator = states.filter((s) => s.deckTop <= 2).map((s) => view(s, 'spectator'));
const paying = states.filter((s) => s.step === 'pay').flatMap((s) => [1, 2, 3].map((k) => view(s, (s.toMove + k) % PLAYERS)));
const hard = view(
  firstState(recordStates('law', [[3, 74]]), (s) => s.step === 'pay' && s.moveCount === 166),
  0,
);

console.log(`determinize, ${PLAYERS} players, node ${process.version}`);
// Warm-up: let the JIT see every kind of view before timing.
for (let i = 0; i < 5; i++) for (const [j, v] of [...all, ...spectator].entries()) determinize(v, j);
measure('game start (most hidden cards)', start);
measure('game start, spectator', spectator);
measure('mid phase 1', midOne);
measure('phase 2', two);
measure('payments, other seats', paying);
measure('every decision', all);
measure(
  'every decision, views after JSON',
  all.map((v) => JSON.parse(JSON.stringify(v)) as PlayerView),
);
measure('a payment few hands can pay, 3 players', new Array<PlayerView>(200).fill(hard));

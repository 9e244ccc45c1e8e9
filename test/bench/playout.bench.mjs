// `npm run bench`: random playouts through the public API of the built package (dist/), the
// way a search bot runs them. At every decision the player picks uniformly among
// legalActions, using the small seeded generator below (never Math.random), so a run is
// repeatable. For each player count: a short warm-up, then games for about SECONDS seconds.
//
//   npm run bench                      # 3 s per player count
//   node test/bench/playout.bench.mjs 1   # 1 s per player count (after npm run build)
import { apply, createGame, isGameOver, legalActions } from '../../dist/index.js';

const SECONDS = Number(process.argv[2] ?? 3);
const WARM_UP_SECONDS = Math.min(0.5, SECONDS / 4);

/** mulberry32: a tiny seeded generator for the playout policy. */
function generator(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % n) | 0;
  };
}

/** Plays one game to the end from `seed`; returns the number of actions taken. */
function playout(players, seed, rand) {
  let state = createGame({ players, seed });
  let actions = 0;
  while (!isGameOver(state)) {
    const legal = legalActions(state);
    state = apply(state, legal[rand(legal.length)]);
    actions++;
  }
  return actions;
}

/** Plays games for `seconds`; returns games, actions and the elapsed time in seconds. */
function measure(players, seconds, firstSeed) {
  const rand = generator(firstSeed);
  let games = 0;
  let actions = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  let now = start;
  while (now < end) {
    actions += playout(players, firstSeed + games, rand);
    games++;
    now = performance.now();
  }
  return { games, actions, elapsed: (now - start) / 1000 };
}

const header = ['players', 'games', 'seconds', 'games/s', 'actions/s', 'actions/game'];
const rows = [];
for (const players of [2, 3, 4, 5]) {
  measure(players, WARM_UP_SECONDS, 1_000_000 * players);
  const { games, actions, elapsed } = measure(players, SECONDS, 1000 * players);
  rows.push([
    String(players),
    String(games),
    elapsed.toFixed(2),
    Math.round(games / elapsed).toLocaleString('en-US'),
    Math.round(actions / elapsed).toLocaleString('en-US'),
    (actions / games).toFixed(1),
  ]);
}

const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(`Random playouts through the public API (dist/index.js), Node ${process.version}, ${SECONDS} s per player count`);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));

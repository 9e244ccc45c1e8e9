// `npm run bench`: the engine's speed, on the built package (dist/).
//
//   npm run bench                                   # pure API, simulator, ISMCTS; 4 players
//   node test/bench/speed.bench.mjs --players 2,3,4,5 --seconds 2 --rounds 3
//   node test/bench/speed.bench.mjs --base /tmp/old/dist   # side by side with another build
//   node test/bench/speed.bench.mjs --only pure,sim        # pure, sim, ismcts
//   node test/bench/speed.bench.mjs --variants '{"middle":"one-per-opponent"}' --base old/dist --base-variants '{}'
//                                  # the same games on a build from before the middle variant (V3)
//
// - pure: uniformly random games through createGame / legalActions / apply.
// - sim: the same games through the simulator (createSimulator(createGame(…)), applyIndex).
// - ismcts: ismctsBot iterations per second, 4 players against three heuristic bots (decisions
//   with one legal action are not timed), under --variants like the other games.
// The policy's generator is seeded (mulberry32), so a run plays the same games every time. Time is
// the process's CPU time (process.cpuUsage: user + system, garbage collection included), not the
// wall clock, so that other programs on a busy machine count less. With --base, each round
// measures the other build and then this one, back to back in one process, so both see the same
// machine; the median of the rounds is reported, and the ratio is the figure to trust. The median
// of the rounds' own ratios (each pair back to back) is printed too: on a machine whose load
// changes, it moves less than the ratio of the medians.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const SECONDS = Number(option('seconds', '2'));
const ROUNDS = Number(option('rounds', '3'));
const PLAYERS = option('players', '4').split(',').map(Number);
const ONLY = option('only', 'pure,sim,ismcts').split(',');
const ITERATIONS = Number(option('iterations', '1000'));
const here = resolve(new URL('../../dist', import.meta.url).pathname);
const baseDir = option('base', null);
const VARIANTS = JSON.parse(option('variants', '{}'));
const BASE_VARIANTS = JSON.parse(option('base-variants', option('variants', '{}')));

async function load(dir) {
  const url = (f) => pathToFileURL(resolve(dir, f)).href;
  const core = await import(url('index.js'));
  const bots = await import(url('bots.js'));
  let sim = null;
  try {
    sim = await import(url('sim.js'));
  } catch {
    sim = null; // a build from before the simulator
  }
  return { core, bots, sim, dir, variants: dir === here ? VARIANTS : BASE_VARIANTS };
}

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

function purePlayout({ core, variants }, players, seed, rand) {
  const { apply, createGame, isGameOver, legalActions } = core;
  let state = createGame({ players, seed, variants });
  let actions = 0;
  while (!isGameOver(state)) {
    const legal = legalActions(state);
    state = apply(state, legal[rand(legal.length)]);
    actions++;
  }
  return actions;
}

function simPlayout({ core, sim, variants }, players, seed, rand, scratch) {
  const s = scratch.sim ?? sim.createSimulator(core.createGame({ players, seed, variants }));
  scratch.sim = s;
  s.load(core.createGame({ players, seed, variants }));
  let actions = 0;
  while (!s.isOver()) {
    s.applyIndex(rand(s.legalCount()));
    actions++;
  }
  return actions;
}

/** CPU time of this process in milliseconds. */
function cpu() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Games for `seconds` of CPU time: games/s and actions/s. */
function games(build, kind, players, seconds, firstSeed) {
  const rand = generator(firstSeed);
  const play = kind === 'pure' ? purePlayout : simPlayout;
  const scratch = {};
  let n = 0;
  let actions = 0;
  const start = cpu();
  const end = start + seconds * 1000;
  let now = start;
  while (now < end) {
    actions += play(build, players, firstSeed + n, rand, scratch);
    n++;
    now = cpu();
  }
  const elapsed = (now - start) / 1000;
  return { rate: n / elapsed, actionsPerSecond: actions / elapsed, label: 'games/s' };
}

/** ismctsBot iterations per second: 4-player games against three heuristic bots. */
function ismcts({ bots, variants }, players, seconds, firstSeed) {
  const { heuristicBot, ismctsBot, playGame } = bots;
  const search = ismctsBot({ iterations: ITERATIONS, seed: firstSeed });
  let time = 0;
  let decisions = 0;
  const timed = (view, rng) => {
    const t0 = cpu();
    const action = search(view, rng);
    if (view.legal.length > 1) {
      time += cpu() - t0;
      decisions++;
    }
    return action;
  };
  const seats = [timed, ...Array.from({ length: players - 1 }, () => heuristicBot)];
  for (let g = 0; time < seconds * 1000; g++) playGame({ players, seed: `bench-ismcts-${firstSeed}-${g}`, variants, bots: seats });
  // Most timed decisions run all ITERATIONS iterations; a few stop early (one sensible action).
  return { rate: (decisions * ITERATIONS) / (time / 1000), msPerDecision: time / decisions, label: 'iterations/s (upper bound)' };
}

const fmt = (x) => Math.round(x).toLocaleString('en-US');
const current = await load(here);
if (baseDir !== null && resolve(baseDir) === here) throw new Error('--base is this build');
const base = baseDir === null ? null : await load(resolve(baseDir));
console.log(
  `Engine speed, Node ${process.version}, ${SECONDS} CPU s per measurement, median of ${ROUNDS} rounds${base ? `, side by side with ${base.dir}` : ''}`,
);
for (const kind of ONLY) {
  for (const players of kind === 'ismcts' ? [4] : PLAYERS) {
    const measure = (build, round) => {
      if (kind === 'ismcts') return ismcts(build, players, SECONDS, round);
      if (kind === 'sim' && build.sim === null) return null;
      return games(build, kind, players, SECONDS, 1000 * players + round);
    };
    // Warm-up (a shorter one for ISMCTS), then rounds (alternating builds when comparing).
    if (base) measure(base, 99);
    measure(current, 99);
    const now = [];
    const old = [];
    for (let r = 0; r < ROUNDS; r++) {
      if (base) old.push(measure(base, r));
      now.push(measure(current, r));
    }
    // The median round (the upper one of an even count).
    const best = (list) => {
      const sorted = list.filter(Boolean).sort((a, b) => a.rate - b.rate);
      return sorted[Math.floor(sorted.length / 2)] ?? { rate: 0 };
    };
    const b = best(now);
    const extra =
      kind === 'ismcts'
        ? ` · ${b.msPerDecision.toFixed(1)} ms per ${ITERATIONS}-iteration decision`
        : ` · ${fmt(b.actionsPerSecond)} actions/s`;
    let line = `${kind.padEnd(6)} ${players} players: ${fmt(b.rate)} ${b.label}${extra} (rounds: ${now.map((x) => fmt(x.rate)).join(', ')})`;
    if (base) {
      let o = best(old);
      let what = 'base';
      if (o.rate === 0 && kind === 'sim') {
        // The other build has no simulator: compare with its pure API.
        const pure = [];
        for (let r = 0; r < ROUNDS; r++) pure.push(games(base, 'pure', players, SECONDS, 1000 * players + r));
        o = best(pure);
        what = 'base pure API (no simulator)';
        old.splice(0, old.length, ...pure);
      }
      line += `\n         ${what}: ${fmt(o.rate)} (rounds: ${old.map((x) => fmt(x.rate)).join(', ')}) · ratio ${(b.rate / o.rate).toFixed(2)}×`;
      // Each round measured the two builds back to back: its own ratio is the least disturbed by
      // a machine whose load changes between rounds.
      const ratios = now.map((x, r) => x.rate / (old[r]?.rate ?? Number.NaN)).sort((x, y) => x - y);
      if (ratios.length > 1 && ratios.every(Number.isFinite)) {
        const mid = ratios[Math.floor(ratios.length / 2)];
        line += `\n         round by round: median ratio ${mid.toFixed(2)}× (${ratios[0].toFixed(2)}–${ratios[ratios.length - 1].toFixed(2)}×)`;
      }
    }
    console.log(line);
  }
}

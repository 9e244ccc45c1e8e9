// `npm run bench:heuristic`: heuristicBot's time per decision, on the built package (dist/).
//
//   npm run bench:heuristic
//   node test/bench/heuristic.bench.mjs --seconds 2 --rounds 5
//   node test/bench/heuristic.bench.mjs --base /tmp/old/dist   # side by side with another build
//
// A fixed set of views (those with more than one legal action) is collected once from seeded
// games of 2 to 5 players under both variant presets, played half by the heuristic bot and half
// by the random bot, so that the set holds every kind of decision. Each measurement decides every
// view of a player count over and over for a given CPU time (process.cpuUsage: user + system,
// garbage collection included) and reports µs per decision. With --base, each round measures the
// other build and then this one back to back, and the builds must choose the same actions; the
// median of the rounds is reported, with the median of the rounds' own ratios.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const SECONDS = Number(option('seconds', '1'));
const ROUNDS = Number(option('rounds', '3'));
const GAMES = Number(option('games', '6'));
const here = resolve(new URL('../../dist', import.meta.url).pathname);
const baseDir = option('base', null);

async function load(dir) {
  const url = (f) => pathToFileURL(resolve(dir, f)).href;
  return { core: await import(url('index.js')), bots: await import(url('bots.js')), dir };
}

function cpu() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Views with a choice from `GAMES` seeded games per preset of `players` players. */
function viewsOf({ core, bots }, players) {
  const out = [];
  for (const variants of [core.DEFAULT_VARIANTS, core.PUBLISHED_VARIANTS]) {
    for (let g = 0; g < GAMES; g++) {
      let state = core.createGame({ players, seed: `bench-heuristic-${g}`, variants });
      const rng = bots.botRandom(g);
      for (let p = core.currentPlayer(state); p !== null; p = core.currentPlayer(state)) {
        const v = core.view(state, p);
        if (v.legal.length > 1) out.push(v);
        state = core.apply(state, rng.next() < 0.5 ? bots.heuristicBot(v, rng) : bots.randomBot(v, rng));
      }
    }
  }
  return out;
}

/** µs per decision over `views` for `seconds` of CPU time. */
function measure({ bots }, views, seconds) {
  const bot = bots.heuristicBot;
  const rng = bots.botRandom(0);
  let decisions = 0;
  const start = cpu();
  const end = start + seconds * 1000;
  let now = start;
  while (now < end) {
    for (const v of views) bot(v, rng);
    decisions += views.length;
    now = cpu();
  }
  return ((now - start) * 1000) / decisions;
}

const current = await load(here);
if (baseDir !== null && resolve(baseDir) === here) throw new Error('--base is this build');
const base = baseDir === null ? null : await load(resolve(baseDir));
console.log(
  `heuristicBot, Node ${process.version}, ${SECONDS} CPU s per measurement, median of ${ROUNDS} rounds${base ? `, side by side with ${base.dir}` : ''}`,
);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const players of [2, 3, 4, 5]) {
  const views = viewsOf(current, players);
  if (base) {
    const rng = current.bots.botRandom(0);
    for (const v of views) {
      const a = JSON.stringify(current.bots.heuristicBot(v, rng));
      const b = JSON.stringify(base.bots.heuristicBot(v, rng));
      if (a !== b) throw new Error(`the builds disagree at a ${players}-player view: ${a} against ${b}`);
    }
  }
  if (base) measure(base, views, SECONDS / 2);
  measure(current, views, SECONDS / 2);
  const now = [];
  const old = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (base) old.push(measure(base, views, SECONDS));
    now.push(measure(current, views, SECONDS));
  }
  let line = `${players} players, ${views.length} views: ${median(now).toFixed(1)} µs per decision (rounds: ${now.map((x) => x.toFixed(1)).join(', ')})`;
  if (base) {
    const ratios = old.map((o, r) => o / now[r]);
    line += `\n           base: ${median(old).toFixed(1)} µs (rounds: ${old.map((x) => x.toFixed(1)).join(', ')}) · ${(median(old) / median(now)).toFixed(2)}× faster; round by round ${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×)`;
  }
  console.log(line);
}

// npm run tournament — strength and speed of the bots (issue 6), on the built package.
//
//   node test/bench/tournament.mjs [--games 400] [--workers 2] [--only 1,2,3,timing] [--dist DIR]
//                                  [--challenger BOT] [--variants default|published]
//
// Each line plays `games` games with fixed seeds, seats rotated game by game, and prints the
// first bot's win rate (games won alone) with a 95% Wilson confidence interval against its
// target. Then it times ismctsBot at 1,000 iterations in 4-player games against three
// heuristic bots: the median milliseconds per decision (decisions with a single legal action
// are not counted). Timings depend on the machine and its load. `--challenger` puts another bot
// id (for example `ismcts:4000`) in place of `ismcts:1000` on lines 2 and 3, against the same
// opponents and seeds; the targets stay those of the issue. `--variants published` plays every
// line under PUBLISHED_VARIANTS (the retail rules) instead of the defaults.
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { wilson } from './wilson.mjs';

const args = process.argv.slice(2);
/** A mistake in the flags: one line, status 2, before the build is loaded or a game played. */
const usage = (message) => {
  process.stderr.write(`tournament: ${message}\n`);
  process.exit(2);
};
const FLAGS = ['games', 'workers', 'only', 'timing-games', 'challenger', 'variants', 'dist'];
const given = new Map();
for (let i = 0; i < args.length; i += 2) {
  const flag = args[i];
  if (!flag.startsWith('--')) usage(`unknown argument "${flag}" (flags: ${FLAGS.map((f) => `--${f}`).join(', ')})`);
  const name = flag.slice(2);
  if (!FLAGS.includes(name)) usage(`unknown option ${flag} (flags: ${FLAGS.map((f) => `--${f}`).join(', ')})`);
  if (args[i + 1] === undefined || args[i + 1].startsWith('--')) usage(`${flag} needs a value`);
  if (given.has(name)) usage(`${flag} is given twice`);
  given.set(name, args[i + 1]);
}
const option = (name, fallback) => given.get(name) ?? fallback;
const positive = (name, fallback) => {
  const raw = option(name, fallback);
  if (!/^[1-9]\d{0,8}$/.test(raw)) usage(`--${name} must be a positive integer, got "${raw}"`);
  return Number(raw);
};
const games = positive('games', '400');
const workers = positive('workers', '2');
if (workers > 256) usage(`--workers must be a positive integer, at most 256, got "${workers}"`);
const only = option('only', '1,2,3,timing').split(',');
if (only.some((o) => !['1', '2', '3', 'timing'].includes(o)))
  usage(`--only takes 1, 2, 3, timing (comma-separated), got "${option('only')}"`);
const timingGames = positive('timing-games', '4');
const challenger = option('challenger', 'ismcts:1000');
if (!/^(ismcts|ismcts-net)(:[1-9]\d*)?$|^(random|heuristic|net)$/.test(challenger))
  usage(`--challenger: unknown bot "${challenger}" (random, heuristic, ismcts, ismcts:N, net, ismcts-net, ismcts-net:N)`);
const variantSet = option('variants', 'default');
if (variantSet !== 'default' && variantSet !== 'published') usage(`--variants must be "default" or "published", got "${variantSet}"`);
// A copy of the build (--dist) keeps a long run safe from rebuilds of dist/ meanwhile.
const dist = resolve(option('dist', new URL('../../dist', import.meta.url).pathname));
const { heuristicBot, ismctsBot, playGame, simulate } = await import(pathToFileURL(resolve(dist, 'bots.js')).href);
const { DEFAULT_VARIANTS, PUBLISHED_VARIANTS } = await import(pathToFileURL(resolve(dist, 'index.js')).href);
const variants = variantSet === 'published' ? PUBLISHED_VARIANTS : DEFAULT_VARIANTS;

const LINES = [
  { key: '1', title: 'heuristic vs random, 2 players', players: 2, bots: ['heuristic', 'random'], target: 0.95, seed: 'tournament-1' },
  {
    key: '2',
    title: `${challenger} vs heuristic, 2 players`,
    players: 2,
    bots: [challenger, 'heuristic'],
    target: 0.65,
    seed: 'tournament-2',
  },
  {
    key: '3',
    title: `${challenger} vs 3 heuristic, 4 players`,
    players: 4,
    bots: [challenger, 'heuristic', 'heuristic', 'heuristic'],
    target: 0.4,
    seed: 'tournament-3',
  },
];

const pct = (x) => `${(x * 100).toFixed(1)}%`;
const log = (s) => process.stdout.write(`${s}\n`);

log(`tournament: ${games} games per line, ${workers} workers, ${variantSet} variants ${JSON.stringify(variants)}, node ${process.version}`);
for (const line of LINES) {
  if (!only.includes(line.key)) continue;
  const start = performance.now();
  let shown = 0;
  const r = await simulate({
    players: line.players,
    bots: line.bots,
    games,
    seed: line.seed,
    variants,
    workers,
    onProgress: (done, total) => {
      if (done * 10 >= (shown + 1) * total) {
        shown = Math.floor((done * 10) / total);
        process.stderr.write(`  ${line.title}: ${done}/${total} (${((performance.now() - start) / 1000).toFixed(0)} s)\n`);
      }
    },
  });
  const me = r.bots[0];
  const [lo, hi] = wilson(me.wins, r.games);
  const verdict = lo >= line.target ? 'MET' : me.winRate >= line.target ? 'met on the estimate, not on the whole interval' : 'MISSED';
  log(
    `${line.title}: ${me.id} won ${me.wins}/${r.games} = ${pct(me.winRate)} (95% CI ${pct(lo)}–${pct(hi)}; +${me.sharedWins} shared) · target ≥ ${pct(line.target)}: ${verdict} · points ${me.score.mean.toFixed(2)} vs ${r.bots[1].score.mean.toFixed(2)} · ${((performance.now() - start) / 1000).toFixed(0)} s`,
  );
}

if (only.includes('timing')) {
  const times = { all: [], influence: [], esteem: [] };
  const search = ismctsBot({ iterations: 1000 });
  const timed = (view, rng) => {
    const t0 = performance.now();
    const action = search(view, rng);
    const ms = performance.now() - t0;
    if (view.legal.length > 1) {
      times.all.push(ms);
      times[view.phase].push(ms);
    }
    return action;
  };
  for (let g = 0; g < timingGames; g++)
    playGame({ players: 4, seed: `timing-${g}`, variants, bots: [timed, heuristicBot, heuristicBot, heuristicBot] });
  const at = (list, q) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  };
  const median = at(times.all, 0.5);
  log(
    `ismcts@1000 speed, 4 players: median ${median.toFixed(1)} ms per decision (p10 ${at(times.all, 0.1).toFixed(1)}, p90 ${at(times.all, 0.9).toFixed(1)}; ${times.all.length} decisions with a choice in ${timingGames} games) · target ≤ 200 ms: ${median <= 200 ? 'MET' : 'MISSED'}`,
  );
  log(
    `  by phase: drafting median ${at(times.influence, 0.5).toFixed(1)} ms (${times.influence.length} decisions), auction median ${at(times.esteem, 0.5).toFixed(1)} ms (${times.esteem.length} decisions)`,
  );
}

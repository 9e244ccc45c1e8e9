// npm run bench:net — strength and speed of the network bots (issue 32), on the built package.
//
//   node test/bench/net/lines.mjs [--games 400] [--workers 1] [--only a,b,c,speed] [--dist DIR]
//                                 [--speed-games 2] [--iterations 1000]
//
// Lines (4 players, default rules, seats rotated game by game, master seeds "net-line-<key>",
// which training never uses: its games are seeded "net:<seed>:<stage>:<game>"):
//   a  netBot vs 3 heuristicBot                 target ≥ 35%
//   b  ismcts-net:1000 vs 3 heuristicBot        target ≥ 55%
//   c  ismcts-net:1000 vs 3 ismcts:1000         target ≥ 30%
// Each prints the first bot's games won alone with a 95% Wilson interval, the mean points, and
// the wall and CPU time of the run (CPU of this process and its worker threads).
//
// speed: the CPU time per decision of ismcts-net:1000 and ismcts:1000 on the same views (the
// decisions with a choice of the first seat in `--speed-games` 4-player games between heuristic
// bots), the two bots timed one after the other on each view, so that the load of the machine
// touches both alike; then the ratio of the medians and of the totals (target ≤ 2), and the CPU
// time of a netBot decision. (`npm run bench:net-inference` times the networks themselves.)
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { wilson } from '../wilson.mjs';
import { compareSpeed } from './speed.mjs';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '400' },
    workers: { type: 'string', default: '1' },
    only: { type: 'string', default: 'a,b,c,speed' },
    'speed-games': { type: 'string', default: '2' },
    iterations: { type: 'string', default: '1000' },
    dist: { type: 'string', default: new URL('../../../dist', import.meta.url).pathname },
  },
});
const games = Number(values.games);
const workers = Number(values.workers);
const only = values.only.split(',');
const speedGames = Number(values['speed-games']);
const iterations = Number(values.iterations);
const dist = resolve(values.dist);
const bots = await import(pathToFileURL(resolve(dist, 'bots.js')).href);
const core = await import(pathToFileURL(resolve(dist, 'index.js')).href);

const LINES = [
  { key: 'a', bots: ['net', 'heuristic', 'heuristic', 'heuristic'], target: 0.35 },
  { key: 'b', bots: [`ismcts-net:${iterations}`, 'heuristic', 'heuristic', 'heuristic'], target: 0.55 },
  { key: 'c', bots: [`ismcts-net:${iterations}`, `ismcts:${iterations}`, `ismcts:${iterations}`, `ismcts:${iterations}`], target: 0.3 },
];

const pct = (x) => `${(x * 100).toFixed(1)}%`;
const log = (s) => process.stdout.write(`${s}\n`);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

log(`bench:net: ${games} games per line, ${workers} worker(s), node ${process.version}`);
for (const line of LINES) {
  if (!only.includes(line.key)) continue;
  const start = performance.now();
  const cpu0 = cpu();
  let shown = 0;
  const r = await bots.simulate({
    players: 4,
    bots: line.bots,
    games,
    seed: `net-line-${line.key}`,
    workers,
    onProgress: (done, total) => {
      if (done * 10 >= (shown + 1) * total) {
        shown = Math.floor((done * 10) / total);
        process.stderr.write(`  line ${line.key}: ${done}/${total} (${((performance.now() - start) / 1000).toFixed(0)} s)\n`);
      }
    },
  });
  const me = r.bots[0];
  const [lo, hi] = wilson(me.wins, r.games);
  const verdict = lo >= line.target ? 'MET' : me.winRate >= line.target ? 'met on the estimate, not on the whole interval' : 'MISSED';
  log(
    `${line.key}: ${line.bots.join(',')}: ${me.id} won ${me.wins}/${r.games} = ${pct(me.winRate)} (95% CI ${pct(lo)}–${pct(hi)}; +${me.sharedWins} shared) · target ≥ ${pct(line.target)}: ${verdict} · points ${me.score.mean.toFixed(2)} vs ${r.bots[1].score.mean.toFixed(2)} · ${((performance.now() - start) / 1000).toFixed(0)} s wall, ${(cpu() - cpu0).toFixed(0)} s CPU`,
  );
}

if (only.includes('speed')) {
  const net = bots.ismctsNetBot({ iterations, seed: 1 });
  const plain = bots.ismctsBot({ iterations, seed: 1 });
  const t = compareSpeed(bots, net, plain, speedGames);
  log(
    `speed, 4 players, ${t.decisions} decisions with a choice: ismcts-net:${iterations} median ${t.medianA.toFixed(1)} ms CPU per decision, ismcts:${iterations} ${t.medianB.toFixed(1)} ms; ratio of medians ${t.ratioOfMedians.toFixed(2)}, of totals ${t.ratioOfTotals.toFixed(2)} · target ≤ 2: ${t.ratioOfTotals <= 2 && t.ratioOfMedians <= 2 ? 'MET' : 'MISSED'}`,
  );
  // netBot on the decisions of a game between heuristic bots.
  const states = [];
  const decisions = [];
  bots.playGame({
    players: 4,
    seed: 'net-speed-nets',
    bots: [bots.heuristicBot, bots.heuristicBot, bots.heuristicBot, bots.heuristicBot],
    onAction: (_a, s) => {
      if (!core.isGameOver(s)) states.push(s);
    },
  });
  for (const s of states) {
    const v = core.view(s, core.currentPlayer(s));
    if (v.legal.length > 1 && v.step !== 'pay') decisions.push(v);
  }
  const policyBot = bots.netBot();
  const t0 = cpu();
  let calls = 0;
  for (let r = 0; r < 3; r++)
    for (const v of decisions) {
      policyBot(v, bots.botRandom(0));
      calls += 1;
    }
  const policyMs = ((cpu() - t0) * 1000) / calls;
  log(`netBot: ${policyMs.toFixed(2)} ms CPU per decision (${calls} decisions with a choice)`);
}

// `npm run smoke:runtimes`: the packed tarball under Node, Bun and Deno. In a scratch project it
// installs the tarball and runs one ES module with each runtime: a seeded random game per player
// count through the main entry (checked against the score), a game between the built-in bots
// through `for-the-king-and-me/bots` (`playGame`), and `simulate` in-thread and on two worker
// threads, with the built-in bots and with a bot of the project's own module (the results must be
// equal). Bun and Deno come from the npm packages `bun` and
// `deno` (devDependencies: `npm ci` installs their binaries). Prints one line per runtime and
// exits non-zero if any runtime fails.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installPacked, ROOT, run, scratch } from './pack.mjs';

const NAME = 'for-the-king-and-me';

const CONSUMER = `import { apply, createGame, isGameOver, legalActions, score, RulesError } from '${NAME}';
import { heuristicBot, playGame, randomBot, simulate } from '${NAME}/bots';

const runtime = typeof Bun !== 'undefined' ? 'Bun ' + Bun.version : typeof Deno !== 'undefined' ? 'Deno ' + Deno.version.deno : 'Node ' + process.versions.node;
let x = 7;
const rand = (n) => {
  x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) | 0;
  return (x >>> 0) % n;
};
const games = [];
for (const players of [2, 3, 4, 5]) {
  let state = createGame({ players, seed: 'runtime-' + players });
  while (!isGameOver(state)) {
    const legal = legalActions(state);
    state = apply(state, legal[rand(legal.length)]);
  }
  const s = score(state);
  if (!s.final || s.points.length !== players || s.winners.length < 1) throw new Error('a bad final score');
  games.push(players + 'p ' + state.moveCount + ' actions');
}
try {
  createGame({ players: 6 });
  throw new Error('createGame({ players: 6 }) did not throw');
} catch (e) {
  if (!(e instanceof RulesError) || e.code !== 'INVALID_OPTIONS') throw e;
}
const played = playGame({ players: 3, seed: 'runtime-bots', bots: [heuristicBot, randomBot, heuristicBot] });
if (!isGameOver(played.state)) throw new Error('playGame did not finish');
const plan = { players: 2, bots: ['heuristic', 'random'], games: 12, seed: 'runtime-sim' };
const here = await simulate(plan);
const threads = await simulate({ ...plan, workers: 2 });
if (JSON.stringify(here) !== JSON.stringify(threads)) throw new Error('simulate on 2 workers differs from simulate in-thread');
const mine = { module: new URL('./my-bot.mjs', import.meta.url).href, export: 'cautious' };
const custom = await simulate({ ...plan, bots: [mine, 'heuristic'], workers: 2 });
const customHere = await simulate({ ...plan, bots: [mine, 'heuristic'] });
if (JSON.stringify(custom) !== JSON.stringify(customHere)) throw new Error('a module bot plays otherwise on worker threads');
console.log(runtime + ': games ' + games.join(', ') + '; bots: playGame ' + played.actions.length + ' actions; simulate: 12 games in-thread = on 2 worker threads (heuristic won ' + here.bots[0].wins + '), a module bot too');
`;

const RUNTIMES = [
  { name: 'Node', command: process.execPath, args: ['runtime.mjs'] },
  { name: 'Bun', command: join(ROOT, 'node_modules', '.bin', 'bun'), args: ['runtime.mjs'] },
  { name: 'Deno', command: join(ROOT, 'node_modules', '.bin', 'deno'), args: ['run', '--allow-read', '--allow-env', 'runtime.mjs'] },
];

const dir = scratch('runtimes');
const failed = [];
try {
  const project = installPacked(dir, { name: 'ftkam-runtime-consumer', private: true, type: 'module' });
  writeFileSync(join(project, 'runtime.mjs'), CONSUMER);
  writeFileSync(join(project, 'my-bot.mjs'), 'export function cautious(view) {\n  return view.legal[view.legal.length - 1];\n}\n');
  for (const r of RUNTIMES) {
    if (!existsSync(r.command)) {
      failed.push(`${r.name}: ${r.command} is missing (run npm ci)`);
      continue;
    }
    try {
      run(r.command, r.args, { cwd: project, env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' } });
    } catch (error) {
      failed.push(`${r.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (failed.length > 0) {
  console.error(`smoke:runtimes failed:\n  ${failed.join('\n  ')}`);
  process.exitCode = 1;
} else console.log('smoke:runtimes: Node, Bun and Deno run the main entry, the bots and simulate (worker threads too)');

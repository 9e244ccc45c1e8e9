/**
 * `npm run train:net`: trains the networks of `netBot` and `ismctsNetBot` from nothing, by
 * self-play, and writes them into the package (`src/bots/net/weights.ts`), with the reference
 * outputs of the networks for the inference test and the training curve for the docs.
 *
 *   npm run train:net -- [--seed 1] [--jobs 1] [--dir DIR] [--heuristic-games 10000] [--search-games 200]
 *                        [--rounds 1] [--value-epochs 6] [--policy-epochs 12] [--curve-games 200] [--no-write] [--help]
 *
 * 1. **Heuristic self-play** (`selfplay.ts --stage heuristic`): `heuristicBot`s in every seat, 2 to
 *    5 players, both variant sets; every third position with its game's result.
 * 2. **Value network, first round** (`python/train/net_train.py value`) on those positions.
 * 3. **Search self-play** (`--stage search`): the tree search with that value network at its
 *    leaves, in every seat of half the games and one seat of the others (`heuristicBot`s
 *    elsewhere); every searched decision with the search's share of visits per choice, and the
 *    positions.
 * 4. **Value network, second round**, on all positions, and the **policy network** on the
 *    searched decisions.
 *    With `--rounds R` above 1, rounds 2 … R follow: **search self-play** `search<r>` (another
 *    `--search-games` games, seeded `net:<seed>:search<r>:<g>`, records in `records-<r>`) by the
 *    search guided by both networks of the round before (`ismctsNetBot`'s search: the policy as
 *    prior), then the value and policy networks trained again, from nothing, on all the records
 *    (curves `value-<r>`, `policy-<r>`). The previous round's networks are kept as `nets-<r−1>.json`.
 * 5. The **win-rate curve** (`curve.ts`): `netBot` with the policy network of every epoch against
 *    three `heuristicBot`s, `--curve-games` games each.
 * 6. The reference outputs (`test/bots/fixtures/net-reference.json`), the weights module, and the
 *    training curve (`docs/net-training.svg`), made in `--dir` and put in place together once all
 *    three are made (`publish.ts`): a step that fails leaves the repository's as they were.
 *
 * Everything is deterministic for a seed (the games by their seeds, the training single-threaded
 * with seeded shuffles), and resumable: each chunk of games and each epoch is kept in `--dir`
 * (default `node_modules/.cache/for-the-king-net/<seed>`), and a run started again skips what is
 * done, as long as it was done with the same flags: a chunk played with other games or networks
 * is played again (`selfplay.ts`), a checkpoint of other records or arguments is trained again
 * from nothing (`net_train.py`), and chunks beyond the games asked for stop the command. `--jobs N`
 * plays the games in N processes (the records do not depend on N). Progress goes to stdout and to
 * `train.log` in the folder; each step's CPU time is logged. Every flag is checked first (`--help`
 * lists them); the processes it starts are stopped when it stops (an error, Ctrl-C, SIGTERM,
 * SIGHUP, or its output closed, as by `| head`), and end on their own soon after it is killed
 * (SIGKILL; `orphan.ts`), as it does after the `tsx` command that runs it.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHOICE_FEATURES, DECISION_FEATURES } from '../../../src/bots/net/policy-features.js';
import { CONTEXT_FEATURES, SEAT_FEATURES } from '../../../src/bots/net/value-features.js';
import { exitWithParent, TRAIN_NET_PID } from './orphan.js';
import { publishNets, REPOSITORY_NET_FILES } from './publish.js';
import { parseTrainFlags, TRAIN_HELP, TrainFlagError } from './train-flags.js';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The processes started and not yet ended: stopped when this one stops. */
const children = new Set<ChildProcess>();

function stopChildren(): void {
  for (const child of children) child.kill('SIGTERM');
  children.clear();
}

function flagsOrExit() {
  try {
    return parseTrainFlags(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof TrainFlagError)) throw e;
    process.stderr.write(`train:net: ${e.message}\n`);
    process.exit(2);
  }
}
const flags = flagsOrExit();
if (flags.help) {
  process.stdout.write(`${TRAIN_HELP}\n`);
  process.exit(0);
}
const { seed, jobs, rounds } = flags;
const dir = resolve(flags.dir ?? join(ROOT, 'node_modules/.cache/for-the-king-net', seed));
const data = join(dir, 'records');
const nets = join(dir, 'nets.json');
const CHUNK = 50;

process.on('exit', stopChildren);
// `npm run train:net`'s tsx killed (SIGKILL): nobody is left to stop this one; stop, with the children.
exitWithParent();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    stopChildren();
    process.exit(128 + (signal === 'SIGHUP' ? 1 : signal === 'SIGINT' ? 2 : 15));
  });
// Output closed (`| head -2`): nobody reads the progress any more; stop, with the children.
process.stdout.on('error', () => {
  stopChildren();
  process.exit(1);
});
mkdirSync(data, { recursive: true });

function log(line: string): void {
  const text = `${new Date().toISOString()} ${line}\n`;
  appendFileSync(join(dir, 'train.log'), text);
  process.stdout.write(text);
}

/** Runs a command, its output passed through to the log; resolves with the child's CPU seconds. */
function run(command: string, args: readonly string[]): Promise<number> {
  return new Promise((done, fail) => {
    const env = { ...process.env, [TRAIN_NET_PID]: String(process.pid) };
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
    children.add(child);
    child.stdout.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim() !== '') log(`  ${line}`);
    });
    child.on('error', (e) => {
      children.delete(child);
      fail(e);
    });
    child.on('exit', (code) => {
      children.delete(child);
      if (code === 0) done(0);
      else fail(new Error(`${command} ${args.join(' ')} exited with ${String(code)}`));
    });
  });
}

/** Stops the command when `folder` holds chunks of `stage` beyond its `games` (a run started again with fewer). */
function checkNoExtraChunks(stage: string, games: number, folder: string, flag: string): void {
  for (const f of readdirSync(folder)) {
    const m = new RegExp(`^${stage}-(\\d{6})\\.done$`).exec(f);
    if (m !== null && Number(m[1]) >= games)
      throw new Error(`${folder} holds ${stage} games from ${Number(m[1])} on, beyond ${flag} ${games}: remove ${dir} to start again`);
  }
}

/** CPU seconds the chunks of a stage took, from their `.done` files in `folder`. */
function stageSeconds(stage: string, folder: string): number {
  let sum = 0;
  for (const f of readdirSync(folder))
    if (f.startsWith(`${stage}-`) && f.endsWith('.done')) sum += JSON.parse(readFileSync(join(folder, f), 'utf8')).seconds;
  return sum;
}

/** Plays a stage's games in `jobs` processes, into `folder`; the search stages read the networks of `netsFile`. */
async function selfplay(stage: string, games: number, folder = data, netsFile = nets): Promise<void> {
  checkNoExtraChunks(stage, games, folder, stage === 'heuristic' ? '--heuristic-games' : '--search-games');
  const started = Date.now();
  const chunks = Math.ceil(games / CHUNK);
  const per = Math.ceil(chunks / jobs);
  const runs: Promise<number>[] = [];
  for (let j = 0; j < jobs; j++) {
    const from = j * per * CHUNK;
    const to = Math.min(games, (j + 1) * per * CHUNK);
    if (from >= to) continue;
    const args = ['--stage', stage, '--seed', seed, '--from', String(from), '--to', String(to), '--chunk', String(CHUNK), '--dir', folder];
    if (stage !== 'heuristic') args.push('--nets', netsFile);
    runs.push(run(process.execPath, ['--import', 'tsx', join(ROOT, 'test/bench/net/selfplay.ts'), ...args]));
  }
  await Promise.all(runs);
  log(
    `${stage} self-play: ${games} games, ${stageSeconds(stage, folder).toFixed(0)} s of CPU, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

async function python(args: readonly string[]): Promise<void> {
  const started = Date.now();
  await run('/usr/bin/python3', [join(ROOT, 'python/train/net_train.py'), ...args, '--seed', seed]);
  const tag = args.find((a) => a.startsWith('--tag=')) ?? '';
  log(`python ${args[0]}${tag.slice(6)}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function main(): Promise<void> {
  const started = Date.now();
  const layout = { seat: SEAT_FEATURES, context: CONTEXT_FEATURES, decision: DECISION_FEATURES, choice: CHOICE_FEATURES };
  const layoutFile = join(data, 'layout.json');
  if (existsSync(layoutFile) && readFileSync(layoutFile, 'utf8') !== `${JSON.stringify(layout)}\n`)
    throw new Error(`${layoutFile} was written for other feature sizes: remove ${dir} to start again`);
  writeFileSync(layoutFile, `${JSON.stringify(layout)}\n`);
  log(`train:net seed ${seed}, ${jobs} job(s), ${rounds} round(s), folder ${dir}`);
  await selfplay('heuristic', flags.heuristicGames);
  const epochs = ['--epochs', String(flags.valueEpochs)];
  // Always run: its checkpoint makes it quick when done, and the search games need its network in
  // the networks file (a later stage's value network may be there from an earlier run).
  await python(['value', '--data', data, '--only=heuristic', '--out', nets, '--tag=-first', ...epochs]);
  await selfplay('search', flags.searchGames);
  await python(['value', '--data', data, '--out', nets, ...epochs]);
  await python(['policy', '--data', data, '--out', nets, '--epochs', String(flags.policyEpochs)]);
  const extra: string[] = [];
  for (let r = 2; r <= rounds; r++) {
    // The round before's networks (a run started again wrote them again, from their checkpoints).
    const before = join(dir, `nets-${r - 1}.json`);
    copyFileSync(nets, before);
    const folder = join(dir, `records-${r}`);
    mkdirSync(folder, { recursive: true });
    await selfplay(`search${r}`, flags.searchGames, folder, before);
    extra.push(`--extra=${folder}`);
    await python(['value', '--data', data, ...extra, '--out', nets, `--tag=-${r}`, ...epochs]);
    await python(['policy', '--data', data, ...extra, '--out', nets, `--tag=-${r}`, '--epochs', String(flags.policyEpochs)]);
  }
  const curveStarted = Date.now();
  await run(process.execPath, [
    '--import',
    'tsx',
    join(ROOT, 'test/bench/net/curve.ts'),
    '--nets',
    nets,
    '--games',
    String(flags.curveGames),
  ]);
  log(`win-rate curve: ${((Date.now() - curveStarted) / 1000).toFixed(0)} s`);
  // All three or none: the inference test checks the weights against the fixture (publish.ts).
  if (!flags.noWrite) await publishNets(run, { nets, seed, staging: join(dir, 'publish'), targets: REPOSITORY_NET_FILES });
  log(`train:net done in ${((Date.now() - started) / 60000).toFixed(1)} min`);
}

main().catch((e: unknown) => {
  stopChildren();
  log(`train:net failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
});

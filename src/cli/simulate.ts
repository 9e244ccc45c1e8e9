/**
 * @internal `for-the-king simulate`: many bot games, then a summary table or JSON.
 * @module
 */

import { join } from 'node:path';
import type { SimulationResult } from '../bots/index.js';
import { mergeShards, simulate, simulateShard } from '../bots/index.js';
import { MAX_WORKERS } from '../bots/simulate.js';
import type { PlayerCount } from '../index.js';
import type { Parsed } from './args.js';
import { intOption, seedOption, stringOption, UsageError } from './args.js';
import { checkFileDestination, checkFolderDestination, isFolder } from './files.js';
import type { Io } from './io.js';
import { say } from './io.js';
import { progressBar } from './progress.js';
import { botList } from './seats.js';
import { parseShard, readShards, shardFileName, writeShard } from './shard.js';

/** @internal Options of `simulate`. */
export const SIMULATE_OPTIONS = {
  players: 'string',
  bots: 'string',
  games: 'string',
  workers: 'string',
  seed: 'string',
  json: 'boolean',
  shard: 'string',
  out: 'string',
} as const;

/** @internal Options of `merge`. */
export const MERGE_OPTIONS = { json: 'boolean' } as const;

/**
 * @internal The result as JSON for `--json`, fractions rounded to 6 decimals (`25.46`, not
 * `25.45999999999999`): the sums inside stay exact; only what is printed is rounded.
 */
export function printedJson(result: SimulationResult): string {
  return JSON.stringify(
    result,
    (_key, value: unknown) => (typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 1e6) / 1e6 : value),
    2,
  );
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

/** @internal The summary table, under a first line that says how the games were run. */
export function renderSummary(r: SimulationResult, how: string): string[] {
  const lines = [`${r.players} players · ${r.games} games · seed ${String(r.seed)} · ${how}`, ''];
  const width = Math.max(6, ...r.bots.map((b) => b.id.length)) + 2;
  lines.push(
    `${'#'.padEnd(6)}${'bot'.padEnd(width)}${'wins'.padStart(8)}${'shared'.padStart(8)}${'win rate'.padStart(10)}   points (mean ± sd)`,
  );
  r.bots.forEach((b, e) => {
    lines.push(
      `${`#${e}`.padEnd(6)}${b.id.padEnd(width)}${String(b.wins).padStart(8)}${String(b.sharedWins).padStart(8)}${pct(b.winRate).padStart(10)}   ${b.score.mean.toFixed(2)} ± ${b.score.sd.toFixed(2)}`,
    );
  });
  lines.push(
    '',
    `by seat (bots rotate): ${r.seats.map((s) => `seat ${s.seat} ${s.wins}${s.sharedWins ? ` (+${s.sharedWins} shared)` : ''}`).join(' · ')}`,
  );
  lines.push(
    `game length ${r.length.mean.toFixed(1)} ± ${r.length.sd.toFixed(1)} actions · forfeits ${r.forfeits.mean.toFixed(2)}/game · lots discarded ${r.lotsDiscarded.mean.toFixed(2)}/game`,
  );
  return lines;
}

/** @internal Runs `simulate`; returns the exit code. */
export async function simulateCommand(parsed: Parsed, io: Io): Promise<number> {
  if (parsed.positional.length > 0) throw new UsageError(`simulate takes no arguments, got "${parsed.positional[0]}"`);
  const players = intOption(parsed, 'players', 4, 2, 5) as PlayerCount;
  const games = intOption(parsed, 'games', 1000, 1, 100_000_000);
  const workers = intOption(parsed, 'workers', 1, 1, MAX_WORKERS);
  const seed = seedOption(parsed) ?? 1;
  const listed = botList(stringOption(parsed, 'bots'), ['heuristic']);
  const bots = listed.length === 1 ? Array.from({ length: players }, () => listed[0] as string) : listed;
  if (bots.length !== players)
    throw new UsageError(`--bots lists ${bots.length} bots for ${players} players (give one id, or one per seat)`);
  const shardText = stringOption(parsed, 'shard');
  const out = stringOption(parsed, 'out');
  if ((shardText === undefined) !== (out === undefined)) throw new UsageError('--shard i/N and --out DIR go together');
  if (shardText !== undefined && parsed.options.json === true)
    throw new UsageError('--json goes without --shard: a shard writes its totals to --out, and "merge DIR --json" prints the JSON');
  const bar = progressBar(io.stderr);
  const start = performance.now();
  const onProgress = (done: number, total: number): void => bar.update(done, total);
  if (shardText !== undefined && out !== undefined) {
    const { shard, shards } = parseShard(shardText);
    if (shards > games) throw new UsageError(`--shard ${shardText}: ${games} games cannot make ${shards} shards`);
    checkFolderDestination(out);
    // The shard's own file too (a folder in its place would be found only after the games).
    if (isFolder(out)) checkFileDestination(join(out, shardFileName(shard, shards)));
    const part = await simulateShard({ players, bots, games, seed, workers, shard, shards, onProgress });
    bar.end();
    const path = writeShard(out, part);
    const seconds = (performance.now() - start) / 1000;
    say(
      io.stdout,
      `shard ${shard}/${shards}: games ${part.from}–${part.to - 1} (${part.to - part.from}) in ${seconds.toFixed(1)} s, written to ${path}`,
    );
    return 0;
  }
  const result = await simulate({ players, bots, games, seed, workers, onProgress });
  bar.end();
  const seconds = (performance.now() - start) / 1000;
  if (parsed.options.json === true) say(io.stdout, printedJson(result));
  else say(io.stdout, ...renderSummary(result, `${workers} worker${workers === 1 ? '' : 's'} · ${seconds.toFixed(1)} s`));
  return 0;
}

/** @internal Runs `merge DIR`: checks every shard and prints the whole simulation's result; returns the exit code. */
export async function mergeCommand(parsed: Parsed, io: Io): Promise<number> {
  const [dir, extra] = parsed.positional;
  if (dir === undefined) throw new UsageError('merge needs the folder of the shard files (the --out of simulate --shard)');
  if (extra !== undefined) throw new UsageError(`merge takes one folder, got also "${extra}"`);
  const parts = readShards(dir);
  const result = mergeShards(parts);
  const shards = parts[0]?.shards ?? 0;
  if (parsed.options.json === true) say(io.stdout, printedJson(result));
  else say(io.stdout, ...renderSummary(result, `merged from ${shards} shard${shards === 1 ? '' : 's'}`));
  return 0;
}

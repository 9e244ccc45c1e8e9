/**
 * @internal `for-the-king simulate`: many bot games, then a summary table or JSON.
 * @module
 */

import type { SimulationResult } from '../bots/index.js';
import { simulate } from '../bots/index.js';
import type { PlayerCount } from '../index.js';
import type { Parsed } from './args.js';
import { intOption, seedOption, stringOption, UsageError } from './args.js';
import type { Io } from './io.js';
import { say } from './io.js';
import { progressBar } from './progress.js';
import { botList } from './seats.js';

/** @internal Options of `simulate`. */
export const SIMULATE_OPTIONS = {
  players: 'string',
  bots: 'string',
  games: 'string',
  workers: 'string',
  seed: 'string',
  json: 'boolean',
} as const;

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

/** @internal The summary table. */
export function renderSummary(r: SimulationResult, seconds: number, workers: number): string[] {
  const lines = [
    `${r.players} players · ${r.games} games · seed ${String(r.seed)} · ${workers} worker${workers === 1 ? '' : 's'} · ${seconds.toFixed(1)} s`,
    '',
  ];
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
  const workers = intOption(parsed, 'workers', 1, 1, 256);
  const seed = seedOption(parsed) ?? 1;
  const listed = botList(stringOption(parsed, 'bots'), ['heuristic']);
  const bots = listed.length === 1 ? Array.from({ length: players }, () => listed[0] as string) : listed;
  if (bots.length !== players)
    throw new UsageError(`--bots lists ${bots.length} bots for ${players} players (give one id, or one per seat)`);
  const bar = progressBar(io.stderr);
  const start = performance.now();
  const result = await simulate({ players, bots, games, seed, workers, onProgress: (done, total) => bar.update(done, total) });
  bar.end();
  const seconds = (performance.now() - start) / 1000;
  if (parsed.options.json === true) say(io.stdout, JSON.stringify(result, null, 2));
  else say(io.stdout, ...renderSummary(result, seconds, workers));
  return 0;
}

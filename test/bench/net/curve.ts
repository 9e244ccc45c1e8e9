/**
 * The win-rate curve of training: plays `netBot` with the policy network of every epoch (the one
 * before training too) against three `heuristicBot`s, 4 players under the defaults, seats
 * rotated, and writes the results into the networks file as `curves["win-rate"]`, which
 * `python/train/net_export.py` draws. Called by `npm run train:net` after the policy network.
 *
 *   tsx test/bench/net/curve.ts --nets nets.json [--games 200] [--seed net-curve]
 *
 * The games' master seed (`net-curve`) is neither training's (`net:<seed>:…`) nor the lines'
 * (`net-line-*`). An epoch already in the file with the same games, seed and network (its weights'
 * hash: a later round trains the policy network again) is not played again.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { HEURISTIC_PARAMS, heuristicBot } from '../../../src/bots/heuristic.js';
import { policyBot } from '../../../src/bots/net/net-bot.js';
import type { NetworkData } from '../../../src/bots/net/network.js';
import { layersFrom } from '../../../src/bots/net/network.js';
import { policyOf } from '../../../src/bots/net/policy-net.js';
import { simulate } from '../../../src/bots/simulate.js';
import { wilson } from '../wilson.mjs';
import { exitWithParent } from './orphan.js';

/** One point of the curve. */
export interface WinRatePoint {
  readonly epoch: number;
  readonly games: number;
  readonly seed: string;
  /** The first 16 hex digits of the SHA-256 of the epoch's network's weights (base64). */
  readonly net: string;
  /** Games won alone by `netBot`. */
  readonly wins: number;
  /** The 95% Wilson interval of `wins / games`. */
  readonly low: number;
  readonly high: number;
  /** `netBot`'s mean points, and the heuristic bots'. */
  readonly points: number;
  readonly opponentPoints: number;
}

const { values } = parseArgs({
  options: {
    nets: { type: 'string' },
    games: { type: 'string', default: '200' },
    seed: { type: 'string', default: 'net-curve' },
  },
});
if (values.nets === undefined) throw new Error('--nets is required');
exitWithParent(); // the games let the event loop turn after each one
const file = values.nets;
const games = Number(values.games);
const seed = values.seed;
const nets = JSON.parse(readFileSync(file, 'utf8'));
const snapshots: NetworkData[] = nets.snapshots?.policy ?? [];
if (snapshots.length === 0) throw new Error(`${file} has no policy snapshots: train the policy network first`);
const done: WinRatePoint[] = (nets.curves?.['win-rate'] ?? []).filter((p: WinRatePoint) => p.games === games && p.seed === seed);
const points: WinRatePoint[] = [];
for (let epoch = 0; epoch < snapshots.length; epoch++) {
  const net = createHash('sha256')
    .update((snapshots[epoch] as NetworkData).weights)
    .digest('hex')
    .slice(0, 16);
  const known = done.find((p) => p.epoch === epoch && p.net === net);
  if (known !== undefined) {
    points.push(known);
    continue;
  }
  const policy = policyOf(layersFrom(snapshots[epoch] as NetworkData), HEURISTIC_PARAMS);
  const bot = policyBot(() => policy);
  const started = process.cpuUsage();
  const r = await simulate({ players: 4, bots: [bot, heuristicBot, heuristicBot, heuristicBot], games, seed, workers: 1 });
  const used = process.cpuUsage(started);
  const me = r.bots[0] as (typeof r.bots)[number];
  const [low, high] = wilson(me.wins, r.games);
  const point: WinRatePoint = {
    epoch,
    games,
    seed,
    net,
    wins: me.wins,
    low,
    high,
    points: me.score.mean,
    opponentPoints: (r.bots[1] as typeof me).score.mean,
  };
  points.push(point);
  process.stdout.write(
    `win rate, policy epoch ${epoch}: netBot won ${me.wins}/${games} = ${((100 * me.wins) / games).toFixed(1)}% (95% CI ${(100 * low).toFixed(1)}–${(100 * high).toFixed(1)}%) against 3 heuristicBot, ${((used.user + used.system) / 1e6).toFixed(0)} s of CPU\n`,
  );
  // Kept after every epoch, so that a killed run resumes here: written beside the file and renamed
  // over it, so that a kill leaves the old file or the new one, never half of it.
  const current = JSON.parse(readFileSync(file, 'utf8'));
  current.curves = { ...current.curves, 'win-rate': points };
  writeFileSync(`${file}.tmp`, JSON.stringify(current));
  renameSync(`${file}.tmp`, file);
}

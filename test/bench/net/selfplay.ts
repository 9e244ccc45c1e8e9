/**
 * Self-play for the networks: plays a chunk of games and writes their training records
 * (`records.ts`) into a folder, one set of files per chunk, with a `.done` file last, so that a
 * killed run resumes where it stopped and the data never depend on how many jobs played them.
 *
 *   tsx test/bench/net/selfplay.ts --stage heuristic|search|search2 --seed S --from 0 --to 100 --dir DIR [--nets FILE]
 *
 * `heuristic` games seat `heuristicBot`s only (positions for the value network). `search` games
 * seat the tree search with the value network of `--nets` (a JSON file of `NetworkData` written
 * by the trainer) in every seat of even games and in one seat of odd ones (the others
 * `heuristicBot`s), and record every searched decision for the policy network. `search<r>` games
 * (the second round of search, `r` ≥ 2) are played alike by `ismctsNetBot`'s search with the
 * value *and* policy networks of `--nets` (the previous round's: the policy's prior with
 * `ISMCTS_NET_PRIOR`, exploration as `ISMCTS_NET_DEFAULTS`, UCB at the root as when the shipped
 * networks were trained). Game `g` of the stage is played with
 * the seed `net:<seed>:<stage>:<g>`; its player count and variants come from {@link setupOf}.
 *
 * A chunk's `.done` file names what it was played with (its {@link ChunkKey}: stage, seed, games,
 * networks): a chunk done with anything else (a run started again in the same folder with other
 * flags, or new networks) is played again, never kept.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { HEURISTIC_PARAMS, heuristicBot } from '../../../src/bots/heuristic.js';
import type { IsmctsTuning } from '../../../src/bots/ismcts.js';
import { ISMCTS_DEFAULTS, ismctsWith } from '../../../src/bots/ismcts.js';
import { ISMCTS_NET_DEFAULTS, ISMCTS_NET_PRIOR } from '../../../src/bots/net/net-bot.js';
import type { NetworkData } from '../../../src/bots/net/network.js';
import { layersFrom } from '../../../src/bots/net/network.js';
import { policyOf } from '../../../src/bots/net/policy-net.js';
import { valueEstimate } from '../../../src/bots/net/value-net.js';
import { playGame } from '../../../src/bots/play.js';
import type { RootChoice } from '../../../src/bots/search.js';
import type { Bot } from '../../../src/bots/types.js';
import type { PlayerCount, Variants } from '../../../src/index.js';
import { DEFAULT_VARIANTS, PUBLISHED_VARIANTS } from '../../../src/index.js';
import { exitIfOrphaned, exitWithParent } from './orphan.js';
import type { Records } from './records.js';
import { emptyRecords, GamePositions, recordDecision } from './records.js';

/** The stages of self-play: `search<r>` is the search of round `r` ≥ 2, guided by both networks. */
export type Stage = 'heuristic' | 'search' | `search${number}`;

/** Whether `name` is a stage, and its search round (0 for `heuristic`). */
export function roundOf(name: string): number | null {
  if (name === 'heuristic') return 0;
  if (name === 'search') return 1;
  const m = /^search([2-9])$/.exec(name);
  return m === null ? null : Number(m[1]);
}

/**
 * The setups of a stage's games, in turn (game `g` gets entry `g % 10`): a player count, and
 * `p` for `PUBLISHED_VARIANTS` (else the defaults). Mostly 4-player games under the defaults.
 * Every search round uses the `search` setups.
 */
const SETUPS: Readonly<Record<'heuristic' | 'search', readonly string[]>> = {
  heuristic: ['4', '4', '4', '4', '3', '5', '2', '4p', '3p', '5p'],
  search: ['4', '4', '4', '4', '4', '4', '3', '5', '2', '4p'],
};

/** Player count and variants of game `g` of a stage. */
export function setupOf(stage: Stage, g: number): { players: PlayerCount; variants: Variants } {
  const setup = SETUPS[stage === 'heuristic' ? 'heuristic' : 'search'][g % 10] as string;
  return { players: Number(setup[0]) as PlayerCount, variants: setup.endsWith('p') ? PUBLISHED_VARIANTS : DEFAULT_VARIANTS };
}

/** Every `EVERY`-th position of a game is kept for the value network. */
export const EVERY = 3;

/** Iterations of the recorded searches. */
export const SEARCH_ITERATIONS = 1000;

/** The networks file the trainer writes: the value and (once trained) policy networks. */
export interface NetsFile {
  readonly value: NetworkData;
  readonly policy?: NetworkData;
}

/** What a chunk of records was played with: a chunk is kept only when its key is the one asked for. */
export interface ChunkKey {
  readonly stage: Stage;
  readonly seed: string;
  /** Its games, `from` … `to − 1`. */
  readonly from: number;
  readonly to: number;
  /** The first 16 hex digits of the SHA-256 of the networks its searches used (`null` for `heuristic`). */
  readonly nets: string | null;
}

/** The key of the chunk of games `from` … `to − 1` of a stage played with `nets`. */
export function chunkKey(stage: Stage, seed: string, from: number, to: number, nets: NetsFile | null): ChunkKey {
  const used =
    stage === 'heuristic' || nets === null ? null : stage === 'search' ? { value: nets.value } : { value: nets.value, policy: nets.policy };
  const hash = used === null ? null : createHash('sha256').update(JSON.stringify(used)).digest('hex').slice(0, 16);
  return { stage, seed, from, to, nets: hash };
}

/** Whether the chunk `<name>.done` in `dir` was played with `key` (a `.done` without a key, an older one, was not). */
export function chunkDone(dir: string, name: string, key: ChunkKey): boolean {
  const file = join(dir, `${name}.done`);
  if (!existsSync(file)) return false;
  const done = JSON.parse(readFileSync(file, 'utf8')) as { key?: ChunkKey };
  return JSON.stringify(done.key) === JSON.stringify(key);
}

/**
 * Plays games `from` … `to − 1` of a stage and returns their records; `afterMove` is called after
 * every move (the command checks there that `train:net` is still running: a chunk holds the event
 * loop for minutes).
 */
export function playChunk(
  stage: Stage,
  seed: string,
  from: number,
  to: number,
  nets: NetsFile | null,
  afterMove: () => void = () => undefined,
): Records {
  const records = emptyRecords();
  for (let g = from; g < to; g++) {
    const { players, variants } = setupOf(stage, g);
    const positions = new GamePositions(players, g);
    const bots: Bot[] = [];
    if (stage === 'heuristic') for (let p = 0; p < players; p++) bots.push(heuristicBot);
    else {
      if (nets === null) throw new Error('selfplay: the search stage needs --nets');
      const value = valueEstimate(layersFrom(nets.value));
      let tuning: IsmctsTuning = { ...ISMCTS_DEFAULTS, value };
      if (stage !== 'search') {
        if (nets.policy === undefined) throw new Error(`selfplay: stage ${stage} needs a policy network in --nets`);
        const policy = policyOf(layersFrom(nets.policy), HEURISTIC_PARAMS);
        tuning = {
          ...ISMCTS_NET_DEFAULTS,
          value,
          prior: (view, choices) =>
            view.step === 'pay' ? new Float64Array(choices.length).fill(1 / choices.length) : policy(view, choices),
          priorWeight: ISMCTS_NET_PRIOR,
          // UCB at the root, as when the shipped networks were trained: its visits are the policy's targets.
          rootHalving: false,
        };
      }
      const lone = Math.floor(g / 2) % players;
      for (let p = 0; p < players; p++) {
        if (g % 2 === 1 && p !== lone) {
          bots.push(heuristicBot);
          continue;
        }
        let report: readonly RootChoice[] = [];
        const search = ismctsWith(
          { iterations: SEARCH_ITERATIONS },
          {
            ...tuning,
            report: (r) => {
              report = r;
            },
          },
        );
        bots.push((view, rng) => {
          report = [];
          const action = search(view, rng);
          if (report.length > 1) recordDecision(view, report, action, g, records);
          return action;
        });
      }
    }
    let step = 0;
    const { state } = playGame({
      players,
      variants,
      seed: `net:${seed}:${stage}:${g}`,
      bots,
      onAction: (_a, s) => {
        afterMove();
        step += 1;
        if (s.step !== 'over' && step % EVERY === 0) positions.add(s);
      },
    });
    positions.finish(state, records);
  }
  return records;
}

/**
 * Writes a chunk's records into `dir` as `<name>.<file>.f32`, then `<name>.done` (with counts and
 * its key). An older `.done` of that name is removed first: a kill midway leaves no chunk done.
 */
export function writeChunk(dir: string, name: string, records: Records, seconds: number, key: ChunkKey): void {
  mkdirSync(dir, { recursive: true });
  rmSync(join(dir, `${name}.done`), { force: true });
  const counts: Record<string, number> = {};
  for (const [n, floats] of records.value) {
    writeFileSync(join(dir, `${name}.value-${n}.f32`), floats.bytes());
    counts[`value-${n}`] = floats.length;
  }
  writeFileSync(join(dir, `${name}.decisions.f32`), records.decisions.bytes());
  writeFileSync(join(dir, `${name}.choices.f32`), records.choices.bytes());
  counts.decisions = records.decisions.length;
  counts.choices = records.choices.length;
  writeFileSync(join(dir, `${name}.done`), `${JSON.stringify({ ...counts, seconds, key })}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  exitWithParent();
  const { values } = parseArgs({
    options: {
      stage: { type: 'string' },
      seed: { type: 'string', default: '1' },
      from: { type: 'string' },
      to: { type: 'string' },
      chunk: { type: 'string', default: '50' },
      dir: { type: 'string' },
      nets: { type: 'string' },
    },
  });
  const stage = (values.stage ?? '') as Stage;
  if (roundOf(stage) === null) throw new Error('--stage must be heuristic, search or search2 … search9');
  if (values.dir === undefined || values.from === undefined || values.to === undefined)
    throw new Error('--dir, --from and --to are required');
  const nets = values.nets === undefined ? null : (JSON.parse(readFileSync(values.nets, 'utf8')) as NetsFile);
  const chunk = Number(values.chunk);
  for (let from = Number(values.from); from < Number(values.to); from += chunk) {
    const to = Math.min(Number(values.to), from + chunk);
    const name = `${stage}-${String(from).padStart(6, '0')}`;
    const key = chunkKey(stage, values.seed, from, to, nets);
    if (chunkDone(values.dir, name, key)) continue;
    if (existsSync(join(values.dir, `${name}.done`)))
      process.stdout.write(`${name}: played with other flags or networks before, playing it again\n`);
    const started = process.cpuUsage();
    const records = playChunk(stage, values.seed, from, to, nets, exitIfOrphaned);
    const used = process.cpuUsage(started);
    writeChunk(values.dir, name, records, (used.user + used.system) / 1e6, key);
    process.stdout.write(`${name}: games ${from}–${to - 1}, ${((used.user + used.system) / 1e6).toFixed(1)} s of CPU\n`);
  }
}

/**
 * The command line of `npm run train:net` (`train.ts`): every flag checked before anything runs,
 * so that a typo stops the command at once with one line, not after hours of self-play.
 */
import { parseArgs } from 'node:util';

/** The flags of `train:net`, checked. */
export interface TrainFlags {
  readonly seed: string;
  readonly jobs: number;
  readonly dir: string | undefined;
  readonly heuristicGames: number;
  readonly searchGames: number;
  readonly rounds: number;
  readonly valueEpochs: number;
  readonly policyEpochs: number;
  readonly curveGames: number;
  readonly noWrite: boolean;
  readonly help: boolean;
}

/** A command line `train:net` refuses: its message is the one line to show. */
export class TrainFlagError extends Error {
  override readonly name = 'TrainFlagError';
}

/** The whole-number flags: name, default, smallest and largest value, and what it counts. */
const NUMBERS = [
  ['jobs', 1, 1, 64, 'processes playing the games'],
  ['heuristic-games', 10000, 1, 10_000_000, 'games of heuristic self-play'],
  ['search-games', 200, 1, 1_000_000, 'games of search self-play per round'],
  ['rounds', 1, 1, 9, 'rounds of search self-play and training'],
  ['value-epochs', 6, 1, 1000, 'epochs of the value network'],
  ['policy-epochs', 12, 1, 1000, 'epochs of the policy network'],
  ['curve-games', 200, 1, 1_000_000, 'games per epoch of the win-rate curve'],
] as const;

/** The text of `--help`: the flags and their defaults. */
export const TRAIN_HELP = [
  'npm run train:net -- [flags]: trains the networks of netBot and ismctsNetBot from nothing, by self-play.',
  '',
  "  --seed N             the games' and training's seed, a whole number (default 1)",
  '  --dir DIR            where the records, checkpoints and nets.json are kept (default node_modules/.cache/for-the-king-net/<seed>)',
  ...NUMBERS.map(([name, def, lo, hi, what]) => `  --${`${name} N`.padEnd(19)}${what}, ${lo} to ${hi} (default ${def})`),
  '  --no-write           leave src/bots/net/weights.ts, the reference outputs and docs/net-training.svg as they are',
  '  --help               this text',
].join('\n');

/** Parses and checks `train:net`'s arguments; throws {@link TrainFlagError} for anything it refuses. */
export function parseTrainFlags(args: readonly string[]): TrainFlags {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        seed: { type: 'string', default: '1' },
        dir: { type: 'string' },
        'no-write': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        ...Object.fromEntries(NUMBERS.map(([name, def]) => [name, { type: 'string', default: String(def) }])),
      },
    }));
  } catch (e) {
    throw new TrainFlagError(`${e instanceof Error ? e.message : String(e)} (see --help)`);
  }
  const seed = values.seed as string;
  if (!/^\d+$/.test(seed)) throw new TrainFlagError(`--seed must be a whole number, got ${JSON.stringify(seed)}`);
  const n: Record<string, number> = {};
  for (const [name, , lo, hi] of NUMBERS) {
    const text = values[name] as string;
    const v = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(Number.isSafeInteger(v) && v >= lo && v <= hi))
      throw new TrainFlagError(`--${name} must be a whole number from ${lo} to ${hi}, got ${JSON.stringify(text)}`);
    n[name] = v;
  }
  return {
    seed,
    jobs: n.jobs as number,
    dir: values.dir as string | undefined,
    heuristicGames: n['heuristic-games'] as number,
    searchGames: n['search-games'] as number,
    rounds: n.rounds as number,
    valueEpochs: n['value-epochs'] as number,
    policyEpochs: n['policy-epochs'] as number,
    curveGames: n['curve-games'] as number,
    noWrite: values['no-write'] as boolean,
    help: values.help as boolean,
  };
}

/**
 * Fits the weights of the search's value estimate (`src/bots/value-weights.ts`) to the outcomes
 * of heuristic self-play games, and writes that file.
 *
 *   npm run fit:value [-- --games 3000 --players 3,4,5 --variants default,published --seed fit-value --every 3 --dry-run]
 *
 * The weights serve games of 3 to 5 players (2-player games keep a logistic of the point margin,
 * see `evaluate.ts`), one table per middle rule (RULES V3): the default `'advisor-keeps-last'`
 * table is fitted on games under `DEFAULT_VARIANTS` (seeds `<seed>:<players>:<game>`), the
 * `'one-per-opponent'` table on games under `PUBLISHED_VARIANTS` (seeds
 * `<seed>:published:<players>:<game>`). For each variant set and player count it plays `--games`
 * games of `heuristicBot` against itself, takes every `--every`-th position before the end, and
 * records each seat's projection (expected title points, gold, expected titles:
 * `valueFeatures`) and its share of the final win. Per player count and stage it fits a softmax
 * over the seats (`logit.ts`) on four games in five and reports the log-loss on the fifth, next
 * to a blind guess (ln of the player count).
 *
 * The file is written when every player count of a variant set was fitted; a variant set left
 * out with `--variants` keeps its table from the current file. The same command writes the same
 * file.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { STAGES, valueFeatures } from '../../src/bots/evaluate.js';
import { heuristicBot } from '../../src/bots/heuristic.js';
import { ISMCTS_DEFAULTS } from '../../src/bots/ismcts.js';
import { playGame } from '../../src/bots/play.js';
import type { ValueWeightTable } from '../../src/bots/value-weights.js';
import { VALUE_WEIGHTS } from '../../src/bots/value-weights.js';
import type { MiddleVariant, PlayerCount, Variants } from '../../src/index.js';
import { DEFAULT_VARIANTS, PUBLISHED_VARIANTS, score } from '../../src/index.js';
import type { LogitData } from './logit.js';
import { fitLogit, logLoss } from './logit.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '3000' },
    players: { type: 'string', default: '3,4,5' },
    variants: { type: 'string', default: 'default,published' },
    seed: { type: 'string', default: 'fit-value' },
    every: { type: 'string', default: '3' },
    'dry-run': { type: 'boolean', default: false },
  },
});
const games = Number(values.games);
const every = Number(values.every);
const counts = values.players.split(',').map(Number) as PlayerCount[];
const FEATURES = 3;

/** The variant sets, each fitted into the table of its middle rule. */
const SETS: readonly { name: string; variants: Variants; middle: MiddleVariant; prefix: string }[] = [
  { name: 'default', variants: DEFAULT_VARIANTS, middle: DEFAULT_VARIANTS.middle, prefix: '' },
  { name: 'published', variants: PUBLISHED_VARIANTS, middle: PUBLISHED_VARIANTS.middle, prefix: 'published:' },
];
const wanted = values.variants.split(',');
for (const w of wanted) if (!SETS.some((s) => s.name === w)) throw new Error(`--variants: unknown set "${w}" (default, published)`);

interface Rows {
  features: number[];
  outcome: number[];
  rows: number;
}
const empty = (): Rows => ({ features: [], outcome: [], rows: 0 });
const asData = (r: Rows, seats: number): LogitData => ({
  seats,
  k: FEATURES,
  rows: r.rows,
  features: Float64Array.from(r.features),
  outcome: Float64Array.from(r.outcome),
});

/** Plays and fits one player count under one variant set; the table of that count. */
function fitCount(n: PlayerCount, set: (typeof SETS)[number]): number[][] {
  const train = Array.from({ length: STAGES }, empty);
  const held = Array.from({ length: STAGES }, empty);
  const started = Date.now();
  for (let g = 0; g < games; g++) {
    const positions: ReturnType<typeof valueFeatures>[] = [];
    let step = 0;
    const { state } = playGame({
      players: n,
      seed: `${values.seed}:${set.prefix}${n}:${g}`,
      variants: set.variants,
      bots: Array.from({ length: n }, () => heuristicBot),
      onAction: (_a, s) => {
        step += 1;
        if (s.step !== 'over' && step % every === 0) positions.push(valueFeatures(s, ISMCTS_DEFAULTS));
      },
    });
    const winners = score(state).winners;
    const share = Array.from({ length: n }, (_, p) => (winners.includes(p) ? 1 / winners.length : 0));
    for (const f of positions) {
      const into = (g % 5 === 0 ? held : train)[f.stage] as Rows;
      for (let p = 0; p < n; p++) into.features.push(f.expected[p] as number, f.gold[p] as number, f.leads[p] as number);
      into.outcome.push(...share);
      into.rows += 1;
    }
    if (process.stderr.isTTY && (g + 1) % 100 === 0) {
      const rate = (g + 1) / ((Date.now() - started) / 1000);
      process.stderr.write(
        `\r${set.name} variants, ${n} players: ${g + 1}/${games} games, ${rate.toFixed(0)}/s, ${((games - g - 1) / rate).toFixed(0)} s left   `,
      );
    }
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  const blind = Math.log(n);
  const table: number[][] = [];
  console.log(
    `${set.name} variants ${JSON.stringify(set.variants)}, ${n} players (${games} games): stage, positions, weights [points, gold, titles], held-out log-loss (blind ${blind.toFixed(3)})`,
  );
  for (let stage = 0; stage < STAGES; stage++) {
    const data = asData(train[stage] as Rows, n);
    const w = fitLogit(data).map((x) => Math.round(x * 1000) / 1000);
    table.push(w);
    const test = asData(held[stage] as Rows, n);
    console.log(`  ${String(stage).padStart(2)} ${String(data.rows).padStart(7)}  [${w.join(', ')}]  ${logLoss(test, w).toFixed(3)}`);
  }
  return table;
}

const out: Record<MiddleVariant, ValueWeightTable> = { ...VALUE_WEIGHTS };
const fitted: string[] = [];
const skipped: string[] = [];
for (const set of SETS) {
  if (!wanted.includes(set.name)) {
    skipped.push(set.name);
    continue;
  }
  const tables: number[][][] = [];
  for (const n of [3, 4, 5] as const) if (counts.includes(n)) tables.push(fitCount(n, set));
  if (tables.length === 3) {
    out[set.middle] = tables;
    fitted.push(set.name);
  } else skipped.push(`${set.name} (some player counts skipped)`);
}

const tableText = (t: ValueWeightTable): string =>
  t.map((rows, i) => `    // ${i + 3} players\n    [\n${rows.map((w) => `      [${w.join(', ')}],`).join('\n')}\n    ],`).join('\n');
const file = `// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: fitted weights that may round to 0.707 or 3.142
/**
 * @internal Weights of the search's value estimate, written by \`npm run fit:value\`
 * (\`test/bench/fit-value.ts\`; ${games} heuristic self-play games per player count and variant set, seed "${values.seed}").
 * @module
 */

import type { MiddleVariant } from '../index.js';

/**
 * @internal \`table[players - 3][stage]\`: the weights of a seat's expected title points, coins of
 * gold and expected primary titles in the softmax that estimates each seat's chance to win in
 * games of 3 to 5 players (see \`evaluate.ts\` for the stages: 0–5 the auction, 6–13 the draft).
 */
export type ValueWeightTable = readonly (readonly (readonly number[])[])[];

/**
 * @internal The value weights per middle rule (RULES V3) of the game searched: the
 * \`'advisor-keeps-last'\` table is fitted on games under \`DEFAULT_VARIANTS\`, the
 * \`'one-per-opponent'\` table on games under \`PUBLISHED_VARIANTS\`.
 */
export const VALUE_WEIGHTS: Readonly<Record<MiddleVariant, ValueWeightTable>> = {
  'advisor-keeps-last': [
${tableText(out['advisor-keeps-last'])}
  ],
  'one-per-opponent': [
${tableText(out['one-per-opponent'])}
  ],
};
`;
if (values['dry-run']) console.log('(dry run: src/bots/value-weights.ts left as it is)');
else if (fitted.length === 0) console.log('(nothing fitted in full: src/bots/value-weights.ts left as it is)');
else {
  writeFileSync(new URL('../../src/bots/value-weights.ts', import.meta.url), file);
  console.log(
    `wrote src/bots/value-weights.ts (fitted: ${fitted.join(', ')}${skipped.length > 0 ? `; kept from the file: ${skipped.join(', ')}` : ''})`,
  );
}

/**
 * Fits the weights of the search's value estimate (`src/bots/value-weights.ts`) to the outcomes
 * of heuristic self-play games, and writes that file.
 *
 *   npm run fit:value [-- --games 3000 --players 3,4,5 --seed fit-value --every 3 --dry-run]
 *
 * The weights serve games of 3 to 5 players (2-player games keep a logistic of the point margin,
 * see `evaluate.ts`). For each player count it plays `--games` games of `heuristicBot` against itself, takes every
 * `--every`-th position before the end, and records each seat's projection (expected title
 * points, gold, expected titles: `valueFeatures`) and its share of the final win. Per player
 * count and stage it fits a softmax over the seats (`logit.ts`) on four games in five and reports
 * the log-loss on the fifth, next to a blind guess (ln of the player count).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { STAGES, valueFeatures } from '../../src/bots/evaluate.js';
import { heuristicBot } from '../../src/bots/heuristic.js';
import { ISMCTS_DEFAULTS } from '../../src/bots/ismcts.js';
import { playGame } from '../../src/bots/play.js';
import type { PlayerCount } from '../../src/index.js';
import { score } from '../../src/index.js';
import type { LogitData } from './logit.js';
import { fitLogit, logLoss } from './logit.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '3000' },
    players: { type: 'string', default: '3,4,5' },
    seed: { type: 'string', default: 'fit-value' },
    every: { type: 'string', default: '3' },
    'dry-run': { type: 'boolean', default: false },
  },
});
const games = Number(values.games);
const every = Number(values.every);
const counts = values.players.split(',').map(Number) as PlayerCount[];
const FEATURES = 3;

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

const tables: number[][][] = [];
for (const n of [3, 4, 5]) {
  if (!counts.includes(n as PlayerCount)) {
    tables.push([]);
    continue;
  }
  const train = Array.from({ length: STAGES }, empty);
  const held = Array.from({ length: STAGES }, empty);
  const started = Date.now();
  for (let g = 0; g < games; g++) {
    const positions: ReturnType<typeof valueFeatures>[] = [];
    let step = 0;
    const { state } = playGame({
      players: n as PlayerCount,
      seed: `${values.seed}:${n}:${g}`,
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
        `\r${n} players: ${g + 1}/${games} games, ${rate.toFixed(0)}/s, ${((games - g - 1) / rate).toFixed(0)} s left   `,
      );
    }
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  const blind = Math.log(n);
  const table: number[][] = [];
  console.log(
    `${n} players (${games} games): stage, positions, weights [points, gold, titles], held-out log-loss (blind ${blind.toFixed(3)})`,
  );
  for (let stage = 0; stage < STAGES; stage++) {
    const data = asData(train[stage] as Rows, n);
    const w = fitLogit(data).map((x) => Math.round(x * 1000) / 1000);
    table.push(w);
    const test = asData(held[stage] as Rows, n);
    console.log(`  ${String(stage).padStart(2)} ${String(data.rows).padStart(7)}  [${w.join(', ')}]  ${logLoss(test, w).toFixed(3)}`);
  }
  tables.push(table);
}

const body = tables.map((t, i) => `  // ${i + 3} players\n  [\n${t.map((w) => `    [${w.join(', ')}],`).join('\n')}\n  ],`).join('\n');
const file = `/**
 * @internal Weights of the search's value estimate, written by \`npm run fit:value\`
 * (\`test/bench/fit-value.ts\`; ${games} heuristic self-play games per player count, seed "${values.seed}").
 * @module
 */

/**
 * @internal \`VALUE_WEIGHTS[players - 3][stage]\`: the weights of a seat's expected title points,
 * coins of gold and expected primary titles in the softmax that estimates each seat's chance to
 * win in games of 3 to 5 players (see \`evaluate.ts\` for the stages: 0–5 the auction, 6–13 the draft).
 */
export const VALUE_WEIGHTS: readonly (readonly (readonly number[])[])[] = [
${body}
];
`;
if (values['dry-run']) console.log('(dry run: src/bots/value-weights.ts left as it is)');
else if (tables.some((t) => t.length === 0)) console.log('(some player counts skipped: src/bots/value-weights.ts left as it is)');
else {
  writeFileSync(new URL('../../src/bots/value-weights.ts', import.meta.url), file);
  console.log('wrote src/bots/value-weights.ts');
}

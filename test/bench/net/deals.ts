/**
 * How close the search's deals come to the opponents' true hidden hands (a diagnostic; no
 * games are scored). Plays 4-player games in seat rotation: one seat is `heuristicBot`, which
 * at every third decision of its own is dealt 20 worlds from its view (`createDealer`) under
 * each way of tilting the deals below, and the three others are `heuristicBot`s or
 * `ismcts:<iterations>` (`--opponent`). For each world and each opponent it compares the cards of
 * that opponent's hand the view does not show (its *self* picks still held) with the true ones:
 * the Government value per office and the gold's coins, summed over the three opponents.
 *
 *   tsx test/bench/net/deals.ts [--games 40] [--opponent heuristic|ismcts] [--iterations 1000] [--seed net-deals-1]
 *
 * Prints, per way of dealing, the mean Government value and coins of gold the deals put in the
 * opponents' unseen hands beside the truth's, and the mean absolute difference per world (the
 * seven figures of each opponent: five offices' values, none for `livestock` in 4-player games,
 * and the coins). The ways: uniform (no tilt, `bias` 0), the shipped tilt (`bias` 1, a coin worth
 * 0.9 of a Government point), `bias` 2, and `bias` 1 with a coin worth 0 (`tiltGold` 0: a hidden
 * gold card gives way to any Government card compared with it).
 */
import { parseArgs } from 'node:util';
import { heuristicBot } from '../../../src/bots/heuristic.js';
import { biasHidden, observerOf, tiltWorth } from '../../../src/bots/infer.js';
import { ismctsBot } from '../../../src/bots/ismcts.js';
import { playGame } from '../../../src/bots/play.js';
import { KIND_OF, OFFICE_INDEX, VALUE_OF } from '../../../src/bots/tables.js';
import type { Bot } from '../../../src/bots/types.js';
import { type BotRandom, botRandom } from '../../../src/bots/types.js';
import { GOLD, GOVERNMENT } from '../../../src/data/cards.js';
import { createGame, type GameState } from '../../../src/index.js';
import { createDealer } from '../../../src/sim/dealer.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '40' },
    opponent: { type: 'string', default: 'heuristic' },
    iterations: { type: 'string', default: '1000' },
    seed: { type: 'string', default: 'net-deals-1' },
  },
});

interface Way {
  readonly name: string;
  readonly tilt: (s: GameState, observer: ReturnType<typeof observerOf>, rng: BotRandom) => GameState;
}
const ways: readonly Way[] = [
  { name: 'uniform (bias 0)', tilt: (s) => s },
  { name: 'shipped (bias 1, coin 0.9)', tilt: (s, o, r) => biasHidden(s, o, r, 1) },
  { name: 'bias 2, coin 0.9', tilt: (s, o, r) => biasHidden(s, o, r, 2) },
  { name: 'bias 1, coin 0 (tiltGold 0)', tilt: (s, o, r) => biasHidden(s, o, r, 1, tiltWorth(0)) },
];

/** An unseen hand's seven figures: Government value per office (6), then coins of gold. */
function figures(hand: readonly number[], seen: (c: number) => boolean): number[] {
  const f = [0, 0, 0, 0, 0, 0, 0];
  for (const c of hand) {
    if (seen(c)) continue;
    if (KIND_OF[c] === GOLD) f[6] = (f[6] as number) + (VALUE_OF[c] as number);
    else if (KIND_OF[c] === GOVERNMENT) f[OFFICE_INDEX[c] as number] = (f[OFFICE_INDEX[c] as number] as number) + (VALUE_OF[c] as number);
  }
  return f;
}

const WORLDS = 20;
const sums = ways.map(() => ({ government: 0, gold: 0, distance: 0 }));
const truthSum = { government: 0, gold: 0 };
let worlds = 0;
let decisions = 0;
const rng = botRandom(`${values.seed}:tilt`);
let truth: GameState | null = null;

const looker: Bot = (view, r) => {
  if (view.moveCount % 3 === 0 && typeof view.viewer === 'number') {
    const me = view.viewer;
    const t = truth as GameState;
    const observer = observerOf(view);
    const knownIn = (observer as NonNullable<typeof observer>).knownIn;
    const seen = (q: number) => (c: number) => ((knownIn[c] as number) & (1 << q)) !== 0;
    const dealer = createDealer(view);
    const real = t.hands.map((h, q) => figures(h, seen(q)));
    for (let q = 0; q < view.players; q++) {
      if (q === me) continue;
      const f = real[q] as number[];
      for (let o = 0; o < 6; o++) truthSum.government += WORLDS * (f[o] as number);
      truthSum.gold += WORLDS * (f[6] as number);
    }
    for (let i = 0; i < WORLDS; i++) {
      const seed = `${decisions}:${i}`;
      ways.forEach((way, w) => {
        const s = way.tilt(dealer.deal(seed), observer, rng);
        const sum = sums[w] as (typeof sums)[number];
        for (let q = 0; q < view.players; q++) {
          if (q === me) continue;
          const f = figures(s.hands[q] as number[], seen(q));
          const g = real[q] as number[];
          for (let o = 0; o < 7; o++) sum.distance += Math.abs((f[o] as number) - (g[o] as number));
          for (let o = 0; o < 6; o++) sum.government += f[o] as number;
          sum.gold += f[6] as number;
        }
      });
      worlds++;
    }
    decisions++;
  }
  return heuristicBot(view, r);
};

const other: Bot = values.opponent === 'ismcts' ? ismctsBot({ iterations: Number(values.iterations) }) : heuristicBot;
const games = Number(values.games);
for (let g = 0; g < games; g++) {
  const seat = g % 4;
  const bots = [other, other, other, other];
  bots[seat] = looker;
  const options = { players: 4 as const, seed: `${values.seed}:${g}` };
  truth = createGame(options);
  playGame({
    ...options,
    bots,
    onAction: (_a, s) => {
      truth = s;
    },
  });
}
const opponent = values.opponent === 'ismcts' ? `ismcts:${values.iterations}` : 'heuristic';
process.stdout.write(
  `deals against three ${opponent} · ${games} games · ${decisions} decisions × ${WORLDS} worlds · seed ${values.seed}\n`,
);
process.stdout.write(`per world, the three opponents' unseen hands: Government value, coins of gold, distance to the truth\n`);
process.stdout.write(
  `  ${'the truth'.padEnd(28)} ${(truthSum.government / worlds).toFixed(2).padStart(6)} ${(truthSum.gold / worlds).toFixed(2).padStart(6)}\n`,
);
ways.forEach((way, w) => {
  const s = sums[w] as (typeof sums)[number];
  process.stdout.write(
    `  ${way.name.padEnd(28)} ${(s.government / worlds).toFixed(2).padStart(6)} ${(s.gold / worlds).toFixed(2).padStart(6)} ${(s.distance / worlds).toFixed(2).padStart(6)}\n`,
  );
});

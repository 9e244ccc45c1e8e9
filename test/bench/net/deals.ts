/**
 * How close the search's deals come to the opponents' true hidden hands (a diagnostic; no
 * games are scored). Plays 4-player games in seat rotation: one seat is `heuristicBot`, which
 * at every third decision of its own is dealt 20 worlds from its view (`createDealer`) under
 * each way of tilting the deals below, and the three others are `heuristicBot`s or
 * `ismcts:<iterations>` (`--opponent`). For each world and each opponent it compares the cards of
 * that opponent's hand the view does not show (its *self* picks still held) with the true ones:
 * the Government value per office and the gold's coins, summed over the three opponents.
 *
 *   tsx test/bench/net/deals.ts [--games 40] [--opponent heuristic|ismcts] [--iterations 1000] [--seed net-deals-1] [--history "up,down,bid,sweeps;…"]
 *
 * Prints, per way of dealing, the mean Government value and coins of gold the deals put in the
 * opponents' unseen hands beside the truth's; the mean absolute difference per world (the seven
 * figures of each opponent: five offices' values, none for `livestock` in 4-player games, and the
 * coins), and of it the offices' part; and the share of offices whose leader in the world (the
 * player who would take the primary title on the hands as dealt, RULES E2; nobody when no one has
 * influence) is the true one: what the search most needs to know (see docs/lab/bots.md). The ways:
 * - uniform (no tilt, `bias` 0), the shipped tilt (`bias` 1, a coin worth 0.9 of a Government
 *   point), `bias` 2, and `bias` 1 with a coin worth 0 (`tiltGold` 0: a hidden gold card gives
 *   way to any Government card compared with it);
 * - the gain tilt (`bias` 1 and 2): each opponent's own worth table, what a card would add to
 *   *that* opponent's expected utility in the heuristic bot's model of the view (see `gainWorths`);
 * - deals weighted by the public history (Kings and bids, see `history.ts`): the weights
 *   `ceiling.ts --sees history` played, stronger ones, the Kings alone and the bids alone, and any
 *   given with `--history`. These read the actions as they are played, which a view does not hold.
 *
 * Each way draws from its own generator, so adding one changes no other's figures. With
 * `--self-picks N` it also deals N uniform worlds per decision, weights each by how likely it makes
 * the opponents' *self* picks under `heuristicBot`'s draft rule (see `self-picks.ts`;
 * `--self-picks-exact`: the model given each opponent's true hand at each pick, an upper bound),
 * and prints the weighted share of leaders named, the same worlds' unweighted share, and the
 * effective number of worlds the weights leave.
 */
import { parseArgs } from 'node:util';
import { heuristicBot } from '../../../src/bots/heuristic.js';
import { biasHidden, observerOf, tiltWorth } from '../../../src/bots/infer.js';
import { ismctsBot } from '../../../src/bots/ismcts.js';
import { buildModel, influenceGain } from '../../../src/bots/model.js';
import { playGame } from '../../../src/bots/play.js';
import { KIND_OF, OFFICE_INDEX, VALUE_OF } from '../../../src/bots/tables.js';
import type { Bot } from '../../../src/bots/types.js';
import { type BotRandom, botRandom } from '../../../src/bots/types.js';
import { GOLD, GOVERNMENT, KING } from '../../../src/data/cards.js';
import { createGame, type GameState, type PlayerView, score } from '../../../src/index.js';
import { createDealer } from '../../../src/sim/dealer.js';
import { FIRST_WEIGHTS, History, type Weights, weighByHistory } from './history.js';
import { SelfPicks } from './self-picks.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '40' },
    opponent: { type: 'string', default: 'heuristic' },
    iterations: { type: 'string', default: '1000' },
    seed: { type: 'string', default: 'net-deals-1' },
    history: { type: 'string', default: '' },
    'self-picks': { type: 'string', default: '0' },
    'self-picks-exact': { type: 'boolean', default: false },
  },
});

/**
 * Per player, what each card is worth to that player keeping it, judged from `view` as the
 * heuristic bot judges a *self* pick: a Government card the change in the player's own expected
 * utility (its expected title points less the best other player's) if its influence in the card's
 * office grew by the card's value, in the model the view gives (`buildModel`); a Gold card 0.3
 * points per coin (the heuristic bot's draft rate); a King `-Infinity`. So each opponent's unseen
 * cards lean towards the offices where one more card helps *that* opponent most.
 */
function gainWorths(view: PlayerView): Float64Array[] {
  const model = buildModel(view);
  const worths: Float64Array[] = [];
  for (let q = 0; q < view.players; q++) {
    const byOfficeValue = new Map<number, number>(); // one influenceGain per office and value
    worths.push(
      Float64Array.from(KIND_OF, (k, c) => {
        if (k === KING) return Number.NEGATIVE_INFINITY;
        const value = VALUE_OF[c] as number;
        if (k === GOLD) return 0.3 * value;
        const o = OFFICE_INDEX[c] as number;
        if (o >= model.offices.length) return 0; // an office not in play: never dealt
        let w = byOfficeValue.get(o * 8 + value);
        if (w === undefined) {
          w = influenceGain(model, q, o, value, q);
          byOfficeValue.set(o * 8 + value, w);
        }
        return w;
      }),
    );
  }
  return worths;
}

/** What the table has seen each player do (for the history rows). */
const history = new History();
/** The *self* picks (for `--self-picks N`: N uniform deals per decision weighted by how likely they make the opponents' picks). */
const selfPicks = new SelfPicks(values['self-picks-exact']);
const SELF_PICK_WORLDS = Number(values['self-picks']);
const picked = { leaders: 0, plain: 0, decisions: 0, ess: 0 };
/** Stronger weightings than the one `ceiling.ts` played (up, down, bid, sweeps), then the Kings alone and the bids alone. */
const STRONGER: readonly Weights[] = [
  { up: 10, down: 0.1, bid: 4, sweeps: 4 },
  { up: 30, down: 0.03, bid: 8, sweeps: 8 },
  { up: 100, down: 0.01, bid: 10, sweeps: 12 },
  { up: 30, down: 0.03, bid: 1, sweeps: 8 },
  { up: 1, down: 1, bid: 8, sweeps: 8 },
];
const historyWay = (w: Weights): Way => ({
  name: `history ${w.up}, ${w.down}, ${w.bid}; ${w.sweeps} sweeps`,
  tilt: (s, o, r) => {
    weighByHistory(s, o, history, w, r);
    return s;
  },
});

interface Way {
  readonly name: string;
  readonly tilt: (s: GameState, observer: ReturnType<typeof observerOf>, rng: BotRandom, gains: readonly Float64Array[]) => GameState;
}
const ways: readonly Way[] = [
  { name: 'uniform (bias 0)', tilt: (s) => s },
  { name: 'shipped (bias 1, coin 0.9)', tilt: (s, o, r) => biasHidden(s, o, r, 1) },
  { name: 'bias 2, coin 0.9', tilt: (s, o, r) => biasHidden(s, o, r, 2) },
  { name: 'bias 1, coin 0 (tiltGold 0)', tilt: (s, o, r) => biasHidden(s, o, r, 1, tiltWorth(0)) },
  { name: 'gain tilt, bias 1', tilt: (s, o, r, g) => biasHidden(s, o, r, 1, g) },
  { name: 'gain tilt, bias 2', tilt: (s, o, r, g) => biasHidden(s, o, r, 2, g) },
  historyWay(FIRST_WEIGHTS),
  ...STRONGER.map(historyWay),
  // `--history "up,down,bid,sweeps;…"`: more history rows.
  ...String(values.history)
    .split(';')
    .filter((x) => x !== '')
    .map((spec) => {
      const [up, down, bid, sweeps] = spec.split(',').map(Number) as [number, number, number, number];
      return historyWay({ up, down, bid, sweeps });
    }),
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
const sums = ways.map(() => ({ government: 0, gold: 0, distance: 0, officeDistance: 0, leaders: 0 }));
/** Per office in play, who would take the primary title on the hands of `s` (RULES E2), or -1 for nobody. */
function leaders(s: GameState): number[] {
  return Object.values(score(s).offices).map((r) => r.first ?? -1);
}

/** The share of offices whose leader in `s` is the one in `real` (see {@link leaders}). */
function leadersRight(s: GameState, real: readonly number[]): number {
  const dealt = leaders(s);
  let right = 0;
  for (let o = 0; o < real.length; o++) if (dealt[o] === real[o]) right++;
  return right / real.length;
}
const truthSum = { government: 0, gold: 0 };
let worlds = 0;
let decisions = 0;
// One generator per way, so that adding a way changes no other's figures.
const rngs = ways.map((way) => botRandom(`${values.seed}:tilt:${way.name}`));
let truth: GameState | null = null;

const looker: Bot = (view, r) => {
  if (view.moveCount % 3 === 0 && typeof view.viewer === 'number') {
    const me = view.viewer;
    const t = truth as GameState;
    const observer = observerOf(view);
    const knownIn = (observer as NonNullable<typeof observer>).knownIn;
    const seen = (q: number) => (c: number) => ((knownIn[c] as number) & (1 << q)) !== 0;
    const dealer = createDealer(view);
    const gains = gainWorths(view);
    const real = t.hands.map((h, q) => figures(h, seen(q)));
    const realLeaders = leaders(t);
    for (let q = 0; q < view.players; q++) {
      if (q === me) continue;
      const f = real[q] as number[];
      for (let o = 0; o < 6; o++) truthSum.government += WORLDS * (f[o] as number);
      truthSum.gold += WORLDS * (f[6] as number);
    }
    for (let i = 0; i < WORLDS; i++) {
      const seed = `${decisions}:${i}`;
      ways.forEach((way, w) => {
        const s = way.tilt(dealer.deal(seed), observer, rngs[w] as BotRandom, gains);
        const sum = sums[w] as (typeof sums)[number];
        sum.leaders += leadersRight(s, realLeaders);
        for (let q = 0; q < view.players; q++) {
          if (q === me) continue;
          const f = figures(s.hands[q] as number[], seen(q));
          const g = real[q] as number[];
          for (let o = 0; o < 7; o++) sum.distance += Math.abs((f[o] as number) - (g[o] as number));
          for (let o = 0; o < 6; o++) sum.officeDistance += Math.abs((f[o] as number) - (g[o] as number));
          for (let o = 0; o < 6; o++) sum.government += f[o] as number;
          sum.gold += f[6] as number;
        }
      });
      worlds++;
    }
    if (SELF_PICK_WORLDS > 0) {
      let weight = 0;
      let squares = 0;
      let leadersWeighted = 0;
      let leadersPlain = 0;
      for (let i = 0; i < SELF_PICK_WORLDS; i++) {
        const s = dealer.deal(`self-picks:${decisions}:${i}`);
        let w = 1;
        for (let q = 0; q < view.players; q++) {
          if (q === me) continue;
          const unseen = (s.hands[q] as number[]).filter((c) => !seen(q)(c));
          w *= selfPicks.likelihood(q, unseen);
        }
        const right = leadersRight(s, realLeaders);
        weight += w;
        squares += w * w;
        leadersWeighted += w * right;
        leadersPlain += right / SELF_PICK_WORLDS;
      }
      picked.leaders += leadersWeighted / weight;
      picked.plain += leadersPlain;
      picked.ess += (weight * weight) / squares;
      picked.decisions++;
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
  history.begin(4);
  selfPicks.begin();
  playGame({
    ...options,
    bots,
    onAction: (a, s) => {
      history.watch(a, truth as GameState);
      selfPicks.watch(a, truth as GameState);
      truth = s;
    },
  });
}
const opponent = values.opponent === 'ismcts' ? `ismcts:${values.iterations}` : 'heuristic';
process.stdout.write(
  `deals against three ${opponent} · ${games} games · ${decisions} decisions × ${WORLDS} worlds · seed ${values.seed}\n`,
);
process.stdout.write(
  `per world, the three opponents' unseen hands: Government value, coins of gold, distance to the truth (of it, the offices'), offices whose leader is the true one\n`,
);
process.stdout.write(
  `  ${'the truth'.padEnd(28)} ${(truthSum.government / worlds).toFixed(2).padStart(6)} ${(truthSum.gold / worlds).toFixed(2).padStart(6)}\n`,
);
ways.forEach((way, w) => {
  const s = sums[w] as (typeof sums)[number];
  process.stdout.write(
    `  ${way.name.padEnd(28)} ${(s.government / worlds).toFixed(2).padStart(6)} ${(s.gold / worlds).toFixed(2).padStart(6)} ${(s.distance / worlds).toFixed(2).padStart(6)} ${(s.officeDistance / worlds).toFixed(2).padStart(6)} ${((100 * s.leaders) / worlds).toFixed(1).padStart(5)}%\n`,
  );
});
if (picked.decisions > 0)
  process.stdout.write(
    `  self picks (${SELF_PICK_WORLDS} uniform deals a decision, weighted${values['self-picks-exact'] ? ', the model given the true hands' : ''}): offices whose leader is the true one ${((100 * picked.leaders) / picked.decisions).toFixed(1)}% (the same deals unweighted ${((100 * picked.plain) / picked.decisions).toFixed(1)}%); effective deals ${(picked.ess / picked.decisions).toFixed(1)} of ${SELF_PICK_WORLDS}\n`,
  );

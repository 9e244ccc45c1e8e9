/**
 * A diagnostic, not a bot: how far `ismcts-net:1000` gets when its search is handed the true
 * state (every hand, the deck's order, the favor pile) instead of deals consistent with its
 * view. No honest bot can do this; the figure says how much of the gap to a target could be
 * closed by knowing the hidden cards, and how much is the search itself (its evaluation, its
 * model of the other players, its 1,000 iterations).
 *
 *   npx tsx test/bench/net/ceiling.ts --games 200 --seed net-ceiling-1 --opponent heuristic --sees view|history|hands|gold|government|state
 *
 * `--sees view` plays the honest bot (`ismctsWith` with `ismctsNetBot`'s weights, the shipped
 * networks, 1,000 iterations), `--sees state` the same search whose every deal is the true state, `--sees hands`
 * one whose deals keep the true hands (and the drawn card) and deal the rest of the hidden cards
 * (the deck still to come, the removed cards, the favor cards others put) at random: what perfect
 * inference of the hands could give at most. `--sees gold` and `--sees government` split that:
 * deals that keep only that kind of each opponent's unseen hand cards (its gold, or its Government
 * cards) and deal everything else hidden at random (see `keptDealer`). `--sees history` is honest
 * about the cards but not about what a bot is given: deals from the view, weighted by what each
 * opponent did in public this game (its Kings' offices and directions, its bids on Government
 * lots; see `historyDealer`), which the harness reads from the actions as they are played and a
 * `PlayerView` does not hold. The shipped tilt is off in all but `view`. `--check N` plays no search: N
 * games of `heuristicBot`s in which every deal of the dealer asked for must show seat 0 exactly its
 * view (it exits 1 if one does not). `--opponent heuristic|ismcts`: three
 * `heuristicBot`s or three `ismcts:1000`. Seats rotate game by game (game `g`, seed
 * `${seed}:${g}`, the bot on seat `g % 4`); `--shard i/n` plays the games `g ≡ i (mod n)`, and
 * prints its own totals, to be added up.
 * @module
 */
import { parseArgs } from 'node:util';
import { heuristicBot } from '../../../src/bots/heuristic.js';
import { observerOf } from '../../../src/bots/infer.js';
import { ismctsBot, ismctsWith } from '../../../src/bots/ismcts.js';
import { ismctsNetTuning } from '../../../src/bots/net/net-bot.js';
import { playGame } from '../../../src/bots/play.js';
import type { Determinizer } from '../../../src/bots/search.js';
import { KIND_OF } from '../../../src/bots/tables.js';
import type { Bot } from '../../../src/bots/types.js';
import { botRandom } from '../../../src/bots/types.js';
import { GOLD, GOVERNMENT } from '../../../src/data/cards.js';
import { type Action, createGame, type GameState, score, view } from '../../../src/index.js';
import { createDealer } from '../../../src/sim/dealer.js';
import { seedState, shuffleInPlace } from '../../../src/state/rng.js';
import { FIRST_WEIGHTS, History, weighByHistory } from './history.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '200' },
    seed: { type: 'string', default: 'net-ceiling-1' },
    opponent: { type: 'string', default: 'heuristic' },
    sees: { type: 'string', default: 'state' },
    shard: { type: 'string', default: '0/1' },
    check: { type: 'string', default: '0' },
  },
});
const games = Number(values.games);
const [shard, shards] = String(values.shard).split('/').map(Number) as [number, number];
const sees = values.sees;
if (!['view', 'history', 'hands', 'gold', 'government', 'state'].includes(sees))
  throw new Error('--sees is view, history, hands, gold, government or state');

/** The game being played, kept up to date by `playGame`'s `onAction`: what the seeing search deals. */
let truth: GameState | null = null;

/** What the table has seen each player do, from the public actions alone (`--sees history`). */
const history = new History();

/** A new game: its state, and nothing seen yet. */
function begin(options: Parameters<typeof createGame>[0]): void {
  truth = createGame(options);
  history.begin(truth.players);
}

/** `playGame`'s `onAction`: takes in what the action showed everyone, then the new state. */
function watch(a: Action, s: GameState): void {
  history.watch(a, truth as GameState);
  truth = s;
}

/** The true state in every deal (the simulator copies what it loads, so the game is not touched). */
const stateDealer: Determinizer = () => {
  const state = truth as GameState;
  return { deal: () => state, dealInto: (sim) => sim.load(state) };
};

/**
 * Deals that keep, in each opponent's hand, the unseen cards it truly holds for which `keep` is
 * true (all of them: the true hands; its gold; its Government cards), with the drawn card, and
 * deal everything else hidden at random with the generator of the deal's seed, as an honest deal
 * starts from: the opponents' other unseen hand cards are drawn from the hidden cards `keep`
 * refuses, and the rest (the deck still to come, the removed cards, the favor cards others put)
 * take what is left, in a random order. So the search knows exactly that part of each opponent's
 * hand, and nothing more. An opponent paying for a lot keeps its whole hand (the deal must let it
 * pay as it does).
 */
const keptDealer =
  (keep: (c: number) => boolean): Determinizer =>
  (view) => {
    const me = typeof view.viewer === 'number' ? view.viewer : -1;
    const deal = (seed: number | string): GameState => {
      const t = truth as GameState;
      const rng = seedState(seed);
      const hands = t.hands.map((h) => [...h]);
      const open: [number, number][] = []; // [player, index in hand]
      const pool = [...t.deck.slice(t.deckTop), ...t.removed, ...t.favor.filter((_, i) => t.favorBy[i] !== me)];
      t.hands.forEach((hand, q) => {
        if (q === me || (t.payMode !== null && q === t.highBidder)) return;
        const known = new Set(t.known[q]);
        hand.forEach((c, j) => {
          if (known.has(c) || keep(c)) return;
          open.push([q, j]);
          pool.push(c);
        });
      });
      shuffleInPlace(rng, pool);
      // The opponents' open slots take the first cards `keep` refuses; the others go back in order.
      const rest: number[] = [];
      let slot = 0;
      for (const c of pool) {
        const at = open[slot];
        if (at !== undefined && !keep(c)) {
          (hands[at[0]] as number[])[at[1]] = c;
          slot++;
        } else rest.push(c);
      }
      let k = 0;
      const deck = [...t.deck.slice(0, t.deckTop), ...t.deck.slice(t.deckTop).map(() => rest[k++] as number)];
      const removed = t.removed.map(() => rest[k++] as number);
      const favor = t.favor.map((c, i) => (t.favorBy[i] === me ? c : (rest[k++] as number)));
      return { ...t, hands, deck, removed, favor, rng };
    };
    return { deal, dealInto: (sim, seed) => sim.load(deal(seed)) };
  };

const historyRng = botRandom('ceiling-history');
/** Swaps the history tilt made (printed by `--check`). */
let swaps = 0;

/**
 * Deals from the view (as the honest bot's, without its tilt), then weighted by what each
 * opponent did in public with {@link FIRST_WEIGHTS} (see `weighByHistory`): a Government card of
 * an office 3× as likely where the opponent's Kings raised its title, 0.4× where they lowered it,
 * 2× where it bid on a lot of it, by two sweeps of Metropolis swaps.
 */
const historyDealer: Determinizer = (v) => {
  const base = createDealer(v);
  const observer = observerOf(v);
  return {
    deal: (seed) => {
      const s = base.deal(seed);
      swaps += weighByHistory(s, observer, history, FIRST_WEIGHTS, historyRng);
      return s;
    },
    dealInto: (sim, seed) => {
      base.dealInto(sim, seed);
      swaps += weighByHistory(sim.peek(), observer, history, FIRST_WEIGHTS, historyRng);
    },
  };
};

// `ismctsNetBot`'s search and weights, dealing as asked; the deals' tilt is off when they are the truth's.
function dealerFor(kind: string): Determinizer {
  if (kind === 'history') return historyDealer;
  if (kind === 'hands') return keptDealer(() => true);
  if (kind === 'gold') return keptDealer((c) => KIND_OF[c] === GOLD);
  if (kind === 'government') return keptDealer((c) => KIND_OF[c] === GOVERNMENT);
  return stateDealer;
}
// UCB at the root, as when the ceiling was measured (4 December 2026, before the halving).
const tuning = { ...ismctsNetTuning(), rootHalving: false };
const me: Bot =
  sees === 'view'
    ? ismctsWith({ iterations: 1000 }, tuning, createDealer)
    : ismctsWith({ iterations: 1000 }, { ...tuning, bias: 0 }, dealerFor(sees));
const other: Bot = values.opponent === 'ismcts' ? ismctsBot({ iterations: 1000 }) : heuristicBot;

// `--check N`: no search; N games of four `heuristicBot`s, and at each decision of seat 0 five
// deals of the dealer asked for, each of which must show seat 0 exactly its view.
if (Number(values.check) > 0) {
  const dealer = dealerFor(sees);
  let decisions = 0;
  let wrong = 0;
  const looker: Bot = (v, r) => {
    const d = dealer(v);
    const text = JSON.stringify(v);
    for (let i = 0; i < 5; i++) if (JSON.stringify(view(d.deal(`check:${decisions}:${i}`), 0)) !== text) wrong++;
    decisions++;
    return heuristicBot(v, r);
  };
  for (let g = 0; g < Number(values.check); g++) {
    const options = { players: 4 as const, seed: `ceiling-check:${g}` };
    begin(options);
    playGame({ ...options, bots: [looker, heuristicBot, heuristicBot, heuristicBot], onAction: watch });
  }
  process.stdout.write(
    `--check: ${decisions} decisions × 5 deals (${sees}): ${wrong} deal(s) showed seat 0 something other than its view${sees === 'history' ? `; the history tilt made ${swaps} swaps` : ''}\n`,
  );
  process.exit(wrong === 0 ? 0 : 1);
}

let played = 0;
let wins = 0;
let mine = 0;
let theirs = 0;
const cpu0 = process.cpuUsage();
for (let g = shard; g < games; g += shards) {
  const seat = g % 4;
  const options = { players: 4 as const, seed: `${values.seed}:${g}` };
  begin(options);
  const bots = [other, other, other, other];
  bots[seat] = me;
  const { state } = playGame({ ...options, bots, onAction: watch });
  const sc = score(state);
  played++;
  if (sc.winners.length === 1 && sc.winners[0] === seat) wins++;
  for (let p = 0; p < 4; p++) {
    const points = sc.points[p] ?? 0;
    if (p === seat) mine += points;
    else theirs += points;
  }
}
const used = process.cpuUsage(cpu0);
process.stdout.write(
  `ismcts-net:1000 seeing the ${sees} · vs 3 ${values.opponent} · seed ${values.seed} · shard ${shard}/${shards}: won ${wins}/${played} alone · points ${(mine / played).toFixed(2)} vs ${(theirs / (3 * played)).toFixed(2)} · ${((used.user + used.system) / 1e6).toFixed(0)} s CPU\n`,
);

/**
 * @internal Single-observer information-set Monte Carlo tree search (SO-ISMCTS). One tree per
 * decision, over action histories from the searching seat's point of view. Each iteration deals
 * the hidden cards at random (a determinization consistent with the view), walks the tree with
 * UCB restricted to the actions legal in that deal (availability counts), adds one node, plays
 * a short cheap playout, and backs up every seat's reward.
 * @module
 */

import type { Action, GameState, PlayerView } from '../index.js';
import { OFFICES, view as viewOf } from '../index.js';
import type { Dealer, Simulator } from '../sim/index.js';
import { createSimulator } from '../sim/index.js';
import { evaluate } from './evaluate.js';
import { Halving } from './halving.js';
import { biasHidden, observerOf, tiltWorth } from './infer.js';
import { sameAction } from './play.js';
import { candidates, legalOf, playout, strongestOffice } from './rollout.js';
import { INDEX_OF } from './tables.js';
import type { BotRandom } from './types.js';
import { botRandom } from './types.js';
import { botLegal } from './view-check.js';

/**
 * @internal A determinizer: reads a view once and returns its dealer, whose deals are full states
 * consistent with the view, one per seed, as states or straight into a simulator (`createDealer`).
 */
export type Determinizer = (view: PlayerView) => Dealer;

/** @internal Search settings after defaults. */
export interface SearchSettings {
  readonly iterations: number;
  /** Time budget in ms (`Infinity` for none). */
  readonly timeMs: number;
  /** Playout length (actions) before the state is scored, from a state in phase 1. */
  readonly depth: number;
  /** Playout length from a state in phase 2 (the auction). */
  readonly depthEsteem: number;
  /** UCB exploration constant. */
  readonly exploration: number;
  /** Logistic temperature of the expected point margin in 2-player games (points; see `EvalParams`). */
  readonly temperature: number;
  /** Points per coin held, 3 to 5 players (see `EvalParams`). */
  readonly coin: number;
  /** Points per coin held, 2 players (see `EvalParams`). */
  readonly coinTwoPlayers: number;
  /** Auction-share weight of every player besides its gold (see `EvalParams`). */
  readonly goldFloor: number;
  /** Bids considered above the high bid (see `candidates`). */
  readonly bidSteps: number;
  /** Extra hidden cards compared per unseen opponent hand card (see `biasHidden`). */
  readonly bias: number;
  /** A coin of gold's worth in that comparison, against 1 per point of a Government card (see `tiltWorth`; 0.9 when absent). */
  readonly tiltGold?: number;
  /** Reads a clock in ms; only used with a finite `timeMs`. */
  readonly now: () => number;
  /**
   * A learned value for the states a playout reaches that are not over (the network's, see
   * `net/`): fills every seat's reward in place of {@link evaluate}'s projection. A finished game
   * always scores its real result.
   */
  readonly value?: (state: GameState, out: number[]) => number[];
  /**
   * A prior over the searching seat's own choices at the root (the policy network's, see
   * `net/`): each root choice's score gets `priorWeight × prior / (1 + visits)` on top of UCB
   * (progressive bias), so the search looks first where the prior points and its own results
   * take over as visits grow. Called once per decision with the root's choices; returns one
   * probability per choice.
   */
  readonly prior?: (view: PlayerView, choices: readonly Action[]) => ArrayLike<number>;
  /** Weight of {@link SearchSettings.prior}. */
  readonly priorWeight?: number;
  /**
   * How the prior's bias grows with the root's visits: `'visits'` (the default) adds
   * `priorWeight × prior / (1 + visits)`; `'sqrt'` multiplies that by the square root of the
   * iterations so far (the PUCT form of AlphaZero), so the prior keeps its say longer.
   */
  readonly priorForm?: 'visits' | 'sqrt';
  /**
   * Root choices whose prior is below this share of the most likely choice's are not searched
   * (0, the default, searches them all): the iterations go to the choices the prior finds
   * plausible. Only with a {@link SearchSettings.prior} and a `priorWeight` above 0. A tuning
   * knob (`test/bench/net/tune.ts --prune`); `ismctsNetBot` does not set it (see docs/lab/bots.md).
   */
  readonly priorPrune?: number;
  /**
   * The prior below the root too: at a decision in the tree that has been reached `visits` times,
   * {@link SearchSettings.prior} (asked with the mover's view of the deal at hand) biases its
   * choices as it does the root's, with the same weight and form; `movers` says whose decisions:
   * the searching seat's only (`'self'`) or every seat's (`'all'`: an opponent model from that
   * opponent's view of one deal). Off by default. A tuning knob (`test/bench/net/tune.ts
   * --tree-prior`); `ismctsNetBot` does not set it (see docs/lab/bots.md).
   */
  readonly treePrior?: { readonly visits: number; readonly movers: 'self' | 'all' };
  /**
   * Sequential halving at the root (see `halving.ts`): the iterations go to the searching seat's
   * choices in phases, each halving the choices still in play by their score (`priorWeight` times
   * the log of the {@link SearchSettings.prior}'s probability, when there is a prior, plus the
   * mean reward weighted by the visits), and the best scored of the last two is played; in place
   * of UCB and the progressive bias at the root, and of playing the most visited choice. The tree
   * below the root is unchanged. Off by default in `ismctsBot`; on in `ismctsNetBot` (see
   * docs/lab/bots.md, and `test/bench/net/tune.ts --halving`).
   */
  readonly rootHalving?: boolean;
  /**
   * With {@link SearchSettings.rootHalving}: score the mean rewards rescaled to [0, 1] between the
   * lowest and the highest of the choices in play, as Gumbel AlphaZero's reference
   * implementation does by default, rather than as they are. Off by default. A tuning knob
   * (`test/bench/net/tune.ts --halving-rescale`; see docs/lab/bots.md).
   */
  readonly halvingRescale?: boolean;
  /**
   * With {@link SearchSettings.rootHalving}: common deals. The walks of one round of the halving
   * (each root choice still in play walked once) share one deal of the hidden cards and one
   * random stream below the root, so the choices are compared on the same worlds, as a
   * double-dummy player compares its plays on the same sampled deals (common random numbers:
   * the differences between the choices' means vary less than the means themselves). Off by
   * default. A tuning knob (`test/bench/net/tune.ts --common-deals`; see docs/lab/bots.md).
   */
  readonly commonDeals?: boolean;
  /**
   * Called once per searched decision with the root's choices of the searching seat, their
   * visits and mean reward: what the search concluded (training data for the policy network).
   */
  readonly report?: (choices: readonly RootChoice[]) => void;
}

/** @internal One of the searching seat's choices at the root, after the search. */
export interface RootChoice {
  readonly action: Action;
  readonly visits: number;
  /** Mean reward of the seat over the visits. */
  readonly mean: number;
}

interface Edge {
  readonly action: Action;
  readonly mover: number;
  visits: number;
  total: number;
  avail: number;
  /** Progressive bias weight × prior (root choices of the searching seat, and below with `treePrior`; else 0). */
  bias: number;
  /** With `treePrior`, once asked: the prior of the decision below this edge (`null` until then). */
  below: BelowPrior | null;
  /** The edges below, made on the first walk through this edge (most new edges stay leaves). */
  child: Map<number, Edge> | null;
}

/** With `treePrior`: the prior's bias of a decision's choices, by node key, and the searching seat's observations (see `observationKey`) it was asked for. */
interface BelowPrior {
  readonly bias: Map<number, number>;
  readonly seen: Set<number>;
}

/** `SearchSettings.treePrior` resolved for one search: the prior and its weight. */
interface TreePrior {
  readonly visits: number;
  readonly movers: 'self' | 'all';
  readonly prior: NonNullable<SearchSettings['prior']>;
  readonly weight: number;
}

/**
 * With `treePrior`, at the decision `s` reached through edge `into` (its edges `node`, those of
 * its `choices` already made `available`): once this decision, as the searching seat sees it
 * (`seen`: its drawn card, the lot), has been walked `visits` times, asks the prior of its choices
 * once (for the mover's view of this deal, and only for the seat's own decisions with `'self'`)
 * and keeps their bias in `into.below`, for the edges made and the edges still to make.
 */
function priorBelow(
  tp: TreePrior,
  into: Edge,
  node: Map<number, Edge>,
  s: GameState,
  choices: readonly Action[],
  available: readonly Edge[],
  seen: number,
  me: number,
): void {
  if (into.below?.seen.has(seen)) return;
  let walked = 0;
  for (const e of available) walked += e.visits;
  if (walked < tp.visits) return;
  into.below ??= { bias: new Map(), seen: new Set() };
  const below = into.below;
  below.seen.add(seen);
  if (tp.movers === 'self' && s.toMove !== me) return;
  const p = tp.prior(viewOf(s, s.toMove), choices);
  choices.forEach((a, i) => {
    const key = actionKey(a) + seen;
    const bias = tp.weight * (p[i] ?? 0);
    below.bias.set(key, bias);
    const e = node.get(key);
    if (e !== undefined) e.bias = bias;
  });
}

const AREA_CODE: Readonly<Record<string, number>> = { self: 0, middle: 1, favor: 2 };

/**
 * @internal A number that identifies an action (equal actions, equal keys):
 * `player + 8 × (type + 8 × payload)`, the type coded place 0, take 1, king 2, bid 3, pass 4,
 * pay 5, and the payload the area, the card's catalogue index, office × 8 + value, or the amount.
 */
export function actionKey(a: Action): number {
  switch (a.type) {
    case 'place':
      return a.player + 8 * (8 * (AREA_CODE[a.area] as number));
    case 'take':
      return a.player + 8 * (1 + 8 * (INDEX_OF.get(a.card) ?? 255));
    case 'king':
      return a.player + 8 * (2 + 8 * (OFFICES.indexOf(a.office) * 8 + a.value));
    case 'bid':
      return a.player + 8 * (3 + 8 * a.amount);
    case 'pass':
      return a.player + 8 * 4;
    case 'pay':
      return a.player + 8 * (5 + 8 * (INDEX_OF.get(a.card) ?? 255));
  }
}

/** Observation codes above every card index: an opponent's strongest office when resolving a King. */
const OPPONENT_KING = 128;

/**
 * @internal The key of `a` in state `s` for the searching seat `me`: the action, plus what the
 * decision depends on that a deal may change. For the seat itself, what it observes: its own
 * drawn card when it places, the lot when anyone bids. Without it, the tree would merge decisions
 * the seat takes knowing different cards (and could not value waiting for a better card). For
 * an opponent resolving a King, the office where that opponent holds most influence in the deal:
 * a King is used very differently by a player who leads an office and by one who does not, and
 * without the key the tree would learn one King choice for every hand the opponent might hold.
 */
export function nodeKey(s: GameState, a: Action, me: number): number {
  return actionKey(a) + observationKey(s, me);
}

/** @internal The part of {@link nodeKey} that depends on the state only: the same for every action of `s`. */
export function observationKey(s: GameState, me: number): number {
  let obs = -1;
  if (s.step === 'place') obs = s.toMove === me ? s.drawn : -1;
  else if (s.step === 'bid') obs = s.lot;
  else if (s.step === 'king' && s.toMove !== me) obs = OPPONENT_KING + strongestOffice(s, s.toMove);
  return 16384 * (obs + 1);
}

/** Empties a scratch list (pops: setting `length` is a call into the runtime). */
function clear(list: unknown[]): void {
  while (list.length > 0) list.pop();
}

function select(available: readonly Edge[], c: number, biasScale: number): Edge {
  let best = available[0] as Edge;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const e of available) {
    const score = e.total / e.visits + c * Math.sqrt(Math.log(e.avail) / e.visits) + (biasScale * e.bias) / (1 + e.visits);
    if (score > bestScore) {
      bestScore = score;
      best = e;
    }
  }
  return best;
}

/** A new edge for `a`, not walked yet, with the prior's bias `bias` (0 for none). */
function newEdge(a: Action, bias: number): Edge {
  return { action: a, mover: a.player, visits: 0, total: 0, avail: 1, bias, below: null, child: null };
}

/** The searching seat's root choice walked most often (ties: the better mean). */
function mostVisited(root: Map<number, Edge>, me: number): Edge | undefined {
  let best: Edge | undefined;
  for (const e of root.values()) {
    if (e.mover !== me) continue;
    if (best === undefined || e.visits > best.visits || (e.visits === best.visits && e.total / e.visits > best.total / best.visits))
      best = e;
  }
  return best;
}

/** The halving's schedule for the root's choices not pruned, with the prior's probabilities when there is a prior. */
function startHalving(
  choices: readonly Action[],
  prior: ArrayLike<number> | undefined,
  pruned: ReadonlySet<number>,
  settings: SearchSettings,
): Halving {
  const kept: number[] = [];
  const p: number[] = [];
  choices.forEach((a, i) => {
    if (pruned.has(actionKey(a))) return;
    kept.push(actionKey(a));
    p.push(prior?.[i] ?? 0);
  });
  const weight = settings.priorWeight ?? 0;
  return new Halving(kept, prior === undefined ? undefined : p, weight, settings.iterations, settings.halvingRescale === true);
}

/**
 * @internal Runs the search for `view.viewer` and returns its choice, a member of `view.legal`;
 * `who` (the factory the user called) names it in its errors.
 */
export function search(view: PlayerView, rng: BotRandom, settings: SearchSettings, determinize: Determinizer, who = 'ismctsBot'): Action {
  const legal = botLegal(view, who);
  if (legal.length === 1) return legal[0] as Action;
  const seed = (): number => Math.floor(rng.next() * 0x100000000);
  const observer = observerOf(view);
  const me = typeof view.viewer === 'number' ? view.viewer : -1;
  // The view is read once; each iteration deals one world and plays it in a simulator.
  const dealer = determinize(view);
  const worth = tiltWorth(settings.tiltGold);
  const first = biasHidden(dealer.deal(seed()), observer, rng, settings.bias, worth);
  const sim: Simulator = createSimulator(first);
  const rootChoices = candidates(first, legalOf(sim), settings.bidSteps);
  if (rootChoices.length === 1) {
    const only = legal.find((a) => sameAction(a, rootChoices[0] as Action));
    if (only) return only;
  }
  const root = new Map<number, Edge>();
  // The prior's bias per root choice, by action key (the root's observation key is the same in every deal).
  const rootBias = new Map<number, number>();
  // Root choices the prior rules out (see `SearchSettings.priorPrune`), by action key.
  const pruned = new Set<number>();
  // The prior's probability of each root choice (asked once per decision), with a prior of some weight.
  const rootPrior = settings.prior !== undefined && (settings.priorWeight ?? 0) > 0 ? settings.prior(view, rootChoices) : undefined;
  if (rootPrior !== undefined) {
    let top = 0;
    rootChoices.forEach((a, i) => {
      rootBias.set(actionKey(a), (settings.priorWeight as number) * (rootPrior[i] ?? 0));
      top = Math.max(top, rootPrior[i] ?? 0);
    });
    const cut = (settings.priorPrune ?? 0) * top;
    if (cut > 0)
      rootChoices.forEach((a, i) => {
        if ((rootPrior[i] ?? 0) < cut) pruned.add(actionKey(a));
      });
  }
  const rootSeen = observationKey(first, me);
  const halving = settings.rootHalving === true ? startHalving(rootChoices, rootPrior, pruned, settings) : undefined;
  const rootStats = (key: number): Edge | undefined => root.get(key + rootSeen);
  const n = view.players;
  const reward = new Array<number>(n).fill(0);
  const path: Edge[] = [];
  const available: Edge[] = [];
  const untried: Action[] = [];
  const sqrtForm = settings.priorForm === 'sqrt';
  // The prior below the root: only with a prior of some weight.
  const treePrior: TreePrior | undefined =
    settings.treePrior !== undefined && settings.prior !== undefined && (settings.priorWeight ?? 0) > 0
      ? { ...settings.treePrior, prior: settings.prior, weight: settings.priorWeight ?? 0 }
      : undefined;
  const deadline = Number.isFinite(settings.timeMs) ? settings.now() + settings.timeMs : Number.POSITIVE_INFINITY;
  // With common deals: the round's deal and random stream (drawn when a round of the halving opens).
  const common = halving !== undefined && settings.commonDeals === true;
  let roundDeal = 0;
  let roundWalk = 0;
  // The random stream of this iteration's bias, walk and playout: the search's own, or the round's.
  let walk: BotRandom = rng;
  for (let it = 0; it < settings.iterations; it++) {
    if (deadline !== Number.POSITIVE_INFINITY && (it & 7) === 0 && it > 0 && settings.now() >= deadline) break;
    // The halving's choice at the root: the same action in every deal (see `rootSeen`).
    const rootKey = halving === undefined ? 0 : halving.next(rootStats);
    // The deal is written straight into the simulator, and the bias works on it there (the
    // search owns this simulator; `peek` is its live state).
    if (common) {
      if ((halving as Halving).roundStart) {
        roundDeal = seed();
        roundWalk = seed();
      }
      dealer.dealInto(sim, roundDeal);
      walk = botRandom(roundWalk);
      biasHidden(sim.peek(), observer, walk, settings.bias, worth);
    } else if (it > 0) {
      dealer.dealInto(sim, seed());
      biasHidden(sim.peek(), observer, rng, settings.bias, worth);
    }
    let node = root;
    clear(path);
    while (!sim.isOver()) {
      const s = sim.peek();
      const moves = legalOf(sim);
      if (node === root && halving !== undefined) {
        let e = root.get(rootKey + rootSeen);
        const expand = e === undefined;
        if (e === undefined) {
          e = newEdge(rootChoices.find((c) => actionKey(c) === rootKey) as Action, 0);
          root.set(rootKey + rootSeen, e);
        }
        path.push(e);
        sim.applyIndex(moves.indexOf(e.action));
        if (expand) break;
        if (e.child === null) e.child = new Map();
        node = e.child;
        continue;
      }
      const choices = candidates(s, moves, settings.bidSteps);
      clear(available);
      clear(untried);
      const seen = observationKey(s, me);
      for (const a of choices) {
        const key = actionKey(a);
        if (node === root && pruned.size > 0 && pruned.has(key)) continue;
        const e = node.get(key + seen);
        if (e === undefined) untried.push(a);
        else {
          e.avail += 1;
          available.push(e);
        }
      }
      // The edge that led here (none at the root), which keeps the prior of the decisions below it.
      const into = treePrior === undefined || node === root ? undefined : path[path.length - 1];
      if (treePrior !== undefined && into !== undefined) priorBelow(treePrior, into, node, s, choices, available, seen, me);
      if (untried.length > 0) {
        const a = untried[walk.int(untried.length)] as Action;
        const bias = node === root ? (rootBias.get(actionKey(a)) ?? 0) : (into?.below?.bias.get(actionKey(a) + seen) ?? 0);
        const e = newEdge(a, bias);
        node.set(actionKey(a) + seen, e);
        path.push(e);
        sim.applyIndex(moves.indexOf(a));
        break;
      }
      const e = select(available, settings.exploration, node === root && sqrtForm ? Math.sqrt(it) : 1);
      path.push(e);
      sim.applyIndex(moves.indexOf(e.action));
      if (e.child === null) e.child = new Map();
      node = e.child;
    }
    playout(sim, sim.peek().advisor < 0 ? settings.depthEsteem : settings.depth, walk);
    const leaf = sim.peek();
    if (settings.value !== undefined && leaf.step !== 'over') settings.value(leaf, reward);
    else evaluate(leaf, reward, settings);
    for (const e of path) {
      e.visits += 1;
      e.total += reward[e.mover] as number;
    }
  }
  if (settings.report !== undefined) {
    const choices: RootChoice[] = [];
    for (const e of root.values())
      if (e.mover === view.viewer) choices.push({ action: e.action, visits: e.visits, mean: e.total / e.visits });
    settings.report(choices);
  }
  const best = halving === undefined ? mostVisited(root, me) : rootStats(halving.best(rootStats));
  const chosen = best === undefined ? undefined : legal.find((a) => sameAction(a, (best as Edge).action));
  return chosen ?? (legal[0] as Action);
}

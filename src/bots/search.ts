/**
 * @internal Single-observer information-set Monte Carlo tree search (SO-ISMCTS). One tree per
 * decision, over action histories from the searching seat's point of view. Each iteration deals
 * the hidden cards at random (a determinization consistent with the view), walks the tree with
 * UCB restricted to the actions legal in that deal (availability counts), adds one node, plays
 * a short cheap playout, and backs up every seat's reward.
 * @module
 */
import type { Action, GameState, PlayerView } from '../index.js';
import { apply, legalActions } from '../index.js';
import { evaluate } from './evaluate.js';
import { biasHidden } from './infer.js';
import { sameAction } from './play.js';
import { candidates, playout } from './rollout.js';
import type { BotRandom } from './types.js';

/** @internal A determinizer: a full state consistent with a view, hidden cards dealt from `seed`. */
export type Determinizer = (view: PlayerView, seed: number) => GameState;

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
  /** Logistic temperature of the expected point margin (points). */
  readonly temperature: number;
  /** Expected points of one lot, to price gold. */
  readonly lotWorth: number;
  /** Bids considered above the high bid (see `candidates`). */
  readonly bidSteps: number;
  /** Extra hidden cards compared per unseen opponent hand card (see `biasHidden`). */
  readonly bias: number;
  /** Reads a clock in ms; only used with a finite `timeMs`. */
  readonly now: () => number;
}

interface Edge {
  readonly action: Action;
  readonly mover: number;
  visits: number;
  total: number;
  avail: number;
  readonly child: Map<string, Edge>;
}

/** @internal A string that identifies an action (equal actions, equal keys). */
export function actionKey(a: Action): string {
  switch (a.type) {
    case 'place':
      return `${a.player}p${a.area}`;
    case 'take':
      return `${a.player}t${a.card}`;
    case 'king':
      return `${a.player}k${a.office}${a.value}`;
    case 'bid':
      return `${a.player}b${a.amount}`;
    case 'pass':
      return `${a.player}x`;
    case 'pay':
      return `${a.player}y${a.card}`;
  }
}

function select(available: readonly Edge[], c: number): Edge {
  let best = available[0] as Edge;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const e of available) {
    const score = e.total / e.visits + c * Math.sqrt(Math.log(e.avail) / e.visits);
    if (score > bestScore) {
      bestScore = score;
      best = e;
    }
  }
  return best;
}

/** @internal Runs the search for `view.viewer` and returns its choice, a member of `view.legal`. */
export function search(view: PlayerView, rng: BotRandom, settings: SearchSettings, determinize: Determinizer): Action {
  const legal = view.legal;
  if (legal.length === 0) throw new Error('ismctsBot: the view has no legal action (it is not this player’s turn)');
  if (legal.length === 1) return legal[0] as Action;
  const seed = (): number => Math.floor(rng.next() * 0x100000000);
  const first = biasHidden(determinize(view, seed()), view, rng, settings.bias);
  const rootChoices = candidates(first, legalActions(first), settings.bidSteps);
  if (rootChoices.length === 1) {
    const only = legal.find((a) => sameAction(a, rootChoices[0] as Action));
    if (only) return only;
  }
  const root = new Map<string, Edge>();
  const n = view.players;
  const reward = new Array<number>(n).fill(0);
  const path: Edge[] = [];
  const available: Edge[] = [];
  const untried: Action[] = [];
  const deadline = Number.isFinite(settings.timeMs) ? settings.now() + settings.timeMs : Number.POSITIVE_INFINITY;
  for (let it = 0; it < settings.iterations; it++) {
    if (deadline !== Number.POSITIVE_INFINITY && (it & 7) === 0 && it > 0 && settings.now() >= deadline) break;
    let s = it === 0 ? first : biasHidden(determinize(view, seed()), view, rng, settings.bias);
    let node = root;
    path.length = 0;
    while (s.step !== 'over') {
      const choices = candidates(s, legalActions(s), settings.bidSteps);
      available.length = 0;
      untried.length = 0;
      for (const a of choices) {
        const e = node.get(actionKey(a));
        if (e === undefined) untried.push(a);
        else {
          e.avail += 1;
          available.push(e);
        }
      }
      if (untried.length > 0) {
        const a = untried[rng.int(untried.length)] as Action;
        const e: Edge = { action: a, mover: a.player, visits: 0, total: 0, avail: 1, child: new Map() };
        node.set(actionKey(a), e);
        path.push(e);
        s = apply(s, a);
        break;
      }
      const e = select(available, settings.exploration);
      path.push(e);
      s = apply(s, e.action);
      node = e.child;
    }
    s = playout(s, s.advisor < 0 ? settings.depthEsteem : settings.depth, rng, apply);
    evaluate(s, reward, settings);
    for (const e of path) {
      e.visits += 1;
      e.total += reward[e.mover] as number;
    }
  }
  let best: Action | undefined;
  let bestVisits = -1;
  let bestMean = Number.NEGATIVE_INFINITY;
  for (const e of root.values()) {
    const mean = e.visits > 0 ? e.total / e.visits : 0;
    if (e.visits > bestVisits || (e.visits === bestVisits && mean > bestMean)) {
      const legalAction = legal.find((a) => sameAction(a, e.action));
      if (!legalAction) continue;
      best = legalAction;
      bestVisits = e.visits;
      bestMean = mean;
    }
  }
  return best ?? (legal[0] as Action);
}

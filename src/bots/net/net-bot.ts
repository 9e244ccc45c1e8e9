/**
 * The network bots: `netBot` (the policy network alone) and `ismctsNetBot` (the tree search
 * guided by the networks).
 * @module
 */

import type { Action, PlayerView } from '../../index.js';
import { RulesError } from '../../index.js';
import { createDealer } from '../../sim/index.js';
import { heuristicBot } from '../heuristic.js';
import type { IsmctsOptions, IsmctsTuning } from '../ismcts.js';
import { botOptions, botSeed, ISMCTS_DEFAULTS, ismctsWith, viewRandom } from '../ismcts.js';
import type { Bot, BotRandom } from '../types.js';
import { named } from '../types.js';
import { botLegal, checkBotView } from '../view-check.js';
import { choicesOf } from './choices.js';
import { shippedPolicy, shippedValue } from './networks.js';
import type { Policy } from './policy-net.js';

/** Options of {@link netBot}. @category Bots */
export interface NetBotOptions {
  /**
   * How much the bot varies its play. `0` (the default) plays the network's most likely choice,
   * the same for the same view; above 0 it draws a choice with probability proportional to the
   * network's probability raised to `1 / temperature` (1 plays the network's probabilities).
   */
  readonly temperature?: number;
  /**
   * Seed of the bot's own random source, used only with a `temperature` above 0. Without it the
   * bot draws from the `rng` it is given; with it, from a generator seeded by this seed and the
   * view, as `ismctsBot({ seed })` does (no state between calls).
   */
  readonly seed?: number | string;
}

/** Draws an index with probability proportional to `p[i] ** (1 / temperature)`; the first most likely at 0. */
function pick(p: Float64Array, temperature: number, rng: BotRandom | null): number {
  let best = 0;
  for (let i = 1; i < p.length; i++) if ((p[i] as number) > (p[best] as number)) best = i;
  if (temperature === 0 || rng === null) return best;
  const w = Array.from(p, (x) => (x / (p[best] as number)) ** (1 / temperature));
  let r = rng.next() * w.reduce((a, b) => a + b, 0);
  for (let i = 0; i < w.length; i++) {
    r -= w[i] as number;
    if (r < 0) return i;
  }
  return best;
}

/**
 * A bot that plays a small neural network's choice, without any search: about a millisecond per
 * decision. The network (the policy network of `ismctsNetBot`) was trained on the decisions of
 * the tree search guided by the value network, in self-play games (`npm run train:net`, see
 * `docs/bots.md`); it reads only the seat's view, through the heuristic bot's belief about the
 * other hands, and scores each choice the search would consider (every placement and middle
 * card, pass or one above the high bid, the extreme values of each office for a King). Payments
 * follow the heuristic bot's rule (the cheapest gold that covers the bid, or the card whose loss
 * costs least).
 *
 * The weights ship inside the package (pure TypeScript arithmetic, no dependency): it runs
 * unchanged in Node, Bun, Deno and browsers.
 *
 * @throws `RulesError` `INVALID_OPTIONS` for options that are not an object, an unknown key, a
 * negative or non-finite `temperature`, or a `seed` that is neither a finite number nor a string.
 * @example
 * ```ts
 * import { heuristicBot, netBot, simulate } from 'for-the-king-and-me/bots';
 *
 * const result = await simulate({ players: 4, bots: [netBot(), heuristicBot, heuristicBot, heuristicBot], games: 100, seed: 1 });
 * console.log(result.bots[0].winRate);
 * ```
 * @category Bots
 */
export function netBot(options: NetBotOptions = {}): Bot {
  return policyBot(shippedPolicy, options);
}

/**
 * @internal {@link netBot} with another policy network (`policy()` is called on each decision):
 * the trainer's win-rate curve plays the network of every epoch with it.
 */
export function policyBot(policy: () => Policy, options: NetBotOptions = {}): Bot {
  const o = botOptions(options, 'netBot', ['temperature', 'seed']);
  // Only `undefined` means the default: `null` is a mistake, as for createGame's options.
  const temperature = o.temperature === undefined ? 0 : o.temperature;
  if (!(typeof temperature === 'number' && Number.isFinite(temperature) && temperature >= 0))
    throw new RulesError('INVALID_OPTIONS', `netBot: temperature must be a finite number ≥ 0, got ${String(temperature)}`);
  const seed = botSeed(o.seed, 'netBot');
  const prefix = seed === undefined ? null : `${typeof seed}:${String(seed)}\n`;
  return named('net', (view: PlayerView, rng: BotRandom): Action => {
    const legal = botLegal(view, 'netBot');
    if (legal.length === 1) return legal[0] as Action;
    // Payments are the heuristic's, which checks the view itself.
    if (view.step === 'pay') return heuristicBot(view, rng);
    // An impossible view (7 players, an unknown variant or step…) is refused, as the search bots refuse it.
    checkBotView(view, 'netBot');
    const choices = choicesOf(view);
    if (choices.length === 1) return choices[0] as Action;
    const p = policy()(view, choices);
    const source = temperature === 0 ? null : prefix === null ? rng : viewRandom(prefix, view, 'netBot');
    return choices[pick(p, temperature, source)] as Action;
  });
}

/** Options of {@link ismctsNetBot}: those of `ismctsBot`, and the weight of the policy network's prior. @category Bots */
export interface IsmctsNetOptions extends IsmctsOptions {
  /**
   * Weight of the policy network's prior at the root, where the search splits its iterations by
   * sequential halving: each of the bot's own choices is scored `priorWeight × log(probability)`
   * plus its mean reward weighted by the visits, and the better half goes on at each phase.
   * Default {@link ISMCTS_NET_PRIOR}; `0` searches with the value network alone.
   */
  readonly priorWeight?: number;
}

/**
 * The default weight of the policy network's prior in {@link ismctsNetBot}: 3, which won 195 of
 * 400 four-player tuning games against three `heuristicBot`s where 1 won 179 (see `docs/lab/bots.md`).
 * @category Bots
 */
export const ISMCTS_NET_PRIOR = 3;

/** The option keys of {@link ismctsNetBot}. */
const ISMCTS_NET_KEYS: readonly string[] = ['iterations', 'timeMs', 'seed', 'priorWeight'];

/**
 * @internal The search weights `ismctsNetBot` uses beside the networks: `ismctsBot`'s, with a
 * smaller exploration constant (0.3 for 0.45), and sequential halving at the root
 * (`SearchSettings.rootHalving`). The value network's estimates are sharper than the fitted
 * projection's, and in 200 four-player games against three `heuristicBot`s (tuning seeds, not the
 * benchmark's) the search with the first-round value network won 95 at 0.3 against 80 at 0.45.
 * The halving won 482 of 1,000 tuning games against three `heuristicBot`s where UCB at the root
 * won 454, and 109 of 400 against three `ismcts:1000` where it won 96 (see `docs/lab/bots.md`).
 */
export const ISMCTS_NET_DEFAULTS: IsmctsTuning = { ...ISMCTS_DEFAULTS, exploration: 0.3, rootHalving: true };

/** Uniform probabilities: the prior of decisions the policy network does not judge (payments). */
function uniform(n: number): Float64Array {
  return new Float64Array(n).fill(1 / n);
}

/**
 * `ismctsBot` guided by the networks: at the leaves of the tree, after the short playout, the
 * value network estimates each seat's chance to win (in place of the fitted projection), and at
 * the root the search splits its iterations by sequential halving: the bot's own choices are
 * walked in turn, in phases, and at the end of each the better half by score (the log of the
 * policy network's probability, weighted by `priorWeight`, plus the mean reward weighted by the
 * visits) goes on, down to two; the better scored of those is played. Below the root the tree
 * chooses by UCB, as `ismctsBot`'s does. Same options and same determinism as `ismctsBot` (with
 * `iterations` alone and a `seed`, the same view gives the same action anywhere), plus
 * `priorWeight`. With a `timeMs` that ends the search early, the best scored choice still in
 * play is played.
 *
 * The value network costs about as much as the rest of an iteration, so a decision takes about
 * twice as long as `ismctsBot`'s at the same `iterations` (see `docs/bots.md` for the figures).
 *
 * @throws `RulesError` `INVALID_OPTIONS` for bad options (as `ismctsBot`, and a negative or
 * non-finite `priorWeight`).
 * @example
 * ```ts
 * import { heuristicBot, ismctsNetBot, playGame } from 'for-the-king-and-me/bots';
 *
 * const bot = ismctsNetBot({ iterations: 1000, seed: 7 });
 * const { state } = playGame({ players: 4, seed: 3, bots: [bot, heuristicBot, heuristicBot, heuristicBot] });
 * ```
 * @category Bots
 */
export function ismctsNetBot(options: IsmctsNetOptions = {}): Bot {
  const { priorWeight: weight, ...search } = botOptions(options, 'ismctsNetBot', ISMCTS_NET_KEYS);
  const priorWeight = weight === undefined ? ISMCTS_NET_PRIOR : weight;
  if (!(typeof priorWeight === 'number' && Number.isFinite(priorWeight) && priorWeight >= 0))
    throw new RulesError('INVALID_OPTIONS', `ismctsNetBot: priorWeight must be a finite number ≥ 0, got ${String(priorWeight)}`);
  return ismctsWith(search, ismctsNetTuning(priorWeight), createDealer, 'ismctsNetBot', ISMCTS_NET_KEYS);
}

/**
 * @internal The search weights of {@link ismctsNetBot}: {@link ISMCTS_NET_DEFAULTS}, the shipped
 * value network at the playouts' ends, and the shipped policy network as the prior (uniform over
 * a payment's choices) with weight `priorWeight` (checked by the caller).
 */
export function ismctsNetTuning(priorWeight: number = ISMCTS_NET_PRIOR): IsmctsTuning {
  const policy = shippedPolicy();
  return {
    ...ISMCTS_NET_DEFAULTS,
    value: shippedValue(),
    prior: (view, choices) => (view.step === 'pay' ? uniform(choices.length) : policy(view, choices)),
    priorWeight,
  };
}

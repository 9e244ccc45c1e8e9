/**
 * Tuning of `ismctsNetBot`'s search weights on tuning seeds (never the lines' `net-line-*`, nor
 * training's `net:*`; the lines' seeds only to evaluate a setting already chosen, as
 * `docs/lab/bots.md` records): plays one setting of the search, in seat rotation, against three
 * `heuristicBot`s (or three `ismcts:<opponent-iterations>`, by default the setting's own
 * `--iterations`), and prints its games won alone with a 95% Wilson interval, its mean points and
 * the CPU time.
 *
 *   tsx test/bench/net/tune.ts [--games 200] [--seed net-tune-1] [--opponent heuristic|ismcts]
 *     [--iterations 1000] [--opponent-iterations N] [--prior 1] [--exploration 0.3] [--mix 1]
 *     [--form visits|sqrt]
 *     [--depth 10] [--depth-esteem 4] [--policy FILE] [--value FILE] [--prune 0] [--bias 1] [--tilt-gold 0.9]
 *     [--auction search|net|heuristic] [--tree-prior 0] [--tree-prior-movers self|all] [--halving] [--halving-rescale] [--common-deals]
 *     [--speed 0]
 *
 * `--mix m` scores a playout's end `m × network + (1 − m) × projection` (the fitted value of
 * `evaluate.ts`); `--form` is the progressive bias's form (`SearchSettings.priorForm`);
 * `--policy`/`--value` take the networks from a networks file the trainer wrote (`nets.json`)
 * instead of the shipped ones; `--prune t` leaves out of the search the root choices whose prior is
 * under `t ×` the most likely one's (`SearchSettings.priorPrune`); `--bias n` compares each unseen
 * opponent hand card of a deal with `n` other hidden cards and keeps the better (`SearchSettings.bias`,
 * the deals' tilt), where a coin of gold is worth `--tilt-gold` (`SearchSettings.tiltGold`) against 1
 * per point of a Government card. `--auction net` hands the decisions of the Gain Esteem phase
 * (bids and payments) to the policy network alone (`netBot`'s rule, with the same `--policy`),
 * `--auction heuristic` to `heuristicBot`; the search keeps the draft. `--tree-prior K` (0, off, by
 * default) asks the prior below the root too, at each decision once it was reached K times, of the
 * searching seat only (`--tree-prior-movers self`) or of every seat (`all`): `SearchSettings.treePrior`.
 * `--halving` replaces UCB and the progressive bias at the root by sequential halving
 * (`SearchSettings.rootHalving`); `--halving-rescale` (which implies it) scores the root's mean rewards
 * rescaled between the lowest and the highest (`SearchSettings.halvingRescale`); `--common-deals`
 * (which implies `--halving`) walks each round of the halving on one deal (`SearchSettings.commonDeals`).
 * `--speed N` plays no tuning games: it times the setting against `ismcts:<opponent-iterations>`
 * on the decisions of N games, as `npm run bench:net -- --only speed` times the shipped bot. Games
 * are seeded as `simulate` seeds them from `--seed`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { evaluate } from '../../../src/bots/evaluate.js';
import { HEURISTIC_PARAMS, heuristicBot } from '../../../src/bots/heuristic.js';
import { TILT_GOLD } from '../../../src/bots/infer.js';
import { ISMCTS_DEFAULTS, ismctsBot, ismctsWith } from '../../../src/bots/ismcts.js';
import { ISMCTS_NET_DEFAULTS, policyBot } from '../../../src/bots/net/net-bot.js';
import { layersFrom } from '../../../src/bots/net/network.js';
import { shippedPolicy, shippedValue } from '../../../src/bots/net/networks.js';
import { policyOf } from '../../../src/bots/net/policy-net.js';
import { valueEstimate } from '../../../src/bots/net/value-net.js';
import { playGame } from '../../../src/bots/play.js';
import { simulate } from '../../../src/bots/simulate.js';
import type { Bot } from '../../../src/bots/types.js';
import { botRandom } from '../../../src/bots/types.js';
import { wilson } from '../wilson.mjs';
import { compareSpeed } from './speed.mjs';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '200' },
    seed: { type: 'string', default: 'net-tune-1' },
    opponent: { type: 'string', default: 'heuristic' },
    iterations: { type: 'string', default: '1000' },
    'opponent-iterations': { type: 'string' },
    prior: { type: 'string', default: '1' },
    exploration: { type: 'string', default: String(ISMCTS_NET_DEFAULTS.exploration) },
    mix: { type: 'string', default: '1' },
    form: { type: 'string', default: 'visits' },
    depth: { type: 'string', default: String(ISMCTS_DEFAULTS.depth) },
    'depth-esteem': { type: 'string', default: String(ISMCTS_DEFAULTS.depthEsteem) },
    policy: { type: 'string' },
    value: { type: 'string' },
    prune: { type: 'string', default: '0' },
    bias: { type: 'string', default: String(ISMCTS_NET_DEFAULTS.bias) },
    'tilt-gold': { type: 'string', default: String(TILT_GOLD) },
    auction: { type: 'string', default: 'search' },
    'tree-prior': { type: 'string', default: '0' },
    'tree-prior-movers': { type: 'string', default: 'self' },
    halving: { type: 'boolean', default: false },
    'halving-rescale': { type: 'boolean', default: false },
    'common-deals': { type: 'boolean', default: false },
    speed: { type: 'string', default: '0' },
  },
});
const iterations = Number(values.iterations);
const opponentIterations = Number(values['opponent-iterations'] ?? values.iterations);
const mix = Number(values.mix);
const form = values.form === 'sqrt' ? 'sqrt' : 'visits';
const nets = (file: string | undefined) => (file === undefined ? null : JSON.parse(readFileSync(file, 'utf8')));
const policyFile = nets(values.policy);
const valueFile = nets(values.value);
const policy = policyFile === null ? shippedPolicy() : policyOf(layersFrom(policyFile.policy), HEURISTIC_PARAMS);
const network = valueFile === null ? shippedValue() : valueEstimate(layersFrom(valueFile.value));
const tuning = {
  ...ISMCTS_NET_DEFAULTS,
  exploration: Number(values.exploration),
  depth: Number(values.depth),
  depthEsteem: Number(values['depth-esteem']),
  bias: Number(values.bias),
  tiltGold: Number(values['tilt-gold']),
};
const projected: number[] = [];
const value =
  mix === 1
    ? network
    : (state: Parameters<typeof network>[0], out: number[]) => {
        network(state, out);
        evaluate(state, projected, tuning);
        for (let p = 0; p < state.players; p++) out[p] = mix * (out[p] as number) + (1 - mix) * (projected[p] as number);
        return out;
      };
let priorCalls = 0;
let priorMicros = 0;
let decisions = 0;
const searcher: Bot = ismctsWith(
  { iterations },
  {
    ...tuning,
    value,
    prior: (view, choices) => {
      priorCalls++;
      const t = process.cpuUsage();
      const p = view.step === 'pay' ? new Float64Array(choices.length).fill(1 / choices.length) : policy(view, choices);
      const d = process.cpuUsage(t);
      priorMicros += d.user + d.system;
      return p;
    },
    priorWeight: Number(values.prior),
    priorForm: form,
    priorPrune: Number(values.prune),
    ...(Number(values['tree-prior']) > 0
      ? {
          treePrior: {
            visits: Number(values['tree-prior']),
            movers: values['tree-prior-movers'] === 'all' ? ('all' as const) : ('self' as const),
          },
        }
      : {}),
    rootHalving: values.halving || values['halving-rescale'] || values['common-deals'],
    halvingRescale: values['halving-rescale'],
    commonDeals: values['common-deals'],
  },
);
const auctioneer: Bot | null = values.auction === 'net' ? policyBot(() => policy) : values.auction === 'heuristic' ? heuristicBot : null;
const counted: Bot = (view, rng) => {
  decisions++;
  return searcher(view, rng);
};
const me: Bot = auctioneer === null ? counted : (view, rng) => (view.phase === 'esteem' ? auctioneer(view, rng) : counted(view, rng));
const other: Bot = values.opponent === 'ismcts' ? ismctsBot({ iterations: opponentIterations }) : heuristicBot;
const setting = `${iterations !== 1000 ? `iterations ${iterations} · ` : ''}prior ${values.prior} ${form} · c ${values.exploration} · mix ${values.mix} · depth ${values.depth}/${values['depth-esteem']}${values.policy ? ` · policy ${values.policy}` : ''}${values.value ? ` · value ${values.value}` : ''}${values.prune !== '0' ? ` · prune ${values.prune}` : ''}${Number(values.bias) !== ISMCTS_NET_DEFAULTS.bias ? ` · bias ${values.bias}` : ''}${Number(values['tilt-gold']) !== TILT_GOLD ? ` · tilt gold ${values['tilt-gold']}` : ''}${auctioneer === null ? '' : ` · auction ${values.auction}`}${Number(values['tree-prior']) > 0 ? ` · tree prior ${values['tree-prior']} ${values['tree-prior-movers']}` : ''}${values['halving-rescale'] ? ' · halving rescaled' : values.halving ? ' · halving' : ''}${values['common-deals'] ? ' · common deals' : ''}`;
if (Number(values.speed) > 0) {
  speed(Number(values.speed));
  process.exit(0);
}
const cpu0 = process.cpuUsage();
const r = await simulate({ players: 4, bots: [me, other, other, other], games: Number(values.games), seed: values.seed, workers: 1 });
const used = process.cpuUsage(cpu0);
const mine = r.bots[0] as (typeof r.bots)[number];
const [lo, hi] = wilson(mine.wins, r.games);
process.stdout.write(
  `${setting} · vs 3 ${values.opponent}${values.opponent === 'ismcts' ? `:${opponentIterations}` : ''} · seed ${values.seed}: ${decisions} searches, prior asked ${(priorCalls / Math.max(1, decisions)).toFixed(1)} times per search, ${(priorMicros / Math.max(1, priorCalls)).toFixed(0)} µs each · won ${mine.wins}/${r.games} = ${((100 * mine.wins) / r.games).toFixed(1)}% (95% CI ${(100 * lo).toFixed(1)}–${(100 * hi).toFixed(1)}%) · points ${mine.score.mean.toFixed(2)} vs ${(r.bots[1] as typeof mine).score.mean.toFixed(2)} · ${((used.user + used.system) / 1e6).toFixed(0)} s CPU\n`,
);

/**
 * `--speed N`: the setting's CPU time per decision against `ismcts:<opponent-iterations>`'s, as
 * `npm run bench:net -- --only speed` measures the shipped bot: the first seat's decisions with a
 * choice in N four-player games of `heuristicBot`s (`compareSpeed`, the same code as there); the
 * ratio of the medians and of the totals (issue #32: at most 2).
 */
function speed(games: number): void {
  const t = compareSpeed({ playGame, heuristicBot, botRandom }, searcher, ismctsBot({ iterations: opponentIterations, seed: 1 }), games);
  process.stdout.write(
    `${setting} · speed, ${t.decisions} decisions with a choice: median ${t.medianA.toFixed(1)} ms CPU per decision, ismcts:${opponentIterations} ${t.medianB.toFixed(1)} ms; ratio of medians ${t.ratioOfMedians.toFixed(2)}, of totals ${t.ratioOfTotals.toFixed(2)}\n`,
  );
}

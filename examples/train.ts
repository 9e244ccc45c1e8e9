/**
 * An example that learns: a linear softmax policy over the environment's observation, trained by
 * REINFORCE (the policy-gradient method, with a running baseline) in plain TypeScript, then
 * measured against `randomBot` and `heuristicBot`.
 *
 * The learner plays one seat of 4-player games (the seat changes every game); each of the other
 * seats is a heuristic bot (5% of the time, `--heuristic 0.05`) or a random bot, drawn per game. The only reward is at the end: 1 for a
 * win, 1/k for a win shared by k players, else 0. After training (a few minutes by the clock),
 * the policy plays as a bot (`policyBot`, from views only, like any bot) in new games against three
 * random bots and against three heuristic bots; the win share of an untrained policy (uniform
 * over the legal actions: the random bot) is measured the same way for comparison.
 *
 * Run: `npm run example:train` (or `npx tsx examples/train.ts --minutes 3 --games 400 --seed 1`)
 */
import type { Bot, BotRandom } from '../src/bots/index.js';
import { botRandom, heuristicBot, playGame, randomBot } from '../src/bots/index.js';
import { ACTION_COUNT, createEnv, encodeView, OBSERVATION_SIZE } from '../src/env/index.js';
import type { Action, PlayerView } from '../src/index.js';
import { ACTION_IDS_PER_PLAYER, actionId, score, view } from '../src/index.js';

const PLAYERS = 4;
const O = OBSERVATION_SIZE[PLAYERS];
const ROW = O + 1; // weights, then a bias

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i < 0 ? fallback : Number(process.argv[i + 1]);
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} must be a number, 0 or more`);
  return v;
}
const MINUTES = option('minutes', 3);
const EVAL_GAMES = option('games', 400);
const SEED = option('seed', 1);
const LEARNING_RATE = option('lr', 0.01);
/** The chance that an opponent seat is a heuristic bot during training (else a random bot). */
const HEURISTIC_SHARE = option('heuristic', 0.05);

/** The policy: one row of weights and a bias per action index. */
const W = new Float32Array(ACTION_COUNT * ROW);

/** The non-zero features of an observation: their indexes and values (most features are 0). */
interface Sparse {
  readonly at: Int32Array;
  readonly x: Float32Array;
}

function sparse(obs: Float32Array): Sparse {
  let n = 0;
  for (let i = 0; i < O; i++) if (obs[i] !== 0) n += 1;
  const at = new Int32Array(n);
  const x = new Float32Array(n);
  n = 0;
  for (let i = 0; i < O; i++) {
    if (obs[i] !== 0) {
      at[n] = i;
      x[n++] = obs[i] as number;
    }
  }
  return { at, x };
}

/** Fills `probs[k]` with the softmax over the `count` legal indexes `legal[k]` of the features `f`. */
function policy(f: Sparse, legal: Int32Array, count: number, probs: Float64Array): void {
  let top = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < count; k++) {
    const row = (legal[k] as number) * ROW;
    let z = W[row + O] as number;
    for (let j = 0; j < f.at.length; j++) z += (W[row + (f.at[j] as number)] as number) * (f.x[j] as number);
    probs[k] = z;
    if (z > top) top = z;
  }
  let sum = 0;
  for (let k = 0; k < count; k++) {
    const e = Math.exp((probs[k] as number) - top);
    probs[k] = e;
    sum += e;
  }
  for (let k = 0; k < count; k++) probs[k] = (probs[k] as number) / sum;
}

function sample(probs: Float64Array, count: number, u: number): number {
  let acc = 0;
  for (let k = 0; k < count; k++) {
    acc += probs[k] as number;
    if (u < acc) return k;
  }
  return count - 1;
}

/** One decision of the learner, kept until the game's reward is known. */
interface Decision {
  readonly f: Sparse;
  readonly legal: Int32Array;
  readonly probs: Float64Array;
  readonly chosen: number;
}

/** REINFORCE: W[a] += lr · advantage · (1[a = chosen] − π(a)) · [obs, 1] for every legal a. */
function learn(decisions: readonly Decision[], advantage: number): void {
  for (const d of decisions) {
    for (let k = 0; k < d.legal.length; k++) {
      const g = LEARNING_RATE * advantage * ((k === d.chosen ? 1 : 0) - (d.probs[k] as number));
      if (g === 0) continue;
      const row = (d.legal[k] as number) * ROW;
      for (let j = 0; j < d.f.at.length; j++) {
        const i = row + (d.f.at[j] as number);
        W[i] = (W[i] as number) + g * (d.f.x[j] as number);
      }
      W[row + O] = (W[row + O] as number) + g;
    }
  }
}

/** The trained policy as a bot: it reads only its view, like any bot. */
function policyBot(): Bot {
  const legal = new Int32Array(ACTION_COUNT);
  const probs = new Float64Array(ACTION_COUNT);
  return (v: PlayerView, rng: BotRandom): Action => {
    const f = sparse(encodeView(v));
    const actions = v.legal;
    for (let k = 0; k < actions.length; k++) legal[k] = actionId(actions[k] as Action) % ACTION_IDS_PER_PLAYER;
    policy(f, legal, actions.length, probs);
    return actions[sample(probs, actions.length, rng.next())] as Action;
  };
}

function train(): { games: number; decisions: number; seconds: number } {
  const env = createEnv({ players: PLAYERS, seed: `train-${SEED}` });
  const rng = botRandom(`train-${SEED}`);
  const obs = new Float32Array(O);
  const mask = new Uint8Array(ACTION_COUNT);
  const legal = new Int32Array(ACTION_COUNT);
  const probs = new Float64Array(ACTION_COUNT);
  const baseline = [0.25, 0.25]; // running mean reward, against random opponents only / with a heuristic one
  const recent: number[] = [];
  const started = Date.now();
  const end = started + MINUTES * 60_000;
  let games = 0;
  let decisions = 0;
  let report = started + 15_000;
  while (Date.now() < end) {
    env.reset();
    const me = games % PLAYERS;
    // A heuristic bot in some opponent seats; `undefined` for the learner and for random opponents.
    const opponents: (Bot | undefined)[] = [];
    let heuristics = 0;
    for (let p = 0; p < PLAYERS; p++) {
      const h = p !== me && rng.next() < HEURISTIC_SHARE;
      if (h) heuristics += 1;
      opponents.push(h ? heuristicBot : undefined);
    }
    const mine: Decision[] = [];
    while (!env.done) {
      const p = env.agentSelection as number;
      const bot = opponents[p];
      if (bot !== undefined) {
        env.step(actionId(bot(view(env.state, p), rng)) % ACTION_IDS_PER_PLAYER);
        continue;
      }
      env.observeInto(p, obs, mask);
      let count = 0;
      for (let i = 0; i < ACTION_COUNT; i++) if (mask[i] === 1) legal[count++] = i;
      if (p !== me) {
        // A random opponent, straight from the mask: the same choice as randomBot (uniform over the legal actions), without building a view.
        env.step(legal[rng.int(count)] as number);
        continue;
      }
      const f = sparse(obs);
      policy(f, legal, count, probs);
      const chosen = sample(probs, count, rng.next());
      mine.push({ f, legal: legal.slice(0, count), probs: probs.slice(0, count), chosen });
      env.step(legal[chosen] as number);
      decisions += 1;
    }
    const reward = env.rewards[me] as number;
    const table = heuristics > 0 ? 1 : 0;
    learn(mine, reward - (baseline[table] as number));
    baseline[table] = 0.99 * (baseline[table] as number) + 0.01 * reward;
    recent.push(reward);
    if (recent.length > 500) recent.shift();
    games += 1;
    if (Date.now() >= report) {
      const share = recent.reduce((a, b) => a + b, 0) / recent.length;
      const s = (Date.now() - started) / 1000;
      console.log(
        `  ${s.toFixed(0).padStart(4)} s  ${String(games).padStart(6)} games  ${Math.round(decisions / s)} learner decisions/s  win share (last ${recent.length}) ${(100 * share).toFixed(1)}%`,
      );
      report += 15_000;
    }
  }
  return { games, decisions, seconds: (Date.now() - started) / 1000 };
}

/** Win share of `bot` in seat `g % 4` of `EVAL_GAMES` games against three `opponent`s, with a 95% interval. */
function evaluate(bot: Bot, opponent: Bot, label: string): string {
  let total = 0;
  let squares = 0;
  for (let g = 0; g < EVAL_GAMES; g++) {
    const me = g % PLAYERS;
    const bots = Array.from({ length: PLAYERS }, (_, p) => (p === me ? bot : opponent));
    const { state } = playGame({ players: PLAYERS, seed: `eval-${SEED}-${g}`, bots });
    const { winners } = score(state);
    const r = winners.includes(me) ? 1 / winners.length : 0;
    total += r;
    squares += r * r;
  }
  const mean = total / EVAL_GAMES;
  const sd = Math.sqrt(Math.max(0, squares / EVAL_GAMES - mean * mean));
  const half = (1.96 * sd) / Math.sqrt(EVAL_GAMES);
  const lo = Math.max(0, mean - half);
  const hi = Math.min(1, mean + half);
  return `| ${label} | ${(100 * mean).toFixed(1)}% (95% CI ${(100 * lo).toFixed(1)}–${(100 * hi).toFixed(1)}%) |`;
}

console.log(`REINFORCE, linear softmax policy: ${PLAYERS} players, ${O} features × ${ACTION_COUNT} action indexes`);
console.log(`training for ${MINUTES} minutes (learning rate ${LEARNING_RATE}, heuristic opponents ${HEURISTIC_SHARE}, seed ${SEED}) …`);
const t = train();
console.log(`trained on ${t.games} games (${t.decisions} learner decisions) in ${t.seconds.toFixed(0)} s, node ${process.version}`);
console.log(`\nwin share in ${EVAL_GAMES} new games per line (shared wins count 1/k; 25% is an even share):\n`);
console.log('| seat played by | win share |');
console.log('|---|---|');
const trained = policyBot();
console.log(evaluate(trained, randomBot, 'trained policy vs 3 randomBot'));
console.log(evaluate(randomBot, randomBot, 'untrained (randomBot) vs 3 randomBot'));
console.log(evaluate(trained, heuristicBot, 'trained policy vs 3 heuristicBot'));
console.log(evaluate(randomBot, heuristicBot, 'untrained (randomBot) vs 3 heuristicBot'));

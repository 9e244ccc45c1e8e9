/**
 * Environment steps per second, with the observation and the mask of the next agent written on
 * every step: the batched environment (64 games at once) and the single agent loop
 * (`observeInto` + `step`), for every player count, beside the same loop written naively on the
 * pure API (`view`, `encodeView`, `maskOfView`, then `apply`, each step), and the batch again with
 * information states recorded. Actions are drawn uniformly among the
 * mask's legal indexes by a small seeded generator (its cost, a scan of the mask, is counted).
 * Each figure is the best of several rounds, in CPU time of this process (steadier than wall
 * time on a shared machine). One process, one core.
 *
 * Run: `npm run bench:env` (or `npx tsx test/bench/env.bench.ts [seconds-per-round]`)
 */
import { cpus } from 'node:os';
import { ACTION_COUNT, createBatchEnv, createEnv, encodeView, maskOfView, OBSERVATION_SIZE } from '../../src/env/index.js';
import type { PlayerCount } from '../../src/index.js';
import { ACTION_IDS_PER_PLAYER, actionFromId, apply, createGame, view } from '../../src/index.js';

const ROUND_SECONDS = Number(process.argv[2] ?? 1.5);
const ROUNDS = 3;
const GAMES = 64;

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

let x = 0x9e3779b9;
function rand(n: number): number {
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  return (x >>> 0) % n;
}

/** A uniform legal index of the mask row starting at `at`. */
function pick(mask: Uint8Array, at: number): number {
  let count = 0;
  for (let i = at; i < at + ACTION_COUNT; i++) count += mask[i] as number;
  let k = rand(count);
  for (let i = at; ; i++) if (mask[i] === 1 && k-- === 0) return i - at;
}

function best(run: () => number): number {
  let top = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = cpuSeconds();
    let steps = 0;
    while (cpuSeconds() - t0 < ROUND_SECONDS) steps += run();
    top = Math.max(top, steps / (cpuSeconds() - t0));
  }
  return top;
}

function batchRate(players: PlayerCount, options: { infoState?: boolean; infoStateLength?: number } = {}): number {
  const batch = createBatchEnv({ players, games: GAMES, seed: 'bench', ...options });
  const actions = new Int32Array(GAMES);
  return best(() => {
    for (let t = 0; t < 100; t++) {
      for (let g = 0; g < GAMES; g++) actions[g] = pick(batch.masks, g * ACTION_COUNT);
      batch.step(actions);
    }
    return 100 * GAMES;
  });
}

function loopRate(players: PlayerCount): number {
  const env = createEnv({ players, seed: 'bench' });
  const observation = new Float32Array(env.observationSize);
  const mask = new Uint8Array(ACTION_COUNT);
  return best(() => {
    let steps = 0;
    for (let t = 0; t < 5000; t++) {
      if (env.done) env.reset();
      env.observeInto(env.agentSelection as number, observation, mask);
      env.step(pick(mask, 0));
      steps += 1;
    }
    return steps;
  });
}

/** The same loop written naively on the pure API: `view`, `encodeView` and `maskOfView` each step, then `apply`. */
function naiveRate(players: PlayerCount): number {
  let state = createGame({ players, seed: 'bench' });
  let games = 0;
  const observation = new Float32Array(OBSERVATION_SIZE[players]);
  const mask = new Uint8Array(ACTION_COUNT);
  return best(() => {
    for (let t = 0; t < 2000; t++) {
      if (state.step === 'over') state = createGame({ players, seed: `bench/${++games}` });
      const v = view(state, state.toMove);
      encodeView(v, observation);
      maskOfView(v, mask);
      state = apply(state, actionFromId(state.toMove * ACTION_IDS_PER_PLAYER + pick(mask, 0), players));
    }
    return 2000;
  });
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(`environment steps per second (observation + mask on every step), node ${process.version}, ${cpu}`);
console.log('players  batch of 64   agent loop   naive (view + pure API)   batch of 64 with information states');
const fmt = (x: number): string => Math.round(x).toLocaleString('en').padStart(11);
for (const n of [4, 2, 3, 5] as const) {
  console.log(
    `${String(n).padStart(7)}  ${fmt(batchRate(n))}  ${fmt(loopRate(n))}  ${fmt(naiveRate(n))}              ${fmt(batchRate(n, { infoState: true, infoStateLength: 512 }))}`,
  );
}

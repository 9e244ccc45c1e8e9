/**
 * The host's own work per action, without sockets or files: one process, a `MatchHost` on a
 * `MemoryStore`, `--matches` matches of `--players` seats, each seat a subscriber speaking
 * protocol version `--version` (3 by default) that turns every update into its wire text
 * (`update.frame(v)`, as the WebSocket layer does) and, when the seat is to move, submits the
 * action `heuristicBot` chooses (as `bench:server`'s clients do; `--bot random`: `randomBot`'s,
 * uniform among the legal ones), seeded per match, so every run plays the same games. All
 * matches play at once, as in `bench:server`'s closed loop. The bots' CPU time is measured apart
 * and left out of the host's.
 *
 * It prints the process's CPU time per action (user and system) less the bots', how much of it
 * went in `frame()` (the patches, digests and wire text; the views are built before it), and the
 * wire text per update. All three are CPU time (`process.cpuUsage()`, the whole process's): the
 * benchmark's JavaScript runs in one thread, so the bots' and `frame()`'s shares are
 * `process.cpuUsage()` deltas around each call, and the figures hold on a busy machine too
 * (wall-clock shares, as before 2026-12-05, counted the time the process waited for a core, so the
 * host's figure could fall below zero). Each reading is a system call (`getrusage`) of one to two
 * microseconds; its cost,
 * measured before each round on an empty section, is taken out of all three figures, and the
 * line says how much that was per action. Subtract the host's figure from `bench:server`'s host CPU
 * per action to see what the transport (WebSocket frames, the kernel's sockets) and the file
 * journal cost on the same machine.
 *
 *   npm run bench:host-core -- [--matches 200] [--players 4] [--version 3] [--rounds 3] [--seed 1] [--bot heuristic|random] [--dist DIR]
 *   node_modules/.bin/bun test/bench/host-core.bench.ts [same options]     (the same under Bun)
 *
 * `--rounds N` plays the matches N times over (new matches each round, the same seeds) and
 * prints each round's figures: the first round warms the JIT, so compare the later ones.
 * `--dist DIR` takes the host and the bots from a build (`npx tsup`, then `DIR` is `dist` or a
 * copy of it) instead of the sources through tsx, whose transform adds work of its own (it names
 * every function it creates).
 * @module
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type * as Bots from '../../src/bots/index.js';
import type { BotRandom } from '../../src/bots/types.js';
import type { PlayerView } from '../../src/index.js';
import type { Session, Update } from '../../src/server/host/types.js';
import type * as Server from '../../src/server/index.js';
import { RUNTIME } from '../helpers/runtime.js';

const { values } = parseArgs({
  options: {
    matches: { type: 'string', default: '200' },
    players: { type: 'string', default: '4' },
    version: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    bot: { type: 'string', default: 'heuristic' },
    dist: { type: 'string' },
  },
});
// The host and the bots from the sources (through tsx), or from a build (`--dist DIR`: the code users run).
const from = (dir: string, file: string): string => pathToFileURL(resolve(dir, file)).href;
const [{ MatchHost, MemoryStore }, { heuristicBot, randomBot, botRandom }] =
  values.dist === undefined
    ? await Promise.all([import('../../src/server/index.js'), import('../../src/bots/index.js')])
    : [(await import(from(values.dist, 'server.js'))) as typeof Server, (await import(from(values.dist, 'bots.js'))) as typeof Bots];
const MATCHES = Number(values.matches);
const PLAYERS = Number(values.players);
const VERSION = Number(values.version);
const ROUNDS = Number(values.rounds);
const SEED = Number(values.seed);
const BOT = values.bot;
if (BOT !== 'heuristic' && BOT !== 'random') throw new Error('--bot is heuristic or random');

/** One seat of a match: its session and the generator its bot draws from (one per match). */
interface Seat {
  readonly session: Session;
  readonly seat: number;
  readonly rng: BotRandom;
}

/** The process's CPU time so far (user and system), in microseconds. */
function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/**
 * What timing a section with two `cpuNow()` readings costs, from `CALIBRATION` empty sections:
 * `inside`, the CPU time an empty section reads (the part of the readings' own system calls
 * between them), and `pair`, all the CPU time the process spends on one section's two readings.
 */
const CALIBRATION = 20_000;
function calibrate(): { readonly inside: number; readonly pair: number } {
  let inside = 0;
  const before = cpuNow();
  for (let i = 0; i < CALIBRATION; i++) {
    const t0 = cpuNow();
    inside += cpuNow() - t0;
  }
  const pair = (cpuNow() - before) / CALIBRATION;
  return { inside: inside / CALIBRATION, pair };
}

interface Round {
  readonly actions: number;
  readonly userUs: number;
  readonly systemUs: number;
  readonly wallMs: number;
  readonly frames: number;
  readonly chars: number;
  readonly pushUs: number;
  readonly botUs: number;
  readonly timingUs: number;
}

async function round(): Promise<Round> {
  const host = new MatchHost({ store: new MemoryStore(), pollMs: 60_000 });
  host.start();
  let actions = 0;
  let frames = 0;
  let chars = 0;
  let finished = 0;
  let failure: unknown = null;
  let pushUs = 0;
  let done: () => void = () => {};
  const allDone = new Promise<void>((resolve) => {
    done = resolve;
  });
  let botUs = 0;
  const seats: Seat[][] = [];
  for (let m = 0; m < MATCHES; m++) {
    const { match } = await host.createMatch({ visibility: 'public', players: PLAYERS, seed: `host-core:${SEED}:${m}` });
    const list: Seat[] = [];
    const rng = botRandom(`host-core:${SEED}:${m}`);
    for (let s = 0; s < PLAYERS; s++) {
      const { token } = await host.join(match.id, { name: `P${s}`, seat: s });
      list.push({ session: await host.open(match.id, token), seat: s, rng });
    }
    seats.push(list);
  }
  const bot = BOT === 'heuristic' ? heuristicBot : randomBot;
  const play = ({ session, rng }: Seat, seq: number, view: PlayerView): void => {
    const t0 = cpuNow();
    const action = bot(view, rng);
    botUs += cpuNow() - t0;
    actions++;
    host.submit(session, action, seq).catch((e: unknown) => {
      failure ??= e;
      done();
    });
  };
  // The last join dealt the cards before anyone watched: each seat learns the first view from its sync.
  const all = seats.flat();
  const subscribed = await Promise.all(
    all.map((s) =>
      host.subscribe(s.session, 0, {
        version: VERSION,
        send: (u: Update) => {
          const t0 = cpuNow();
          const text = u.frame(VERSION);
          pushUs += cpuNow() - t0;
          frames++;
          chars += text.length;
          if (u.view.currentPlayer === s.seat) play(s, u.seq, u.view);
          else if (u.view.currentPlayer === null && s.seat === 0 && ++finished === MATCHES) done();
        },
        revoked: () => {},
      }),
    ),
  );
  const timer = calibrate();
  const started = process.cpuUsage();
  const startedAt = performance.now();
  all.forEach((s, i) => {
    const sync = subscribed[i]?.sync;
    if (sync && sync.view.currentPlayer === s.seat) play(s, sync.seq, sync.view);
  });
  await allDone;
  const cpu = process.cpuUsage(started);
  const wallMs = performance.now() - startedAt;
  host.close();
  if (failure !== null) throw failure;
  // `actions` bot sections and `frames` frame() sections were timed; each read about `inside`
  // of its own timing, and each cost the process `pair` in all.
  return {
    actions,
    userUs: cpu.user,
    systemUs: cpu.system,
    wallMs,
    frames,
    chars,
    pushUs: pushUs - frames * timer.inside,
    botUs: botUs - actions * timer.inside,
    timingUs: (actions + frames) * timer.pair,
  };
}

console.log(
  `bench:host-core: ${MATCHES} matches × ${PLAYERS} seats in one process, MemoryStore, protocol version ${VERSION}, ${BOT} bots (seed ${SEED}), ${ROUNDS} round(s)`,
);
const source = values.dist ?? (RUNTIME.name === 'Node' ? 'src (tsx)' : 'src');
console.log(`machine: ${RUNTIME.name} ${RUNTIME.version}; code from ${source}`);
for (let r = 0; r < ROUNDS; r++) {
  const x = await round();
  const per = (us: number): string => (us / x.actions).toFixed(1);
  console.log(
    `round ${r + 1}: ${x.actions} actions in ${(x.wallMs / 1000).toFixed(2)} s; ` +
      `host CPU ${per(x.userUs + x.systemUs - x.botUs - x.timingUs)} µs per action (the process's ${per(x.userUs + x.systemUs)}, ${per(x.userUs)} user + ${per(x.systemUs)} system, less the bots' ${per(x.botUs)} and the timing's own ${per(x.timingUs)}); ` +
      `of it frame() ${per(x.pushUs)}; ${(x.chars / x.frames).toFixed(0)} characters per frame (all CPU time)`,
  );
}

/**
 * The host's own work per action, without sockets or files: one process, a `MatchHost` on a
 * `MemoryStore`, `--matches` matches of `--players` seats, each seat a subscriber speaking
 * protocol version `--version` (3 by default) that turns every update into its wire text
 * (`update.frame(v)`, as the WebSocket layer does) and, when the seat is to move, submits the
 * action `heuristicBot` chooses (as `bench:server`'s clients do; `--bot random`: `randomBot`'s,
 * uniform among the legal ones), seeded per match, so every run plays the same games. All
 * matches play at once, as in `bench:server`'s closed loop. The bots' time is measured apart
 * and left out of the host's.
 *
 * It prints the process's CPU time per action (user and system) less the bots', how much of it
 * went in `frame()` (the patches, digests and wire text; the views are built before it), and the
 * wire text per update. Subtract it from `bench:server`'s host CPU
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

interface Round {
  readonly actions: number;
  readonly userUs: number;
  readonly systemUs: number;
  readonly wallMs: number;
  readonly frames: number;
  readonly chars: number;
  readonly pushUs: number;
  readonly botUs: number;
}

async function round(): Promise<Round> {
  const host = new MatchHost({ store: new MemoryStore(), pollMs: 60_000 });
  host.start();
  let actions = 0;
  let frames = 0;
  let chars = 0;
  let finished = 0;
  let failure: unknown = null;
  let pushNs = 0n;
  let done: () => void = () => {};
  const allDone = new Promise<void>((resolve) => {
    done = resolve;
  });
  let botNs = 0n;
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
    const t0 = process.hrtime.bigint();
    const action = bot(view, rng);
    botNs += process.hrtime.bigint() - t0;
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
          const t0 = process.hrtime.bigint();
          const text = u.frame(VERSION);
          pushNs += process.hrtime.bigint() - t0;
          frames++;
          chars += text.length;
          if (u.view.currentPlayer === s.seat) play(s, u.seq, u.view);
          else if (u.view.currentPlayer === null && s.seat === 0 && ++finished === MATCHES) done();
        },
        revoked: () => {},
      }),
    ),
  );
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
  return {
    actions,
    userUs: cpu.user,
    systemUs: cpu.system,
    wallMs,
    frames,
    chars,
    pushUs: Number(pushNs) / 1000,
    botUs: Number(botNs) / 1000,
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
      `host CPU ${per(x.userUs + x.systemUs - x.botUs)} µs per action (the process's ${per(x.userUs + x.systemUs)}, ${per(x.userUs)} user + ${per(x.systemUs)} system, less the bots' ${per(x.botUs)}); ` +
      `of it frame() ${per(x.pushUs)}; ${(x.chars / x.frames).toFixed(0)} characters per frame`,
  );
}

/**
 * The clients of `npm run bench:server`, in a process of their own (the benchmark starts one or
 * more): one WebSocket client per seat it is given, each a heuristic bot choosing from its own
 * view. Talks to the benchmark over the IPC channel:
 *
 * - in: `{ type: 'play', matches, thinkMs, bot }` (each match's id, seed, seat tokens and the port per
 *   seat; each client waits 0.5–1.5 × `thinkMs` before each move, default 0; `bot` chooses the moves,
 *   `'heuristic'` by default or `'random'`, a uniform choice among `view.legal`): connect every
 *   client; out: `{ type: 'ready' }` once every client has its first view;
 * - in: `{ type: 'go', warmupMs }`: play; out: `{ type: 'progress', actions, over }` every second, then
 *   `{ type: 'done', … }` with every latency sample (and apart, those of the actions sent once
 *   `warmupMs` of play had passed), the size of every update frame, its own CPU time, the
 *   number of actions and errors, and the final score each client saw;
 * - in: `{ type: 'stop' }`: make no more moves; once every move in flight is answered, report
 *   as if every match had ended (the soak stops matches mid-game);
 * - in: `{ type: 'close' }`: close every client and exit.
 *
 * The latency of an action is from `send` to the arrival of its update (the events of the next
 * seq); an update's size is its frame's length in bytes, whatever form the update takes.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { type Bot, botRandom, heuristicBot, randomBot } from '../../src/bots/index.js';
import { connectMatch, type MatchClient } from '../../src/client/index.js';
import { viewDigest } from '../../src/protocol/digest.js';

/** One match as the benchmark hands it to a client process. */
export interface ClientMatch {
  readonly id: string;
  readonly seed: string;
  readonly tokens: readonly string[];
  /** The host port each seat connects to. */
  readonly ports: readonly number[];
}

/** What a client process reports at the end. */
export interface ClientReport {
  readonly type: 'done';
  readonly latencies: number[];
  /** The latencies of the actions sent after the warm-up (`warmupMs` from `go`). */
  readonly steadyLatencies: number[];
  /** The sends (wall clock, `Date.now()`, and latency in ms) whose update took over 50 ms. */
  readonly slow: Array<readonly [number, number]>;
  /** How late this process's event loop ran timers from `go` to the report (ms). */
  readonly loopDelayMs: { readonly p99: number; readonly max: number };
  readonly updateBytes: number[];
  readonly actions: number;
  readonly errors: number;
  readonly errorSamples: string[];
  /** This process's CPU time (user + system, µs) from `go` to the report. */
  readonly cpuMicros: number;
  /** Per match id, `seq:digest` of the view each of its clients (by seat) holds at the end. */
  readonly finals: Record<string, string[]>;
}

type Incoming =
  | { type: 'play'; matches: ClientMatch[]; thinkMs?: number; bot?: string }
  | { type: 'go'; warmupMs?: number }
  | { type: 'stop' }
  | { type: 'close' };

/** How update frames begin: the whole view (`update`), or version 2's `patch`. */
const UPDATE_PREFIXES = [Buffer.from('{"type":"update"'), Buffer.from('{"type":"patch"')];

/** The `ws` WebSocket, counting the bytes of every update frame it receives. */
function countingSocket(sizes: number[]): new (url: string) => WebSocket {
  return class extends WebSocket {
    constructor(url: string) {
      super(url);
      this.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
        if (isBinary || !Buffer.isBuffer(data)) return;
        for (const prefix of UPDATE_PREFIXES) {
          if (data.length >= prefix.length && data.subarray(0, prefix.length).equals(prefix)) sizes.push(data.length);
        }
      });
    }
  };
}

function send(message: unknown): void {
  process.send?.(message);
}

const latencies: number[] = [];
const steadyLatencies: number[] = [];
/** When the warm-up ends (`performance.now()`): actions sent from then on are also in `steadyLatencies`. */
let steadyFrom = Number.POSITIVE_INFINITY;
const slow: Array<readonly [number, number]> = [];
const loop = monitorEventLoopDelay({ resolution: 1 });
const updateBytes: number[] = [];
const errorSamples: string[] = [];
let errors = 0;
let actions = 0;
let going = false;
let finished = 0;
let reported = false;
/** Sends not settled yet, and whether the report waits for them. */
let inFlight = 0;
let reportWhenSettled = false;
let cpuAtGo: NodeJS.CpuUsage | undefined;
const clients: { client: MatchClient; match: string; move: () => void; busy: () => boolean }[] = [];

function error(what: string): void {
  errors++;
  if (errorSamples.length < 10) errorSamples.push(what);
}

function play(matches: readonly ClientMatch[], thinkMs: number, botName: string): void {
  const bot: Bot = botName === 'random' ? randomBot : heuristicBot;
  const Socket = countingSocket(updateBytes);
  let waiting = 0;
  const readyOne = (): void => {
    waiting--;
    if (waiting === 0) send({ type: 'ready' });
  };
  for (const m of matches) {
    for (const [p, token] of m.tokens.entries()) {
      const client = connectMatch({
        url: `ws://127.0.0.1:${m.ports[p]}/ws`,
        match: m.id,
        token,
        WebSocket: Socket as never,
        timeoutMs: 60_000,
      });
      const rng = botRandom(`${m.seed}:client:${p}`);
      let sentAt = 0;
      let sentSeq = -1;
      let busy = false;
      const move = (): void => {
        const v = client.view;
        if (!going || busy || v === null || v.legal.length === 0 || client.status !== 'open') return;
        busy = true;
        if (thinkMs > 0) {
          setTimeout(sendMove, thinkMs * (0.5 + Math.random()));
          return;
        }
        sendMove();
      };
      const sendMove = (): void => {
        const v = client.view;
        if (v === null || v.legal.length === 0 || client.status !== 'open') {
          busy = false;
          return;
        }
        const action = bot(v, rng);
        sentSeq = client.seq;
        sentAt = performance.now();
        inFlight++;
        client
          .send(action)
          .then(() => {
            actions++;
          })
          .catch((e: unknown) => error(`send: ${String((e as Error).message ?? e)}`))
          .finally(() => {
            busy = false;
            inFlight--;
            if (inFlight === 0 && reportWhenSettled) {
              reportWhenSettled = false;
              send(report());
            }
            setImmediate(move);
          });
      };
      client.on('events', (u) => {
        if (u.seq === sentSeq + 1 && sentAt > 0) {
          const latency = performance.now() - sentAt;
          latencies.push(latency);
          if (sentAt >= steadyFrom) steadyLatencies.push(latency);
          if (latency > 50 && slow.length < 100_000) slow.push([Date.now() - latency, latency]);
          sentAt = 0;
        }
      });
      let over = false;
      client.on('view', (v) => {
        if (v.step === 'over' && !over) {
          over = true;
          finishedOne();
        }
        setImmediate(move);
      });
      client.on('error', (e) => error(`client: ${e.code} ${e.message}`));
      waiting++;
      const first = client.on('view', () => {
        first();
        readyOne();
      });
      clients.push({ client, match: m.id, move, busy: () => busy });
    }
  }
  if (waiting === 0) send({ type: 'ready' });
}

function finishedOne(): void {
  finished++;
  if (going && finished === clients.length && !reported) {
    reported = true;
    // A game's last action may be acknowledged after its final view arrives: report once every send is settled.
    if (inFlight === 0) send(report());
    else reportWhenSettled = true;
  }
}

function report(): ClientReport {
  const finals: Record<string, string[]> = {};
  for (const c of clients) {
    const list = finals[c.match] ?? [];
    list.push(`${c.client.seq}:${viewDigest(c.client.view)}`);
    finals[c.match] = list;
  }
  const cpu = process.cpuUsage(cpuAtGo);
  const loopDelayMs = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  return {
    type: 'done',
    latencies,
    steadyLatencies,
    slow,
    loopDelayMs,
    updateBytes,
    actions,
    errors,
    errorSamples,
    finals,
    cpuMicros: cpu.user + cpu.system,
  };
}

process.on('message', (m: Incoming) => {
  if (m.type === 'play') play(m.matches, m.thinkMs ?? 0, m.bot ?? 'heuristic');
  else if (m.type === 'go') {
    going = true;
    cpuAtGo = process.cpuUsage();
    steadyFrom = performance.now() + (m.warmupMs ?? 0);
    loop.enable();
    for (const c of clients) c.move();
    const timer = setInterval(() => {
      if (reported) clearInterval(timer);
      else send({ type: 'progress', actions, over: finished });
    }, 1000);
  } else if (m.type === 'stop') {
    going = false;
    // Once nothing is in flight and the last updates have had a moment to arrive, report.
    const settle = setInterval(() => {
      if (clients.some((c) => c.busy())) return;
      clearInterval(settle);
      setTimeout(() => {
        if (reported) return;
        reported = true;
        send(report());
      }, 2000);
    }, 50);
  } else if (m.type === 'close') {
    for (const c of clients) c.client.close();
    process.disconnect?.();
    setTimeout(() => process.exit(0), 100).unref();
  }
});

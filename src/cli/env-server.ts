/**
 * @internal `for-the-king env-server`: the learning environment over JSON lines on stdin and
 * stdout, for the Python wrapper (`python/for_the_king_env.py`) and any other language. One
 * request per line, one answer per line, in order. With `--vector`, batched games over binary
 * frames instead (`env-vector.ts`). `docs/env.md` describes both protocols.
 * @module
 */
import type { Env } from '../env/index.js';
import { ACTION_COUNT, createEnv, observationLayout } from '../env/index.js';
import type { PlayerCount } from '../index.js';
import { CARDS, deckSize, RulesError } from '../index.js';
import type { Parsed } from './args.js';
import { intOption, seedOption, UsageError } from './args.js';
import { botsOf, RequestError } from './env-request.js';
import { serveVector } from './env-vector.js';
import type { Io } from './io.js';
import { boundedLineReader } from './io.js';

/** @internal Options of `env-server`. */
export const ENV_SERVER_OPTIONS = { players: 'string', reward: 'string', encoding: 'string', seed: 'string', vector: 'boolean' } as const;

/** @internal The longest request line read (a request is small: a command and a few numbers). */
export const MAX_REQUEST = 65_536;

/** How observations and masks travel: base64 of the little-endian bytes, or JSON arrays of numbers. */
type Encoding = 'base64' | 'json';

/**
 * Each command and the keys it takes besides `cmd` and the two every request may carry, `id` and
 * `env`: any other key is refused, so that a misspelt one (`"sed"`) is not quietly ignored.
 */
const FIELDS: Readonly<Record<string, readonly string[]>> = {
  make: ['players', 'variants', 'reward', 'seed', 'encoding', 'infoState', 'bots'],
  reset: ['seed', 'seats'],
  step: ['action', 'seats'],
  observe: ['agent'],
  infoState: ['agent'],
  globalState: ['agent'],
  action: ['action'],
  score: [],
  state: [],
  clone: [],
  restore: ['from', 'seats'],
  load: ['save', 'seats'],
  drop: [],
  close: [],
};

const COMMANDS = Object.keys(FIELDS);

/** Refuses a key `cmd` does not take (`BAD_REQUEST`, naming the key and those it takes). */
function checkFields(cmd: string, r: Record<string, unknown>): void {
  const fields = FIELDS[cmd] as readonly string[];
  for (const key of Object.keys(r)) {
    if (key === 'cmd' || key === 'id' || key === 'env' || fields.includes(key)) continue;
    const taken = [...fields, 'id', 'env'].join(', ');
    throw new RequestError('BAD_REQUEST', `unknown ${cmd} option ${JSON.stringify(key)}: expected ${taken}`);
  }
}

/** The most environments (clones included) one session keeps. */
export const MAX_ENVS = 10_000;

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function bytes(a: Float32Array | Uint8Array | Int16Array): string {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
}

/** @internal One client's environment: answers request lines. */
export class EnvSession {
  /** The environments by id: 0 is the one `make` creates, the others are clones. */
  private envs = new Map<number, Env>();
  private nextId = 1;
  private encoding: Encoding = 'base64';
  /** Set once `close` has been answered. */
  closed = false;

  /** Answers one request line with one answer (a JSON text without the newline). */
  handle(line: string): string {
    let id: unknown = null;
    try {
      if (line.length > MAX_REQUEST) throw new RequestError('BAD_REQUEST', `a request is at most ${MAX_REQUEST} characters`);
      let request: unknown;
      try {
        request = JSON.parse(line);
      } catch {
        throw new RequestError('BAD_REQUEST', 'a request is one JSON object per line');
      }
      if (!isRecord(request)) throw new RequestError('BAD_REQUEST', 'a request is a JSON object such as {"cmd":"reset"}');
      id = typeof request.id === 'number' || typeof request.id === 'string' ? request.id : null;
      const answer = this.serve(request);
      return JSON.stringify(id === null ? answer : { id, ...answer });
    } catch (e) {
      const error =
        e instanceof RequestError || e instanceof RulesError
          ? { code: e.code, message: e.message }
          : { code: 'ERROR', message: e instanceof Error ? e.message : String(e) };
      return JSON.stringify(id === null ? { error } : { id, error });
    }
  }

  private serve(r: Record<string, unknown>): Record<string, unknown> {
    const cmd = r.cmd;
    if (typeof cmd !== 'string' || !COMMANDS.includes(cmd)) {
      throw new RequestError('BAD_REQUEST', `unknown command ${JSON.stringify(cmd)}: expected one of ${COMMANDS.join(', ')}`);
    }
    checkFields(cmd, r);
    switch (cmd) {
      case 'make':
        return this.make(r);
      case 'close':
        this.closed = true;
        return { ok: true };
      default:
        break;
    }
    if (this.envs.size === 0)
      throw new RequestError('NO_ENV', 'send {"cmd":"make","players":4} first (or start the server with --players)');
    const env = this.envOf(r.env);
    switch (cmd) {
      case 'reset': {
        const seed = r.seed;
        if (seed !== undefined && seed !== null && typeof seed !== 'number' && typeof seed !== 'string') {
          throw new RequestError('BAD_REQUEST', 'seed must be a number or a string');
        }
        const all = this.allSeats(r.seats);
        env.reset(seed ?? undefined);
        return this.turn(env, all);
      }
      case 'step': {
        const all = this.allSeats(r.seats);
        env.step(this.index(r.action));
        return this.turn(env, all);
      }
      case 'observe': {
        const agent = this.agent(r.agent);
        const o = env.observe(agent);
        return { agent, observation: this.pack(o.observation), mask: this.pack(o.mask) };
      }
      case 'infoState': {
        const agent = this.agent(r.agent);
        return { agent, infoState: this.pack(env.infoState(agent)) };
      }
      case 'globalState': {
        const agent = this.agent(r.agent);
        return { agent, globalState: this.pack(env.globalState(agent)) };
      }
      case 'clone': {
        if (this.envs.size >= MAX_ENVS)
          throw new RequestError('BAD_REQUEST', `a session keeps at most ${MAX_ENVS} environments: drop some`);
        const id = this.nextId++;
        this.envs.set(id, env.clone());
        return { env: id };
      }
      case 'restore': {
        // Every field is checked before the environment changes.
        const all = this.allSeats(r.seats);
        env.restore(this.envOf(r.from, 'from'));
        return this.turn(env, all);
      }
      case 'load': {
        const all = this.allSeats(r.seats);
        env.load(r.save as string);
        return this.turn(env, all);
      }
      case 'drop': {
        const id = typeof r.env === 'number' ? r.env : 0;
        if (id === 0) throw new RequestError('BAD_REQUEST', 'environment 0 cannot be dropped (close the session instead)');
        this.envs.delete(id);
        return { ok: true };
      }
      case 'action':
        return { action: env.actionOf(this.index(r.action)) };
      case 'score':
        return { score: env.score() };
      case 'state':
        return { state: env.state };
      default:
        throw new RequestError('BAD_REQUEST', `unknown command ${JSON.stringify(cmd)}: expected one of ${COMMANDS.join(', ')}`);
    }
  }

  /** @internal Creates the environment (also used for the command line's options). */
  make(r: Record<string, unknown>): Record<string, unknown> {
    const { players, variants, reward, seed, encoding, infoState } = r;
    if (encoding !== undefined && encoding !== 'base64' && encoding !== 'json') {
      throw new RequestError('BAD_REQUEST', 'encoding must be "base64" or "json"');
    }
    const bots = botsOf(r.bots);
    const env = createEnv({
      players: players as PlayerCount,
      ...(variants === undefined ? {} : { variants: variants as object }),
      ...(reward === undefined ? {} : { reward: reward as 'win' }),
      ...(seed === undefined || seed === null ? {} : { seed: seed as number | string }),
      ...(infoState === undefined ? {} : { infoState: infoState as boolean }),
      ...(bots === undefined ? {} : { bots }),
    });
    this.envs = new Map([[0, env]]);
    this.nextId = 1;
    this.encoding = encoding ?? this.encoding;
    return {
      players: env.players,
      agents: env.agents,
      observationSize: env.observationSize,
      actionCount: env.actionCount,
      encoding: this.encoding,
      layout: observationLayout(env.players).map(({ name, offset, size }) => ({ name, offset, size })),
      maxBid: deckSize(env.players),
      cards: CARDS,
    };
  }

  /** The environment with id `x` (0 when absent). */
  private envOf(x: unknown, field = 'env'): Env {
    const id = x === undefined || x === null ? 0 : x;
    const env = typeof id === 'number' ? this.envs.get(id) : undefined;
    if (env === undefined) throw new RequestError('NO_ENV', `"${field}": no environment ${JSON.stringify(id)} in this session`);
    return env;
  }

  private agent(x: unknown): number {
    if (typeof x !== 'number') throw new RequestError('BAD_REQUEST', '"agent" must be a seat number');
    return x;
  }

  private index(x: unknown): number {
    if (typeof x !== 'number' || !Number.isInteger(x))
      throw new RequestError('BAD_REQUEST', `"action" must be an action index, 0 to ${ACTION_COUNT - 1}`);
    return x;
  }

  private pack(a: Float32Array | Uint8Array | Int16Array): string | number[] {
    return this.encoding === 'base64' ? bytes(a) : Array.from(a);
  }

  /** Whether a request asks for every seat's observation (`"seats": "all"`). */
  private allSeats(x: unknown): boolean {
    if (x === undefined || x === null || x === 'acting') return false;
    if (x === 'all') return true;
    throw new RequestError('BAD_REQUEST', 'seats must be "acting" or "all"');
  }

  private turn(env: Env, all = false): Record<string, unknown> {
    const agent = env.agentSelection;
    let base: Record<string, unknown> = { agent, rewards: env.rewards, done: env.done, steps: env.steps };
    if (all) {
      const seats = env.agents.map((p) => env.observe(p));
      base = { ...base, observations: seats.map((o) => this.pack(o.observation)), masks: seats.map((o) => this.pack(o.mask)) };
    }
    if (agent === null) {
      const s = env.score();
      return { ...base, points: s.points, winners: s.winners };
    }
    const o = env.observe(agent);
    return { ...base, observation: this.pack(o.observation), mask: this.pack(o.mask) };
  }
}

/** @internal Runs `env-server` on the streams until `close` or the end of input. */
export async function envServerCommand(parsed: Parsed, io: Io): Promise<number> {
  if (parsed.positional.length > 0) throw new UsageError(`env-server takes no arguments, got "${parsed.positional[0]}"`);
  const o = parsed.options;
  if (o.vector === true) {
    if (o.players !== undefined || o.reward !== undefined || o.encoding !== undefined || o.seed !== undefined) {
      throw new UsageError('--vector takes its options in the make frame, not on the command line');
    }
    serveVector(); // the process's own stdin and stdout, read and written directly
    return 0;
  }
  const session = new EnvSession();
  if (o.players !== undefined) {
    const players = intOption(parsed, 'players', 4, 2, 5);
    const seed = seedOption(parsed);
    try {
      session.make({ players, reward: o.reward, encoding: o.encoding, ...(seed === undefined ? {} : { seed }) });
    } catch (e) {
      throw new UsageError(e instanceof Error ? e.message : String(e));
    }
  } else if (o.reward !== undefined || o.encoding !== undefined || o.seed !== undefined) {
    throw new UsageError('--reward, --encoding and --seed need --players');
  }
  // A line over MAX_REQUEST comes out cut to MAX_REQUEST + 1 characters, and is refused as too long.
  const lines = boundedLineReader(io, MAX_REQUEST);
  for (;;) {
    const line = await lines.next();
    if (line === null) break;
    if (line.trim() === '') continue;
    io.stdout.write(`${session.handle(line)}\n`);
    if (session.closed) break;
  }
  lines.close();
  return 0;
}

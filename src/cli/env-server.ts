/**
 * @internal `for-the-king env-server`: the learning environment over JSON lines on stdin and
 * stdout, for the Python wrapper (`python/for_the_king_env.py`) and any other language. One
 * request per line, one answer per line, in order. `docs/env.md` describes the protocol.
 * @module
 */
import type { Env } from '../env/index.js';
import { ACTION_COUNT, createEnv, observationLayout } from '../env/index.js';
import type { PlayerCount } from '../index.js';
import { RulesError } from '../index.js';
import type { Parsed } from './args.js';
import { UsageError } from './args.js';
import type { Io } from './io.js';
import { lineReader } from './io.js';

/** @internal Options of `env-server`. */
export const ENV_SERVER_OPTIONS = { players: 'string', reward: 'string', encoding: 'string', seed: 'string' } as const;

/** @internal The longest request line read (a request is small: a command and a few numbers). */
export const MAX_REQUEST = 65_536;

/** How observations and masks travel: base64 of the little-endian bytes, or JSON arrays of numbers. */
type Encoding = 'base64' | 'json';

const COMMANDS = ['make', 'reset', 'step', 'observe', 'action', 'score', 'state', 'close'] as const;

/** A request the session cannot serve: answered with `{ error: { code, message } }`. */
class BadRequest extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function bytes(a: Float32Array | Uint8Array): string {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
}

/** @internal One client's environment: answers request lines. */
export class EnvSession {
  private env: Env | null = null;
  private encoding: Encoding = 'base64';
  /** Set once `close` has been answered. */
  closed = false;

  /** Answers one request line with one answer (a JSON text without the newline). */
  handle(line: string): string {
    let id: unknown = null;
    try {
      if (line.length > MAX_REQUEST) throw new BadRequest('BAD_REQUEST', `a request is at most ${MAX_REQUEST} characters`);
      let request: unknown;
      try {
        request = JSON.parse(line);
      } catch {
        throw new BadRequest('BAD_REQUEST', 'a request is one JSON object per line');
      }
      if (!isRecord(request)) throw new BadRequest('BAD_REQUEST', 'a request is a JSON object such as {"cmd":"reset"}');
      id = typeof request.id === 'number' || typeof request.id === 'string' ? request.id : null;
      const answer = this.serve(request);
      return JSON.stringify(id === null ? answer : { id, ...answer });
    } catch (e) {
      const error =
        e instanceof BadRequest || e instanceof RulesError
          ? { code: e.code, message: e.message }
          : { code: 'ERROR', message: e instanceof Error ? e.message : String(e) };
      return JSON.stringify(id === null ? { error } : { id, error });
    }
  }

  private serve(r: Record<string, unknown>): Record<string, unknown> {
    const cmd = r.cmd;
    switch (cmd) {
      case 'make':
        return this.make(r);
      case 'close':
        this.closed = true;
        return { ok: true };
      default:
        break;
    }
    const env = this.env;
    if (env === null) {
      if (typeof cmd === 'string' && (COMMANDS as readonly string[]).includes(cmd)) {
        throw new BadRequest('NO_ENV', 'send {"cmd":"make","players":4} first (or start the server with --players)');
      }
      throw new BadRequest('BAD_REQUEST', `unknown command ${JSON.stringify(cmd)}: expected one of ${COMMANDS.join(', ')}`);
    }
    switch (cmd) {
      case 'reset': {
        const seed = r.seed;
        if (seed !== undefined && seed !== null && typeof seed !== 'number' && typeof seed !== 'string') {
          throw new BadRequest('BAD_REQUEST', 'seed must be a number or a string');
        }
        env.reset(seed ?? undefined);
        return this.turn(env);
      }
      case 'step':
        env.step(this.index(r.action));
        return this.turn(env);
      case 'observe': {
        const agent = r.agent;
        if (typeof agent !== 'number') throw new BadRequest('BAD_REQUEST', 'observe needs "agent": a seat number');
        const o = env.observe(agent);
        return { agent, observation: this.pack(o.observation), mask: this.pack(o.mask) };
      }
      case 'action':
        return { action: env.actionOf(this.index(r.action)) };
      case 'score':
        return { score: env.score() };
      case 'state':
        return { state: env.state };
      default:
        throw new BadRequest('BAD_REQUEST', `unknown command ${JSON.stringify(cmd)}: expected one of ${COMMANDS.join(', ')}`);
    }
  }

  /** @internal Creates the environment (also used for the command line's options). */
  make(r: Record<string, unknown>): Record<string, unknown> {
    const { players, variants, reward, seed, encoding } = r;
    if (encoding !== undefined && encoding !== 'base64' && encoding !== 'json') {
      throw new BadRequest('BAD_REQUEST', 'encoding must be "base64" or "json"');
    }
    const env = createEnv({
      players: players as PlayerCount,
      ...(variants === undefined ? {} : { variants: variants as object }),
      ...(reward === undefined ? {} : { reward: reward as 'win' }),
      ...(seed === undefined ? {} : { seed: seed as number | string }),
    });
    this.env = env;
    this.encoding = encoding ?? this.encoding;
    return {
      players: env.players,
      agents: env.agents,
      observationSize: env.observationSize,
      actionCount: env.actionCount,
      encoding: this.encoding,
      layout: observationLayout(env.players).map(({ name, offset, size }) => ({ name, offset, size })),
    };
  }

  private index(x: unknown): number {
    if (typeof x !== 'number' || !Number.isInteger(x))
      throw new BadRequest('BAD_REQUEST', `"action" must be an action index, 0 to ${ACTION_COUNT - 1}`);
    return x;
  }

  private pack(a: Float32Array | Uint8Array): string | number[] {
    return this.encoding === 'base64' ? bytes(a) : Array.from(a);
  }

  private turn(env: Env): Record<string, unknown> {
    const agent = env.agentSelection;
    const base = { agent, rewards: env.rewards, done: env.done, steps: env.steps };
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
  const session = new EnvSession();
  const o = parsed.options;
  if (o.players !== undefined) {
    const players = Number(o.players);
    const seed = typeof o.seed === 'string' ? (/^-?\d{1,15}$/.test(o.seed) ? Number(o.seed) : o.seed) : undefined;
    try {
      session.make({ players, reward: o.reward, encoding: o.encoding, ...(seed === undefined ? {} : { seed }) });
    } catch (e) {
      throw new UsageError(e instanceof Error ? e.message : String(e));
    }
  } else if (o.reward !== undefined || o.encoding !== undefined || o.seed !== undefined) {
    throw new UsageError('--reward, --encoding and --seed need --players');
  }
  const lines = lineReader(io);
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

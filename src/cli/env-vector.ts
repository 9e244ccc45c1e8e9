/**
 * @internal `for-the-king env-server --vector`: batched games over binary frames on stdin and
 * stdout, for the Python `VectorEnv` (`python/for_the_king_env.py`). Every frame is an 8-byte
 * header (two little-endian uint32: a code and the payload's length) and its payload. The
 * arrays travel as their raw little-endian bytes at offsets the `make` answer gives, so a step is
 * one small frame in and one frame of arrays out, with no JSON. `docs/env.md` describes it.
 * @module
 */
import { readSync, writeSync } from 'node:fs';
import { endianness } from 'node:os';
import type { Bot } from '../bots/index.js';
import { botFromId } from '../bots/index.js';
import type { BatchEnv } from '../env/index.js';
import { ACTION_COUNT, createBatchEnv, globalStateLayout, INFO_TOKENS, observationLayout } from '../env/index.js';
import type { PlayerCount } from '../index.js';
import { CARDS, deckSize, RulesError } from '../index.js';

/** @internal Request codes. */
export const OP = { make: 1, reset: 2, step: 3, close: 4 } as const;
/** @internal Answer codes: the arrays, a JSON text, an error (a JSON text `{code, message}`). */
export const ANSWER = { arrays: 0, json: 1, error: 2 } as const;
/** @internal The longest request payload read (a make or reset is a short JSON text; a step is 4 bytes per game). */
export const MAX_PAYLOAD = 1 << 24;

/** One array of the arrays frame. */
interface Field {
  readonly name: string;
  readonly dtype: 'float32' | 'uint8' | 'int8' | 'int16' | 'int32';
  readonly shape: readonly number[];
  readonly offset: number;
  readonly bytes: number;
  readonly data: ArrayBufferView;
}

const MAKE_KEYS = ['players', 'games', 'seed', 'reward', 'variants', 'seats', 'infoState', 'globalState', 'bots', 'teacher'];

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** A request the session cannot serve: answered with an error frame. */
class BadFrame extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** @internal Bot ids (or null) from a request, as bots for `createBatchEnv`. */
export function botsOf(x: unknown): (Bot | null)[] | undefined {
  if (x === undefined || x === null) return undefined;
  if (!Array.isArray(x)) throw new BadFrame('BAD_REQUEST', 'bots must be an array: a bot id (such as "heuristic") or null per seat');
  return x.map((id, p) => {
    if (id === null) return null;
    if (typeof id !== 'string') throw new BadFrame('BAD_REQUEST', `bots[${p}] must be a bot id such as "heuristic", or null`);
    return botFromId(id);
  });
}

function parseJson(payload: Uint8Array): unknown {
  if (payload.length === 0) return {};
  try {
    return JSON.parse(Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('utf8'));
  } catch {
    throw new BadFrame('BAD_REQUEST', 'the payload is not JSON');
  }
}

/** @internal One client's batch: answers frames. Pure logic on byte arrays (the loop below does the I/O). */
export class VectorSession {
  private batch: BatchEnv | null = null;
  private fields: Field[] = [];
  private frame = new Uint8Array(8);
  /** Set once `close` has been answered. */
  closed = false;

  /** Answers one request: the whole answer frame (header included). */
  handle(op: number, payload: Uint8Array): Uint8Array {
    try {
      return this.serve(op, payload);
    } catch (e) {
      const error =
        e instanceof BadFrame || e instanceof RulesError
          ? { code: e.code, message: e.message }
          : { code: 'ERROR', message: e instanceof Error ? e.message : String(e) };
      return jsonFrame(ANSWER.error, error);
    }
  }

  private serve(op: number, payload: Uint8Array): Uint8Array {
    if (op === OP.make) return jsonFrame(ANSWER.json, this.make(parseJson(payload)));
    if (op === OP.close) {
      this.closed = true;
      return jsonFrame(ANSWER.json, { ok: true });
    }
    const batch = this.batch;
    if (op !== OP.reset && op !== OP.step)
      throw new BadFrame('BAD_REQUEST', `unknown request code ${op}: expected 1 (make), 2 (reset), 3 (step) or 4 (close)`);
    if (batch === null) throw new BadFrame('NO_ENV', 'send a make frame first');
    if (op === OP.reset) {
      const r = parseJson(payload);
      if (!isRecord(r)) throw new BadFrame('BAD_REQUEST', 'a reset payload is a JSON object such as {"seed": 1}, or empty');
      batch.reset((r.seed ?? undefined) as number | string | undefined);
    } else {
      if (payload.byteLength !== 4 * batch.games) {
        throw new BadFrame(
          'BAD_REQUEST',
          `a step payload is ${batch.games} little-endian int32 action indexes (${4 * batch.games} bytes), got ${payload.byteLength} bytes`,
        );
      }
      const copy = new Uint8Array(payload.byteLength);
      copy.set(payload);
      batch.step(new Int32Array(copy.buffer));
    }
    return this.arrays();
  }

  private make(r: unknown): Record<string, unknown> {
    if (!isRecord(r)) throw new BadFrame('BAD_REQUEST', 'a make payload is a JSON object such as {"players":4,"games":64}');
    for (const key of Object.keys(r))
      if (!MAKE_KEYS.includes(key)) throw new BadFrame('BAD_REQUEST', `unknown make option "${key}": expected ${MAKE_KEYS.join(', ')}`);
    const { infoState } = r;
    if (infoState !== undefined && infoState !== null && typeof infoState !== 'boolean' && typeof infoState !== 'number') {
      throw new BadFrame('BAD_REQUEST', 'infoState must be true, false or a row width (a number of tokens)');
    }
    const bots = botsOf(r.bots);
    if (r.teacher !== undefined && r.teacher !== null && typeof r.teacher !== 'string') {
      throw new BadFrame('BAD_REQUEST', 'teacher must be a bot id such as "heuristic"');
    }
    const teacher = typeof r.teacher === 'string' ? botFromId(r.teacher) : undefined;
    const batch = createBatchEnv({
      players: r.players as PlayerCount,
      games: r.games as number,
      ...(r.seed === undefined || r.seed === null ? {} : { seed: r.seed as number | string }),
      ...(r.reward === undefined ? {} : { reward: r.reward as 'win' }),
      ...(r.variants === undefined ? {} : { variants: r.variants as object }),
      ...(r.seats === undefined ? {} : { seats: r.seats as 'all' }),
      ...(infoState === undefined || infoState === null || infoState === false ? {} : { infoState: true }),
      ...(typeof infoState === 'number' ? { infoStateLength: infoState } : {}),
      ...(r.globalState === undefined ? {} : { globalState: r.globalState as boolean }),
      ...(bots === undefined ? {} : { bots }),
      ...(teacher === undefined ? {} : { teacher }),
    });
    this.batch = batch;
    this.layout(batch);
    return {
      players: batch.players,
      games: batch.games,
      seatsPerGame: batch.seatsPerGame,
      observationSize: batch.observationSize,
      actionCount: batch.actionCount,
      infoStateLength: batch.infoStateLength,
      infoTokenCount: INFO_TOKENS.count,
      globalStateSize: batch.globalStateSize,
      layout: observationLayout(batch.players).map(({ name, offset, size }) => ({ name, offset, size })),
      globalLayout: globalStateLayout(batch.players).map(({ name, offset, size }) => ({ name, offset, size })),
      maxBid: deckSize(batch.players),
      cards: CARDS,
      frameBytes: this.frame.byteLength - 8,
      fields: this.fields.map(({ name, dtype, shape, offset, bytes }) => ({ name, dtype, shape, offset, bytes })),
    };
  }

  /** Places every array of the arrays frame at an 8-byte aligned offset of one buffer. */
  private layout(b: BatchEnv): void {
    const g = b.games;
    const rows = b.seatsPerGame;
    const perGame = (n: number): number[] => (rows === 1 ? [g, n] : [g, rows, n]);
    const all: [string, Field['dtype'], number[], ArrayBufferView][] = [
      ['observations', 'float32', perGame(b.observationSize), b.observations],
      ['masks', 'uint8', [g, ACTION_COUNT], b.masks],
      ['agents', 'int8', [g], b.agents],
      ['rewards', 'float32', [g, b.players], b.rewards],
      ['dones', 'uint8', [g], b.dones],
      ['points', 'float32', [g, b.players], b.points],
      ['winners', 'uint8', [g, b.players], b.winners],
    ];
    if (b.infoStateLength > 0) {
      all.push(['infoStates', 'int16', perGame(b.infoStateLength), b.infoStates]);
      all.push(['infoStateLengths', 'int32', rows === 1 ? [g] : [g, rows], b.infoStateLengths]);
    }
    if (b.globalStateSize > 0) all.push(['globalStates', 'float32', perGame(b.globalStateSize), b.globalStates]);
    if (b.teacherActions.length > 0) all.push(['teacherActions', 'int16', [g], b.teacherActions]);
    let at = 0;
    this.fields = all.map(([name, dtype, shape, data]) => {
      const field = { name, dtype, shape, offset: at, bytes: data.byteLength, data };
      at += (data.byteLength + 7) & ~7;
      return field;
    });
    this.frame = new Uint8Array(8 + at);
    const header = new DataView(this.frame.buffer);
    header.setUint32(0, ANSWER.arrays, true);
    header.setUint32(4, at, true);
  }

  /** The arrays frame: every array's bytes copied at its offset. */
  private arrays(): Uint8Array {
    const frame = this.frame;
    for (const f of this.fields) frame.set(new Uint8Array(f.data.buffer, f.data.byteOffset, f.data.byteLength), 8 + f.offset);
    return frame;
  }
}

/** @internal A frame holding a JSON text. */
export function jsonFrame(code: number, value: unknown): Uint8Array {
  const text = Buffer.from(JSON.stringify(value), 'utf8');
  const frame = new Uint8Array(8 + text.byteLength);
  const header = new DataView(frame.buffer);
  header.setUint32(0, code, true);
  header.setUint32(4, text.byteLength, true);
  frame.set(text, 8);
  return frame;
}

/** Waits about `ms` milliseconds without spinning (a pipe set to non-blocking by someone else). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isAgain(e: unknown): boolean {
  return (e as NodeJS.ErrnoException).code === 'EAGAIN';
}

/** Reads exactly `n` bytes into `buf` from `fd`; false at the end of input. */
function readFully(fd: number, buf: Uint8Array, n: number): boolean {
  let got = 0;
  while (got < n) {
    let r: number;
    try {
      r = readSync(fd, buf, got, n - got, null);
    } catch (e) {
      if (isAgain(e)) {
        pause(0.05);
        continue;
      }
      if ((e as NodeJS.ErrnoException).code === 'EOF') return false;
      throw e;
    }
    if (r === 0) return false;
    got += r;
  }
  return true;
}

function writeFully(fd: number, buf: Uint8Array): void {
  let done = 0;
  while (done < buf.byteLength) {
    try {
      done += writeSync(fd, buf, done, buf.byteLength - done);
    } catch (e) {
      if (!isAgain(e)) throw e;
      pause(0.05);
    }
  }
}

/**
 * @internal Serves frames on file descriptors `input` and `output` (the process's own 0 and 1)
 * until `close` or the end of input. Synchronous reads and writes: the fastest way found here
 * (the event loop's stream reads cost more per frame than a step of 64 games).
 */
export function serveVector(input = 0, output = 1): void {
  if (endianness() !== 'LE') throw new Error('env-server --vector sends little-endian arrays and runs on little-endian machines only');
  const session = new VectorSession();
  const header = new Uint8Array(8);
  const view = new DataView(header.buffer);
  let payload = new Uint8Array(4096);
  for (;;) {
    if (!readFully(input, header, 8)) break;
    const op = view.getUint32(0, true);
    const length = view.getUint32(4, true);
    if (length > MAX_PAYLOAD) {
      writeFully(output, jsonFrame(ANSWER.error, { code: 'BAD_REQUEST', message: `a payload is at most ${MAX_PAYLOAD} bytes` }));
      break; // the stream cannot be trusted to be in step any more
    }
    if (payload.byteLength < length) payload = new Uint8Array(length);
    if (!readFully(input, payload, length)) break;
    writeFully(output, session.handle(op, payload.subarray(0, length)));
    if (session.closed) break;
  }
}

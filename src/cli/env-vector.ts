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
import { botFromId } from '../bots/index.js';
import type { BatchEnv } from '../env/index.js';
import { createBatchEnv, globalStateLayout, INFO_TOKENS, observationLayout } from '../env/index.js';
import type { PlayerCount } from '../index.js';
import { CARDS, deckSize, RulesError } from '../index.js';
import { botsOf, RequestError } from './env-request.js';
import type { FrameField } from './env-vector-layout.js';
import { frameFields, MAX_FRAME_BYTES, shapeFromRequest, shapeOf } from './env-vector-layout.js';

/** @internal Request codes. */
export const OP = { make: 1, reset: 2, step: 3, close: 4 } as const;
/** @internal Answer codes: the arrays, a JSON text, an error (a JSON text `{code, message}`). */
export const ANSWER = { arrays: 0, json: 1, error: 2 } as const;
/** @internal The longest request payload read (a make or reset is a short JSON text; a step is 4 bytes per game). */
export const MAX_PAYLOAD = 1 << 24;

/** One array of the arrays frame, with the batch's array it is copied from. */
interface Field extends FrameField {
  readonly data: ArrayBufferView;
}

const MAKE_KEYS = ['players', 'games', 'seed', 'reward', 'variants', 'seats', 'infoState', 'globalState', 'bots', 'teacher'];

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function parseJson(payload: Uint8Array): unknown {
  if (payload.length === 0) return {};
  try {
    return JSON.parse(Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('utf8'));
  } catch {
    throw new RequestError('BAD_REQUEST', 'the payload is not JSON');
  }
}

/** @internal One client's batch: answers frames. Pure logic on byte arrays (the loop below does the I/O). */
export class VectorSession {
  private batch: BatchEnv | null = null;
  private fields: Field[] = [];
  private frame: Uint8Array = new Uint8Array(8);
  /** Set once `close` has been answered. */
  closed = false;

  /** Answers one request: the whole answer frame (header included). */
  handle(op: number, payload: Uint8Array): Uint8Array {
    try {
      return this.serve(op, payload);
    } catch (e) {
      const error =
        e instanceof RequestError || e instanceof RulesError
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
      throw new RequestError('BAD_REQUEST', `unknown request code ${op}: expected 1 (make), 2 (reset), 3 (step) or 4 (close)`);
    if (batch === null) throw new RequestError('NO_ENV', 'send a make frame first');
    if (op === OP.reset) {
      const r = parseJson(payload);
      if (!isRecord(r)) throw new RequestError('BAD_REQUEST', 'a reset payload is a JSON object such as {"seed": 1}, or empty');
      // Refused like make's: a misspelt key ("sed") would otherwise start a run without the seed meant.
      for (const key of Object.keys(r))
        if (key !== 'seed') throw new RequestError('BAD_REQUEST', `unknown reset option "${key}": expected seed`);
      batch.reset((r.seed ?? undefined) as number | string | undefined);
    } else {
      if (payload.byteLength !== 4 * batch.games) {
        throw new RequestError(
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
    if (!isRecord(r)) throw new RequestError('BAD_REQUEST', 'a make payload is a JSON object such as {"players":4,"games":64}');
    for (const key of Object.keys(r))
      if (!MAKE_KEYS.includes(key)) throw new RequestError('BAD_REQUEST', `unknown make option "${key}": expected ${MAKE_KEYS.join(', ')}`);
    const { infoState } = r;
    if (infoState !== undefined && infoState !== null && typeof infoState !== 'boolean' && typeof infoState !== 'number') {
      throw new RequestError('BAD_REQUEST', 'infoState must be true, false or a row width (a number of tokens)');
    }
    const bots = botsOf(r.bots);
    if (r.teacher !== undefined && r.teacher !== null && typeof r.teacher !== 'string') {
      throw new RequestError('BAD_REQUEST', 'teacher must be a bot id such as "heuristic"');
    }
    const teacher = typeof r.teacher === 'string' ? botFromId(r.teacher) : undefined;
    // Refused from the options alone, before a batch's arrays (gigabytes, maybe) are allocated.
    const asked = shapeFromRequest(r);
    const askedBytes = asked === undefined ? 0 : frameFields(asked).frameBytes;
    if (askedBytes > MAX_FRAME_BYTES) throw tooBig(askedBytes);
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
    // The session changes only once everything is built: a make refused here keeps the batch before.
    const { fields, frame } = layout(batch);
    this.batch = batch;
    this.fields = fields;
    this.frame = frame;
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
      frameBytes: frame.byteLength - 8,
      fields: fields.map(({ name, dtype, shape, offset, bytes }) => ({ name, dtype, shape, offset, bytes })),
    };
  }

  /** The arrays frame: every array's bytes copied at its offset. */
  private arrays(): Uint8Array {
    const frame = this.frame;
    for (const f of this.fields) frame.set(new Uint8Array(f.data.buffer, f.data.byteOffset, f.data.byteLength), 8 + f.offset);
    return frame;
  }
}

/** The refusal of a make whose arrays frame would be `bytes` long, more than a header can say. */
function tooBig(bytes: number): RequestError {
  return new RequestError(
    'INVALID_OPTIONS',
    `the arrays frame would be ${bytes} bytes, and a frame holds at most ${MAX_FRAME_BYTES}: ask for fewer games, a shorter infoState row or seats "acting"`,
  );
}

/** Every array of the batch at its offset in one buffer: the arrays frame, header written. */
function layout(b: BatchEnv): { fields: Field[]; frame: Uint8Array } {
  const { fields: spec, frameBytes } = frameFields(shapeOf(b));
  if (frameBytes > MAX_FRAME_BYTES) throw tooBig(frameBytes);
  const data: Readonly<Record<string, ArrayBufferView>> = {
    observations: b.observations,
    masks: b.masks,
    agents: b.agents,
    rewards: b.rewards,
    dones: b.dones,
    points: b.points,
    winners: b.winners,
    infoStates: b.infoStates,
    infoStateLengths: b.infoStateLengths,
    globalStates: b.globalStates,
    teacherActions: b.teacherActions,
  };
  const fields = spec.map((f) => {
    const array = data[f.name] as ArrayBufferView;
    // The sizes come from the batch's own, so this is a bug in the layout, never a bad request.
    if (array.byteLength !== f.bytes) throw new Error(`the layout gives ${f.name} ${f.bytes} bytes, the batch ${array.byteLength}`);
    return { ...f, data: array };
  });
  const frame = new Uint8Array(8 + frameBytes);
  const header = new DataView(frame.buffer);
  header.setUint32(0, ANSWER.arrays, true);
  header.setUint32(4, frameBytes, true);
  return { fields, frame };
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

/** Reads `n` bytes into `buf` from `fd`: how many it read, fewer than `n` only at the end of input. */
function readFully(fd: number, buf: Uint8Array, n: number): number {
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
      if ((e as NodeJS.ErrnoException).code === 'EOF') return got;
      throw e;
    }
    if (r === 0) return got;
    got += r;
  }
  return got;
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
 * until `close` or the end of input between two frames. Synchronous reads and writes: the fastest
 * way found here (the event loop's stream reads cost more per frame than a step of 64 games).
 * Throws (the program exits 1 with the message) when the input ends inside a frame, or after
 * answering a length over {@link MAX_PAYLOAD}: the client and the server are out of step then,
 * and it must not look like a clean end.
 */
export function serveVector(input = 0, output = 1): void {
  if (endianness() !== 'LE') throw new Error('env-server --vector sends little-endian arrays and runs on little-endian machines only');
  const session = new VectorSession();
  const header = new Uint8Array(8);
  const view = new DataView(header.buffer);
  let payload = new Uint8Array(4096);
  for (;;) {
    const got = readFully(input, header, 8);
    if (got === 0) return; // the end of input between frames: a clean end
    if (got < 8) throw new Error(`the input ended inside a frame's header (${got} of its 8 bytes)`);
    const op = view.getUint32(0, true);
    const length = view.getUint32(4, true);
    if (length > MAX_PAYLOAD) {
      writeFully(output, jsonFrame(ANSWER.error, { code: 'BAD_REQUEST', message: `a payload is at most ${MAX_PAYLOAD} bytes` }));
      throw new Error(`a frame's payload length of ${length} bytes is over ${MAX_PAYLOAD}: the input cannot be read in step any more`);
    }
    if (payload.byteLength < length) payload = new Uint8Array(length);
    const read = readFully(input, payload, length);
    if (read < length) throw new Error(`the input ended inside a frame (${read} of its ${length} payload bytes)`);
    writeFully(output, session.handle(op, payload.subarray(0, length)));
    if (session.closed) return;
  }
}

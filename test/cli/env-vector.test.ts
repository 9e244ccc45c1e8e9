/**
 * `for-the-king env-server --vector`: the binary frames (arrays at the offsets the make answer
 * gives, equal to `createBatchEnv`'s), refused requests that change nothing, and the real program
 * over pipes.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANSWER, MAX_PAYLOAD, OP, serveVector, VectorSession } from '../../src/cli/env-vector.js';
import { frameFields, MAX_FRAME_BYTES, shapeFromRequest } from '../../src/cli/env-vector-layout.js';
import { ACTION_COUNT, createBatchEnv } from '../../src/env/index.js';
import { testRandom } from '../helpers/hidden.js';

const main = new URL('../../src/cli/main.ts', import.meta.url).pathname;

interface FieldSpec {
  name: string;
  dtype: string;
  shape: number[];
  offset: number;
  bytes: number;
}

const json = (x: unknown): Uint8Array => new Uint8Array(Buffer.from(JSON.stringify(x)));

function header(frame: Uint8Array): { code: number; length: number } {
  const v = new DataView(frame.buffer, frame.byteOffset, 8);
  return { code: v.getUint32(0, true), length: v.getUint32(4, true) };
}

function parsed(frame: Uint8Array): Record<string, unknown> {
  return JSON.parse(Buffer.from(frame.subarray(8)).toString('utf8'));
}

function arrays(frame: Uint8Array, fields: FieldSpec[]): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  const bytes = frame.slice(8);
  for (const f of fields) {
    const ctor = { float32: Float32Array, uint8: Uint8Array, int8: Int8Array, int16: Int16Array, int32: Int32Array }[
      f.dtype
    ] as Float32ArrayConstructor;
    out[f.name] = Array.from(new ctor(bytes.buffer, f.offset, f.bytes / ctor.BYTES_PER_ELEMENT));
  }
  return out;
}

function firstLegal(masks: number[], games: number): Int32Array {
  const a = new Int32Array(games);
  for (let g = 0; g < games; g++) a[g] = masks.indexOf(1, g * ACTION_COUNT) - g * ACTION_COUNT;
  return a;
}

/** A seeded random legal action per game (games end sooner than with the first legal action). */
function randomLegal(masks: number[], games: number, rand: () => number): Int32Array {
  const a = new Int32Array(games);
  for (let g = 0; g < games; g++) {
    const legal: number[] = [];
    for (let i = 0; i < ACTION_COUNT; i++) if (masks[g * ACTION_COUNT + i] === 1) legal.push(i);
    a[g] = legal[Math.floor(rand() * legal.length)] as number;
  }
  return a;
}

describe('env-server --vector frames', () => {
  it('make answers the layout; reset and step answer the arrays of createBatchEnv with the same options', () => {
    const session = new VectorSession();
    const options = {
      players: 3 as const,
      games: 5,
      seed: 'v',
      seats: 'all' as const,
      infoState: true,
      infoStateLength: 40,
      globalState: true,
    };
    const { infoStateLength: _width, ...request } = options;
    const made = session.handle(OP.make, json({ ...request, infoState: 40 }));
    expect(header(made).code).toBe(ANSWER.json);
    const spec = parsed(made) as { fields: FieldSpec[]; frameBytes: number; seatsPerGame: number; infoStateLength: number };
    expect(spec).toMatchObject({ players: 3, games: 5, seatsPerGame: 3, infoStateLength: 40 });
    expect(spec.fields.map((f) => f.name)).toEqual([
      'observations',
      'masks',
      'agents',
      'rewards',
      'dones',
      'points',
      'winners',
      'infoStates',
      'infoStateLengths',
      'globalStates',
    ]);
    for (const f of spec.fields) expect(f.offset % 8).toBe(0);
    const batch = createBatchEnv(options);
    let frame = session.handle(OP.reset, new Uint8Array(0));
    batch.reset();
    const same = (got: number[] | undefined, want: ArrayLike<number>) => {
      if (got === undefined || got.length !== want.length || got.some((x, i) => !Object.is(x, want[i])))
        expect(got).toEqual(Array.from(want));
    };
    const rand = testRandom(3);
    for (let t = 0; batch.finished < 2; t++) {
      expect(header(frame)).toEqual({ code: ANSWER.arrays, length: spec.frameBytes });
      const got = arrays(frame, spec.fields);
      same(got.observations, batch.observations);
      same(got.masks, batch.masks);
      same(got.agents, batch.agents);
      same(got.rewards, batch.rewards);
      same(got.dones, batch.dones);
      same(got.points, batch.points);
      same(got.winners, batch.winners);
      same(got.infoStates, batch.infoStates);
      same(got.infoStateLengths, batch.infoStateLengths);
      if (t % 50 === 0) same(got.globalStates, batch.globalStates);
      const actions = randomLegal(got.masks as number[], 5, rand);
      frame = session.handle(OP.step, new Uint8Array(actions.buffer));
      batch.step(actions);
      expect(t).toBeLessThan(5000);
    }
    expect(batch.finished).toBeGreaterThan(0);
  }, 60_000);

  it('refuses bad requests with an error frame and a code, changing nothing', () => {
    const session = new VectorSession();
    const error = (frame: Uint8Array) => {
      expect(header(frame).code).toBe(ANSWER.error);
      return parsed(frame);
    };
    expect(error(session.handle(OP.step, new Uint8Array(8)))).toMatchObject({ code: 'NO_ENV' });
    expect(error(session.handle(OP.make, json({ players: 4, games: 2, speed: 3 })))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(error(session.handle(OP.make, json({ players: 7, games: 2 })))).toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(error(session.handle(OP.make, json({ players: 4, games: 0 })))).toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(error(session.handle(OP.make, json({ players: 4, games: 2, bots: [null, 'alphazero', null, null] })))).toMatchObject({
      code: 'INVALID_OPTIONS',
    });
    expect(error(session.handle(OP.make, json({ players: 4, games: 2, bots: [null, 3, null, null] })))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(error(session.handle(OP.make, new Uint8Array(Buffer.from('{nope'))))).toMatchObject({ code: 'BAD_REQUEST' });
    const spec = parsed(session.handle(OP.make, json({ players: 4, games: 2, seed: 1 }))) as { fields: FieldSpec[] };
    const start = session.handle(OP.reset, new Uint8Array(0)).slice();
    const masks = arrays(start, spec.fields).masks as number[];
    const good = firstLegal(masks, 2);
    const bad = new Int32Array([good[0] as number, masks.indexOf(0, ACTION_COUNT) - ACTION_COUNT]);
    expect(error(session.handle(OP.step, new Uint8Array(bad.buffer)))).toMatchObject({ message: expect.stringMatching(/^game 1: /) });
    expect(error(session.handle(OP.step, new Uint8Array(4)))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/8 bytes/),
    });
    expect(error(session.handle(OP.reset, json([1])))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(error(session.handle(OP.reset, json({ sed: 5 })))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/"sed"/),
    });
    expect(error(session.handle(OP.reset, json({ seed: 5, bogus: 1 })))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(error(session.handle(OP.reset, json({ seed: { a: 1 } })))).toMatchObject({ code: 'INVALID_OPTIONS' });
    expect(error(session.handle(99, new Uint8Array(0)))).toMatchObject({ code: 'BAD_REQUEST' });
    // Nothing moved: the good actions still play from the start.
    const after = session.handle(OP.step, new Uint8Array(good.buffer)).slice();
    const fresh = new VectorSession();
    fresh.handle(OP.make, json({ players: 4, games: 2, seed: 1 }));
    fresh.handle(OP.reset, new Uint8Array(0));
    expect(Buffer.from(fresh.handle(OP.step, new Uint8Array(good.buffer))).equals(Buffer.from(after))).toBe(true);
  });

  it('plays the bots’ seats itself: every row is a seat of yours', () => {
    const session = new VectorSession();
    const spec = parsed(
      session.handle(OP.make, json({ players: 4, games: 3, seed: 2, bots: [null, 'heuristic', 'random', 'heuristic'] })),
    ) as {
      fields: FieldSpec[];
    };
    let frame = session.handle(OP.reset, new Uint8Array(0));
    for (let t = 0; t < 100; t++) {
      const got = arrays(frame, spec.fields);
      expect(got.agents).toEqual([0, 0, 0]);
      frame = session.handle(OP.step, new Uint8Array(firstLegal(got.masks as number[], 3).buffer));
    }
  }, 60_000);
});

describe('env-server --vector: arrays frames of gigabytes', () => {
  it('the layout from a make’s options is the one of the batch it makes', () => {
    const session = new VectorSession();
    const requests = [
      { players: 2, games: 3 },
      { players: 5, games: 2, seats: 'all', infoState: true, globalState: true },
      { players: 3, games: 4, infoState: 7, teacher: 'random' },
      { players: 4, games: 1, seats: 'all', infoState: 33 },
    ];
    for (const r of requests) {
      const made = parsed(session.handle(OP.make, json(r))) as { fields: FieldSpec[]; frameBytes: number };
      expect(frameFields(shapeFromRequest(r) as NonNullable<ReturnType<typeof shapeFromRequest>>), JSON.stringify(r)).toEqual({
        fields: made.fields,
        frameBytes: made.frameBytes,
      });
    }
  });

  it('offsets past 2 GiB are whole (no 32-bit wrap), counted from the options alone', () => {
    // 1,024 games with rows of 2**20 tokens: 2 GiB of information states, a frame under 4 GiB.
    const shape = shapeFromRequest({ players: 2, games: 1024, infoState: 2 ** 20 });
    const { fields, frameBytes } = frameFields(shape as NonNullable<typeof shape>);
    let end = 0;
    for (const f of fields) {
      expect(f.offset, f.name).toBe(Math.ceil(end / 8) * 8);
      end = f.offset + f.bytes;
    }
    expect(fields.find((f) => f.name === 'infoStates')?.bytes).toBe(2 ** 31);
    expect(fields.at(-1)?.offset).toBeGreaterThan(2 ** 31);
    expect(frameBytes).toBe(Math.ceil(end / 8) * 8);
    expect(frameBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES);
  });

  it('a make whose arrays frame would not fit a frame’s uint32 length is refused before any batch is made; the batch before stays', () => {
    const session = new VectorSession();
    const spec = parsed(session.handle(OP.make, json({ players: 2, games: 2, seed: 1 }))) as { fields: FieldSpec[]; frameBytes: number };
    const start = session.handle(OP.reset, new Uint8Array(0)).slice();
    const good = firstLegal(arrays(start, spec.fields).masks as number[], 2);
    // 4 GiB of information states alone (2,048 games, or 1,024 games of 2 seats, × 2**20 int16
    // tokens): refused from the options, so this test allocates nothing of the kind.
    for (const big of [
      { players: 2, games: 2048, infoState: 2 ** 20 },
      { players: 2, games: 1024, seats: 'all', infoState: 2 ** 20 },
    ]) {
      expect(frameFields(shapeFromRequest(big) as NonNullable<ReturnType<typeof shapeFromRequest>>).frameBytes).toBeGreaterThan(
        MAX_FRAME_BYTES,
      );
      const refused = session.handle(OP.make, json(big));
      expect(header(refused).code).toBe(ANSWER.error);
      expect(parsed(refused)).toEqual({ code: 'INVALID_OPTIONS', message: expect.stringMatching(/^the arrays frame would be \d+ bytes/) });
    }
    // The session still plays the 2 games it made: a step of 2 actions answers what a fresh one does.
    const after = session.handle(OP.step, new Uint8Array(good.buffer)).slice();
    expect(header(after)).toEqual({ code: ANSWER.arrays, length: spec.frameBytes });
    const fresh = new VectorSession();
    fresh.handle(OP.make, json({ players: 2, games: 2, seed: 1 }));
    fresh.handle(OP.reset, new Uint8Array(0));
    expect(Buffer.from(fresh.handle(OP.step, new Uint8Array(good.buffer))).equals(Buffer.from(after))).toBe(true);
  });
});

/** A request frame: its header and payload. */
function frame(op: number, payload: Uint8Array, length = payload.byteLength): Uint8Array {
  const f = new Uint8Array(8 + payload.byteLength);
  const v = new DataView(f.buffer);
  v.setUint32(0, op, true);
  v.setUint32(4, length, true);
  f.set(payload, 8);
  return f;
}

/** Runs `serveVector` on `input` from a real file, its answers to another: what it threw, and the answers. */
function serveFile(input: Uint8Array): { thrown: unknown; out: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'ftk-vector-'));
  try {
    writeFileSync(join(dir, 'in'), input);
    const fdIn = openSync(join(dir, 'in'), 'r');
    const fdOut = openSync(join(dir, 'out'), 'w');
    let thrown: unknown = null;
    try {
      serveVector(fdIn, fdOut);
    } catch (e) {
      thrown = e;
    } finally {
      closeSync(fdIn);
      closeSync(fdOut);
    }
    return { thrown, out: readFileSync(join(dir, 'out')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('env-server --vector: the end of its input', () => {
  const make = frame(OP.make, json({ players: 3, games: 1 }));

  it('ends cleanly at the end of input between two frames', () => {
    expect(serveFile(new Uint8Array(0)).thrown).toBeNull();
    const { thrown, out } = serveFile(make);
    expect(thrown).toBeNull();
    expect(header(out).code).toBe(ANSWER.json);
  });

  it('fails (not a clean end) when the input ends inside a frame', () => {
    for (const cut of [3, 8 + 5, 8]) {
      const input = Buffer.concat([make, make.subarray(0, cut)]);
      const { thrown, out } = serveFile(input);
      expect(thrown, `cut after ${cut} bytes`).toBeInstanceOf(Error);
      expect((thrown as Error).message).toMatch(/^the input ended inside a frame/);
      expect(header(out).code).toBe(ANSWER.json); // the whole frame before was answered
    }
    const promised = serveFile(frame(OP.reset, new Uint8Array(0), MAX_PAYLOAD));
    expect((promised.thrown as Error).message).toMatch(/ended inside a frame \(0 of its 16777216 payload bytes\)/);
  });

  it('answers a length over the limit with an error frame, then fails: the input is out of step', () => {
    const { thrown, out } = serveFile(frame(OP.make, new Uint8Array(0), 0xffffffff));
    expect(header(out).code).toBe(ANSWER.error);
    expect(parsed(out)).toMatchObject({ code: 'BAD_REQUEST' });
    expect((thrown as Error).message).toMatch(/over 16777216/);
  });
});

describe('the env-server --vector program', () => {
  it('answers frames over pipes and stops at close', () => {
    const input = Buffer.concat([
      frame(OP.make, json({ players: 2, games: 3, seed: 4 })),
      frame(OP.reset, new Uint8Array(0)),
      frame(OP.close, new Uint8Array(0)),
      frame(OP.reset, new Uint8Array(0)),
    ]);
    const r = spawnSync(process.execPath, ['--import', 'tsx', main, 'env-server', '--vector'], { input, timeout: 60_000 });
    expect(r.status).toBe(0);
    const out = new Uint8Array(r.stdout);
    const first = header(out);
    expect(first.code).toBe(ANSWER.json);
    const spec = JSON.parse(Buffer.from(out.subarray(8, 8 + first.length)).toString()) as { frameBytes: number };
    const second = header(out.subarray(8 + first.length));
    expect(second).toEqual({ code: ANSWER.arrays, length: spec.frameBytes });
    const third = out.subarray(16 + first.length + second.length);
    expect(JSON.parse(Buffer.from(third.subarray(8)).toString())).toEqual({ ok: true });
    expect(out.byteLength).toBe(16 + first.length + second.length + third.byteLength);
  }, 60_000);

  it('exits 1 with a message when its input ends inside a frame', () => {
    const input = frame(OP.make, json({ players: 2, games: 1 })).subarray(0, 13);
    const r = spawnSync(process.execPath, ['--import', 'tsx', main, 'env-server', '--vector'], { input, timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stdout.byteLength).toBe(0);
    expect(r.stderr.toString()).toMatch(/^for-the-king: error: the input ended inside a frame \(5 of its \d+ payload bytes\)/);
  }, 60_000);

  it('takes no other option with --vector', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', main, 'env-server', '--vector', '--players', '4'], {
      input: '',
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--vector takes its options in the make frame/);
  }, 60_000);
});

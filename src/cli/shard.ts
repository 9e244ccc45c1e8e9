/**
 * @internal Shard files of `for-the-king simulate --shard i/N --out DIR` and their reading by
 * `for-the-king merge DIR`: one JSON manifest per shard with the plan, a hash of the plan, the
 * shard's game range and count, its exact totals and a checksum of all of it. Written to a
 * temporary file and renamed, so a shard that is run again (or killed half-way) never leaves a
 * torn file behind.
 * @module
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SimulationPlan, SimulationShard } from '../bots/index.js';
import { UsageError } from './args.js';
import { FileTooLargeError, readBounded, writeWhole } from './files.js';

/** @internal The `format` field of a shard manifest. */
export const SHARD_FORMAT = 'for-the-king-shard';
/** @internal The manifest version this program writes and reads. */
export const SHARD_VERSION = 1;
/**
 * @internal The largest shard file read: a manifest is about 2 KiB whatever the number of games
 * (its totals are a few dozen numbers), so 1 MiB leaves a wide margin for long bot lists and seeds.
 */
export const MAX_SHARD_BYTES = 2 ** 20;

const NAME = /^shard-(\d+)-of-(\d+)\.json$/;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** @internal The hash of a plan: every shard of one simulation carries the same. */
export function planHash(plan: SimulationPlan): string {
  return sha256(JSON.stringify(plan));
}

/** @internal Parses `--shard i/N`. */
export function parseShard(raw: string): { shard: number; shards: number } {
  const m = /^(\d{1,9})\/(\d{1,9})$/.exec(raw);
  const shard = m ? Number(m[1]) : Number.NaN;
  const shards = m ? Number(m[2]) : Number.NaN;
  if (!m || shards < 1 || shard >= shards) throw new UsageError(`--shard must be i/N with 0 ≤ i < N (for example 3/10), got "${raw}"`);
  return { shard, shards };
}

/** @internal The file name of a shard: zero-padded so that a listing sorts in shard order. */
export function shardFileName(shard: number, shards: number): string {
  const width = String(shards - 1).length;
  return `shard-${String(shard).padStart(width, '0')}-of-${shards}.json`;
}

/** The manifest's fields in a fixed order, without the checksum. */
function body(s: SimulationShard): Record<string, unknown> {
  return {
    format: SHARD_FORMAT,
    version: SHARD_VERSION,
    planHash: planHash(s.plan),
    plan: s.plan,
    shard: s.shard,
    shards: s.shards,
    from: s.from,
    to: s.to,
    count: s.to - s.from,
    totals: s.totals,
  };
}

/** @internal Writes a shard's manifest into `dir` (created if needed), atomically; returns its path. */
export function writeShard(dir: string, s: SimulationShard): string {
  mkdirSync(dir, { recursive: true });
  const b = body(s);
  const text = `${JSON.stringify({ ...b, checksum: sha256(JSON.stringify(b)) }, null, 2)}\n`;
  const path = join(dir, shardFileName(s.shard, s.shards));
  writeWhole(path, text);
  return path;
}

function problem(file: string, message: string): Error {
  return new Error(`${file}: ${message}`);
}

/** Reads and checks one manifest: size, format, version, checksum, plan hash, range and count. */
function readShard(dir: string, file: string): SimulationShard {
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(readBounded(join(dir, file), MAX_SHARD_BYTES, 'a shard file')) as Record<string, unknown>;
  } catch (e) {
    if (e instanceof FileTooLargeError) throw new UsageError(`${file}: ${e.message}`);
    throw problem(file, `not a readable shard manifest (${e instanceof Error ? e.message : String(e)})`);
  }
  if (typeof m !== 'object' || m === null || m.format !== SHARD_FORMAT) throw problem(file, `not a ${SHARD_FORMAT} manifest`);
  if (m.version !== SHARD_VERSION) throw problem(file, `manifest version ${String(m.version)}, this program reads ${SHARD_VERSION}`);
  const s = { plan: m.plan, shard: m.shard, shards: m.shards, from: m.from, to: m.to, totals: m.totals } as SimulationShard;
  if (typeof s.plan !== 'object' || s.plan === null || typeof s.totals !== 'object' || s.totals === null)
    throw problem(file, 'no plan or totals');
  const b = body(s);
  if (m.checksum !== sha256(JSON.stringify(b))) throw problem(file, 'the checksum does not match: the file was changed or damaged');
  if (m.planHash !== b.planHash) throw problem(file, 'the plan hash does not match its plan');
  if (m.count !== b.count) throw problem(file, 'the game count does not match its range');
  const named = NAME.exec(file);
  if (named && (Number(named[1]) !== s.shard || Number(named[2]) !== s.shards))
    throw problem(file, `the file holds shard ${String(s.shard)} of ${String(s.shards)}`);
  return s;
}

/**
 * @internal Every shard manifest in `dir` (files named `shard-I-of-N.json`), checked one by one.
 * A `dir` that cannot be listed, or holds no shard file, throws a {@link UsageError}.
 */
export function readShards(dir: string): SimulationShard[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => NAME.test(f));
  } catch (e) {
    // A wrong DIR is a mistake in the command line: one clear line, exit 2.
    const code = (e as { code?: string } | null)?.code;
    const why =
      code === 'ENOENT'
        ? 'there is no such folder'
        : code === 'ENOTDIR'
          ? 'it is not a folder'
          : e instanceof Error
            ? e.message
            : String(e);
    throw new UsageError(`cannot read ${dir}: ${why}`);
  }
  if (files.length === 0) throw new UsageError(`${dir} holds no shard files (shard-I-of-N.json)`);
  files.sort();
  const parts = files.map((f) => readShard(dir, f));
  const hashes = new Set(parts.map((p) => planHash(p.plan)));
  if (hashes.size > 1)
    throw new Error(`${dir} holds shards of ${hashes.size} different plans (seed, games, bots, players or variants differ)`);
  return parts;
}

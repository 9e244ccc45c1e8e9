/**
 * `docs/server.md` defines a patch's `digest` completely enough for a client in another language:
 * the examples it gives are `viewDigest`'s values, and the algorithm as the guide words it, written
 * here afresh (unsigned 32-bit arithmetic with BigInt, no code of the package), gives
 * `viewDigest`'s value on any JSON value.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { viewDigest } from '../../src/protocol/digest.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** The rows `| \`JSON\` | \`digest\` |` of the table after **The digest.** in docs/server.md. */
function examples(): [string, number][] {
  const text = readFileSync(resolve(ROOT, 'docs', 'server.md'), 'utf8');
  const start = text.indexOf('**The digest.**');
  expect(start, 'docs/server.md has a paragraph **The digest.**').toBeGreaterThan(0);
  const rows: [string, number][] = [];
  for (const line of text.slice(start).split('\n')) {
    if (line.startsWith('#')) break;
    const m = /^\| `(.+)` \| `(\d+)` \|$/.exec(line);
    if (m) rows.push([m[1] as string, Number(m[2])]);
  }
  return rows;
}

// The guide's words: f(h, u) = ((h xor u) × 16777619) mod 2^32, B = 2166136261.
const M = 2n ** 32n;
const f = (h: bigint, u: bigint): bigint => (((h ^ u) % M) * 16777619n) % M;
const B = 2166136261n;
const units = (h: bigint, s: string): bigint => {
  for (let i = 0; i < s.length; i++) h = f(h, BigInt(s.charCodeAt(i)));
  return h;
};

function documented(x: unknown): bigint {
  if (x === null) return f(B, 0n);
  if (x === false) return f(B, 2n);
  if (x === true) return f(B, 3n);
  if (typeof x === 'string') return units(f(B, 1n), x);
  if (typeof x === 'number') {
    if (Number.isInteger(x) && x >= -(2 ** 31) && x < 2 ** 31) {
      const n = BigInt(x < 0 ? x + 2 ** 32 : x); // 32-bit two's complement
      let h = f(B, 4n);
      for (let i = 0n; i < 4n; i++) h = f(h, (n >> (8n * i)) & 0xffn);
      return h;
    }
    return units(f(B, 5n), JSON.stringify(x));
  }
  if (Array.isArray(x)) return x.reduce((h: bigint, e) => f(h, documented(e)), f(B, 6n));
  let sum = 0n;
  for (const [k, v] of Object.entries(x as object)) sum = (sum + f(documented(k), documented(v))) % M;
  return f(f(B, 7n), sum);
}

it('the examples of docs/server.md are viewDigest of their JSON, and of the algorithm the guide describes', () => {
  const rows = examples();
  expect(rows.length).toBeGreaterThanOrEqual(4);
  for (const [json, digest] of rows) {
    expect(viewDigest(JSON.parse(json)), json).toBe(digest);
    expect(Number(documented(JSON.parse(json))), json).toBe(digest);
  }
});

it('the algorithm as docs/server.md words it gives viewDigest on any JSON value', () => {
  const value = fc.oneof(fc.jsonValue(), fc.double(), fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.string({ unit: 'binary' }));
  fc.assert(
    fc.property(value, (x) => {
      const parsed: unknown = JSON.parse(JSON.stringify(x) ?? 'null'); // a value as it arrives: -0 and NaN as JSON has them
      expect(Number(documented(parsed))).toBe(viewDigest(parsed));
    }),
    { numRuns: 500 },
  );
});

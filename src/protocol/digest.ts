/**
 * The digest of a view: a 32-bit hash of a JSON value, cheap to compute on both sides, that a
 * client compares after applying a patch (protocol version 2) to know its view is the host's.
 * Object members are combined without regard to their order, so a patched view (where a new
 * member lands last) has the digest of the host's.
 *
 * Defined on JSON values, with FNV-1a's step `f(h, u) = (h xor u) × 16777619 mod 2^32` and its
 * offset basis `B = 2166136261`:
 * - `null` → `f(B, 0)`, `false` → `f(B, 2)`, `true` → `f(B, 3)`;
 * - a string → `f` folded over its UTF-16 code units, from `f(B, 1)`;
 * - an integer `n` with `-2^31 ≤ n < 2^31` → `f` folded over the four bytes of `n` as a 32-bit
 *   two's complement integer, lowest first, from `f(B, 4)`; any other number → `f` folded over
 *   the code units of its JSON text, from `f(B, 5)`;
 * - an array → `f` folded over its elements' digests, from `f(B, 6)`;
 * - an object → `f(f(B, 7), s)` where `s` is the sum mod 2^32, over its members, of
 *   `f(digest(key), digest(value))`.
 *
 * Every step is one-to-one in the part that changed, so a value whose digest changed changes the
 * digest of every object and array around it, up to the view's; two different values share a
 * digest with a chance of about 1 in 2^32.
 * @module
 */

const PRIME = 0x01000193;
const BASIS = 0x811c9dc5;

function f(h: number, u: number): number {
  return Math.imul(h ^ u, PRIME);
}

const NULL = f(BASIS, 0);
const FALSE = f(BASIS, 2);
const TRUE = f(BASIS, 3);
const STRING = f(BASIS, 1);
const INT = f(BASIS, 4);
const NUMBER = f(BASIS, 5);
const ARRAY = f(BASIS, 6);
const OBJECT = f(BASIS, 7);

function text(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), PRIME);
  return h;
}

/** Digests of frozen objects and arrays (the card catalogue, the legal action lists), which never change. */
const frozen = new WeakMap<object, number>();

function hash(x: unknown): number {
  switch (typeof x) {
    case 'string':
      return text(STRING, x);
    case 'number':
      if (Number.isInteger(x) && x >= -0x80000000 && x < 0x80000000) {
        const n = x | 0;
        return f(f(f(f(INT, n & 0xff), (n >>> 8) & 0xff), (n >>> 16) & 0xff), n >>> 24);
      }
      return text(NUMBER, JSON.stringify(x));
    case 'boolean':
      return x ? TRUE : FALSE;
    case 'object': {
      if (x === null) return NULL;
      const isFrozen = Object.isFrozen(x);
      if (isFrozen) {
        const known = frozen.get(x);
        if (known !== undefined) return known;
      }
      let h: number;
      if (Array.isArray(x)) {
        h = ARRAY;
        for (let i = 0; i < x.length; i++) h = Math.imul(h ^ hash(x[i]), PRIME);
      } else {
        let sum = 0;
        const o = x as Record<string, unknown>;
        for (const key in o) if (Object.hasOwn(o, key)) sum = (sum + memberTerm(key, o[key])) | 0;
        h = objectDigest(sum);
      }
      if (isFrozen) frozen.set(x, h);
      return h;
    }
    default:
      // Not JSON (undefined, a function): JSON.stringify leaves such members out; so does the sum.
      return 0;
  }
}

/**
 * One member's share of its object's digest: `f(digest(key), digest(value))`, 0 for a value
 * JSON leaves out (`undefined`). A host keeps these per member to update a view's digest when
 * only some members changed.
 */
export function memberTerm(key: string, value: unknown): number {
  if (value === undefined || typeof value === 'function') return 0;
  return Math.imul(text(STRING, key) ^ hash(value), PRIME);
}

/** An object's digest from the sum (mod 2^32) of its members' {@link memberTerm}s. */
export function objectDigest(sum: number): number {
  return Math.imul(OBJECT ^ sum, PRIME) >>> 0;
}

/**
 * The digest of a JSON value (an unsigned 32-bit integer); `viewDigest(view)` is what a
 * `patch` message's `digest` says the patched view must give.
 *
 * @example
 * ```ts
 * import { viewDigest } from 'for-the-king-and-me/protocol';
 * viewDigest({ a: 1, b: [true, null] }) === viewDigest({ b: [true, null], a: 1 }); // true: member order does not count
 * ```
 */
export function viewDigest(value: unknown): number {
  return hash(value) >>> 0;
}

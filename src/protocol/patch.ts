/**
 * View patches (protocol version 2): what changed in a seat's view from one update to the next,
 * as a short list of operations on JSON values addressed by JSON Pointers (RFC 6901: `/hand/3`,
 * `~0` for `~` and `~1` for `/` inside a key; `""` is the whole value). `diff(a, b)` makes one,
 * `applyPatch(a, patch)` turns `a` into `b` without changing `a`.
 *
 * An operation is an array; its length says what it does:
 * - `[pointer, value]`: set: an object's member (added or replaced), or an array's element (the
 *   index equal to the length appends);
 * - `[pointer]`: remove an object's member;
 * - `[pointer, start, deleteCount, items]`: splice the array at `pointer`: remove `deleteCount`
 *   elements from `start` and put `items` there.
 *
 * Operations apply in order. Example, a view where seat 2's hand grew and the deck shrank:
 * `[["/deckSize",43],["/handSizes/2",8],["/known/2",5,0,[{"id":"gold-2-7","kind":"gold","value":2}]]]`.
 * A value a patch puts in nests at most 32 arrays or objects deep (a view nests 4).
 * @module
 */
import { brandedInstance, errorBrand, setBrand } from '../state/brand.js';

/** One operation of a {@link Patch}: set, remove, or splice (see the module's description). */
export type PatchOp =
  | readonly [pointer: string, value: unknown]
  | readonly [pointer: string]
  | readonly [pointer: string, start: number, deleteCount: number, items: readonly unknown[]];

/** What changed in a JSON value: operations applied in order. */
export type Patch = readonly PatchOp[];

/** The brand every {@link PatchError} carries: a registered symbol, the same in every copy of the library. */
const BRAND = errorBrand('PatchError');

/** A patch that does not fit the value it is applied to (a missing member, an index out of range, a malformed operation). */
export class PatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatchError';
    setBrand(this, BRAND);
  }

  /**
   * `x instanceof PatchError`: true for a `PatchError` from any build or copy of this library
   * (the ES-module and the CommonJS build alike): it checks a registered symbol brand, not the
   * class. A subclass keeps the ordinary prototype check.
   */
  static override [Symbol.hasInstance](x: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about, a subclass included.
    return brandedInstance(this, PatchError, BRAND, x);
  }
}

type Json = unknown;

/**
 * How deep a value a patch puts in may nest arrays and objects (a view nests 4): deeper is
 * refused, so that the recursive digest of the patched view cannot overflow the stack.
 */
const MAX_PATCH_DEPTH = 32;

/** Whether `x` nests at most `depth` arrays or objects deep (the recursion stops there). */
function shallow(x: unknown, depth: number): boolean {
  if (typeof x !== 'object' || x === null) return true;
  if (depth === 0) return false;
  for (const v of Array.isArray(x) ? x : Object.values(x)) if (!shallow(v, depth - 1)) return false;
  return true;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function escapeKey(key: string): string {
  return key.includes('~') || key.includes('/') ? key.replaceAll('~', '~0').replaceAll('/', '~1') : key;
}

/** Whether two JSON values are equal (same members, in any order, and the same elements in order). */
export function jsonEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  // Object.keys lists own enumerable members only, as JSON.stringify does; members set to undefined do not count.
  let n = 0;
  for (const k of Object.keys(ra)) {
    const va = ra[k];
    if (va === undefined) continue;
    n++;
    const vb = rb[k];
    if (vb === undefined || !Object.hasOwn(rb, k) || !jsonEqual(va, vb)) return false;
  }
  for (const k of Object.keys(rb)) if (rb[k] !== undefined) n--;
  return n === 0;
}

/** The path being compared, as keys; turned into a pointer only when an operation is written. */
class Walk {
  readonly keys: (string | number)[] = [];
  readonly ops: PatchOp[] = [];

  pointer(extra?: string | number): string {
    let p = '';
    for (const k of this.keys) p += `/${typeof k === 'number' ? k : escapeKey(k)}`;
    if (extra !== undefined) p += `/${typeof extra === 'number' ? extra : escapeKey(extra)}`;
    return p;
  }

  /** Compares member or element `key` of the current container. */
  child(key: string | number, a: Json, b: Json): void {
    if (a === b) return;
    this.keys.push(key);
    this.value(a, b);
    this.keys.pop();
  }

  value(a: Json, b: Json): void {
    if (a === b) return;
    if (Array.isArray(a) && Array.isArray(b)) this.array(a, b);
    else if (isRecord(a) && isRecord(b)) this.object(a, b);
    else if (!jsonEqual(a, b)) this.ops.push([this.pointer(), b]);
  }

  object(a: Record<string, unknown>, b: Record<string, unknown>): void {
    for (const k of Object.keys(b)) {
      const vb = b[k];
      if (vb === undefined) continue;
      const va = Object.hasOwn(a, k) ? a[k] : undefined;
      if (va === undefined) this.ops.push([this.pointer(k), vb]);
      else this.child(k, va, vb);
    }
    for (const k of Object.keys(a)) {
      if (a[k] !== undefined && (b[k] === undefined || !Object.hasOwn(b, k))) this.ops.push([this.pointer(k)]);
    }
  }

  array(a: readonly Json[], b: readonly Json[]): void {
    let start = 0;
    const shorter = Math.min(a.length, b.length);
    while (start < shorter && jsonEqual(a[start], b[start])) start++;
    if (start === a.length && start === b.length) return;
    let endA = a.length;
    let endB = b.length;
    while (endA > start && endB > start && jsonEqual(a[endA - 1], b[endB - 1])) {
      endA--;
      endB--;
    }
    const removed = endA - start;
    const added = endB - start;
    if (removed === added && removed <= 2) {
      // The same length: change those elements in place (nested, so one card in a list of lists is one small operation).
      for (let i = start; i < endA; i++) this.child(i, a[i], b[i]);
    } else if (start === 0 && endA === a.length && endB === b.length) {
      this.ops.push([this.pointer(), b]); // nothing in common at either end: the whole array
    } else if (removed === 0 && added === 1 && endB === b.length) {
      this.ops.push([this.pointer(start), b[start]]);
    } else {
      this.ops.push([this.pointer(), start, removed, b.slice(start, endB)]);
    }
  }
}

/**
 * The patch that turns the JSON value `a` into `b` (empty when they are equal). Unchanged parts
 * are recognised by identity first, then by value, so a view built from shared frozen cards is
 * compared quickly. Nothing is copied: the operations hold parts of `b`.
 *
 * @example
 * ```ts
 * diff({ deckSize: 44, hand: [1, 2, 3] }, { deckSize: 43, hand: [1, 3] });
 * // [["/deckSize", 43], ["/hand", 1, 1, []]]
 * ```
 */
export function diff(a: Json, b: Json): PatchOp[] {
  const walk = new Walk();
  walk.value(a, b);
  return walk.ops;
}

/**
 * Like {@link diff} for two objects, member by member: calls `changed(key)` for each member of
 * `a` or `b` that differs, after its operations are in the list. A host uses it to update a
 * view's digest from the members that changed only. `members` narrows what is compared: a list
 * (those members, in that order) or a test (the members it accepts); every member by default.
 */
export function diffMembers(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  changed: (key: string) => void,
  members?: readonly string[] | ((key: string) => boolean),
): PatchOp[] {
  const walk = new Walk();
  const compare = (k: string): void => {
    const va = Object.hasOwn(a, k) ? a[k] : undefined;
    const vb = Object.hasOwn(b, k) ? b[k] : undefined;
    const before = walk.ops.length;
    if (vb === undefined) {
      if (va !== undefined) walk.ops.push([walk.pointer(k)]);
    } else if (va === undefined) walk.ops.push([walk.pointer(k), vb]);
    else walk.child(k, va, vb);
    if (walk.ops.length !== before) changed(k);
  };
  if (Array.isArray(members)) {
    for (const k of members) compare(k);
    return walk.ops;
  }
  const accepts = members as ((key: string) => boolean) | undefined;
  // The members of b, then those only a has (removed).
  for (const k of Object.keys(b)) if (accepts === undefined || accepts(k)) compare(k);
  for (const k of Object.keys(a)) if (!Object.hasOwn(b, k) && (accepts === undefined || accepts(k))) compare(k);
  return walk.ops;
}

function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (pointer[0] !== '/') throw new PatchError(`a pointer starts with "/", got ${JSON.stringify(pointer.slice(0, 40))}`);
  return pointer.slice(1).split('/').map(unescapeKey);
}

/** A JSON Pointer's key as written (`~1` is `/`, `~0` is `~`) back to the key itself. */
export function unescapeKey(key: string): string {
  return key.includes('~') ? key.replaceAll('~1', '/').replaceAll('~0', '~') : key;
}

function indexIn(array: readonly unknown[], key: string, allowEnd: boolean): number {
  if (!/^(0|[1-9][0-9]{0,8})$/.test(key)) throw new PatchError(`"${key.slice(0, 20)}" is not an array index`);
  const i = Number(key);
  if (i > array.length || (i === array.length && !allowEnd)) throw new PatchError(`index ${i} is out of range (length ${array.length})`);
  return i;
}

function isInt(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0;
}

/**
 * Applies `patch` to the JSON value `base` and returns the result; `base` is left as it was
 * (what changed is copied, what did not is shared). Reads the patch as untrusted input.
 *
 * @throws {@link PatchError} when the patch is malformed, does not fit `base`, or puts in a value
 * nested more than 32 arrays or objects deep.
 * @example
 * ```ts
 * applyPatch({ deckSize: 44, hand: [1, 2, 3] }, [['/deckSize', 43], ['/hand', 1, 1, []]]);
 * // { deckSize: 43, hand: [1, 3] }
 * ```
 */
export function applyPatch<T>(base: T, patch: unknown): T {
  if (!Array.isArray(patch)) throw new PatchError('a patch is an array of operations');
  const fresh = new Set<object>();
  const own = <C extends object>(x: C): C => {
    if (fresh.has(x)) return x;
    const c = (Array.isArray(x) ? x.slice() : { ...x }) as C;
    fresh.add(c);
    return c;
  };
  let root: unknown = base;
  for (const op of patch as unknown[]) {
    if (!Array.isArray(op) || typeof op[0] !== 'string' || (op.length !== 1 && op.length !== 2 && op.length !== 4))
      throw new PatchError('an operation is [pointer], [pointer, value] or [pointer, start, deleteCount, items]');
    if (!shallow(op.length === 4 ? op[3] : op[1], MAX_PATCH_DEPTH + (op.length === 4 ? 1 : 0)))
      throw new PatchError('a value nested too deep');
    const keys = parsePointer(op[0]);
    if (keys.length === 0 && op.length !== 4) {
      if (op.length !== 2) throw new PatchError('the whole value cannot be removed');
      root = op[1];
      continue;
    }
    if (typeof root !== 'object' || root === null) throw new PatchError('the value has no members');
    root = own(root);
    let parent = root as Record<string, unknown> | unknown[];
    const depth = op.length === 4 ? keys.length : keys.length - 1;
    for (let i = 0; i < depth; i++) {
      const key = keys[i] as string;
      const at: string | number = Array.isArray(parent) ? indexIn(parent, key, false) : key;
      if (!Array.isArray(parent) && !Object.hasOwn(parent, key)) throw new PatchError(`no member "${key.slice(0, 40)}"`);
      const child = (parent as Record<string | number, unknown>)[at];
      if (typeof child !== 'object' || child === null) throw new PatchError(`"${key.slice(0, 40)}" holds no members`);
      const copy = own(child);
      (parent as Record<string | number, unknown>)[at] = copy;
      parent = copy as Record<string, unknown> | unknown[];
    }
    if (op.length === 4) {
      const [, start, count, items] = op as [string, unknown, unknown, unknown];
      if (!Array.isArray(parent)) throw new PatchError('a splice needs an array');
      if (!isInt(start) || !isInt(count) || start + count > parent.length || !Array.isArray(items))
        throw new PatchError('a splice is [pointer, start, deleteCount, items] within the array');
      // Not splice(start, count, ...items): spreading a long list overflows the stack.
      const tail = parent.slice(start + count);
      parent.length = start;
      for (const x of items as unknown[]) parent.push(x);
      for (const x of tail) parent.push(x);
      continue;
    }
    const last = keys[keys.length - 1] as string;
    if (Array.isArray(parent)) {
      if (op.length === 1) throw new PatchError('an array element is removed with a splice');
      parent[indexIn(parent, last, true)] = op[1];
    } else if (op.length === 1) {
      if (!Object.hasOwn(parent, last)) throw new PatchError(`no member "${last.slice(0, 40)}" to remove`);
      delete parent[last];
    } else if (last === '__proto__') {
      Object.defineProperty(parent, last, { value: op[1], enumerable: true, writable: true, configurable: true });
    } else {
      parent[last] = op[1];
    }
  }
  return root as T;
}

/**
 * Fuzz: hostile action objects against `apply`, `step`, `parseAction` and `actionId` (issue #18,
 * classes 1 and 2). Each case takes a real state, a plain action near a legal one (a legal
 * action, or one with fields changed, removed or added), and wraps it: accessors that answer
 * differently after the first read, proxies whose descriptors change, inherited keys, frozen and
 * prototype-free objects, class instances, symbol and non-enumerable keys, getters that throw.
 *
 * The oracle is the plain object the engine must read: the own enumerable fields, each read
 * once. `apply` accepts the wrapped action if and only if that object equals a legal action (and
 * then gives the same state as the legal action); otherwise it throws the same `RulesError` code
 * as for the plain object, and the (deep-frozen) state is unchanged.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Action, GameState } from '../../src/index.js';
import { actionId, apply, legalActions, parseAction, step } from '../../src/index.js';
import { deepFreeze } from '../helpers/errors.js';
import { cases, junk, outcome, statePool, Tally } from './hostile.js';

const STATES = statePool('fuzz-actions', 9).map((s) => deepFreeze(s));
const FIELDS = ['type', 'player', 'area', 'card', 'office', 'value', 'amount', 'note'] as const;
const WRAPPERS = [
  'plain',
  'frozen',
  'null-proto',
  'class',
  'getters',
  'proxy',
  'inherited',
  'non-enumerable',
  'symbol',
  'throwing',
] as const;
type Wrapper = (typeof WRAPPERS)[number];

/** What the engine must read: the fields, whether a symbol key is there, or that reading throws. */
interface Expected {
  readonly fields: Record<string, unknown>;
  readonly symbol: boolean;
  readonly throws: boolean;
}

/** Wraps `plain` as `kind`; `later` is what accessors and proxies answer after the first read. */
function wrap(plain: Record<string, unknown>, kind: Wrapper, later: unknown, moved: number): { input: unknown; expected: Expected } {
  const keys = Object.keys(plain);
  const same = { fields: plain, symbol: false, throws: false };
  switch (kind) {
    case 'plain':
      return { input: { ...plain }, expected: same };
    case 'frozen':
      return { input: Object.freeze({ ...plain }), expected: same };
    case 'null-proto':
      return { input: Object.assign(Object.create(null) as object, plain), expected: same };
    case 'class': {
      class Move {}
      return { input: Object.assign(new Move(), plain), expected: same };
    }
    case 'getters': {
      const o = {};
      for (const k of keys) {
        let reads = 0;
        Object.defineProperty(o, k, {
          enumerable: true,
          get: () => (reads++ === 0 ? plain[k] : later),
        });
      }
      return { input: o, expected: same };
    }
    case 'proxy': {
      const seen = new Set<string | symbol>();
      const input = new Proxy(
        { ...plain },
        {
          get: () => later,
          getOwnPropertyDescriptor: (t, k) => {
            const d = Reflect.getOwnPropertyDescriptor(t, k);
            if (d === undefined || !seen.has(k)) {
              seen.add(k);
              return d;
            }
            return { ...d, value: later };
          },
        },
      );
      return { input, expected: same };
    }
    case 'inherited': {
      // Some fields move to the prototype (they no longer count), and a junk key is inherited.
      const k = keys[moved % Math.max(1, keys.length)];
      const proto: Record<string, unknown> = { inheritedNote: later };
      const own: Record<string, unknown> = {};
      for (const key of keys) (key === k ? proto : own)[key] = plain[key];
      return { input: Object.assign(Object.create(proto) as object, own), expected: { ...same, fields: own } };
    }
    case 'non-enumerable':
      return { input: Object.defineProperty({ ...plain }, 'hidden', { value: later, enumerable: false }), expected: same };
    case 'symbol':
      return { input: { ...plain, [Symbol('x')]: later }, expected: { ...same, symbol: true } };
    case 'throwing': {
      const o: Record<string, unknown> = { ...plain };
      Object.defineProperty(o, keys[moved % Math.max(1, keys.length)] ?? 'type', {
        enumerable: true,
        get: () => {
          throw new Error('hostile getter');
        },
      });
      return { input: o, expected: { ...same, throws: true } };
    }
  }
}

/** Whether two plain actions have the same keys and equal values (`-0` equals `0`, as JSON would have it). */
function sameAction(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && a[k] === b[k]);
}

const edit = fc.record({ key: fc.constantFrom(...FIELDS), value: junk, remove: fc.boolean() });
const caseArb = fc.record({
  state: fc.nat(),
  legal: fc.nat(),
  edits: fc.array(edit, { maxLength: 2 }),
  kind: fc.constantFrom(...WRAPPERS),
  later: junk,
  moved: fc.nat(),
});

const tally = new Tally('fuzz: hostile actions (apply, step, parseAction, actionId)');
afterAll(() => tally.report());

describe('fuzz: hostile actions', () => {
  const runs = cases(1_500, 1_000_000);
  it(`apply/step accept a hostile action iff what it reads equals a legal action, else a RulesError (${runs} cases)`, () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const s = STATES[c.state % STATES.length] as GameState;
        const legal = legalActions(s);
        const base = legal.length > 0 ? (legal[c.legal % legal.length] as Action) : { type: 'pass', player: 0 };
        const plain: Record<string, unknown> = { ...base };
        for (const e of c.edits) {
          if (e.remove) delete plain[e.key];
          else plain[e.key] = e.value;
        }
        const { input, expected } = wrap(plain, c.kind, c.later, c.moved);
        const viaStep = c.moved % 4 === 0;
        const got = outcome(() => (viaStep ? step(s, input as Action).state : apply(s, input as Action)), `apply(${c.kind})`);
        const match = expected.throws || expected.symbol ? undefined : legal.find((a) => sameAction(a as never, expected.fields));
        if (expected.throws) {
          expect(got).toEqual({ ok: false, code: 'MALFORMED_ACTION' });
          tally.add(`${c.kind}: rejected (getter threw)`);
        } else if (match !== undefined) {
          expect(got.ok, `a legal action read through ${c.kind} was rejected`).toBe(true);
          if (got.ok) expect(got.value).toEqual(apply(s, match));
          tally.add(`${c.kind}: accepted`);
        } else {
          expect(got.ok, `apply accepted a field set that is no legal action (${c.kind})`).toBe(false);
          const plainCopy = expected.symbol ? { ...expected.fields, symbolKey: 1 } : { ...expected.fields };
          const want = outcome(() => apply(s, plainCopy as unknown as Action), 'apply(plain)');
          expect(want.ok).toBe(false);
          if (!got.ok && !want.ok) expect(got.code).toBe(want.code);
          tally.add(`${c.kind}: rejected ${got.ok ? '' : got.code}`);
        }
        // parseAction reads plain objects only, by the same rule; its result applies like the input.
        const parsed = outcome(() => parseAction(input), `parseAction(${c.kind})`);
        const plainProto = c.kind !== 'class' && c.kind !== 'inherited';
        if (parsed.ok) {
          expect(plainProto && !expected.throws && !expected.symbol).toBe(true);
          // parseAction reads -0 as 0 in every number field.
          const zeroed = Object.fromEntries(Object.entries(expected.fields).map(([k, x]) => [k, typeof x === 'number' ? x + 0 : x]));
          expect(parsed.value).toEqual(zeroed);
          const again = outcome(() => apply(s, parsed.value), 'apply(parsed)');
          expect(again.ok).toBe(got.ok);
        } else expect(parsed.code).toBe('MALFORMED_ACTION');
        // actionId reads the action the same way: an id for a well-formed action, else a RulesError.
        outcome(() => actionId(input as Action), `actionId(${c.kind})`);
      }),
      { numRuns: runs },
    );
  }, 3_600_000);

  it('values that are not objects at all are MALFORMED_ACTION everywhere', () => {
    fc.assert(
      fc.property(fc.nat(), junk, (i, x) => {
        const s = STATES[i % STATES.length] as GameState;
        if (typeof x === 'object' && x !== null && !Array.isArray(x)) return;
        const calls: (() => unknown)[] = [() => apply(s, x as Action), () => parseAction(x), () => actionId(x as Action)];
        for (const f of calls) expect(outcome(f, 'a non-object action')).toMatchObject({ ok: false });
        tally.add('not an object: rejected');
      }),
      { numRuns: cases(300, 20_000) },
    );
  }, 600_000);
});

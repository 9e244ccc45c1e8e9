/**
 * View patches (protocol version 2): any sequence of JSON values, diffed one to the next and
 * applied, gives back the values; so does any sequence of real views of random games, with the
 * digests the host would send; a tampered patch is caught (by the digest or as a patch that does
 * not fit); untrusted patches never throw anything but `PatchError` nor change their base.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Action, createGame, type PlayerView, step, view } from '../../src/index.js';
import { memberTerm, objectDigest, viewDigest } from '../../src/protocol/digest.js';
import { applyPatch, diff, jsonEqual, type Patch, PatchError } from '../../src/protocol/patch.js';
import { FULL_VIEW_EVERY, SharedChanges, ViewTrack } from '../../src/protocol/view-track.js';
import { pickIndex, runs } from '../properties/games.js';

/** JSON values shaped like views: small objects with a few stable keys, arrays of them, numbers, strings, null. */
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.integer({ min: -3, max: 40 }),
    fc.constantFrom('gold', 'king', 'a/b', 'x~y', '', 'é'),
    fc.boolean(),
    fc.constant(null),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 6 }),
  object: fc.dictionary(fc.constantFrom('hand', 'deck', 'legal', 'seq', 'a/b', '~', '__proto__', 'constructor', '0'), tie('value'), {
    maxKeys: 5,
  }),
})).value;

/** JSON's round trip: what a client holds is what it parsed. */
function wire<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    for (const v of Object.values(x)) deepFreeze(v);
    Object.freeze(x);
  }
  return x;
}

describe('view patches: diff and applyPatch', () => {
  it('any sequence of JSON values, diffed one to the next and applied over the wire, gives the values back; the base is never changed', () => {
    fc.assert(
      fc.property(fc.array(json, { minLength: 2, maxLength: 8 }), (values) => {
        let held = wire(values[0]);
        for (let i = 1; i < values.length; i++) {
          const patch = wire(diff(values[i - 1], values[i]));
          const before = JSON.stringify(held);
          const next = applyPatch(deepFreeze(held), patch);
          expect(JSON.stringify(held)).toBe(before);
          expect(jsonEqual(next, wire(values[i]))).toBe(true);
          expect(viewDigest(next)).toBe(viewDigest(wire(values[i])));
          held = next;
        }
      }),
      { numRuns: runs(500) },
    );
  });

  it('equal values give an empty patch', () => {
    fc.assert(
      fc.property(json, (x) => {
        expect(diff(x, wire(x))).toEqual([]);
      }),
      { numRuns: runs(300) },
    );
  });

  it('examples: the documented operations', () => {
    expect(diff({ deckSize: 44, hand: [1, 2, 3] }, { deckSize: 43, hand: [1, 3] })).toEqual([
      ['/deckSize', 43],
      ['/hand', 1, 1, []],
    ]);
    expect(
      applyPatch({ deckSize: 44, hand: [1, 2, 3] }, [
        ['/deckSize', 43],
        ['/hand', 1, 1, []],
      ]),
    ).toEqual({ deckSize: 43, hand: [1, 3] });
    expect(diff({ a: 1, 'x/y': { '~': 2 } }, { 'x/y': { '~': 3 } })).toEqual([['/x~1y/~0', 3], ['/a']]);
    expect(diff({ l: [1, 2] }, { l: [1, 2, 3] })).toEqual([['/l/2', 3]]);
    expect(diff({ l: [1, 2] }, { l: [5, 6, 7] })).toEqual([['/l', [5, 6, 7]]]);
  });

  it('a patch for "__proto__" sets a member, never the prototype', () => {
    const out = applyPatch({} as Record<string, unknown>, wire([['/__proto__', { polluted: true }]]));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('untrusted patches: anything at all either applies or throws PatchError, and leaves the base as it was', () => {
    fc.assert(
      fc.property(json, fc.anything(), (base, patch) => {
        const frozen = deepFreeze(wire(base));
        const before = JSON.stringify(frozen);
        try {
          applyPatch(frozen, patch);
        } catch (e) {
          expect(e).toBeInstanceOf(PatchError);
        }
        expect(JSON.stringify(frozen)).toBe(before);
      }),
      { numRuns: runs(1000) },
    );
  });

  it('malformed operations are refused', () => {
    const base = { a: [1, 2], b: { c: 1 } };
    for (const bad of [
      {},
      [['a', 1]],
      [['/a/2/x', 1]],
      [['/a/3', 1]],
      [['/a/01', 1]],
      [['/a/-1', 1]],
      [['/b/d']],
      [['/a/0']],
      [['/a', 1, 5, []]],
      [['/a', -1, 0, []]],
      [['/b', 0, 0, []]],
      [['/a', 0, 0, 'x']],
      [['/x/y', 1]],
      [['']],
      [['', 0, 0, []]],
      [[1, 2]],
      [['/a', 1, 2]],
    ]) {
      expect(() => applyPatch(base, bad), JSON.stringify(bad)).toThrow(PatchError);
    }
  });

  it('a splice of 300,000 items applies (the items are not spread on the stack)', () => {
    const items = new Array<number>(300_000).fill(7);
    const patched = applyPatch({ hand: [1, 2, 3] }, [['/hand', 1, 1, items]]);
    expect(patched.hand.length).toBe(300_002);
    expect([patched.hand[0], patched.hand[1], patched.hand[300_000], patched.hand[300_001]]).toEqual([1, 7, 7, 3]);
  });

  it('a value nested more than 32 arrays or objects deep is a PatchError (so the digest cannot overflow the stack); 32 deep applies', () => {
    const nest = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));
    const base = { a: 1, list: [] as unknown[] };
    for (const patch of [[['/a', nest(33)]], [['', { a: nest(33) }]], [['/list', 0, 0, [nest(33)]]], [['/a', nest(20_000)]]]) {
      expect(() => applyPatch(base, patch)).toThrow(PatchError);
    }
    for (const patch of [[['/a', nest(32)]], [['/list', 0, 0, [nest(32)]]], [['', { a: nest(31) }]]]) {
      expect(viewDigest(applyPatch(base, patch))).toBeTypeOf('number');
    }
  });
});

describe('the digest', () => {
  it('does not depend on the order of members, and an object is the sum of its member terms', () => {
    expect(viewDigest({ a: 1, b: [true, null] })).toBe(viewDigest({ b: [true, null], a: 1 }));
    const o = { x: 'gold', y: [1, 2], z: null };
    const sum = Object.entries(o).reduce((s, [k, v]) => (s + memberTerm(k, v)) | 0, 0);
    expect(objectDigest(sum)).toBe(viewDigest(o));
  });

  it('tells apart values that differ in one place (no collisions among thousands of small changes)', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        if (!jsonEqual(a, b)) expect(viewDigest({ v: a })).not.toBe(viewDigest({ v: b }));
      }),
      { numRuns: runs(2000) },
    );
    expect(viewDigest(1)).not.toBe(viewDigest('1'));
    expect(viewDigest([1, 2])).not.toBe(viewDigest([2, 1]));
    expect(viewDigest(0)).toBe(viewDigest(-0));
    expect(viewDigest(2 ** 40)).not.toBe(viewDigest(2 ** 40 + 1));
  });

  it('a frozen value (the card catalogue, the legal lists) digests like a fresh copy of it', () => {
    const card = Object.freeze({ id: 'gold-2-7', kind: 'gold', value: 2 });
    const d = viewDigest([card, card]);
    expect(viewDigest([card, card])).toBe(d);
    expect(viewDigest(wire([card, card]))).toBe(d);
  });
});

/** Views of every seat after every action of a random game. */
function gameViews(players: 2 | 3 | 4 | 5, seed: string, picks: readonly number[]): PlayerView[][] {
  let state = createGame({ players, seed });
  const seats: ('spectator' | number)[] = ['spectator', ...Array.from({ length: players }, (_, p) => p)];
  const out: PlayerView[][] = [seats.map((s) => view(state, s))];
  let i = 0;
  while (state.step !== 'over') {
    const legal = view(state, state.toMove).legal;
    state = step(state, legal[pickIndex(picks[i % picks.length] ?? 0, legal.length)] as Action).state;
    out.push(seats.map((s) => view(state, s)));
    i++;
  }
  return out;
}

/** A random game's player count, seed and choices, and one more number for the test's own use. */
const aGame = [
  fc.constantFrom<2 | 3 | 4 | 5>(2, 3, 4, 5),
  fc.string({ maxLength: 6 }),
  fc.array(fc.nat(), { minLength: 1, maxLength: 50 }),
  fc.nat(),
] as const;

describe('view patches on real games: what a host sends, a client rebuilds', () => {
  it('every seat (and a spectator), every update: the patched view equals the view and its digest matches; a tampered patch never passes', () => {
    fc.assert(
      fc.property(...aGame, (players, seed, picks, tamperAt) => {
        const views = gameViews(players, seed, picks);
        const first = views[0] as PlayerView[];
        const tracks = first.map((v) => new ViewTrack(v, 0));
        const held = first.map((v) => wire(v));
        let patches = 0;
        let tampered = 0;
        for (let seq = 1; seq < views.length; seq++) {
          for (let s = 0; s < first.length; s++) {
            const next = (views[seq] as PlayerView[])[s] as PlayerView;
            const u = (tracks[s] as ViewTrack).advance(next, seq);
            if (u.digest !== viewDigest(next)) expect.unreachable(`the track's digest at seq ${seq}`);
            if (u.patch === null) {
              expect(seq % FULL_VIEW_EVERY).toBe(0);
              held[s] = wire(next);
              continue;
            }
            patches++;
            const patch = wire(u.patch) as Patch;
            const applied = applyPatch(held[s] as PlayerView, patch);
            if (!jsonEqual(applied, next)) expect(applied).toEqual(wire(next));
            if (viewDigest(applied) !== u.digest) expect.unreachable(`digest of seq ${seq}, seat ${s}`);
            // Tamper with one operation's value (or drop one): the client must not accept it.
            if ((seq * 7 + s + tamperAt) % 5 === 0 && patch.length > 0) {
              tampered++;
              const k = (tamperAt + seq) % patch.length;
              const bad = patch.map((op, j) => (j !== k ? op : op.length === 2 ? [op[0], tamper(op[1])] : op.slice(0, 0)));
              const dropped = patch.filter((_, j) => j !== k);
              for (const t of [bad, dropped]) {
                let ok = false;
                try {
                  ok = viewDigest(applyPatch(held[s] as PlayerView, t)) === u.digest;
                } catch (e) {
                  expect(e).toBeInstanceOf(PatchError);
                }
                expect(ok, JSON.stringify(t)).toBe(false);
              }
            }
            held[s] = applied;
          }
        }
        expect(patches + tampered).toBeGreaterThan(0);
      }),
      { numRuns: runs(8) },
    );
  }, 300_000);
});

describe('SharedChanges: what every viewer sees alike, compared once per update', () => {
  it("each viewer's patch, with the shared part taken from another viewer's views, rebuilds its view with the same digest as without; its text is its JSON; the operations are the same but for their order", () => {
    fc.assert(
      fc.property(...aGame, (players, seed, picks, from) => {
        const views = gameViews(players, seed, picks);
        const first = views[0] as PlayerView[];
        const [shared, alone] = [0, 1].map(() => first.map((v) => new ViewTrack(v, 0))) as [ViewTrack[], ViewTrack[]];
        const held = first.map((v) => wire(v));
        let patches = 0;
        for (let seq = 1; seq < views.length; seq++) {
          const before = views[seq - 1] as PlayerView[];
          const after = views[seq] as PlayerView[];
          // The shared members from one viewer's views (a seat or the spectator, changing with seq): the same for every viewer.
          const w = (from + seq) % after.length;
          const changes = new SharedChanges(before[w] as PlayerView, after[w] as PlayerView, seq);
          for (let s = 0; s < after.length; s++) {
            const next = after[s] as PlayerView;
            const u = (shared[s] as ViewTrack).advance(next, seq, changes);
            const v = (alone[s] as ViewTrack).advance(next, seq);
            if (u.digest !== viewDigest(next) || u.digest !== v.digest) expect.unreachable(`the digest at seq ${seq}, viewer ${s}`);
            if (u.patch === null || v.patch === null) {
              expect([u.patch, u.patchJson, v.patch]).toEqual([null, null, null]);
              held[s] = wire(next);
              continue;
            }
            patches++;
            expect(u.patchJson).toBe(JSON.stringify(u.patch));
            const applied = applyPatch(held[s] as PlayerView, JSON.parse(u.patchJson as string));
            if (!jsonEqual(applied, next)) expect(applied).toEqual(wire(next));
            const ops = (p: Patch) => p.map((op) => JSON.stringify(op)).sort();
            expect(ops(u.patch)).toEqual(ops(v.patch));
            held[s] = applied;
          }
        }
        expect(patches).toBeGreaterThan(0);
      }),
      { numRuns: runs(8) },
    );
  }, 300_000);

  it('a track takes shared changes only at their own seq, from the view just before: otherwise it compares every member itself', () => {
    const views = gameViews(4, 'shared-seq', [3, 1, 4, 1, 5, 9, 2, 6]);
    const at = (seq: number, viewer: number) => (views[seq] as PlayerView[])[viewer] as PlayerView;
    const track = new ViewTrack(at(0, 1), 0);
    // Changes made for seq 2 (from seq 1's views) handed to the update of seq 1: not taken.
    const wrong = new SharedChanges(at(1, 0), at(2, 0), 2);
    const u = track.advance(at(1, 1), 1, wrong);
    expect(applyPatch(wire(at(0, 1)), u.patch)).toEqual(wire(at(1, 1)));
    expect(u.digest).toBe(viewDigest(at(1, 1)));
    // A track that skipped a seq gets the full view, with or without shared changes.
    const skip = track.advance(at(3, 1), 3, new SharedChanges(at(2, 0), at(3, 0), 3));
    expect(skip.patch).toBeNull();
    expect(skip.patchJson).toBeNull();
    expect(skip.digest).toBe(viewDigest(at(3, 1)));
  });
});

/** A different JSON value of about the same kind. */
function tamper(x: unknown): unknown {
  if (typeof x === 'number') return x + 1;
  if (typeof x === 'string') return `${x}!`;
  if (typeof x === 'boolean') return !x;
  if (x === null) return 0;
  if (Array.isArray(x)) return [...x, 0];
  return { ...(x as object), tampered: true };
}

/**
 * The client's view stream (protocol version 2): patches checked against their digest from the
 * digest's member terms kept between updates, so a patch costs what it changed. Whatever the
 * sequence of views, the stream holds each one in turn; a patch whose digest does not match is
 * refused without touching the view or the terms, and the stream asks for the view again; patches
 * that arrive meanwhile are applied after the answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ViewStream } from '../../src/client/view-stream.js';
import type { PlayerView } from '../../src/index.js';
import { viewDigest } from '../../src/protocol/digest.js';
import { MemberDigest } from '../../src/protocol/member-digest.js';
import { diff, jsonEqual } from '../../src/protocol/patch.js';
import type { PatchMessage } from '../../src/protocol/server-messages.js';
import { runs } from '../properties/games.js';

const KEYS = ['hand', 'deck', 'legal', 'seq', 'a/b', '~x', '__proto__', 'constructor', '0'] as const;

const leaf = fc.oneof(fc.integer({ min: -3, max: 40 }), fc.constantFrom('gold', 'king', 'a/b', ''), fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('v'), { maxKeys: 3 }),
  ),
})).v;
/** View-like objects: a `legal` list (what the stream takes for a view) and a few top-level members, some nested. */
const views = fc.array(
  fc
    .tuple(fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }), fc.array(value, { maxLength: 3 }))
    .map(([members, legal]) => Object.assign(members, { legal })),
  { minLength: 2, maxLength: 10 },
);

function wire<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}

function patchTo(seq: number, from: unknown, to: unknown): PatchMessage {
  return {
    type: 'patch',
    seq,
    events: [],
    patch: wire(diff(from as never, to as never)),
    digest: viewDigest(wire(to)),
  } as unknown as PatchMessage;
}

function stream(): { s: ViewStream; repairs: () => number } {
  let repairs = 0;
  const s = new ViewStream(0, {
    events: () => undefined,
    view: () => undefined,
    repair: () => {
      repairs++;
    },
  });
  return { s, repairs: () => repairs };
}

describe('the client view stream: patches checked from the digest terms it keeps', () => {
  it('any sequence of views arrives, patch by patch; a wrong digest is refused (view and terms untouched) and the view fetched again; patches kept meanwhile apply after it', () => {
    fc.assert(
      fc.property(views, fc.array(fc.nat(3), { minLength: 10, maxLength: 10 }), (values, faults) => {
        const { s, repairs } = stream();
        s.first(wire(values[0]) as unknown as PlayerView, 0);
        let asked = 0;
        for (let i = 1; i < values.length; i++) {
          const message = patchTo(i, values[i - 1], values[i]);
          if (faults[i] === 0) {
            // A wrong digest: refused, the view stays the one at i - 1, the stream asks again.
            const before = s.view;
            const hooks = repairs();
            s.patched({ ...message, digest: (message.digest ^ 1) >>> 0 });
            asked++;
            expect(s.repairs).toBe(asked);
            expect(repairs()).toBe(hooks + 1);
            expect(s.view).toBe(before);
            expect(s.viewSeq).toBe(i - 1);
            // The next patch arrives before the answer and is kept; the answer is the view at i.
            if (i + 1 < values.length) {
              s.patched(patchTo(i + 1, values[i], values[i + 1]));
              s.caughtUp([], wire(values[i]) as unknown as PlayerView, i);
              i++;
            } else s.caughtUp([], wire(values[i]) as unknown as PlayerView, i);
          } else s.patched(message);
          expect(s.viewSeq).toBe(i);
          if (!jsonEqual(s.view, wire(values[i]))) expect(s.view).toEqual(wire(values[i]));
        }
        expect(s.repairs).toBe(asked);
      }),
      { numRuns: runs(400) },
    );
  });

  it('a patch that changes a nested member is checked through that member (a changed card deep in a list is caught)', () => {
    const { s, repairs } = stream();
    const a = { hand: [{ id: 'gold-2' }, { id: 'king-1' }], deck: 40, legal: [] };
    const b = { hand: [{ id: 'gold-2' }, { id: 'king-2' }], deck: 40, legal: [] };
    s.first(wire(a) as unknown as PlayerView, 0);
    const m = patchTo(1, a, b);
    expect(m.patch).toEqual([['/hand/1/id', 'king-2']]);
    s.patched({ ...m, patch: [['/hand/1/id', 'king-3']] } as PatchMessage);
    expect(repairs()).toBe(1);
    expect(s.view).toEqual(a);
  });
});

describe("the client view stream: a welcome's or a sync's seqs checked before they are taken", () => {
  it('a seq that is not one, updates out of order, without events, or with a gap before them or up to seq: BAD_MESSAGE, nothing taken', () => {
    const { s } = stream();
    s.caughtUp([{ seq: 1, events: [] }], { legal: [] } as unknown as PlayerView, 1);
    const u = (seq: unknown) => ({ seq, events: [] });
    for (const [updates, seq] of [
      [[], '3'],
      [[], 1.5],
      [[], -1],
      [[], 1e9 + 1],
      [null, 1],
      [[null], 1],
      [[{ seq: 2 }], 2],
      [[u(2), u(2)], 2],
      [[u(3), u(2)], 3],
      [[u(3)], 3],
      [[u(2), u(4)], 4],
      [[], 5000],
      [[u(2)], 3],
    ] as const) {
      expect(() => s.check(updates, seq), JSON.stringify([updates, seq])).toThrow(
        expect.objectContaining({ name: 'ClientError', code: 'BAD_MESSAGE' }),
      );
      expect([s.seq, s.viewSeq]).toEqual([1, 1]);
    }
    // What a host sends: the updates after `after` (some may be taken already), and their last seq.
    for (const [updates, seq] of [
      [[], 1],
      [[], 0],
      [[u(1)], 1],
      [[u(1), u(2)], 2],
      [[u(2), u(3)], 3],
    ] as const) {
      expect(() => s.check(updates, seq), JSON.stringify([updates, seq])).not.toThrow();
    }
  });

  it('a live update or patch whose events are not a list (missing, text, an object): BAD_MESSAGE, nothing taken', () => {
    const events: unknown[] = [];
    const s = new ViewStream(0, { events: (u) => events.push(u.events), view: () => undefined, repair: () => undefined });
    const good = { legal: [] } as unknown as PlayerView;
    s.first(good, 0);
    for (const bad of [undefined, 'not-a-list', { length: 1 }, null]) {
      const m = { seq: 1, events: bad } as never;
      expect(() => s.whole(m, good), JSON.stringify(bad)).toThrow(expect.objectContaining({ name: 'ClientError', code: 'BAD_MESSAGE' }));
      expect(() => s.patched({ ...patchTo(1, good, good), events: bad } as never)).toThrow(
        expect.objectContaining({ name: 'ClientError', code: 'BAD_MESSAGE' }),
      );
      expect([s.seq, s.viewSeq, events]).toEqual([0, 0, []]);
    }
    s.whole({ seq: 1, events: [] }, good);
    expect([s.seq, s.viewSeq, events]).toEqual([1, 1, [[]]]);
  });

  it('a view that is not an object with a legal list (null, a number, text) is refused, in either version, and fetched again', () => {
    for (const compact of [false, true]) {
      const { s, repairs } = stream();
      s.compact = compact;
      const good = { legal: [] } as unknown as PlayerView;
      s.first(good, 0);
      for (const bad of [null, 42, 'x', [], { legal: null }]) {
        s.whole({ seq: s.seq + 1, events: [] }, bad as unknown as PlayerView);
        expect(s.view).toBe(good);
        expect(s.viewSeq).toBe(0);
      }
      expect(repairs()).toBe(5);
      expect(s.caughtUp([], 42 as unknown as PlayerView, s.seq)).toBe(false);
      expect(s.caughtUp([], good, s.seq)).toBe(true);
      expect(s.viewSeq).toBe(5);
    }
  });
});

describe('MemberDigest', () => {
  it('equals the digest of the whole object after any sets, and digestWith previews without taking (takePreview takes it)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }),
        fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }),
        (a, b) => {
          const d = new MemberDigest(a);
          expect(d.digest).toBe(viewDigest(a));
          const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
          expect(d.digestWith(b, keys)).toBe(viewDigest(b));
          expect(d.digest).toBe(viewDigest(a));
          for (const k of keys) d.set(k, Object.hasOwn(b, k) ? b[k] : undefined);
          expect(d.digest).toBe(viewDigest(b));
          // takePreview takes what digestWith computed, as the sets do.
          const e = new MemberDigest(a);
          expect(e.digestWith(b, keys)).toBe(viewDigest(b));
          e.takePreview();
          expect(e.digest).toBe(viewDigest(b));
          expect(e.digestWith(a, keys)).toBe(viewDigest(a));
          expect(e.digest).toBe(viewDigest(b));
        },
      ),
      { numRuns: runs(500) },
    );
  });
});

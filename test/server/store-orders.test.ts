/**
 * The in-process stores page through matches in kept orders (`src/server/store/order.ts`) instead
 * of sorting every match on every call: after any mix of creations (in and out of time order, ids
 * used again after expiry), moves, deadlines, seat changes and expiries, `idleMatches` (whole
 * walks page by page, and single pages from any cursor) and `listMatches` return exactly what a
 * scan of every match in the Store contract's terms returns.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/server/store/memory.js';
import type { ActivityCursor, MatchActivity, MatchRecord, SeatRecord } from '../../src/server/store/store.js';
import { entry, sampleMatch } from './store-contract.js';

/** What the naive scan knows of a match. */
interface Known {
  readonly id: string;
  readonly createdAt: number;
  readonly visibility: 'public' | 'unlisted' | undefined;
  /** Its place in creation (what `listMatches` falls back on among equal times). */
  readonly n: number;
  version: number;
  seq: number;
  lastAt: number;
  deadline: boolean;
}

const IDS = Array.from({ length: 40 }, (_, i) => `m${String(i).padStart(2, '0')}`);
const open: SeatRecord = { name: null, tokenHash: null, bot: null, left: false };

const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('create' as const),
      id: fc.constantFrom(...IDS),
      // On from the last creation's time: mostly later, at times the same or earlier (a clock set back).
      dt: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 3 }) }, fc.integer({ min: -5, max: -1 })),
      visibility: fc.constantFrom('public' as const, 'unlisted' as const, undefined),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('move' as const), id: fc.constantFrom(...IDS), at: fc.integer({ min: 0, max: 150 }) }),
  },
  fc.record({ t: fc.constant('deadline' as const), id: fc.constantFrom(...IDS), set: fc.boolean() }),
  fc.record({ t: fc.constant('seats' as const), id: fc.constantFrom(...IDS) }),
  { weight: 3, arbitrary: fc.record({ t: fc.constant('expire' as const), id: fc.constantFrom(...IDS) }) },
  fc.record({
    t: fc.constant('idle' as const),
    before: fc.integer({ min: 0, max: 160 }),
    limit: fc.integer({ min: 0, max: 7 }),
    cursor: fc.option(fc.record({ createdAt: fc.integer({ min: -10, max: 150 }), id: fc.constantFrom('', 'm', 'z', ...IDS) })),
  }),
  fc.record({
    t: fc.constant('list' as const),
    limit: fc.integer({ min: 0, max: 30 }),
    visibility: fc.constantFrom('public' as const, 'unlisted' as const, undefined),
  }),
);

/** `idleMatches` by a scan of every match, in the Store interface's terms (created before `before` too: a move may carry an earlier time). */
function naiveIdle(known: Iterable<Known>, before: number, after: ActivityCursor | null, limit: number): MatchActivity[] {
  const cmp = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }): number =>
    a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return [...known]
    .filter((k) => k.createdAt < before && k.lastAt < before && !k.deadline && (after === null || cmp(k, after) > 0))
    .sort(cmp)
    .slice(0, limit)
    .map((k) => ({ id: k.id, createdAt: k.createdAt, version: k.version, seq: k.seq, lastAt: k.lastAt }));
}

/** `listMatches` by a scan: newest first, among equal times the later-created first. */
function naiveList(known: Iterable<Known>, limit: number, visibility: 'public' | 'unlisted' | undefined): string[] {
  return [...known]
    .filter((k) => visibility === undefined || (k.visibility ?? 'public') === visibility)
    .sort((a, b) => b.createdAt - a.createdAt || b.n - a.n)
    .slice(0, limit)
    .map((k) => k.id);
}

describe('the in-process orders (MemoryStore)', () => {
  it('idleMatches, page by page or from any cursor, and listMatches return what a scan of every match returns', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 300, size: 'max' }), async (ops) => {
        const store = new MemoryStore();
        const known = new Map<string, Known>();
        let created = 0;
        let clock = 0;
        for (const o of ops) {
          const k = 'id' in o ? known.get(o.id) : undefined;
          switch (o.t) {
            case 'create': {
              if (k !== undefined) break;
              clock += o.dt;
              const m: MatchRecord = sampleMatch({
                id: o.id,
                createdAt: clock,
                ...(o.visibility === undefined ? {} : { visibility: o.visibility }),
              });
              await store.createMatch(m);
              known.set(o.id, {
                id: o.id,
                createdAt: clock,
                visibility: o.visibility,
                n: created++,
                version: 0,
                seq: 0,
                lastAt: clock,
                deadline: false,
              });
              break;
            }
            case 'move':
              if (k === undefined) break;
              expect(await store.append(o.id, { ...entry(k.seq + 1), at: o.at })).toBe(true);
              k.seq++;
              k.lastAt = o.at;
              break;
            case 'deadline':
              await store.setDeadline(o.id, o.set ? { matchId: o.id, seq: (k?.seq ?? 0) + 1, at: 1_000 } : null);
              if (k !== undefined) k.deadline = o.set;
              break;
            case 'seats':
              if (k === undefined) break;
              expect(await store.updateSeats(o.id, k.version, [open, open, open])).toBe(true);
              k.version++;
              break;
            case 'expire':
              if (k === undefined) break;
              expect(await store.expireMatch(o.id, { version: k.version, seq: k.seq }, null)).toBe(true);
              known.delete(o.id);
              break;
            case 'idle': {
              expect(await store.idleMatches(o.before, o.cursor, o.limit)).toEqual(naiveIdle(known.values(), o.before, o.cursor, o.limit));
              // A whole walk, page by page, as expiry does it.
              const limit = Math.max(1, o.limit);
              const walked: MatchActivity[] = [];
              let after: ActivityCursor | null = null;
              for (let pages = 0; pages <= known.size; pages++) {
                const page = await store.idleMatches(o.before, after, limit);
                walked.push(...page);
                const last = page[page.length - 1];
                if (page.length < limit || last === undefined) break;
                after = { createdAt: last.createdAt, id: last.id };
              }
              expect(walked).toEqual(naiveIdle(known.values(), o.before, null, Number.POSITIVE_INFINITY));
              break;
            }
            case 'list': {
              const filter = o.visibility === undefined ? undefined : { visibility: o.visibility };
              expect((await store.listMatches(o.limit, filter)).map((m) => m.id)).toEqual(naiveList(known.values(), o.limit, o.visibility));
              break;
            }
          }
        }
        await store.close();
      }),
      { numRuns: 200 },
    );
  });
});

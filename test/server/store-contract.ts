/**
 * The contract every match-host {@link Store} keeps, as a reusable suite:
 *
 * ```ts
 * storeContract('MemoryStore', async () => new MemoryStore());
 * ```
 *
 * `makeStore` may return a fresh store or one shared with other tests (a PostgreSQL database):
 * every test uses match ids of its own and leaves no deadline behind, and `listMatches` is checked
 * on matches created in the far future so that older rows do not get in the way. Each store a
 * test makes is closed at its end. `reopen`, when given, opens a second handle on the same data
 * (the same file or database) to check that what one handle acknowledged, the other reads.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Action } from '../../src/index.js';
import { STORE_CLOSED } from '../../src/server/store/closed.js';
import type {
  ActivityCursor,
  Deadline,
  KeptRecord,
  LogEntry,
  MatchActivity,
  MatchRecord,
  SeatRecord,
  Store,
} from '../../src/server/store/store.js';

/** Options of {@link storeContract}. */
export interface StoreContractOptions {
  /** A second, independent handle on the same data as the last store `makeStore` returned. */
  readonly reopen?: () => Promise<Store>;
}

const open: SeatRecord = { name: null, tokenHash: null, bot: null, left: false };

/** A match record with a fresh id. */
export function sampleMatch(over: Partial<MatchRecord> = {}): MatchRecord {
  return {
    id: `m-${randomUUID()}`,
    createdAt: 1_700_000_000_000,
    options: { players: 3, seed: 'contract', variants: { payment: 'by-lot' } },
    spectators: 'public',
    turnTimeMs: null,
    creatorHash: 'c'.repeat(64),
    seats: [
      open,
      { name: 'Ada', tokenHash: 'a'.repeat(64), bot: null, left: false },
      { name: 'Bot', tokenHash: null, bot: 'heuristic', left: false },
    ],
    version: 0,
    ...over,
  };
}

const pass = (player: number): Action => ({ type: 'pass', player });

/** A kept record for `m` (its content is the store's to keep, not to check). */
export function kept(m: MatchRecord, kind: KeptRecord['kind'] = 'finished', expiredAt = 9_000_000): KeptRecord {
  return {
    matchId: m.id,
    kind,
    expiredAt,
    spectators: m.spectators,
    seatHashes: m.seats.map((s) => s.tokenHash),
    creatorHash: m.creatorHash,
    record: {
      format: 'for-the-king-and-me/record',
      version: 1,
      options: { ...m.options, seed: 'contract' },
      actions: [pass(0), pass(1)],
      names: ['A', 'B', 'C'],
      meta: { match: m.id, ünï: 'cödé "quoted"' },
    } as unknown as KeptRecord['record'],
  };
}

/** A log entry. */
export function entry(seq: number, action: Action = pass(seq % 3), by: LogEntry['by'] = 'seat'): LogEntry {
  return { seq, action, by, at: 1_700_000_000_000 + seq };
}

/** Waits until `cond()` holds (polling), or fails after `ms`. */
async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Runs the store contract against the stores `makeStore` returns. */
export function storeContract(name: string, makeStore: () => Promise<Store>, options: StoreContractOptions = {}): void {
  describe(`Store contract: ${name}`, () => {
    const made: Store[] = [];
    const make = async (): Promise<Store> => {
      const s = await makeStore();
      made.push(s);
      return s;
    };
    afterEach(async () => {
      for (const s of made.splice(0)) await s.close();
    });

    it('stores a match and gives back an equal copy; an unknown id is null', async () => {
      const store = await make();
      const m = sampleMatch({ turnTimeMs: 30_000, spectators: 'none' });
      await store.createMatch(m);
      expect(await store.getMatch(m.id)).toEqual(m);
      expect(await store.getMatch(`m-${randomUUID()}`)).toBeNull();
    });

    it('rejects a second match with the same id and keeps the first', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      await expect(store.createMatch({ ...m, createdAt: 5 })).rejects.toThrow();
      expect((await store.getMatch(m.id))?.createdAt).toBe(m.createdAt);
    });

    it('a record handed back (a copy, or frozen) cannot change what is stored; neither can the record handed in', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      (m.seats as SeatRecord[]).length = 0;
      const got = (await store.getMatch(m.id)) as unknown as { seats: SeatRecord[] };
      try {
        got.seats.length = 0;
      } catch {
        // Frozen: refused.
      }
      expect((await store.getMatch(m.id))?.seats).toHaveLength(3);
      const e = entry(1);
      expect(await store.append(m.id, e)).toBe(true);
      (e as { seq: number }).seq = 9;
      const log = (await store.readLog(m.id, 0)) as { seq: number }[];
      try {
        (log[0] as { seq: number }).seq = 7;
      } catch {
        // Frozen: refused.
      }
      expect((await store.readLog(m.id, 0)).map((x) => x.seq)).toEqual([1]);
      // The same after an update of other fields and after an update of the seats.
      expect(await store.updateMatch(m.id, 0, { turnTimeMs: 5000 })).toBe(true);
      expect(await store.updateSeats(m.id, 1, m.seats)).toBe(true);
      expect(await store.updateMatch(m.id, 2, { turnTimeMs: 6000 })).toBe(true);
      const updated = (await store.getMatch(m.id)) as unknown as { version: number; turnTimeMs: number | null };
      try {
        updated.version = 42;
        updated.turnTimeMs = null;
      } catch {
        // Frozen: refused.
      }
      expect(await store.getMatch(m.id)).toMatchObject({ version: 3, turnTimeMs: 6000 });
    });

    it('updateSeats is compare-and-set on the version', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      const seats: SeatRecord[] = [
        { name: 'Bo', tokenHash: 'b'.repeat(64), bot: null, left: false },
        m.seats[1] as SeatRecord,
        m.seats[2] as SeatRecord,
      ];
      expect(await store.updateSeats(m.id, 0, seats)).toBe(true);
      expect(await store.updateSeats(m.id, 0, [open, open, open])).toBe(false);
      const got = await store.getMatch(m.id);
      expect(got?.version).toBe(1);
      expect(got?.seats).toEqual(seats);
      expect(await store.updateSeats(`m-${randomUUID()}`, 0, seats)).toBe(false);
    });

    it('concurrent updateSeats with the same expected version: exactly one wins', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      const tries = Array.from({ length: 8 }, (_, i) =>
        store.updateSeats(m.id, 0, [{ name: `P${i}`, tokenHash: String(i).repeat(64), bot: null, left: false }, open, open]),
      );
      const won = (await Promise.all(tries)).filter(Boolean);
      expect(won).toHaveLength(1);
      expect((await store.getMatch(m.id))?.version).toBe(1);
    });

    it('listMatches: newest first, at most limit', async () => {
      const store = await make();
      const base = 4_000_000_000_000 + Math.floor(Math.random() * 1e9);
      const ms = [0, 2, 1].map((d) => sampleMatch({ createdAt: base + d }));
      for (const m of ms) await store.createMatch(m);
      const listed = await store.listMatches(2);
      expect(listed.map((m) => m.id)).toEqual([ms[1]?.id, ms[2]?.id]);
      expect(await store.listMatches(0)).toEqual([]);
    });

    it('append is compare-and-set on (match, seq): no gap, no overwrite', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      expect(await store.append(m.id, entry(2))).toBe(false);
      expect(await store.append(m.id, entry(1, pass(0)))).toBe(true);
      expect(await store.append(m.id, entry(1, pass(1)))).toBe(false);
      expect(await store.append(m.id, entry(2, pass(1), 'bot'))).toBe(true);
      expect(await store.append(m.id, entry(4))).toBe(false);
      expect(await store.readLog(m.id, 0)).toEqual([entry(1, pass(0)), entry(2, pass(1), 'bot')]);
    });

    it('append to a match that does not exist is refused', async () => {
      const store = await make();
      expect(await store.append(`m-${randomUUID()}`, entry(1))).toBe(false);
    });

    it('concurrent appends at the same seq: exactly one is written', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      const results = await Promise.all([0, 1, 2, 0, 1, 2].map((p) => store.append(m.id, entry(1, pass(p)))));
      expect(results.filter(Boolean)).toHaveLength(1);
      const log = await store.readLog(m.id, 0);
      expect(log).toHaveLength(1);
      expect(log[0]?.action).toEqual(pass(results.indexOf(true) % 3));
    });

    it('a long run of appends keeps its order; readLog reads from a seq', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      const placed: Action = { type: 'place', player: 2, area: 'favor' };
      for (let s = 1; s <= 40; s++)
        expect(await store.append(m.id, entry(s, s === 7 ? placed : pass(s % 3), s % 5 === 0 ? 'timer' : 'seat'))).toBe(true);
      const all = await store.readLog(m.id, 0);
      expect(all.map((e) => e.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(all[6]?.action).toEqual(placed);
      expect(all[4]?.by).toBe('timer');
      expect((await store.readLog(m.id, 37)).map((e) => e.seq)).toEqual([38, 39, 40]);
      expect(await store.readLog(m.id, 40)).toEqual([]);
      expect(await store.readLog(m.id, 99)).toEqual([]);
      expect(await store.readLog(`m-${randomUUID()}`, 0)).toEqual([]);
    });

    it('logs of different matches are independent', async () => {
      const store = await make();
      const a = sampleMatch();
      const b = sampleMatch();
      await store.createMatch(a);
      await store.createMatch(b);
      expect(await store.append(a.id, entry(1))).toBe(true);
      expect(await store.append(b.id, entry(1))).toBe(true);
      expect(await store.append(a.id, entry(2))).toBe(true);
      expect((await store.readLog(a.id, 0)).length).toBe(2);
      expect((await store.readLog(b.id, 0)).length).toBe(1);
    });

    it('watch hears every append, its own included, with the match and seq; unsubscribe stops it', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      const heard: [string, number][] = [];
      const stop = store.watch((id, seq) => {
        if (id === m.id) heard.push([id, seq]);
      });
      await store.append(m.id, entry(1));
      await store.append(m.id, entry(1)); // refused: not heard
      await store.append(m.id, entry(2));
      await until(() => heard.length >= 2);
      expect(heard).toEqual([
        [m.id, 1],
        [m.id, 2],
      ]);
      stop();
      await store.append(m.id, entry(3));
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toHaveLength(2);
    });

    it('a watcher that throws does not stop the others', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      let heard = 0;
      const stopA = store.watch(() => {
        throw new Error('listener failure');
      });
      const stopB = store.watch((id) => {
        if (id === m.id) heard++;
      });
      await store.append(m.id, entry(1));
      await until(() => heard === 1);
      stopA();
      stopB();
    });

    it('deadlines: set, replace, clear; claimDue takes only what is due, once', async () => {
      const store = await make();
      const a = sampleMatch();
      const b = sampleMatch();
      await store.createMatch(a);
      await store.createMatch(b);
      const now = 1_000_000;
      const mine = (ds: Deadline[]): Deadline[] => ds.filter((d) => d.matchId === a.id || d.matchId === b.id);
      await store.setDeadline(a.id, { matchId: a.id, seq: 3, at: now + 500 });
      await store.setDeadline(a.id, { matchId: a.id, seq: 4, at: now - 10 }); // replaces
      await store.setDeadline(b.id, { matchId: b.id, seq: 1, at: now + 1000 });
      expect(mine(await store.claimDue(now, 100))).toEqual([{ matchId: a.id, seq: 4, at: now - 10 }]);
      expect(mine(await store.claimDue(now, 100))).toEqual([]);
      await store.setDeadline(b.id, null);
      expect(mine(await store.claimDue(now + 5000, 100))).toEqual([]);
    });

    it('setDeadline ifMissing: sets a missing deadline or replaces an earlier seq; keeps one for the same seq (claimed or not) or a later one', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      const now = 4_000_000;
      const mine = (ds: Deadline[]): Deadline[] => ds.filter((d) => d.matchId === m.id);
      await store.setDeadline(m.id, { matchId: m.id, seq: 2, at: now - 10 }, { ifMissing: true }); // none yet: set
      expect(mine(await store.claimDue(now, 100))).toEqual([{ matchId: m.id, seq: 2, at: now - 10 }]);
      // Claimed (a lease ahead): another host loading the match asks for the same seq's deadline, due
      // already; the claim is kept, and nobody takes the deadline again within the lease.
      await store.setDeadline(m.id, { matchId: m.id, seq: 2, at: now - 10 }, { ifMissing: true });
      expect(mine(await store.claimDue(now + 1000, 100))).toEqual([]);
      // The claimed move is in: the next seq's deadline replaces it; the same seq or an earlier one then does not.
      await store.setDeadline(m.id, { matchId: m.id, seq: 3, at: now + 500 }, { ifMissing: true });
      await store.setDeadline(m.id, { matchId: m.id, seq: 3, at: now }, { ifMissing: true });
      await store.setDeadline(m.id, { matchId: m.id, seq: 2, at: now }, { ifMissing: true });
      expect(mine(await store.claimDue(now + 499, 100))).toEqual([]);
      expect(mine(await store.claimDue(now + 500, 100))).toEqual([{ matchId: m.id, seq: 3, at: now + 500 }]);
      // Without it, a deadline for the same seq replaces the claim (the claiming host's own change).
      await store.setDeadline(m.id, { matchId: m.id, seq: 3, at: now + 600 });
      expect(mine(await store.claimDue(now + 600, 100))).toEqual([{ matchId: m.id, seq: 3, at: now + 600 }]);
      // A clear clears either way; a match that does not exist gets no deadline.
      await store.setDeadline(m.id, null, { ifMissing: true });
      expect(mine(await store.claimDue(Number.MAX_SAFE_INTEGER, 100))).toEqual([]);
      const unknown = `m-${randomUUID()}`;
      await store.setDeadline(unknown, { matchId: unknown, seq: 1, at: 10 }, { ifMissing: true });
      expect((await store.claimDue(Number.MAX_SAFE_INTEGER, 100)).filter((d) => d.matchId === unknown)).toEqual([]);
    });

    it('a clear with expected (seat version, log length): removes a deadline up to the next seq while the version holds, never a later one', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      const mine = async (): Promise<number[]> =>
        (await store.claimDue(Number.MAX_SAFE_INTEGER, 1000)).filter((d) => d.matchId === m.id).map((d) => d.seq);
      // A clear decided at log length 1 (sent again late): the deadline of a later move stays.
      await store.setDeadline(m.id, { matchId: m.id, seq: 3, at: 30 });
      await store.setDeadline(m.id, null, { expected: { version: 0, seq: 1 } });
      expect(await mine()).toEqual([3]);
      // So does one set after a seat change (at the same seq), for a clear decided before it.
      expect(await store.updateSeats(m.id, 0, m.seats)).toBe(true);
      await store.setDeadline(m.id, { matchId: m.id, seq: 3, at: 31 });
      await store.setDeadline(m.id, null, { expected: { version: 0, seq: 2 } });
      expect(await mine()).toEqual([3]);
      // A clear decided at that version and length removes it; one for an earlier seq too; twice is once.
      await store.setDeadline(m.id, null, { expected: { version: 1, seq: 2 } });
      await store.setDeadline(m.id, null, { expected: { version: 1, seq: 2 } });
      expect(await mine()).toEqual([]);
      await store.setDeadline(m.id, { matchId: m.id, seq: 2, at: 32 });
      await store.setDeadline(m.id, null, { expected: { version: 1, seq: 4 } });
      expect(await mine()).toEqual([]);
    });

    it('a deadline with expected (seat version, log length): set only while the version holds, never over one set after a seat change', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      const mine = async (): Promise<[number, number][]> =>
        (await store.claimDue(Number.MAX_SAFE_INTEGER, 1000)).filter((d) => d.matchId === m.id).map((d) => [d.seq, d.at]);
      await store.setDeadline(m.id, { matchId: m.id, seq: 2, at: 20 }, { expected: { version: 0, seq: 1 } });
      expect(await mine()).toEqual([[2, 20]]);
      // A seat change, and the deadline it calls for; one decided before it (a later seq too) is not written.
      expect(await store.updateSeats(m.id, 0, m.seats)).toBe(true);
      await store.setDeadline(m.id, { matchId: m.id, seq: 3, at: 30 }, { expected: { version: 1, seq: 2 } });
      await store.setDeadline(m.id, { matchId: m.id, seq: 3, at: 90 }, { expected: { version: 0, seq: 2 } });
      await store.setDeadline(m.id, { matchId: m.id, seq: 4, at: 40 }, { expected: { version: 0, seq: 3 } });
      expect(await mine()).toEqual([[3, 30]]);
      // Nor where none is stored; decided at the version now, it is (twice is once).
      await store.setDeadline(m.id, null);
      await store.setDeadline(m.id, { matchId: m.id, seq: 4, at: 40 }, { expected: { version: 0, seq: 3 } });
      expect(await mine()).toEqual([]);
      await store.setDeadline(m.id, { matchId: m.id, seq: 4, at: 41 }, { expected: { version: 1, seq: 3 } });
      await store.setDeadline(m.id, { matchId: m.id, seq: 4, at: 41 }, { expected: { version: 1, seq: 3 } });
      expect(await mine()).toEqual([[4, 41]]);
    });

    it('a deadline for a match that does not exist (or expired) is ignored, not an error', async () => {
      const store = await make();
      const m = sampleMatch();
      const unknown = `m-${randomUUID()}`;
      await store.createMatch(m);
      expect(await store.expireMatch(m.id, { version: 0, seq: 0 }, null)).toBe(true);
      await store.setDeadline(m.id, { matchId: m.id, seq: 1, at: 10 });
      await store.setDeadline(unknown, { matchId: unknown, seq: 1, at: 10 });
      expect((await store.claimDue(1_000, 100)).filter((d) => d.matchId === m.id || d.matchId === unknown)).toEqual([]);
    });

    it('claimDue hands out at most limit deadlines, earliest first, the rest later', async () => {
      const store = await make();
      const ms = [sampleMatch(), sampleMatch(), sampleMatch()];
      for (const m of ms) await store.createMatch(m);
      const t = 2_000_000;
      for (const [i, m] of ms.entries()) await store.setDeadline(m.id, { matchId: m.id, seq: 1, at: t - 10 * i });
      const first = await store.claimDue(t, 2);
      expect(first.map((d) => d.matchId)).toEqual([ms[2]?.id, ms[1]?.id]);
      expect((await store.claimDue(t, 10)).map((d) => d.matchId)).toEqual([ms[0]?.id]);
    });

    it('concurrent claimDue: each deadline goes to exactly one caller', async () => {
      const store = await make();
      const ms = Array.from({ length: 6 }, () => sampleMatch());
      for (const m of ms) await store.createMatch(m);
      for (const m of ms) await store.setDeadline(m.id, { matchId: m.id, seq: 2, at: 3_000_000 });
      const ids = new Set(ms.map((m) => m.id));
      const claims = await Promise.all(Array.from({ length: 5 }, () => store.claimDue(3_000_000, 3)));
      const got = claims.flat().filter((d) => ids.has(d.matchId));
      expect(got).toHaveLength(6);
      expect(new Set(got.map((d) => d.matchId)).size).toBe(6);
    });

    it('idleMatches: matches that have not moved since before a time and have no deadline, by (createdAt, id), page by page', async () => {
      const store = await make();
      // Created long before every other test's matches, so that `before` below takes in only these.
      const t = 10_000 + Math.floor(Math.random() * 1000) * 100;
      const quiet = sampleMatch({ createdAt: t + 1 });
      const moved = sampleMatch({ createdAt: t + 2 });
      const recent = sampleMatch({ createdAt: t + 3 });
      const waiting = sampleMatch({ createdAt: t + 4 }); // a bot or timer deadline: not idle
      const fresh = sampleMatch({ createdAt: t + 80 }); // created after `before`
      const twins = [sampleMatch({ createdAt: t + 5 }), sampleMatch({ createdAt: t + 5 })]; // same time: by id
      for (const m of [quiet, moved, recent, waiting, fresh, ...twins]) await store.createMatch(m);
      await store.append(moved.id, { ...entry(1), at: t + 10 });
      await store.append(moved.id, { ...entry(2), at: t + 20 });
      await store.append(recent.id, { ...entry(1), at: t + 60 });
      await store.setDeadline(waiting.id, { matchId: waiting.id, seq: 1, at: t + 1_000_000 });
      expect(await store.updateSeats(quiet.id, 0, [open, open, open])).toBe(true);
      const before = t + 50;
      const mine = new Set([quiet, moved, recent, waiting, fresh, ...twins].map((m) => m.id));
      const walk = async (limit: number): Promise<MatchActivity[]> => {
        const all: MatchActivity[] = [];
        let after: ActivityCursor | null = null;
        for (let pages = 0; pages < 100; pages++) {
          const page = await store.idleMatches(before, after, limit);
          expect(page.length).toBeLessThanOrEqual(limit);
          all.push(...page.filter((a) => mine.has(a.id)));
          const last = page[page.length - 1];
          if (page.length < limit || last === undefined) return all;
          after = { createdAt: last.createdAt, id: last.id };
        }
        throw new Error('more than 100 pages');
      };
      const sortedTwins = [...twins].sort((a, b) => (a.id < b.id ? -1 : 1));
      const expected: MatchActivity[] = [
        { id: quiet.id, createdAt: t + 1, version: 1, seq: 0, lastAt: t + 1 },
        { id: moved.id, createdAt: t + 2, version: 0, seq: 2, lastAt: t + 20 },
        ...sortedTwins.map((m) => ({ id: m.id, createdAt: t + 5, version: 0, seq: 0, lastAt: t + 5 })),
      ];
      expect(await walk(100)).toEqual(expected);
      expect(await walk(1)).toEqual(expected);
      expect(await walk(2)).toEqual(expected);
      expect(
        (await store.idleMatches(before, { createdAt: t + 5, id: sortedTwins[0]?.id as string }, 100)).filter((a) => mine.has(a.id)),
      ).toEqual(expected.slice(3));
      await store.setDeadline(waiting.id, null);
      expect((await store.idleMatches(before, null, 100)).map((a) => a.id)).toContain(waiting.id);
    });

    it('expireMatch is compare-and-set on the seat version and the log length; it deletes the match, its log and its deadline', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      for (let seq = 1; seq <= 3; seq++) await store.append(m.id, entry(seq));
      expect(await store.expireMatch(m.id, { version: 1, seq: 3 }, null)).toBe(false); // another seat version
      expect(await store.expireMatch(m.id, { version: 0, seq: 2 }, kept(m))).toBe(false); // the log moved on
      expect(await store.getMatch(m.id)).toEqual(m);
      expect(await store.keptRecord(m.id)).toBeNull();
      await store.setDeadline(m.id, { matchId: m.id, seq: 4, at: 4_000_000 });
      expect(await store.expireMatch(m.id, { version: 0, seq: 3 }, null)).toBe(true);
      expect(await store.getMatch(m.id)).toBeNull();
      expect(await store.readLog(m.id, 0)).toEqual([]);
      expect((await store.claimDue(4_000_000, 100)).filter((d) => d.matchId === m.id)).toEqual([]);
      expect(await store.keptRecord(m.id)).toBeNull(); // dropped
      expect(await store.append(m.id, entry(4))).toBe(false);
      expect(await store.updateSeats(m.id, 0, [open, open, open])).toBe(false);
      expect(await store.expireMatch(m.id, { version: 0, seq: 3 }, null)).toBe(false);
      expect((await store.listMatches(1000)).map((x) => x.id)).not.toContain(m.id);
    });

    it('expireMatch with a record keeps it, readable by the match id; other matches are untouched', async () => {
      const store = await make();
      const m = sampleMatch();
      const other = sampleMatch();
      await store.createMatch(m);
      await store.createMatch(other);
      await store.append(other.id, entry(1));
      const k = kept(m, 'abandoned');
      expect(await store.expireMatch(m.id, { version: 0, seq: 0 }, k)).toBe(true);
      expect(await store.keptRecord(m.id)).toEqual(k);
      expect(await store.keptRecord(other.id)).toBeNull();
      expect(await store.getMatch(other.id)).toEqual(other);
      expect(await store.readLog(other.id, 0)).toEqual([entry(1)]);
      // A match id that is not plain text is kept under its own name too.
      const odd = sampleMatch({ id: `m/ä ${randomUUID()}` });
      await store.createMatch(odd);
      expect(await store.expireMatch(odd.id, { version: 0, seq: 0 }, kept(odd))).toBe(true);
      expect(await store.keptRecord(odd.id)).toEqual(kept(odd));
    });

    it('an append racing expireMatch: exactly one of them wins, and a won append is in the log', async () => {
      const store = await make();
      for (let round = 0; round < 20; round++) {
        const m = sampleMatch();
        await store.createMatch(m);
        await store.append(m.id, entry(1));
        const [appended, expired] = await Promise.all([
          store.append(m.id, entry(2)),
          store.expireMatch(m.id, { version: 0, seq: 1 }, round % 2 === 0 ? kept(m) : null),
        ]);
        expect([appended, expired].filter(Boolean)).toHaveLength(1);
        if (appended) expect((await store.readLog(m.id, 0)).map((e) => e.seq)).toEqual([1, 2]);
        else expect(await store.getMatch(m.id)).toBeNull();
      }
    });

    it('a record with the fields of games between friends comes back equal', async () => {
      const store = await make();
      const m = sampleMatch({
        visibility: 'unlisted',
        inviteHash: 'i'.repeat(64),
        chat: 'everyone',
        fairness: { secret: 's1', commitment: 'c'.repeat(64), contributions: ['a', '', 'b'], nextSecret: 's2' },
        startedAt: null,
        turnTimeSetAt: 1_700_000_000_500,
        rematch: null,
        creatorAccount: 'acct-1',
        seats: [open, { name: 'Ada', tokenHash: 'a'.repeat(64), bot: null, left: false, account: 'acct-2', takenAt: 5 }, open],
      });
      await store.createMatch(m);
      expect(await store.getMatch(m.id)).toEqual(m);
    });

    it('updateMatch is compare-and-set on the version and changes only the fields it is given', async () => {
      const store = await make();
      const m = sampleMatch({ fairness: { secret: 's', commitment: 'c', contributions: ['', '', ''], nextSecret: 'n' }, startedAt: null });
      await store.createMatch(m);
      const seats: SeatRecord[] = [{ name: 'Bo', tokenHash: 'b'.repeat(64), bot: null, left: false, takenAt: 9 }, open, open];
      const fairness = { secret: 's', commitment: 'c', contributions: ['x', '', ''], nextSecret: 'n' };
      expect(await store.updateMatch(m.id, 0, { seats, fairness })).toBe(true);
      expect(await store.updateMatch(m.id, 0, { turnTimeMs: 5000 })).toBe(false);
      expect(
        await store.updateMatch(m.id, 1, { turnTimeMs: 5000, turnTimeSetAt: 77, options: { ...m.options, seed: 'dealt' }, startedAt: 78 }),
      ).toBe(true);
      expect(await store.updateMatch(m.id, 2, { rematch: { votes: [null, 'v', null], next: null } })).toBe(true);
      expect(await store.updateMatch(m.id, 3, { turnTimeMs: null })).toBe(true);
      expect(await store.getMatch(m.id)).toEqual({
        ...m,
        seats,
        fairness,
        turnTimeMs: null,
        turnTimeSetAt: 77,
        options: { ...m.options, seed: 'dealt' },
        startedAt: 78,
        rematch: { votes: [null, 'v', null], next: null },
        version: 4,
      });
      expect(await store.updateMatch(`m-${randomUUID()}`, 0, { turnTimeMs: 1 })).toBe(false);
    });

    it('listMatches with a visibility lists only those (a record without one counts as public)', async () => {
      const store = await make();
      const base = 4_100_000_000_000 + Math.floor(Math.random() * 1e9);
      const pub = sampleMatch({ createdAt: base + 2, visibility: 'public' });
      const old = sampleMatch({ createdAt: base + 1 });
      const hidden = sampleMatch({ createdAt: base + 3, visibility: 'unlisted' });
      for (const m of [pub, old, hidden]) await store.createMatch(m);
      const ids = (ms: MatchRecord[]): string[] => ms.map((m) => m.id).filter((id) => [pub.id, old.id, hidden.id].includes(id));
      expect(ids(await store.listMatches(3, { visibility: 'public' }))).toEqual([pub.id, old.id]);
      expect(ids(await store.listMatches(3, { visibility: 'unlisted' }))).toEqual([hidden.id]);
      expect(ids(await store.listMatches(3))).toEqual([hidden.id, pub.id, old.id]);
    });

    it('chat: lines numbered from 1 in order; read after a number, the next ones (page by page); its length; none for an unknown match', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      for (let i = 1; i <= 5; i++) expect(await store.appendChat(m.id, { at: i, from: i % 3, name: `P${i}`, text: `line ${i}` })).toBe(i);
      expect(
        await store.appendChat(m.id, { at: 6, from: 'host', name: null, text: 'notice', notice: { what: 'bot', seat: 1, bot: 'random' } }),
      ).toBe(6);
      const all = await store.readChat(m.id, 0, 100);
      expect(all.map((l) => l.n)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(all[0]).toEqual({ n: 1, at: 1, from: 1, name: 'P1', text: 'line 1' });
      expect(all[5]?.notice).toEqual({ what: 'bot', seat: 1, bot: 'random' });
      expect((await store.readChat(m.id, 3, 100)).map((l) => l.n)).toEqual([4, 5, 6]);
      // A page is the next lines after the number, not the last ones: nothing in between is skipped.
      expect((await store.readChat(m.id, 0, 2)).map((l) => l.n)).toEqual([1, 2]);
      expect((await store.readChat(m.id, 2, 3)).map((l) => l.n)).toEqual([3, 4, 5]);
      expect(await store.readChat(m.id, 6, 10)).toEqual([]);
      expect(await store.chatLength(m.id)).toBe(6);
      expect(await store.chatLength(`m-${randomUUID()}`)).toBe(0);
      expect(await store.appendChat(`m-${randomUUID()}`, { at: 1, from: 0, name: null, text: 'x' })).toBe(0);
      expect(await store.readChat(`m-${randomUUID()}`, 0, 10)).toEqual([]);
    });

    it('concurrent chat lines get distinct numbers, none lost', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      const ns = await Promise.all(
        Array.from({ length: 8 }, (_, i) => store.appendChat(m.id, { at: i, from: 0, name: null, text: `t${i}` })),
      );
      expect([...ns].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect((await store.readChat(m.id, 0, 100)).map((l) => l.text).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `t${i}`).sort());
    });

    it('presence: one lease per (seat, host), replaced; read back; none for an unknown match', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      await store.setPresence(m.id, 'h1', 1, 100);
      await store.setPresence(m.id, 'h2', 1, 200);
      await store.setPresence(m.id, 'h1', 1, 150);
      await store.setPresence(m.id, 'h1', 0, 50);
      const leases = (await store.readPresence(m.id)).sort((a, b) => a.seat - b.seat || a.host.localeCompare(b.host));
      expect(leases).toEqual([
        { seat: 0, host: 'h1', until: 50 },
        { seat: 1, host: 'h1', until: 150 },
        { seat: 1, host: 'h2', until: 200 },
      ]);
      await store.setPresence(`m-${randomUUID()}`, 'h1', 0, 1);
      expect(await store.readPresence(`m-${randomUUID()}`)).toEqual([]);
    });

    it('watchMatches hears record, chat and presence changes; unsubscribe stops it', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      const heard: string[] = [];
      const stop = store.watchMatches((id, change) => {
        if (id === m.id) heard.push(change);
      });
      await store.updateMatch(m.id, 0, { turnTimeMs: 5000 });
      await store.appendChat(m.id, { at: 1, from: 0, name: null, text: 'hi' });
      await store.setPresence(m.id, 'h', 0, 10);
      await store.updateSeats(m.id, 1, [open, open, open]);
      await until(() => heard.length >= 4);
      expect([...heard].sort()).toEqual(['chat', 'match', 'match', 'presence']);
      stop();
      await store.updateMatch(m.id, 2, { turnTimeMs: null });
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toHaveLength(4);
    });

    it('a call after close() fails with the one error every store uses (a host stopping does not log it as a fault)', async () => {
      const store = await make();
      const m = sampleMatch();
      await store.createMatch(m);
      await store.close();
      made.splice(made.indexOf(store), 1);
      await expect(store.readLog(m.id, 0)).rejects.toThrow(STORE_CLOSED);
      await expect(store.getMatch(m.id)).rejects.toThrow(STORE_CLOSED);
      await expect(store.append(m.id, entry(1))).rejects.toThrow(STORE_CLOSED);
      await expect(store.setDeadline(m.id, { matchId: m.id, seq: 1, at: 5 })).rejects.toThrow(STORE_CLOSED);
    });

    if (options.reopen) {
      const reopen = options.reopen;
      it('a second handle reads what the first acknowledged: matches, seats, the log, deadlines', async () => {
        const store = await make();
        const m = sampleMatch();
        await store.createMatch(m);
        expect(await store.updateSeats(m.id, 0, [open, open, open])).toBe(true);
        for (let s = 1; s <= 5; s++) await store.append(m.id, entry(s));
        await store.setDeadline(m.id, { matchId: m.id, seq: 6, at: 5_000_000 });
        await store.close();
        made.splice(made.indexOf(store), 1);
        const again = await reopen();
        made.push(again);
        expect(await again.getMatch(m.id)).toEqual({ ...m, seats: [open, open, open], version: 1 });
        expect((await again.readLog(m.id, 0)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
        expect(await again.append(m.id, entry(5))).toBe(false);
        expect(await again.append(m.id, entry(6))).toBe(true);
        expect((await again.claimDue(5_000_000, 100)).filter((d) => d.matchId === m.id)).toEqual([
          { matchId: m.id, seq: 6, at: 5_000_000 },
        ]);
      });

      it('a second handle sees what the first expired, and the records it kept', async () => {
        const store = await make();
        const gone = sampleMatch();
        const stays = sampleMatch();
        await store.createMatch(gone);
        await store.createMatch(stays);
        await store.append(gone.id, entry(1));
        expect(await store.expireMatch(gone.id, { version: 0, seq: 1 }, kept(gone))).toBe(true);
        await store.close();
        made.splice(made.indexOf(store), 1);
        const again = await reopen();
        made.push(again);
        expect(await again.getMatch(gone.id)).toBeNull();
        expect(await again.readLog(gone.id, 0)).toEqual([]);
        expect(await again.keptRecord(gone.id)).toEqual(kept(gone));
        expect(await again.getMatch(stays.id)).toEqual(stays);
      });

      it('a second handle reads the changes of games between friends: updated fields and the chat', async () => {
        const store = await make();
        const m = sampleMatch({ visibility: 'unlisted', inviteHash: 'i'.repeat(64) });
        await store.createMatch(m);
        expect(await store.updateMatch(m.id, 0, { startedAt: 42, rematch: { votes: ['x', null, null], next: 'nxt' } })).toBe(true);
        await store.appendChat(m.id, { at: 1, from: 1, name: 'Ada', text: 'gg' });
        await store.close();
        made.splice(made.indexOf(store), 1);
        const again = await reopen();
        made.push(again);
        expect(await again.getMatch(m.id)).toEqual({ ...m, startedAt: 42, rematch: { votes: ['x', null, null], next: 'nxt' }, version: 1 });
        expect(await again.readChat(m.id, 0, 10)).toEqual([{ n: 1, at: 1, from: 1, name: 'Ada', text: 'gg' }]);
        expect(await again.appendChat(m.id, { at: 2, from: 0, name: null, text: 'again' })).toBe(2);
      });
    }
  });
}

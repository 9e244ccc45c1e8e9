/**
 * Compaction of the embedded store's journal: at open and while the store is in use, the file
 * keeps the live data alone (the history of deadlines and expired matches goes), everything the
 * store answers stays the same, writes made during a compaction are kept, and a compaction cut
 * short by a crash leaves the journal whole.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPACT_MIN_RECORDS } from '../../src/server/store/compact.js';
import { FileStore } from '../../src/server/store/file.js';
import { scanJournal } from '../../src/server/store/journal.js';
import type { Store } from '../../src/server/store/store.js';
import { entry, sampleMatch } from './store-contract.js';

const root = mkdtempSync(join(tmpdir(), 'ftk-compact-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => join(root, `s${n++}`);
const journalOf = (dir: string): string => join(dir, 'journal.ftk');
const recordsIn = (dir: string): number => scanJournal(readFileSync(journalOf(dir))).records.length;

/** Everything a store answers about `ids`, to compare two stores. */
async function contents(store: Store, ids: readonly string[]): Promise<unknown> {
  const out: unknown[] = [await store.listMatches(1000)];
  for (const id of ids) out.push(await store.getMatch(id), await store.readLog(id, 0));
  out.push(await store.idleMatches(Number.MAX_SAFE_INTEGER, null, 1000)); // matches with a deadline are not idle
  return out;
}

/** Matches with logs, a lot of deadline history, one seat change each, and some expired. */
async function history(store: FileStore, matches: number, churn: number): Promise<{ live: string[]; gone: string[]; deadlines: number }> {
  let deadlines = 0;
  const live: string[] = [];
  const gone: string[] = [];
  for (let i = 0; i < matches; i++) {
    const m = sampleMatch({ createdAt: 1000 + (i % 7) }); // equal times: the order among them must survive
    await store.createMatch(m);
    for (let s = 1; s <= 5; s++) expect(await store.append(m.id, entry(s))).toBe(true);
    await store.updateSeats(m.id, 0, m.seats);
    const writes: Promise<void>[] = [];
    for (let k = 0; k < churn; k++) writes.push(store.setDeadline(m.id, k % 2 === 0 ? { matchId: m.id, seq: 6, at: 9000 + k } : null));
    await Promise.all(writes);
    if (i % 3 === 0) await store.setDeadline(m.id, { matchId: m.id, seq: 6, at: 7000 + i });
    if (i % 3 === 0 && i % 4 !== 1) deadlines++;
    if (i % 4 === 1) {
      expect(await store.expireMatch(m.id, { version: 1, seq: 5 }, null)).toBe(true);
      gone.push(m.id);
    } else live.push(m.id);
  }
  return { live, gone, deadlines };
}

describe('journal compaction', () => {
  it('compact() keeps the live data alone; the store answers the same before, after, and after a reopen', async () => {
    const dir = fresh();
    const store = await FileStore.open(dir);
    const { live, gone, deadlines } = await history(store, 40, 50);
    const ids = [...live, ...gone];
    const before = await contents(store, ids);
    const sizeBefore = statSync(journalOf(dir)).size;
    const r = await store.compact();
    expect(r.before).toBe(sizeBefore);
    expect(r.after).toBe(statSync(journalOf(dir)).size);
    expect(r.after).toBeLessThan(sizeBefore / 4);
    // 30 live matches: a record each, 5 actions each, and the pending deadlines.
    expect(recordsIn(dir)).toBe(30 * 6 + deadlines);
    expect(await contents(store, ids)).toEqual(before);
    // Writes go on into the new file.
    const late = sampleMatch();
    await store.createMatch(late);
    expect(await store.append(late.id, entry(1))).toBe(true);
    const withLate = await contents(store, ids);
    await store.close();
    const again = await FileStore.open(dir);
    try {
      expect(await again.readLog(late.id, 0)).toEqual([entry(1)]);
      expect(await contents(again, ids)).toEqual(withLate);
      expect(await again.claimDue(Number.MAX_SAFE_INTEGER, 1000)).toHaveLength(deadlines);
    } finally {
      await again.close();
    }
  });

  it('a journal mostly of history is compacted at open', async () => {
    const dir = fresh();
    const store = await FileStore.open(dir);
    const { live, gone } = await history(store, 6, Math.ceil(COMPACT_MIN_RECORDS / 6) + 10);
    const before = await contents(store, [...live, ...gone]);
    await store.close();
    expect(recordsIn(dir)).toBeGreaterThan(COMPACT_MIN_RECORDS);
    const again = await FileStore.open(dir);
    try {
      expect(recordsIn(dir)).toBeLessThan(60);
      expect(await contents(again, [...live, ...gone])).toEqual(before);
    } finally {
      await again.close();
    }
  });

  it('compacts on its own while in use, losing none of the writes made during the compaction', async () => {
    const dir = fresh();
    const store = await FileStore.open(dir);
    const m = sampleMatch();
    await store.createMatch(m);
    let seq = 0;
    let compacted = false;
    // Deadline history and appends side by side until the file shrinks on its own.
    for (let round = 0; round < 40 && !compacted; round++) {
      const size = statSync(journalOf(dir)).size;
      const writes: Promise<unknown>[] = [];
      for (let k = 0; k < 1000; k++) {
        writes.push(store.setDeadline(m.id, k % 2 ? null : { matchId: m.id, seq: 99, at: k }));
        if (k % 10 === 0) writes.push(store.append(m.id, entry(++seq)).then((ok) => expect(ok).toBe(true)));
      }
      await Promise.all(writes);
      compacted = statSync(journalOf(dir)).size < size;
    }
    expect(compacted).toBe(true);
    const log = await store.readLog(m.id, 0);
    expect(log.map((e) => e.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
    await store.close();
    const again = await FileStore.open(dir);
    try {
      expect(await again.readLog(m.id, 0)).toEqual(log);
    } finally {
      await again.close();
    }
  });

  it('a compaction cut short by a crash (its file left half-written) changes nothing', async () => {
    const dir = fresh();
    const store = await FileStore.open(dir);
    const m = sampleMatch();
    await store.createMatch(m);
    await store.append(m.id, entry(1));
    await store.close();
    writeFileSync(`${journalOf(dir)}.compact`, 'half a recor');
    const again = await FileStore.open(dir);
    try {
      expect(await again.readLog(m.id, 0)).toEqual([entry(1)]);
      expect(() => statSync(`${journalOf(dir)}.compact`)).toThrow();
    } finally {
      await again.close();
    }
  });
});

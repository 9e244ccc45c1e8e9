/**
 * What an expiry sweep and the lobby's list cost with many matches in an in-process store: N
 * matches nobody has played (never over), each created a millisecond after the last, stand idle
 * for 8 days under `expiry: { finishedAfterMs: 7 days }` alone, so that every sweep walks all of
 * them and can delete none (the case where a sweep's cost grew with the square of N).
 *
 * Printed: the first sweep (it replays each match once to tell it is not over) and the next one
 * (CPU time, wall time, the longest event-loop delay during it), a whole `idleMatches` walk in
 * pages of 200 as the sweep reads it, and `listMatches(200, { visibility: 'public' })` as the
 * lobby asks it (CPU time per call, the mean of 20).
 *
 * Run: `npm run bench:store-sweep -- [--matches 40000] [--store memory|file]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MatchHost } from '../../src/server/host.js';
import { FileStore } from '../../src/server/store/file.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import type { ActivityCursor, MatchRecord, Store } from '../../src/server/store/store.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const N = Number(arg('matches', '40000'));
const KIND = arg('store', 'memory');
if (!Number.isInteger(N) || N < 1 || !['memory', 'file'].includes(KIND)) throw new Error('usage: --matches N --store memory|file');

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);
const seat = { name: null, tokenHash: null, bot: null, left: false };

/** CPU and wall milliseconds of `f`. */
async function measure<T>(f: () => Promise<T>): Promise<{ cpu: number; wall: number; result: T }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await f();
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1000, wall: performance.now() - t0, result };
}

const dir = KIND === 'file' ? mkdtempSync(join(tmpdir(), 'ftk-sweep-')) : null;
const store: Store = dir === null ? new MemoryStore() : await FileStore.open(dir);
for (let i = 0; i < N; i++) {
  const m: MatchRecord = {
    id: `m${String(i).padStart(7, '0')}`,
    createdAt: T0 + i,
    options: { players: 2, seed: `s${i}` },
    spectators: 'public',
    turnTimeMs: null,
    creatorHash: 'c'.repeat(64),
    seats: [seat, seat],
    version: 0,
    visibility: i % 3 === 0 ? 'unlisted' : 'public',
  };
  await store.createMatch(m);
}
const now = T0 + 8 * DAY;
const host = new MatchHost({ store, now: () => now, expiry: { finishedAfterMs: 7 * DAY } });
const first = await measure(() => host.expire());
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const next = await measure(() => host.expire());
delay.disable();
const walk = await measure(async () => {
  let after: ActivityCursor | null = null;
  let n = 0;
  for (;;) {
    const page = await store.idleMatches(now, after, 200);
    n += page.length;
    const last = page[page.length - 1];
    if (page.length < 200 || last === undefined) return n;
    after = { createdAt: last.createdAt, id: last.id };
  }
});
const list = await measure(async () => {
  for (let i = 0; i < 20; i++) await store.listMatches(200, { visibility: 'public' });
});
const f = (ms: number): string => ms.toFixed(ms < 10 ? 2 : 0);
console.log(`${KIND} store, ${N} idle matches, none over, load average ${loadavg()[0]?.toFixed(1)}:`);
console.log(`  first sweep: ${f(first.cpu)} ms CPU, ${f(first.wall)} ms wall ${JSON.stringify(first.result)}`);
console.log(`  next sweep:  ${f(next.cpu)} ms CPU, ${f(next.wall)} ms wall, event loop delayed at most ${f(delay.max / 1e6)} ms`);
console.log(`  idleMatches walk (pages of 200): ${f(walk.cpu)} ms CPU (${walk.result} matches)`);
console.log(`  listMatches(200, public): ${f(list.cpu / 20)} ms CPU per call`);
host.close();
await store.close();
if (dir !== null) rmSync(dir, { recursive: true, force: true });

/**
 * How long the embedded store takes to open, and how big its files are, with many finished
 * matches: each a real two-player game of heuristic bots (about 165 actions), its id its own.
 *
 * - `expired` (the default): N finished matches that expired with their records kept, as a host
 *   with `expiry` leaves them: N kept records under `records/` (never read at open) and a journal
 *   holding, at worst, the history compaction has not yet taken (just under its 20,000-record
 *   threshold) and nothing live.
 * - `live`: N finished matches that have not expired, the journal compacted (a record per match
 *   and per action): what the store must read and hold in memory at open.
 * - `history`: the same N live matches as a journal that was never compacted (each bot move also
 *   set and cleared its deadline, as the host writes it); the first open compacts it, and the
 *   second open is timed too.
 *
 * Each open is timed in this process (wall and CPU time, the median of `--runs`), after the files
 * were written and the page cache warmed by a first open; resident memory is read after the open.
 *
 * Run: `npm run bench:store-startup -- [--matches 100000] [--mode expired|live|history] [--runs 3]`
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { botRandom, heuristicBot } from '../../src/bots/index.js';
import { type Action, createGame, currentPlayer, isGameOver, makeRecord, step, view } from '../../src/index.js';
import { COMPACT_MIN_RECORDS } from '../../src/server/store/compact.js';
import { FileStore } from '../../src/server/store/file.js';
import { encodeRecord } from '../../src/server/store/journal.js';
import { keptPath } from '../../src/server/store/kept.js';
import type { KeptRecord, LogEntry, MatchRecord } from '../../src/server/store/store.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const N = Number(arg('matches', '100000'));
const MODE = arg('mode', 'expired');
const RUNS = Number(arg('runs', '3'));
if (!Number.isInteger(N) || N < 1 || !['expired', 'live', 'history'].includes(MODE)) {
  throw new Error('usage: --matches N --mode expired|live|history --runs R');
}

// One real game, played once; every match replays it under its own id.
const options = { players: 2, seed: 'startup-bench' } as const;
const actions: Action[] = [];
for (let s = createGame(options), rng = botRandom('startup-bench'); !isGameOver(s); ) {
  const a = heuristicBot(view(s, currentPlayer(s) as number), rng);
  actions.push(a);
  s = step(s, a).state;
}
const T0 = 1_764_000_000_000;
const hash = (i: number, k: string): string => `${k}${i.toString(16)}`.padEnd(64, '0');
function match(i: number): MatchRecord {
  return {
    id: `${i.toString(36).padStart(4, '0').split('').reverse().join('')}-bench-${i}`, // spread over records/ as random ids are
    createdAt: T0 + i * 1000,
    options,
    spectators: 'none',
    turnTimeMs: null,
    creatorHash: hash(i, 'c'),
    seats: [
      { name: 'Ada', tokenHash: hash(i, 'a'), bot: null, left: false },
      { name: 'Bo', tokenHash: hash(i, 'b'), bot: null, left: false },
    ],
    version: 2,
  };
}

/** Writes records to a file in big chunks. */
class Writer {
  private fd: number;
  private chunks: Buffer[] = [];
  private size = 0;
  records = 0;
  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }
  put(record: unknown): void {
    const b = encodeRecord(record);
    this.chunks.push(b);
    this.size += b.length;
    this.records++;
    if (this.size > 1 << 22) this.flush();
  }
  flush(): void {
    writeSync(this.fd, Buffer.concat(this.chunks, this.size));
    this.chunks = [];
    this.size = 0;
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'ftk-startup-'));
const started = Date.now();
const journal = new Writer(join(dir, 'journal.ftk'));
let keptBytes = 0;
if (MODE === 'expired') {
  const record = makeRecord(options, actions, { names: ['Ada', 'Bo'] });
  for (let i = 0; i < N; i++) {
    const m = match(i);
    const keep: KeptRecord = {
      matchId: m.id,
      kind: 'finished',
      expiredAt: T0 + i * 1000 + 86_400_000,
      spectators: 'none',
      seatHashes: m.seats.map((s) => s.tokenHash),
      creatorHash: m.creatorHash,
      record: { ...record, meta: { match: m.id } },
    };
    const path = keptPath(dir, m.id);
    mkdirSync(join(path, '..'), { recursive: true });
    const text = `${JSON.stringify(keep)}\n`;
    const fd = openSync(path, 'w');
    writeSync(fd, text);
    closeSync(fd);
    keptBytes += text.length;
  }
  // The history compaction has not taken yet: just under its threshold, whole expired matches.
  for (let i = N; journal.records + 2 * actions.length + 3 < COMPACT_MIN_RECORDS; i++) {
    const m = match(i);
    journal.put({ t: 'match', m });
    actions.forEach((action, k) => {
      const e: LogEntry = { seq: k + 1, action, by: 'bot', at: m.createdAt + k };
      journal.put({ t: 'deadline', id: m.id, d: null });
      journal.put({ t: 'action', id: m.id, e });
    });
    journal.put({ t: 'expire', id: m.id });
  }
} else {
  for (let i = 0; i < N; i++) {
    const m = match(i);
    journal.put({ t: 'match', m });
    actions.forEach((action, k) => {
      const e: LogEntry = { seq: k + 1, action, by: 'bot', at: m.createdAt + k };
      if (MODE === 'history') journal.put({ t: 'deadline', id: m.id, d: { matchId: m.id, seq: k + 1, at: e.at } });
      if (MODE === 'history') journal.put({ t: 'deadline', id: m.id, d: null });
      journal.put({ t: 'action', id: m.id, e });
    });
  }
}
journal.close();
const journalBytes = statSync(join(dir, 'journal.ftk')).size;
const writtenIn = (Date.now() - started) / 1000;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
async function timeOpen(): Promise<{ wallMs: number; cpuMs: number; rssMiB: number; matches: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const store = await FileStore.open(dir);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const rssMiB = process.memoryUsage().rss / 2 ** 20;
  const matches = (await store.listMatches(N + 1)).length;
  await store.close();
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, rssMiB, matches };
}

const mb = (b: number): string => `${(b / 2 ** 20).toFixed(1)} MiB`;
console.log(`store start-up: ${N.toLocaleString('en')} finished matches (${actions.length} actions each), mode ${MODE}`);
console.log(
  `  written in ${writtenIn.toFixed(1)} s: journal ${mb(journalBytes)}${MODE === 'expired' ? `, kept records ${mb(keptBytes)} in ${readdirSync(join(dir, 'records')).length} folders` : ''}`,
);
const first = await timeOpen(); // warms the page cache; in mode history it compacts
const compactedBytes = statSync(join(dir, 'journal.ftk')).size;
if (compactedBytes !== journalBytes) {
  console.log(
    `  first open (compacting): ${first.wallMs.toFixed(0)} ms wall, ${first.cpuMs.toFixed(0)} ms CPU; journal now ${mb(compactedBytes)}`,
  );
}
const runs: Awaited<ReturnType<typeof timeOpen>>[] = [];
for (let r = 0; r < RUNS; r++) runs.push(await timeOpen());
console.log(
  `  open: median ${median(runs.map((r) => r.wallMs)).toFixed(0)} ms wall, ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms CPU over ${RUNS} runs; ` +
    `${runs[0]?.matches ?? 0} matches live; resident memory after open ${median(runs.map((r) => r.rssMiB)).toFixed(0)} MiB`,
);
console.log(
  `  machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
rmSync(dir, { recursive: true, force: true });

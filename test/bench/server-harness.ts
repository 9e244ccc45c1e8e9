/**
 * What `bench:server` and `soak:server` share: host processes (test/server/fixtures/host-process.ts)
 * and their figures over IPC, client processes (test/bench/server-clients.ts), matches created and
 * joined over HTTP, and the check that every match's log replays to the score its clients saw.
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, setPriority } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createMatch, joinMatch } from '../../src/client/index.js';
import { type Action, replay, view } from '../../src/index.js';
import { viewDigest } from '../../src/protocol/digest.js';
import { type Listening, spawnListening } from '../helpers/process.js';
import { BUN } from '../helpers/runtime.js';
import type { ClientMatch, ClientReport } from './server-clients.js';

const FIXTURE = join(import.meta.dirname, '..', 'server', 'fixtures', 'host-process.ts');
const CLIENTS = join(import.meta.dirname, 'server-clients.ts');

/**
 * Starts a host process on the store `kind` at `where`; `nodeArgs` go to Node (e.g. `--cpu-prof`).
 * The host runs the sources through tsx, or, with `bundle` (from {@link bundleHost}), that bundle
 * under plain Node.
 */
export function startHost(kind: string, where: string, nodeArgs: readonly string[] = [], bundle: string | null = null): Promise<Listening> {
  const bun = hostRuntime() === 'bun';
  // Bun runs TypeScript itself; Node runs it through tsx.
  const program = bundle !== null ? [bundle] : bun ? [FIXTURE] : ['--import', 'tsx', FIXTURE];
  return spawnListening([...nodeArgs, ...program, kind, where, '0'], /listening (\d+)/, {
    stderr: 'inherit',
    ipc: true,
    ...(bun ? { command: BUN } : {}),
  });
}

/**
 * The runtime of the host processes from `--host-runtime node|bun` (default `node`): with `bun`,
 * the hosts run under Bun, with the same sources or bundle (Bun brings its own `ws`). Exits 2 on
 * any other value.
 */
export function hostRuntime(): 'node' | 'bun' {
  const runtime = arg('host-runtime', 'node');
  if (runtime !== 'node' && runtime !== 'bun') {
    process.stderr.write(`--host-runtime must be node or bun, got ${runtime}\n`);
    process.exit(2);
  }
  return runtime;
}

/**
 * With `--host-bundle`: bundles the host process (the fixture and the sources it imports; `ws`
 * and `pg` stay outside) into one ES module with tsup, as the published build is made, so that the
 * host runs under plain Node without tsx's transform (which names every function it creates).
 * Returns the bundle's path, or `null` without the flag.
 */
export async function bundleHost(): Promise<string | null> {
  if (!process.argv.includes('--host-bundle')) return null;
  // Inside the project, so that `ws` and `pg` resolve from its node_modules.
  const outDir = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'bench-host');
  const { build } = await import('tsup');
  await build({
    entry: { 'host-process': FIXTURE },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outDir,
    external: ['ws', 'pg'],
    splitting: false,
    dts: false,
    clean: true,
    silent: true,
    config: false,
  });
  return join(outDir, 'host-process.js');
}

/** The host's CPU time (µs), resident memory, heap used (bytes) and open connections, asked over its IPC channel. */
export interface HostStats {
  readonly cpuMicros: number;
  readonly userMicros: number;
  readonly rss: number;
  readonly heapUsed: number;
  /** The heap V8 has reserved, and memory outside it (buffers, sockets' native memory). */
  readonly heapTotal: number;
  readonly external: number;
  readonly connections: number;
  /** How late the host's event loop ran timers since the previous figures (ms). */
  readonly loopDelayMs: { readonly p50: number; readonly p99: number; readonly max: number };
  /** How long the garbage collection asked for with these figures took (ms; 0 without). */
  readonly gcMs: number;
  /** How many times the host called each method of its store so far. */
  readonly storeCalls: Readonly<Record<string, number>>;
}

/** The store calls of `after` less those of `before`, per second of `seconds`, busiest first, as text (`readPresence 12.3/s, …`). */
export function storeCallRates(before: readonly HostStats[], after: readonly HostStats[], seconds: number): string {
  const calls = new Map<string, number>();
  after.forEach((a, i) => {
    for (const [method, n] of Object.entries(a.storeCalls))
      calls.set(method, (calls.get(method) ?? 0) + n - (before[i]?.storeCalls[method] ?? 0));
  });
  const busy = [...calls].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  return busy.map(([method, n]) => `${method} ${(n / seconds).toFixed(1)}/s`).join(', ');
}

/** The host's figures now; with `gc`, after a garbage collection (a host started with `--expose-gc`). */
export function hostStats(h: Listening, gc = false): Promise<HostStats> {
  return new Promise((resolve) => {
    const on = (m: { type?: string } & HostStats): void => {
      if (m?.type !== 'stats') return;
      h.child.off('message', on);
      resolve(m);
    };
    h.child.on('message', on);
    h.child.send(gc ? 'stats-gc' : 'stats');
  });
}

/** The machine, Node and the load average, for the first lines of a run. */
export function machineLine(): string {
  return `${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`;
}

const CLUSTER = join(import.meta.dirname, '..', 'helpers', 'postgres.sh');

/**
 * A fresh PostgreSQL database for a run: on the server at `admin` (a connection URL), else on a
 * throwaway cluster started here (test/helpers/postgres.sh); `done` drops it (and stops that cluster).
 */
export async function postgresDatabase(admin = ''): Promise<{ url: string; done: () => Promise<void>; cpuMicros: () => number | null }> {
  let clusterDir = '';
  if (admin === '') {
    const started = spawnSync('bash', [CLUSTER, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const m = /FTK_PG_URL=(\S+) FTK_PG_DIR=(\S+)/.exec(started.stdout ?? '');
    if (started.status !== 0 || m === null) throw new Error('could not start a PostgreSQL cluster (test/helpers/postgres.sh start)');
    admin = m[1] as string;
    clusterDir = m[2] as string;
  }
  const name = `ftk_bench_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string): Promise<void> => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    cpuMicros: () => (clusterDir === '' ? null : clusterCpuMicros(join(clusterDir, 'data'))),
    done: async () => {
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      if (clusterDir !== '') spawnSync('bash', [CLUSTER, 'stop', clusterDir], { stdio: 'inherit' });
    },
  };
}

/** Clock ticks per second of `/proc/<pid>/stat`'s times (`getconf CLK_TCK`; 100 on Linux). */
let ticks = 0;

/**
 * The CPU time (µs) the PostgreSQL cluster in `data` has used so far: its postmaster and every
 * process it started (backends, the WAL writer, the checkpointer…), the ended ones included (their
 * time is in the postmaster's children's times once reaped). Linux only (`/proc`); `null` elsewhere.
 */
export function clusterCpuMicros(data: string): number | null {
  try {
    if (ticks === 0) ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let total = 0;
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      // Fields after the command's closing parenthesis: state ppid … utime(14) stime(15) cutime(16) cstime(17).
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(name);
      if (pid !== postmaster && Number(f[1]) !== postmaster) continue;
      total += Number(f[11]) + Number(f[12]);
      if (pid === postmaster) total += Number(f[13]) + Number(f[14]);
    }
    return (total * 1e6) / ticks;
  } catch {
    return null;
  }
}

/** Stops the host processes (SIGTERM) and waits until each has exited. */
export async function stopHosts(hosts: readonly Listening[]): Promise<void> {
  for (const h of hosts) h.child.kill('SIGTERM');
  await Promise.all(hosts.map((h) => new Promise((r) => (h.child.exitCode === null ? h.child.once('exit', r) : r(null)))));
}

/** The peak resident memory of process `pid` (MiB). */
export function peakOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** A client process (test/bench/server-clients.ts) and its messages. */
export interface ClientProcess {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  readonly done: Promise<ClientReport>;
  progress: { actions: number; over: number };
}

/**
 * Starts a client process for `matches`; each client waits about `thinkMs` (0.5–1.5×) before each
 * move, and chooses it with `bot` (`'heuristic'` or `'random'`). A `nice` above 0 lowers the
 * process's scheduling priority (as `nice -n`), so that on a machine the host shares with its
 * clients the host has the CPU first, as it would on a machine of its own.
 */
export function startClients(
  matches: ClientMatch[],
  thinkMs = 0,
  nodeArgs: readonly string[] = [],
  bot = 'heuristic',
  nice = 0,
): ClientProcess {
  const child = fork(CLIENTS, [], { execArgv: [...nodeArgs, '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  if (nice !== 0 && child.pid !== undefined) setPriority(child.pid, nice);
  let readyDone: () => void = () => undefined;
  let reportDone: (r: ClientReport) => void = () => undefined;
  const p: ClientProcess = {
    child,
    ready: new Promise<void>((r) => {
      readyDone = r;
    }),
    done: new Promise<ClientReport>((r) => {
      reportDone = r;
    }),
    progress: { actions: 0, over: 0 },
  };
  child.on('message', (m: { type: string } & Record<string, unknown>) => {
    if (m.type === 'ready') readyDone();
    else if (m.type === 'progress') p.progress = { actions: m.actions as number, over: m.over as number };
    else if (m.type === 'done') reportDone(m as unknown as ClientReport);
  });
  child.on('exit', (code) => {
    if (code !== 0) console.error(`a client process exited with ${code}`);
  });
  child.send({ type: 'play', matches, thinkMs, bot });
  return p;
}

/** A match set up for the clients, with the creator's token (to read its log). */
export type BenchMatch = ClientMatch & { readonly creatorToken: string; readonly base: string };

/**
 * Creates `count` matches of `players` seats over HTTP (match m on host m mod N) and joins every
 * seat; seat p of match m talks to host (m + p) mod N, so with several hosts every update crosses hosts.
 */
export async function setUpMatches(hosts: readonly Listening[], count: number, players: number, seed: string): Promise<BenchMatch[]> {
  const matches: BenchMatch[] = [];
  for (let m = 0; m < count; m++) {
    const base = `http://127.0.0.1:${hosts[m % hosts.length]?.port}`;
    const matchSeed = `bench-${seed}-${m}`;
    const { match, creatorToken } = await createMatch(base, { visibility: 'public', players: players as 2 | 3 | 4 | 5, seed: matchSeed });
    const tokens: string[] = [];
    for (let p = 0; p < players; p++) tokens.push((await joinMatch(base, match.id, { name: `bot ${p}`, seat: p })).token);
    const ports = tokens.map((_, p) => hosts[(m + p) % hosts.length]?.port as number);
    matches.push({ id: match.id, seed: matchSeed, tokens, ports, creatorToken, base });
  }
  return matches;
}

/** Hands the matches out to `procs` client processes (round robin) and waits until every client has its first view. */
export async function startClientProcesses(
  matches: readonly BenchMatch[],
  procs: number,
  thinkMs = 0,
  nodeArgs: readonly string[] = [],
  bot = 'heuristic',
  nice = 0,
): Promise<ClientProcess[]> {
  const started: ClientProcess[] = [];
  for (let i = 0; i < procs; i++) {
    const share = matches.filter((_, m) => m % procs === i).map(({ creatorToken: _, base: __, ...rest }) => rest);
    started.push(startClients(share, thinkMs, nodeArgs, bot, nice));
  }
  await Promise.all(started.map((p) => p.ready));
  return started;
}

/** How many clients hold, at the end, a view (and seq) other than their match's log replays to (or reported none). */
export async function replayMismatches(matches: readonly BenchMatch[], players: number, reports: readonly ClientReport[]): Promise<number> {
  const finals: Record<string, string[]> = {};
  for (const r of reports) for (const [id, views] of Object.entries(r.finals)) finals[id] = [...(finals[id] ?? []), ...views];
  let mismatches = 0;
  for (const record of matches) {
    const res = await fetch(`${record.base}/api/matches/${record.id}/log`, { headers: { authorization: `Bearer ${record.creatorToken}` } });
    const log = (await res.json()) as { actions: { action: Action }[] };
    const state = replay(
      { players: players as 2 | 3 | 4 | 5, seed: record.seed },
      log.actions.map((e) => e.action),
    );
    const seen = finals[record.id] ?? [];
    for (let p = 0; p < players; p++) if (seen[p] !== `${log.actions.length}:${viewDigest(view(state, p))}`) mismatches++;
  }
  return mismatches;
}

/** The value after `--name` on the command line, or `fallback`. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? (process.argv[i + 1] as string) : fallback;
}

/** The Node flags of `--host-args "…"` for the host processes (`--cpu-prof --cpu-prof-dir=DIR` profiles them); none without it. */
export function hostArgs(): string[] {
  return arg('host-args', '')
    .split(' ')
    .filter((a) => a !== '');
}

/**
 * The client processes' scheduling priority from `--client-nice N` (0 to 19, as `nice -n`; 0 without
 * it): above 0 the host, which shares the machine with them, has the CPU first. Exits 2 on any other value.
 */
export function clientNice(): number {
  const nice = Number(arg('client-nice', '0'));
  if (Number.isInteger(nice) && nice >= 0 && nice <= 19) return nice;
  console.error('--client-nice is an integer from 0 to 19');
  process.exit(2);
}

/** The errors line (with up to five samples) and the replay line of a run's summary. */
export function outcome(
  errors: number,
  reports: readonly ClientReport[],
  mismatches: number,
  matches: number,
): { errors: string; replay: string } {
  const samples = reports.flatMap((r) => r.errorSamples).slice(0, 5);
  return {
    errors: `${errors}${errors > 0 ? ` (${samples.join('; ')})` : ''}`,
    replay:
      mismatches === 0
        ? `all ${matches} logs replay to the view (and seq) every client holds`
        : `${mismatches} client(s) hold a view their log does not replay to`,
  };
}

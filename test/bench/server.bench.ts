/**
 * `npm run bench:server`: the match host under load, on loopback. Starts the host in its own
 * process (`--hosts N` processes on one shared store), creates `--matches` matches of
 * `--players` seats, and plays them all at once with one WebSocket client per seat, each a
 * heuristic bot choosing from its own view. The clients run in `--client-procs` processes of
 * their own (default 2; test/bench/server-clients.ts), so the host's figures are the host's.
 * Prints actions per second, the latency from sending an action to receiving its update (p50,
 * p99, max), the host's CPU time per action (`process.cpuUsage` in the host process, over the
 * play), the bytes of an update frame as a client receives it (mean, p99), the host's resident
 * memory, the load average, and checks that every match's log replays to the final score its
 * clients saw. Numbers, not a pass/fail test.
 *
 *   npm run bench:server -- [--matches 200] [--players 4] [--hosts 1] [--store file|memory|postgres] [--seed 1] [--client-procs 2]
 *
 * With `--hosts 2` (or more) the store is PostgreSQL: the database of `--where URL`, else of
 * `FTK_PG_URL`, else a throwaway cluster this script starts (test/helpers/postgres.sh) and stops.
 * Each run gets a fresh database, dropped at the end. `--hosts 1 --store postgres` is the
 * one-host figure on the same database, to compare with. Other stores plug in through
 * test/server/fixtures/host-process.ts (its first argument is the store kind, its second where
 * the store lives). `--json FILE` also writes the figures as JSON; `--host-args "…"` passes Node
 * flags to the host processes (`--host-args "--cpu-prof --cpu-prof-dir=/tmp/prof"` profiles them).
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createMatch, joinMatch } from '../../src/client/index.js';
import { type Action, replay, score } from '../../src/index.js';
import { type Listening, spawnListening } from '../helpers/process.js';
import type { ClientMatch, ClientReport } from './server-clients.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? (process.argv[i + 1] as string) : fallback;
}

const MATCHES = Number(arg('matches', '200'));
const PLAYERS = Number(arg('players', '4'));
const HOSTS = Number(arg('hosts', '1'));
const STORE = arg('store', HOSTS > 1 ? 'postgres' : 'file');
const SEED = arg('seed', '1');
const WHERE = arg('where', '');
const CLIENT_PROCS = Number(arg('client-procs', '2'));
const JSON_OUT = arg('json', '');
const HOST_ARGS = arg('host-args', '');

if (HOSTS > 1 && (STORE === 'file' || STORE === 'memory')) {
  console.error(`--hosts ${HOSTS} needs a store that several processes share (the ${STORE} store belongs to one process)`);
  process.exit(2);
}

const FIXTURE = join(import.meta.dirname, '..', 'server', 'fixtures', 'host-process.ts');
const CLIENTS = join(import.meta.dirname, 'server-clients.ts');
const CLUSTER = join(import.meta.dirname, '..', 'helpers', 'postgres.sh');

/** A fresh database for the run (on a throwaway cluster when no URL is given), and how to remove it. */
async function postgresDatabase(): Promise<{ url: string; done: () => Promise<void> }> {
  let admin = WHERE || process.env.FTK_PG_URL || '';
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
    done: async () => {
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      if (clusterDir !== '') spawnSync('bash', [CLUSTER, 'stop', clusterDir], { stdio: 'inherit' });
    },
  };
}

function startHost(where: string): Promise<Listening> {
  const extra = HOST_ARGS === '' ? [] : HOST_ARGS.split(' ');
  return spawnListening([...extra, '--import', 'tsx', FIXTURE, STORE, where, '0'], /listening (\d+)/, { stderr: 'inherit', ipc: true });
}

/** The host's CPU time (µs), resident memory and open connections, asked over its IPC channel. */
interface HostStats {
  readonly cpuMicros: number;
  readonly userMicros: number;
  readonly rss: number;
  readonly connections: number;
}

function hostStats(h: Listening): Promise<HostStats> {
  return new Promise((resolve) => {
    const on = (m: { type?: string } & HostStats): void => {
      if (m?.type !== 'stats') return;
      h.child.off('message', on);
      resolve(m);
    };
    h.child.on('message', on);
    h.child.send('stats');
  });
}

function peakOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** A client process (test/bench/server-clients.ts) and its messages. */
interface ClientProcess {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  readonly done: Promise<ClientReport>;
  progress: { actions: number; over: number };
}

function startClients(matches: ClientMatch[]): ClientProcess {
  const child = fork(CLIENTS, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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
  child.send({ type: 'play', matches });
  return p;
}

async function main(): Promise<void> {
  const database = STORE === 'postgres' ? await postgresDatabase() : null;
  const dir = database !== null ? database.url : WHERE === '' ? mkdtempSync(join(tmpdir(), 'ftk-bench-server-')) : WHERE;
  const hosts: Listening[] = [];
  for (let h = 0; h < HOSTS; h++) hosts.push(await startHost(dir));
  const bases = hosts.map((h) => `http://127.0.0.1:${h.port}`);
  const load0 = loadavg();
  console.log(
    `bench:server: ${MATCHES} matches × ${PLAYERS} WebSocket clients (heuristic bots) in ${CLIENT_PROCS} client process(es), ${HOSTS} host process(es), store ${STORE}, seed ${SEED}`,
  );
  console.log(
    `machine:            ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}, load average ${load0.map((x) => x.toFixed(2)).join(' ')}`,
  );

  // Create and join everything first, then connect all clients, then play.
  const matches: (ClientMatch & { creatorToken: string })[] = [];
  for (let m = 0; m < MATCHES; m++) {
    const base = bases[m % bases.length] as string;
    const seed = `bench-${SEED}-${m}`;
    const { match, creatorToken } = await createMatch(base, { players: PLAYERS as 2 | 3 | 4 | 5, seed });
    const tokens: string[] = [];
    for (let p = 0; p < PLAYERS; p++) tokens.push((await joinMatch(base, match.id, { name: `bot ${p}`, seat: p })).token);
    // Seat p of match m talks to host (m + p) mod N: with several hosts, every update crosses hosts.
    const ports = tokens.map((_, p) => hosts[(m + p) % hosts.length]?.port as number);
    matches.push({ id: match.id, seed, tokens, ports, creatorToken });
  }
  const procs: ClientProcess[] = [];
  for (let i = 0; i < CLIENT_PROCS; i++) {
    const share = matches.filter((_, m) => m % CLIENT_PROCS === i).map(({ creatorToken: _, ...rest }) => rest);
    procs.push(startClients(share));
  }
  await Promise.all(procs.map((p) => p.ready));

  const before = await Promise.all(hosts.map(hostStats));
  const start = performance.now();
  for (const p of procs) p.child.send({ type: 'go' });
  let last = performance.now();
  const progress = setInterval(() => {
    const now = performance.now();
    if (now - last > 5000) {
      last = now;
      const actions = procs.reduce((n, p) => n + p.progress.actions, 0);
      const over = procs.reduce((n, p) => n + p.progress.over, 0);
      process.stderr.write(`  … ${actions} actions, ${over}/${MATCHES * PLAYERS} clients at the end\n`);
    }
  }, 1000);
  const reports = await Promise.all(procs.map((p) => p.done));
  const seconds = (performance.now() - start) / 1000;
  clearInterval(progress);
  const after = await Promise.all(hosts.map(hostStats));
  const peaks = hosts.map((h) => peakOf(h.child.pid as number));
  const load1 = loadavg();

  const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const bytes = reports.flatMap((r) => r.updateBytes).sort((a, b) => a - b);
  const actions = reports.reduce((n, r) => n + r.actions, 0);
  const errors = reports.reduce((n, r) => n + r.errors, 0);
  const finals: Record<string, string[]> = {};
  for (const r of reports) for (const [id, scores] of Object.entries(r.finals)) finals[id] = [...(finals[id] ?? []), ...scores];
  const cpuMicros = after.reduce((n, a, i) => n + a.cpuMicros - (before[i]?.cpuMicros ?? 0), 0);
  const userMicros = after.reduce((n, a, i) => n + a.userMicros - (before[i]?.userMicros ?? 0), 0);

  // Every match's log replays to the score its clients saw.
  let mismatches = 0;
  for (const [m, record] of matches.entries()) {
    const base = bases[m % bases.length] as string;
    const res = await fetch(`${base}/api/matches/${record.id}/log`, { headers: { authorization: `Bearer ${record.creatorToken}` } });
    const log = (await res.json()) as { actions: { action: Action }[] };
    const final = JSON.stringify(
      score(
        replay(
          { players: PLAYERS as 2 | 3 | 4 | 5, seed: record.seed },
          log.actions.map((e) => e.action),
        ),
      ),
    );
    const seen = finals[record.id] ?? [];
    if (seen.length !== PLAYERS) mismatches += PLAYERS - seen.length;
    for (const s of seen) if (s !== final) mismatches++;
  }
  for (const p of procs) p.child.send({ type: 'close' });
  for (const h of hosts) h.child.kill('SIGTERM');
  if (database !== null) {
    await Promise.all(hosts.map((h) => new Promise((r) => (h.child.exitCode === null ? h.child.once('exit', r) : r(null)))));
    await database.done();
  } else if (WHERE === '') rmSync(dir, { recursive: true, force: true });

  const f = (x: number): string => x.toFixed(1);
  const meanBytes = bytes.reduce((n, b) => n + b, 0) / Math.max(1, bytes.length);
  const figures = {
    matches: MATCHES,
    players: PLAYERS,
    hosts: HOSTS,
    store: STORE,
    clientProcesses: CLIENT_PROCS,
    actions,
    seconds,
    actionsPerSecond: actions / seconds,
    latencyMs: { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: latencies[latencies.length - 1] ?? Number.NaN },
    hostCpuMicrosPerAction: cpuMicros / Math.max(1, actions),
    hostUserMicrosPerAction: userMicros / Math.max(1, actions),
    updateBytes: { mean: meanBytes, p99: quantile(bytes, 0.99), count: bytes.length },
    hostMemoryMiB: after.map((a, i) => ({ rss: a.rss / 2 ** 20, peak: peaks[i] })),
    errors,
    mismatches,
    load: { before: load0, after: load1 },
  };
  console.log(`actions:            ${actions} in ${seconds.toFixed(1)} s = ${(actions / seconds).toFixed(0)} actions/s`);
  console.log(
    `latency (send → its update): p50 ${f(figures.latencyMs.p50)} ms, p99 ${f(figures.latencyMs.p99)} ms, max ${f(figures.latencyMs.max)} ms (${latencies.length} samples)`,
  );
  console.log(
    `host CPU per action: ${f(figures.hostCpuMicrosPerAction)} µs (${f(figures.hostUserMicrosPerAction)} user + ${f(figures.hostCpuMicrosPerAction - figures.hostUserMicrosPerAction)} system; all hosts, over the play)`,
  );
  console.log(`bytes per update:   mean ${meanBytes.toFixed(0)}, p99 ${quantile(bytes, 0.99)} (${bytes.length} update frames)`);
  for (const [i, m] of figures.hostMemoryMiB.entries())
    console.log(`host ${i} memory:      ${m.rss.toFixed(0)} MiB resident at the end, ${(m.peak ?? 0).toFixed(0)} MiB peak`);
  console.log(
    `errors:             ${errors}${
      errors > 0
        ? ` (${reports
            .flatMap((r) => r.errorSamples)
            .slice(0, 5)
            .join('; ')})`
        : ''
    }`,
  );
  console.log(
    `replay check:       ${mismatches === 0 ? `all ${MATCHES} logs replay to the score every client saw` : `${mismatches} client(s) saw a score their log does not replay to`}`,
  );
  console.log(`load average:       ${load1.map((x) => x.toFixed(2)).join(' ')} at the end`);
  if (JSON_OUT !== '') writeFileSync(JSON_OUT, `${JSON.stringify(figures, null, 2)}\n`);
  process.exit(errors === 0 && mismatches === 0 ? 0 : 1);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

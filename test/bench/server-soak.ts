/**
 * `npm run soak:server`: the match host under a long, steady load, outside CI. One host process
 * on the file store (or `--store memory|postgres`), `--matches` matches of `--players` seats, one
 * WebSocket client per seat in `--client-procs` processes of their own, all connected for the
 * whole soak. Each client waits about `--think` ms (0.5–1.5×) before each move, so every match is
 * in play for about `--minutes` (the default think time is set from it); at `--minutes` the
 * clients stop moving, and a match still in play stops mid-game. Every `--sample` seconds it
 * prints the host's resident memory, CPU and open connections; at the end, the actions, the
 * latency from send to update, the errors, whether memory stayed flat after warm-up (the first
 * fifth of the soak), and that every match's log replays to the view (and seq) each of its
 * clients holds.
 *
 *   npm run soak:server -- [--matches 1000] [--players 4] [--minutes 10] [--think MS] [--store file] [--client-procs 2] [--sample 30] [--json FILE]
 *
 * Exits 1 on any error or replay mismatch. Numbers, not a pass/fail test of speed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  arg,
  hostStats,
  outcome,
  peakOf,
  quantile,
  replayMismatches,
  setUpMatches,
  startClientProcesses,
  startHost,
} from './server-harness.js';

/** About how many actions a game of four heuristic bots takes (measured with bench:server), to set the think time. */
const ACTIONS_PER_MATCH = 250;

const MATCHES = Number(arg('matches', '1000'));
const PLAYERS = Number(arg('players', '4'));
const MINUTES = Number(arg('minutes', '10'));
const THINK = Number(arg('think', String(Math.round((MINUTES * 60_000) / ACTIONS_PER_MATCH))));
const STORE = arg('store', 'file');
const CLIENT_PROCS = Number(arg('client-procs', '2'));
const SAMPLE_S = Number(arg('sample', '30'));
const JSON_OUT = arg('json', '');
const SEED = arg('seed', 'soak');
const CLUSTER = join(import.meta.dirname, '..', 'helpers', 'postgres.sh');

interface Sample {
  readonly atS: number;
  readonly rssMiB: number;
  readonly cpuMicros: number;
  readonly connections: number;
  readonly actions: number;
}

async function main(): Promise<void> {
  let where = '';
  let cluster = '';
  if (STORE === 'postgres') {
    const started = spawnSync('bash', [CLUSTER, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const m = /FTK_PG_URL=(\S+) FTK_PG_DIR=(\S+)/.exec(started.stdout ?? '');
    if (started.status !== 0 || m === null) throw new Error('could not start a PostgreSQL cluster (test/helpers/postgres.sh start)');
    where = m[1] as string;
    cluster = m[2] as string;
  } else if (STORE === 'file') where = mkdtempSync(join(tmpdir(), 'ftk-soak-'));
  else where = '-';
  const host = await startHost(STORE, where);
  console.log(
    `soak:server: ${MATCHES} matches × ${PLAYERS} WebSocket clients for about ${MINUTES} min (think ${THINK} ms), ${CLIENT_PROCS} client process(es), 1 host, store ${STORE}`,
  );
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}, load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const setUpAt = performance.now();
  const matches = await setUpMatches([host], MATCHES, PLAYERS, SEED);
  const procs = await startClientProcesses(matches, CLIENT_PROCS, THINK);
  console.log(`set up and connected in ${((performance.now() - setUpAt) / 1000).toFixed(1)} s`);

  const start = performance.now();
  const first = await hostStats(host);
  for (const p of procs) p.child.send({ type: 'go' });
  const samples: Sample[] = [];
  const sample = async (): Promise<void> => {
    const s = await hostStats(host);
    const actions = procs.reduce((n, p) => n + p.progress.actions, 0);
    const over = procs.reduce((n, p) => n + p.progress.over, 0);
    const atS = (performance.now() - start) / 1000;
    const last = samples[samples.length - 1];
    samples.push({ atS, rssMiB: s.rss / 2 ** 20, cpuMicros: s.cpuMicros - first.cpuMicros, connections: s.connections, actions });
    const rate = last === undefined ? actions / atS : (actions - last.actions) / (atS - last.atS);
    console.log(
      `  ${atS.toFixed(0).padStart(5)} s: ${(s.rss / 2 ** 20).toFixed(0)} MiB resident, ${s.connections} connections, ${actions} actions (${rate.toFixed(0)}/s), ${over}/${MATCHES * PLAYERS} clients at the end, load ${loadavg()[0]?.toFixed(2)}`,
    );
  };
  const timer = setInterval(() => void sample(), SAMPLE_S * 1000);
  // At the end of the soak the clients stop moving (a match still in play stops mid-game).
  const stop = setTimeout(() => {
    for (const p of procs) p.child.send({ type: 'stop' });
  }, MINUTES * 60_000);
  const reports = await Promise.all(procs.map((p) => p.done));
  clearTimeout(stop);
  // Keep every socket open for the whole soak even if the matches ended sooner.
  const left = MINUTES * 60_000 - (performance.now() - start);
  if (left > 0) await new Promise((r) => setTimeout(r, left));
  clearInterval(timer);
  await sample();
  const seconds = (performance.now() - start) / 1000;
  const peak = peakOf(host.child.pid as number);

  const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const actions = reports.reduce((n, r) => n + r.actions, 0);
  const errors = reports.reduce((n, r) => n + r.errors, 0);
  const mismatches = await replayMismatches(matches, PLAYERS, reports);
  for (const p of procs) p.child.send({ type: 'close' });
  host.child.kill('SIGTERM');
  await new Promise((r) => (host.child.exitCode === null ? host.child.once('exit', r) : r(null)));
  if (STORE === 'file') rmSync(where, { recursive: true, force: true });
  if (cluster !== '') spawnSync('bash', [CLUSTER, 'stop', cluster], { stdio: 'inherit' });

  // Memory after warm-up: the first sample past a fifth of the soak, against the highest later one.
  const warm = samples.find((s) => s.atS >= seconds / 5) ?? samples[0];
  const laterMax = Math.max(...samples.filter((s) => warm !== undefined && s.atS >= warm.atS).map((s) => s.rssMiB));
  const end = samples[samples.length - 1];
  const figures = {
    matches: MATCHES,
    players: PLAYERS,
    store: STORE,
    thinkMs: THINK,
    seconds,
    actions,
    actionsPerSecond: actions / seconds,
    latencyMs: { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: latencies[latencies.length - 1] ?? Number.NaN },
    hostCpuMicrosPerAction: (end?.cpuMicros ?? 0) / Math.max(1, actions),
    maxConnections: Math.max(...samples.map((s) => s.connections)),
    memoryMiB: { afterWarmUp: warm?.rssMiB, highestAfter: laterMax, end: end?.rssMiB, peak },
    errors,
    mismatches,
    samples,
    load: loadavg(),
  };
  const f = (x: number | undefined): string => (x ?? Number.NaN).toFixed(1);
  console.log(`actions:     ${actions} in ${seconds.toFixed(0)} s = ${figures.actionsPerSecond.toFixed(0)} actions/s`);
  console.log(`latency:     p50 ${f(figures.latencyMs.p50)} ms, p99 ${f(figures.latencyMs.p99)} ms, max ${f(figures.latencyMs.max)} ms`);
  console.log(`host CPU:    ${f(figures.hostCpuMicrosPerAction)} µs per action; at most ${figures.maxConnections} connections`);
  console.log(
    `memory:      ${f(warm?.rssMiB)} MiB after warm-up (${f(warm?.atS)} s), at most ${f(laterMax)} MiB after, ${f(end?.rssMiB)} MiB at the end, ${f(peak)} MiB peak`,
  );
  const said = outcome(errors, reports, mismatches, MATCHES);
  console.log(`errors:      ${said.errors}`);
  console.log(`replay:      ${said.replay}`);
  console.log(`load:        ${figures.load.map((x) => x.toFixed(2)).join(' ')} at the end`);
  if (JSON_OUT !== '') writeFileSync(JSON_OUT, `${JSON.stringify(figures, null, 2)}\n`);
  process.exit(errors === 0 && mismatches === 0 ? 0 : 1);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

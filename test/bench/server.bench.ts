/**
 * `npm run bench:server`: the match host under load, on loopback. Starts the host in its own
 * process (`--hosts N` processes on one shared store), creates `--matches` matches of
 * `--players` seats, and plays them all at once with one WebSocket client per seat, each a
 * heuristic bot choosing from its own view. The clients run in `--client-procs` processes of
 * their own (default 2; test/bench/server-clients.ts), so the host's figures are the host's.
 * Prints actions per second, the latency from sending an action to receiving its update (p50,
 * p99, max), the host's CPU time per action (`process.cpuUsage` in the host process, over the
 * play) and the client processes' CPU time per action (and, on a throwaway PostgreSQL cluster, the
 * cluster's processes' CPU time per action, from `/proc`), the bytes of an update frame as a client receives it (mean, p99), the host's resident
 * memory, the load average, and checks that every match's log replays to the view (and seq) each of its
 * clients holds at the end. Numbers, not a pass/fail test.
 *
 *   npm run bench:server -- [--matches 200] [--players 4] [--hosts 1] [--store file|memory|postgres] [--seed 1] [--client-procs 2] [--think 0] [--bot heuristic|random]
 *                           [--warmup 5] [--client-nice 0]
 *
 * With `--hosts 2` (or more) the store is PostgreSQL: the database of `--where URL`, else of
 * `FTK_PG_URL`, else a throwaway cluster this script starts (test/helpers/postgres.sh) and stops.
 * Each run gets a fresh database, dropped at the end. `--hosts 1 --store postgres` is the
 * one-host figure on the same database, to compare with. Other stores plug in through
 * test/server/fixtures/host-process.ts (its first argument is the store kind, its second where
 * the store lives). `--json FILE` also writes the figures as JSON; `--host-args "…"` passes Node
 * flags to the host processes (`--host-args "--cpu-prof --cpu-prof-dir=/tmp/prof"` profiles them),
 * `--client-args "…"` to the client processes. `--host-bundle` runs the hosts from one bundle of
 * their sources made with tsup (as the published build is), under plain Node, instead of the
 * sources through tsx. `--host-runtime bun` runs the hosts under the Bun of the devDependencies
 * instead of Node (the same sources, or the same bundle; Bun brings its own `ws`).
 *
 * By default every client answers its update at once (a closed loop: the host is kept saturated
 * and the latency is mostly queueing, by Little's law matches / throughput). `--think MS` makes
 * each client wait 0.5–1.5 × MS before each move, as people do: the load offered is then about
 * matches / (MS + latency) actions per second, and the latency is the host's service time at that
 * load.
 *
 * The latency is printed twice: over every action, and over the actions sent after the first
 * `--warmup` seconds of play (default 5). At the start every match makes its first moves at once,
 * on code the host and the clients have not compiled yet; the second figure is the host's steady
 * state. The hosts' CPU per action is printed twice in the same way: over the play, and from the
 * end of the warm-up (the actions then counted by the stores' appends), without most of V8's
 * compiling, which a host that runs for hours pays once. `--client-nice N` lowers the client processes' scheduling priority (as `nice -n N`), so
 * that the host, which shares the machine with them here, has the CPU first, as it would on a
 * machine of its own (the clients then wait for what the host leaves).
 *
 * `--bot random` has the clients choose uniformly among their legal actions instead of with the
 * heuristic bot (which takes a good share of the clients' CPU time: a person deciding costs the
 * host's machine nothing), to see what the host and the client library cost without it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Listening } from '../helpers/process.js';
import {
  arg,
  bundleHost,
  clientNice,
  type HostStats,
  hostArgs,
  hostRuntime,
  hostStats,
  machineLine,
  outcome,
  peakOf,
  postgresDatabase,
  quantile,
  replayMismatches,
  setUpMatches,
  startClientProcesses,
  startHost,
  stopHosts,
  storeCallRates,
} from './server-harness.js';

const MATCHES = Number(arg('matches', '200'));
const PLAYERS = Number(arg('players', '4'));
const HOSTS = Number(arg('hosts', '1'));
const STORE = arg('store', HOSTS > 1 ? 'postgres' : 'file');
const SEED = arg('seed', '1');
const WHERE = arg('where', '');
const CLIENT_PROCS = Number(arg('client-procs', '2'));
const JSON_OUT = arg('json', '');
const CLIENT_ARGS = arg('client-args', '');
const THINK_MS = Number(arg('think', '0'));
const BOT = arg('bot', 'heuristic');
const RUNTIME = hostRuntime();
const WARMUP_S = Number(arg('warmup', '5'));
const CLIENT_NICE = clientNice();

if (BOT !== 'heuristic' && BOT !== 'random') {
  console.error(`--bot is heuristic or random, not ${BOT}`);
  process.exit(2);
}

if (!(WARMUP_S >= 0)) {
  console.error('--warmup is a number of seconds, 0 or more');
  process.exit(2);
}

if (HOSTS > 1 && (STORE === 'file' || STORE === 'memory')) {
  console.error(`--hosts ${HOSTS} needs a store that several processes share (the ${STORE} store belongs to one process)`);
  process.exit(2);
}

async function main(): Promise<void> {
  const database = STORE === 'postgres' ? await postgresDatabase(WHERE || process.env.FTK_PG_URL || '') : null;
  const dir = database !== null ? database.url : WHERE === '' ? mkdtempSync(join(tmpdir(), 'ftk-bench-server-')) : WHERE;
  const hosts: Listening[] = [];
  const bundle = await bundleHost();
  for (let h = 0; h < HOSTS; h++) hosts.push(await startHost(STORE, dir, hostArgs(), bundle));
  const load0 = loadavg();
  console.log(
    `bench:server: ${MATCHES} matches × ${PLAYERS} WebSocket clients (${BOT} bots) in ${CLIENT_PROCS} client process(es), ${HOSTS} host process(es)${RUNTIME === 'bun' ? ' under Bun' : ''}${bundle !== null ? ` (a tsup bundle${RUNTIME === 'bun' ? '' : ' under plain Node'})` : ''}, store ${STORE}, seed ${SEED}${THINK_MS > 0 ? `, clients think ${THINK_MS} ms (0.5–1.5×) per move` : ', clients answer at once'}`,
  );
  console.log(`machine:            ${machineLine()}`);

  // Create and join everything first, then connect all clients, then play.
  const matches = await setUpMatches(hosts, MATCHES, PLAYERS, SEED);
  const procs = await startClientProcesses(
    matches,
    CLIENT_PROCS,
    THINK_MS,
    CLIENT_ARGS === '' ? [] : CLIENT_ARGS.split(' '),
    BOT,
    CLIENT_NICE,
  );

  const before = await Promise.all(hosts.map((h) => hostStats(h)));
  const database0 = database?.cpuMicros() ?? null;
  const start = performance.now();
  for (const p of procs) p.child.send({ type: 'go', warmupMs: WARMUP_S * 1000 });
  // The hosts' figures at the end of the warm-up, for their CPU per action after it.
  let warm: HostStats[] | null = null;
  const warmTimer = setTimeout(() => {
    void Promise.all(hosts.map((h) => hostStats(h))).then((stats) => {
      warm = stats;
    });
  }, WARMUP_S * 1000);
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
  clearTimeout(warmTimer);
  const after = await Promise.all(hosts.map((h) => hostStats(h)));
  const database1 = database?.cpuMicros() ?? null;
  const peaks = hosts.map((h) => peakOf(h.child.pid as number));
  const load1 = loadavg();

  const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const steady = reports.flatMap((r) => r.steadyLatencies).sort((a, b) => a - b);
  const bytes = reports.flatMap((r) => r.updateBytes).sort((a, b) => a - b);
  const actions = reports.reduce((n, r) => n + r.actions, 0);
  const errors = reports.reduce((n, r) => n + r.errors, 0);
  const { cpu: cpuMicros, user: userMicros } = hostCpuBetween(before, after);
  const clientMicros = reports.reduce((n, r) => n + r.cpuMicros, 0);
  // After the warm-up the actions are counted by the stores' appends (one per action).
  const sinceWarm = warm === null ? null : hostCpuBetween(warm, after);
  const steadyCpu =
    sinceWarm === null || sinceWarm.appends === 0
      ? null
      : { cpu: sinceWarm.cpu / sinceWarm.appends, user: sinceWarm.user / sinceWarm.appends, actions: sinceWarm.appends };

  // Every match's log replays to the view each of its clients holds.
  const mismatches = await replayMismatches(matches, PLAYERS, reports);
  for (const p of procs) p.child.send({ type: 'close' });
  await stopHosts(hosts);
  if (database !== null) await database.done();
  else if (WHERE === '') rmSync(dir, { recursive: true, force: true });

  const f = (x: number): string => x.toFixed(1);
  const meanBytes = bytes.reduce((n, b) => n + b, 0) / Math.max(1, bytes.length);
  const figures = {
    matches: MATCHES,
    players: PLAYERS,
    hosts: HOSTS,
    store: STORE,
    clientProcesses: CLIENT_PROCS,
    bot: BOT,
    actions,
    seconds,
    actionsPerSecond: actions / seconds,
    latencyMs: { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: latencies[latencies.length - 1] ?? Number.NaN },
    warmupSeconds: WARMUP_S,
    afterWarmupLatencyMs: {
      p50: quantile(steady, 0.5),
      p99: quantile(steady, 0.99),
      max: steady[steady.length - 1] ?? Number.NaN,
      samples: steady.length,
    },
    clientNice: CLIENT_NICE,
    hostBundle: bundle !== null,
    hostRuntime: RUNTIME,
    hostCpuMicrosPerAction: cpuMicros / Math.max(1, actions),
    afterWarmupHostCpuMicrosPerAction: steadyCpu,
    hostUserMicrosPerAction: userMicros / Math.max(1, actions),
    clientCpuMicrosPerAction: clientMicros / Math.max(1, actions),
    databaseCpuMicrosPerAction: database0 === null || database1 === null ? null : (database1 - database0) / Math.max(1, actions),
    updateBytes: { mean: meanBytes, p99: quantile(bytes, 0.99), count: bytes.length },
    hostMemoryMiB: after.map((a, i) => ({ rss: a.rss / 2 ** 20, peak: peaks[i] })),
    storeCallsPerSecond: storeCallRates(before, after, seconds),
    errors,
    mismatches,
    load: { before: load0, after: load1 },
  };
  console.log(`actions:            ${actions} in ${seconds.toFixed(1)} s = ${(actions / seconds).toFixed(0)} actions/s`);
  console.log(
    `latency (send → its update): p50 ${f(figures.latencyMs.p50)} ms, p99 ${f(figures.latencyMs.p99)} ms, max ${f(figures.latencyMs.max)} ms (${latencies.length} samples)`,
  );
  const a = figures.afterWarmupLatencyMs;
  const nice = CLIENT_NICE !== 0 ? `; clients at nice ${CLIENT_NICE}` : '';
  // A run shorter than the warm-up has no sample after it: say so rather than print NaN.
  const afterWarmup =
    a.samples === 0 ? 'no action was sent after it' : `p50 ${f(a.p50)} ms, p99 ${f(a.p99)} ms, max ${f(a.max)} ms (${a.samples} samples)`;
  console.log(`  after ${WARMUP_S} s of warm-up: ${afterWarmup}${nice}`);
  console.log(
    `host CPU per action: ${f(figures.hostCpuMicrosPerAction)} µs (${f(figures.hostUserMicrosPerAction)} user + ${f(figures.hostCpuMicrosPerAction - figures.hostUserMicrosPerAction)} system; all hosts, over the play)`,
  );
  if (steadyCpu !== null)
    console.log(
      `  after ${WARMUP_S} s of warm-up: ${f(steadyCpu.cpu)} µs (${f(steadyCpu.user)} user + ${f(steadyCpu.cpu - steadyCpu.user)} system; over ${steadyCpu.actions} actions, counted by the hosts' appends)`,
    );
  console.log(
    `client CPU per action: ${f(figures.clientCpuMicrosPerAction)} µs (all ${CLIENT_PROCS} client processes: ${PLAYERS} sockets taking each update, the bots choosing)`,
  );
  if (figures.databaseCpuMicrosPerAction !== null)
    console.log(`database CPU per action: ${f(figures.databaseCpuMicrosPerAction)} µs (the throwaway cluster's processes)`);
  console.log(`bytes per update:   mean ${meanBytes.toFixed(0)}, p99 ${quantile(bytes, 0.99)} (${bytes.length} update frames)`);
  console.log(`store calls:        ${figures.storeCallsPerSecond} (all hosts, over the play)`);
  for (const [i, m] of figures.hostMemoryMiB.entries())
    console.log(`host ${i} memory:      ${m.rss.toFixed(0)} MiB resident at the end, ${(m.peak ?? 0).toFixed(0)} MiB peak`);
  const said = outcome(errors, reports, mismatches, MATCHES);
  console.log(`errors:             ${said.errors}`);
  console.log(`replay check:       ${said.replay}`);
  console.log(`load average:       ${load1.map((x) => x.toFixed(2)).join(' ')} at the end`);
  if (JSON_OUT !== '') writeFileSync(JSON_OUT, `${JSON.stringify(figures, null, 2)}\n`);
  process.exit(errors === 0 && mismatches === 0 ? 0 : 1);
}

/** The hosts' CPU and user time (µs) and their stores' appends from the figures `from` to `to`, all hosts together. */
function hostCpuBetween(from: readonly HostStats[], to: readonly HostStats[]): { cpu: number; user: number; appends: number } {
  let cpu = 0;
  let user = 0;
  let appends = 0;
  to.forEach((a, i) => {
    const b = from[i];
    if (b === undefined) return;
    cpu += a.cpuMicros - b.cpuMicros;
    user += a.userMicros - b.userMicros;
    appends += (a.storeCalls.append ?? 0) - (b.storeCalls.append ?? 0);
  });
  return { cpu, user, appends };
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

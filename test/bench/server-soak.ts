/**
 * `npm run soak:server`: the match host under a long, steady load, outside CI. One host process
 * on the file store (or `--store memory|postgres`), `--matches` matches of `--players` seats, one
 * WebSocket client per seat in `--client-procs` processes of their own, all connected for the
 * whole soak. Each client waits about `--think` ms (0.5–1.5×) before each move, so every match is
 * in play for about `--minutes` (the default think time is set from it); at `--minutes` the
 * clients stop moving, and a match still in play stops mid-game. Every `--sample` seconds it
 * prints the host's resident memory, its heap used after a garbage collection (the host runs with
 * `--expose-gc`: what is live, not what awaits collection), CPU and open connections; at the end,
 * the actions, the latency from send to update, the errors, whether memory stayed flat after
 * warm-up (the first fifth of the soak: the heap's growth per action after it), and that every
 * match's log replays to the view (and seq) each of its clients holds. Each sample also says how
 * late the host's event loop ran since the one before (p99, max) and how long its forced garbage
 * collection took; at the end the latency is given again without the actions that were in flight
 * during those collections (the measurement's pauses, not the host's), with how many actions took
 * over 50 ms. `--slow-out FILE` writes each of those (when sent, and how long) with the samples.
 * `--sample` longer than the soak forces no collection until the end.
 *
 *   npm run soak:server -- [--matches 1000] [--players 4] [--minutes 10] [--think MS] [--store file] [--client-procs 2] [--sample 30] [--json FILE]
 *                          [--host-args "NODE FLAGS"] [--slow-out FILE] [--client-nice N] [--host-bundle] [--host-runtime node|bun]
 *
 * `--client-nice N` lowers the client processes' scheduling priority (as `nice -n N`), so that the
 * host has the CPU first, as on a machine of its own (see `bench:server`). `--host-bundle` runs the
 * host from a tsup bundle of its sources under plain Node rather than through tsx (as `bench:server`);
 * `--host-runtime bun` runs it under Bun (as `bench:server`).
 *
 * Exits 1 on any error or replay mismatch. Numbers, not a pass/fail test of speed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  arg,
  bundleHost,
  clientNice,
  hostArgs,
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
/** Where to write every slow action (over 50 ms: when sent, wall clock, and its latency) and every sample, as JSON. */
const SLOW_OUT = arg('slow-out', '');
const CLIENT_NICE = clientNice();

interface Sample {
  readonly atS: number;
  readonly rssMiB: number;
  /** Heap used after a garbage collection. */
  readonly heapMiB: number;
  /** What V8 holds for its heap (used or not): it grows with the allocation rate and is given back slowly. */
  readonly heapTotalMiB: number;
  /** Resident memory outside V8's heap (`rss - heapTotal`): sockets' buffers, code, the allocator's own. */
  readonly outsideMiB: number;
  readonly cpuMicros: number;
  readonly connections: number;
  readonly actions: number;
  /** How late the host's event loop ran timers since the previous sample (ms). */
  readonly loopP99Ms: number;
  readonly loopMaxMs: number;
  /** When (wall clock) the sample's garbage collection started, and how long it took (ms). */
  readonly gcAt: number;
  readonly gcMs: number;
}

async function main(): Promise<void> {
  const database = STORE === 'postgres' ? await postgresDatabase(process.env.FTK_PG_URL ?? '') : null;
  const where = database !== null ? database.url : STORE === 'file' ? mkdtempSync(join(tmpdir(), 'ftk-soak-')) : '-';
  const host = await startHost(STORE, where, ['--expose-gc', ...hostArgs()], await bundleHost());
  console.log(
    `soak:server: ${MATCHES} matches × ${PLAYERS} WebSocket clients for about ${MINUTES} min (think ${THINK} ms), ${CLIENT_PROCS} client process(es)${CLIENT_NICE !== 0 ? ` at nice ${CLIENT_NICE}` : ''}, 1 host, store ${STORE}`,
  );
  console.log(`machine: ${machineLine()}`);
  const setUpAt = performance.now();
  const matches = await setUpMatches([host], MATCHES, PLAYERS, SEED);
  const procs = await startClientProcesses(matches, CLIENT_PROCS, THINK, [], 'heuristic', CLIENT_NICE);
  console.log(`set up and connected in ${((performance.now() - setUpAt) / 1000).toFixed(1)} s`);

  const start = performance.now();
  const first = await hostStats(host, true);
  const database0 = database?.cpuMicros() ?? null;
  console.log(`  start: ${(first.rss / 2 ** 20).toFixed(0)} MiB resident, ${(first.heapUsed / 2 ** 20).toFixed(1)} MiB heap used`);
  for (const p of procs) p.child.send({ type: 'go' });
  const samples: Sample[] = [];
  let latest = first;
  const sample = async (): Promise<void> => {
    const gcAt = Date.now();
    const s = await hostStats(host, true);
    latest = s;
    const actions = procs.reduce((n, p) => n + p.progress.actions, 0);
    const over = procs.reduce((n, p) => n + p.progress.over, 0);
    const atS = (performance.now() - start) / 1000;
    const last = samples[samples.length - 1];
    samples.push({
      atS,
      rssMiB: s.rss / 2 ** 20,
      heapMiB: s.heapUsed / 2 ** 20,
      heapTotalMiB: s.heapTotal / 2 ** 20,
      outsideMiB: (s.rss - s.heapTotal) / 2 ** 20,
      cpuMicros: s.cpuMicros - first.cpuMicros,
      connections: s.connections,
      actions,
      loopP99Ms: s.loopDelayMs.p99,
      loopMaxMs: s.loopDelayMs.max,
      gcAt,
      gcMs: s.gcMs,
    });
    const rate = last === undefined ? actions / atS : (actions - last.actions) / (atS - last.atS);
    console.log(
      `  ${atS.toFixed(0).padStart(5)} s: ${(s.rss / 2 ** 20).toFixed(0)} MiB resident, ${(s.heapUsed / 2 ** 20).toFixed(1)} MiB heap used (of ${(s.heapTotal / 2 ** 20).toFixed(0)} held), ${((s.rss - s.heapTotal) / 2 ** 20).toFixed(0)} MiB outside the heap (${(s.external / 2 ** 20).toFixed(1)} external), ${s.connections} connections, ${actions} actions (${rate.toFixed(0)}/s), ${over}/${MATCHES * PLAYERS} clients at the end; host event loop late by p99 ${s.loopDelayMs.p99.toFixed(0)} / max ${s.loopDelayMs.max.toFixed(0)} ms since the last sample, its GC for this sample ${s.gcMs.toFixed(0)} ms; load ${loadavg()[0]?.toFixed(2)}`,
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
  // The slow actions (over 50 ms) that were in flight while the host ran a sample's garbage
  // collection (the harness's, not the host's own): that part of the tail is the measurement's.
  const slow = reports.flatMap((r) => r.slow);
  const inGc = slow.filter(([at, ms]) => samples.some((g) => at <= g.gcAt + g.gcMs + 20 && at + ms >= g.gcAt));
  const duringGc = inGc.length;
  // The latencies without those actions: what the host gives when nothing stops it to be measured.
  const dropped = new Map<number, number>();
  for (const [, ms] of inGc) dropped.set(ms, (dropped.get(ms) ?? 0) + 1);
  const unmeasured = latencies.filter((ms) => {
    const n = dropped.get(ms) ?? 0;
    if (n === 0) return true;
    dropped.set(ms, n - 1);
    return false;
  });
  const clientLoop = {
    p99: Math.max(...reports.map((r) => r.loopDelayMs.p99)),
    max: Math.max(...reports.map((r) => r.loopDelayMs.max)),
  };
  if (SLOW_OUT !== '') writeFileSync(SLOW_OUT, `${JSON.stringify({ slow, samples })}\n`);
  const database1 = database?.cpuMicros() ?? null;
  const errors = reports.reduce((n, r) => n + r.errors, 0);
  const mismatches = await replayMismatches(matches, PLAYERS, reports);
  for (const p of procs) p.child.send({ type: 'close' });
  await stopHosts([host]);
  if (STORE === 'file') rmSync(where, { recursive: true, force: true });
  await database?.done();

  // Memory after warm-up: the first sample past a fifth of the soak, against the highest later one,
  // and the heap's growth per action from there to the end.
  const warm = samples.find((s) => s.atS >= seconds / 5) ?? samples[0];
  const after = samples.filter((s) => warm !== undefined && s.atS >= warm.atS);
  const laterMax = Math.max(...after.map((s) => s.rssMiB));
  const laterHeapMax = Math.max(...after.map((s) => s.heapMiB));
  const laterOutsideMax = Math.max(...after.map((s) => s.outsideMiB));
  const laterHeapTotalMax = Math.max(...after.map((s) => s.heapTotalMiB));
  const end = samples[samples.length - 1];
  const heapBytesPerAction =
    warm !== undefined && end !== undefined && end.actions > warm.actions
      ? ((end.heapMiB - warm.heapMiB) * 2 ** 20) / (end.actions - warm.actions)
      : Number.NaN;
  const figures = {
    matches: MATCHES,
    players: PLAYERS,
    store: STORE,
    thinkMs: THINK,
    clientNice: CLIENT_NICE,
    seconds,
    actions,
    actionsPerSecond: actions / seconds,
    latencyMs: { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: latencies[latencies.length - 1] ?? Number.NaN },
    slowActions: { over50Ms: slow.length, duringSampleGc: duringGc },
    latencyWithoutSampleGcMs: {
      p50: quantile(unmeasured, 0.5),
      p99: quantile(unmeasured, 0.99),
      max: unmeasured[unmeasured.length - 1] ?? Number.NaN,
    },
    clientLoopDelayMs: clientLoop,
    hostCpuMicrosPerAction: (end?.cpuMicros ?? 0) / Math.max(1, actions),
    databaseCpuMicrosPerAction: database0 === null || database1 === null ? null : (database1 - database0) / Math.max(1, actions),
    maxConnections: Math.max(...samples.map((s) => s.connections)),
    memoryMiB: { afterWarmUp: warm?.rssMiB, highestAfter: laterMax, end: end?.rssMiB, peak },
    heapMiB: { start: first.heapUsed / 2 ** 20, afterWarmUp: warm?.heapMiB, highestAfter: laterHeapMax, end: end?.heapMiB },
    heapBytesPerActionAfterWarmUp: heapBytesPerAction,
    outsideHeapMiB: { afterWarmUp: warm?.outsideMiB, highestAfter: laterOutsideMax, end: end?.outsideMiB },
    heapTotalMiB: { afterWarmUp: warm?.heapTotalMiB, highestAfter: laterHeapTotalMax, end: end?.heapTotalMiB },
    storeCallsPerSecond: storeCallRates([first], [latest], seconds),
    errors,
    mismatches,
    samples,
    load: loadavg(),
  };
  const f = (x: number | undefined): string => (x ?? Number.NaN).toFixed(1);
  const growth = Number.isNaN(heapBytesPerAction)
    ? 'no growth per action to tell (no sample after the warm-up one; a shorter --sample gives one)'
    : `${heapBytesPerAction.toFixed(0)} bytes per action after warm-up`;
  console.log(`actions:     ${actions} in ${seconds.toFixed(0)} s = ${figures.actionsPerSecond.toFixed(0)} actions/s`);
  console.log(`latency:     p50 ${f(figures.latencyMs.p50)} ms, p99 ${f(figures.latencyMs.p99)} ms, max ${f(figures.latencyMs.max)} ms`);
  console.log(
    `             without the ${duringGc} actions in flight during the samples' forced garbage collections: p50 ${f(figures.latencyWithoutSampleGcMs.p50)} ms, p99 ${f(figures.latencyWithoutSampleGcMs.p99)} ms, max ${f(figures.latencyWithoutSampleGcMs.max)} ms`,
  );
  console.log(
    `slow:        ${slow.length} actions over 50 ms (${((100 * slow.length) / Math.max(1, actions)).toFixed(2)}%), ${duringGc} of them in flight during a sample's forced garbage collection; the clients' event loops late by p99 ${clientLoop.p99.toFixed(0)} / max ${clientLoop.max.toFixed(0)} ms`,
  );
  console.log(`host CPU:    ${f(figures.hostCpuMicrosPerAction)} µs per action; at most ${figures.maxConnections} connections`);
  if (figures.databaseCpuMicrosPerAction !== null)
    console.log(`database CPU: ${f(figures.databaseCpuMicrosPerAction)} µs per action (the throwaway cluster's processes)`);
  console.log(`store calls: ${figures.storeCallsPerSecond}`);
  console.log(
    `memory:      ${f(warm?.rssMiB)} MiB resident after warm-up (${f(warm?.atS)} s), at most ${f(laterMax)} MiB after, ${f(end?.rssMiB)} MiB at the end, ${f(peak)} MiB peak`,
  );
  console.log(
    `heap used:   ${f(first.heapUsed / 2 ** 20)} MiB at the start, ${f(warm?.heapMiB)} MiB after warm-up, at most ${f(laterHeapMax)} MiB after, ${f(end?.heapMiB)} MiB at the end (after a GC each): ${growth}`,
  );
  console.log(
    `resident:    ${f(warm?.outsideMiB)} MiB outside V8's heap after warm-up, at most ${f(laterOutsideMax)} MiB after, ${f(end?.outsideMiB)} MiB at the end; V8's heap holds ${f(warm?.heapTotalMiB)} MiB after warm-up, at most ${f(laterHeapTotalMax)} MiB after (used or not; resident memory is about the two together)`,
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

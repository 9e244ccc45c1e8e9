/**
 * `npm run bench:server`: the match host under load, on loopback. Starts the host in its own
 * process (`--hosts N` processes on one shared store), creates `--matches` matches of
 * `--players` seats, and plays them all at once with one WebSocket client per seat, each a
 * heuristic bot choosing from its own view. Prints actions per second, the latency from sending
 * an action to receiving its update (p50, p99, max), the host's memory, and checks that every
 * match's log replays to the final score its clients saw. Numbers, not a pass/fail test.
 *
 *   npm run bench:server -- [--matches 200] [--players 4] [--hosts 1] [--store file|memory|postgres] [--seed 1]
 *
 * With `--hosts 2` (or more) the store is PostgreSQL: the database of `--where URL`, else of
 * `FTK_PG_URL`, else a throwaway cluster this script starts (test/helpers/postgres.sh) and stops.
 * Each run gets a fresh database, dropped at the end. `--hosts 1 --store postgres` is the
 * one-host figure on the same database, to compare with. Other stores plug in through
 * test/server/fixtures/host-process.ts (its first argument is the store kind, its second where
 * the store lives).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { WebSocket } from 'ws';
import { botRandom, heuristicBot } from '../../src/bots/index.js';
import { connectMatch, createMatch, joinMatch, type MatchClient } from '../../src/client/index.js';
import { type Action, replay, score } from '../../src/index.js';
import { type Listening, spawnListening } from '../helpers/process.js';

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

if (HOSTS > 1 && (STORE === 'file' || STORE === 'memory')) {
  console.error(`--hosts ${HOSTS} needs a store that several processes share (the ${STORE} store belongs to one process)`);
  process.exit(2);
}

const FIXTURE = join(import.meta.dirname, '..', 'server', 'fixtures', 'host-process.ts');
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
  return spawnListening(['--import', 'tsx', FIXTURE, STORE, where, '0'], /listening (\d+)/, { stderr: 'inherit' });
}

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string): number => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

async function main(): Promise<void> {
  const database = STORE === 'postgres' ? await postgresDatabase() : null;
  const dir = database !== null ? database.url : WHERE === '' ? mkdtempSync(join(tmpdir(), 'ftk-bench-server-')) : WHERE;
  const hosts = [];
  for (let h = 0; h < HOSTS; h++) hosts.push(await startHost(dir));
  const bases = hosts.map((h) => `http://127.0.0.1:${h.port}`);
  console.log(
    `bench:server: ${MATCHES} matches × ${PLAYERS} WebSocket clients (heuristic bots), ${HOSTS} host process(es), store ${STORE}, seed ${SEED}`,
  );

  const latencies: number[] = [];
  let errors = 0;
  let actions = 0;
  const finished: Promise<void>[] = [];
  const clients: MatchClient[] = [];
  const matches: { id: string; creatorToken: string; seed: string; tokens: string[]; clients: MatchClient[] }[] = [];

  // Create and join everything first, then connect all clients at once.
  for (let m = 0; m < MATCHES; m++) {
    const base = bases[m % bases.length] as string;
    const seed = `bench-${SEED}-${m}`;
    const { match, creatorToken } = await createMatch(base, { visibility: 'public', players: PLAYERS as 2 | 3 | 4 | 5, seed });
    const tokens: string[] = [];
    for (let p = 0; p < PLAYERS; p++) tokens.push((await joinMatch(base, match.id, { name: `bot ${p}`, seat: p })).token);
    matches.push({ id: match.id, creatorToken, seed, tokens, clients: [] });
  }

  const start = performance.now();
  for (const [m, record] of matches.entries()) {
    for (let p = 0; p < PLAYERS; p++) {
      // Seat p of match m talks to host (m + p) mod N: with several hosts, every update crosses hosts.
      const port = hosts[(m + p) % hosts.length]?.port as number;
      const client = connectMatch({
        url: `ws://127.0.0.1:${port}/ws`,
        match: record.id,
        token: record.tokens[p] as string,
        WebSocket: WebSocket as never,
      });
      record.clients.push(client);
      clients.push(client);
      const rng = botRandom(`${record.seed}:client:${p}`);
      let sentAt = 0;
      let sentSeq = -1;
      let busy = false;
      const move = (): void => {
        const v = client.view;
        if (busy || v === null || v.legal.length === 0 || client.status !== 'open') return;
        busy = true;
        const action = heuristicBot(v, rng);
        sentSeq = client.seq;
        sentAt = performance.now();
        client
          .send(action)
          .then(() => {
            actions++;
          })
          .catch(() => {
            errors++;
          })
          .finally(() => {
            busy = false;
            setImmediate(move);
          });
      };
      client.on('events', (u) => {
        if (u.seq === sentSeq + 1 && sentAt > 0) {
          latencies.push(performance.now() - sentAt);
          sentAt = 0;
        }
      });
      client.on('view', () => setImmediate(move));
      client.on('error', () => {
        errors++;
      });
      finished.push(
        new Promise<void>((resolve) => {
          const check = (): void => {
            if (client.view?.step === 'over') resolve();
          };
          client.on('view', check);
        }),
      );
    }
  }
  let last = performance.now();
  const progress = setInterval(() => {
    const now = performance.now();
    if (now - last > 5000) {
      last = now;
      const done = clients.filter((c) => c.view?.step === 'over').length;
      process.stderr.write(`  … ${actions} actions, ${done}/${clients.length} clients at the end\n`);
    }
  }, 1000);
  await Promise.all(finished);
  const seconds = (performance.now() - start) / 1000;
  clearInterval(progress);
  const mem = hosts.map((h) => memoryOf(h.child.pid as number));

  // Every match's log replays to the score its clients saw.
  let mismatches = 0;
  for (const [m, record] of matches.entries()) {
    const base = bases[m % bases.length] as string;
    const res = await fetch(`${base}/api/matches/${record.id}/log`, { headers: { authorization: `Bearer ${record.creatorToken}` } });
    const log = (await res.json()) as { actions: { action: Action }[] };
    const final = score(
      replay(
        { players: PLAYERS as 2 | 3 | 4 | 5, seed: record.seed },
        log.actions.map((e) => e.action),
      ),
    );
    for (const c of record.clients) if (JSON.stringify(c.view?.score) !== JSON.stringify(final)) mismatches++;
  }
  for (const c of clients) c.close();
  for (const h of hosts) h.child.kill('SIGTERM');
  if (database !== null) {
    await Promise.all(hosts.map((h) => new Promise((r) => (h.child.exitCode === null ? h.child.once('exit', r) : r(null)))));
    await database.done();
  } else if (WHERE === '') rmSync(dir, { recursive: true, force: true });

  latencies.sort((a, b) => a - b);
  const f = (x: number): string => x.toFixed(1);
  console.log(`actions:            ${actions} in ${seconds.toFixed(1)} s = ${(actions / seconds).toFixed(0)} actions/s`);
  console.log(
    `latency (send → its update): p50 ${f(quantile(latencies, 0.5))} ms, p99 ${f(quantile(latencies, 0.99))} ms, max ${f(latencies[latencies.length - 1] ?? Number.NaN)} ms (${latencies.length} samples)`,
  );
  for (const [i, m] of mem.entries())
    console.log(`host ${i} memory:      ${m.rss.toFixed(0)} MiB resident at the end, ${m.peak.toFixed(0)} MiB peak`);
  console.log(`errors:             ${errors}`);
  console.log(
    `replay check:       ${mismatches === 0 ? `all ${MATCHES} logs replay to the score every client saw` : `${mismatches} client(s) saw a score their log does not replay to`}`,
  );
  process.exit(errors === 0 && mismatches === 0 ? 0 : 1);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

// Health and metrics over real HTTP and WebSockets on loopback: liveness, readiness that follows
// the store (a store that fails its reads or writes, and a real PostgreSQL that refuses
// connections), and /metrics in the Prometheus text format with what the host did.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectMatch, createMatch, joinMatch } from '../../src/client/index.js';
import type { Action } from '../../src/index.js';
import { healthHandler } from '../../src/server/health.js';
import { ACK_BUCKETS } from '../../src/server/metrics.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { FileStore } from '../../src/server/store/file.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { createPostgresStore } from '../../src/server/store/postgres.js';
import type { Store } from '../../src/server/store/store.js';
import { describePg, freshDatabase } from '../helpers/pg.js';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

function get(url: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A parsed exposition: every sample by its full name with labels, checked against the format. */
function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const typed = new Map<string, string>();
  const helped = new Set<string>();
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.trimEnd().split('\n')) {
    const help = /^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) \S.*$/.exec(line);
    if (help) {
      helped.add(help[1] as string);
      continue;
    }
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      expect(typed.has(type[1] as string), `one TYPE line for ${type[1]}`).toBe(false);
      typed.set(type[1] as string, type[2] as string);
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (\S+)$/.exec(line);
    expect(m, `a sample line: ${line}`).not.toBeNull();
    const name = (m as RegExpExecArray)[1] as string;
    const family = name.replace(/_(bucket|sum|count)$/, '');
    expect(typed.has(name) || typed.get(family) === 'histogram', `${name} has a TYPE before its samples`).toBe(true);
    expect(helped.has(typed.has(name) ? name : family), `${name} has a HELP`).toBe(true);
    const value = (m as RegExpExecArray)[3] as string;
    const v = value === '+Inf' ? Number.POSITIVE_INFINITY : Number(value);
    expect(Number.isNaN(v), line).toBe(false);
    samples.set(`${name}${(m as RegExpExecArray)[2] ?? ''}`, v);
  }
  return samples;
}

async function until(cond: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A memory store whose reads or writes can be made to fail, as a disk or a database does. */
class FaultyStore extends MemoryStore {
  failReads = false;
  failWrites = false;
  /** Reads that never answer, as a database that is overloaded. */
  hangReads = false;
  /** The message of a failed read. */
  readError = 'read failed';
  override async getMatch(id: string) {
    if (this.failReads) throw new Error(this.readError);
    if (this.hangReads) await new Promise(() => undefined);
    return super.getMatch(id);
  }
  override async append(...args: Parameters<Store['append']>) {
    if (this.failWrites) throw new Error('write failed');
    return super.append(...args);
  }
  override async createMatch(...args: Parameters<Store['createMatch']>) {
    if (this.failWrites) throw new Error('write failed');
    return super.createMatch(...args);
  }
}

const running: { server: RunningServer; store: Store }[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) {
    await r.server.close();
    await r.store.close();
  }
});

/** A host on `store` is ready; once the store is closed under it, readiness says so (not that a read failed). */
async function expectClosedSaysSo(store: Store): Promise<void> {
  const server = await start(store);
  expect((await get(`${server.url}/health/ready`)).status).toBe(200);
  await store.close();
  const r = await get(`${server.url}/health/ready`);
  expect(r.status).toBe(503);
  expect(JSON.parse(r.body)).toEqual({ status: 'unavailable', reason: 'the store is closed' });
}

async function start(store: Store, metrics = true, log?: (message: string) => void): Promise<RunningServer> {
  const server = await startServer({ store, port: 0, pollMs: 20, ...(metrics ? { metricsPort: 0 } : {}), ...(log ? { log } : {}) });
  running.push({ server, store });
  return server;
}

describe('health', () => {
  it('/health is liveness, /health/ready readiness; both on the main port and the metrics port, HEAD too; no /metrics on the main port', async () => {
    const server = await start(new MemoryStore());
    const ops = server.metricsUrl as string;
    expect(ops).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ops).not.toBe(server.url);
    for (const base of [server.url, ops]) {
      const live = await get(`${base}/health`);
      expect(live.status).toBe(200);
      expect(JSON.parse(live.body)).toEqual({ status: 'ok' });
      expect(live.headers['cache-control']).toBe('no-store');
      const ready = await get(`${base}/health/ready`);
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });
      const head = await get(`${base}/health/ready`, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers['content-length']).toBe(ready.headers['content-length']);
      expect((await get(`${base}/health`, 'POST')).status).toBe(405);
    }
    expect((await get(`${server.url}/metrics`)).status).toBe(404);
    expect((await get(`${ops}/metrics`)).status).toBe(200);
    expect((await get(`${ops}/api/matches`)).status).toBe(404); // the metrics port serves nothing else
  });

  it('without a metrics port there is no second listener; /metrics is not served', async () => {
    const server = await start(new MemoryStore(), false);
    expect(server.metricsUrl).toBeNull();
    expect((await get(`${server.url}/metrics`)).status).toBe(404);
    expect((await get(`${server.url}/health/ready`)).status).toBe(200);
  });

  it('readiness is 503 while the store fails its reads, and ready again once it answers; errors are counted', async () => {
    const store = new FaultyStore();
    const server = await start(store);
    const ready = async (): Promise<{ status: number; body: { status: string; reason?: string } }> => {
      const r = await get(`${server.url}/health/ready`);
      return { status: r.status, body: JSON.parse(r.body) };
    };
    expect((await ready()).status).toBe(200);
    store.failReads = true;
    const down = await ready();
    expect(down.body).toEqual({ status: 'unavailable', reason: 'the store failed a read' });
    expect(down.status).toBe(503);
    expect((await get(`${server.url}/health`)).status).toBe(200); // alive all the same
    store.failReads = false;
    expect((await ready()).status).toBe(200);
    store.failWrites = true;
    await expect(createMatch(server.url, { visibility: 'public', seed: 'ops', players: 2 })).rejects.toMatchObject({ code: 'INTERNAL' });
    store.failWrites = false;
    const m = parseExposition((await get(`${server.metricsUrl}/metrics`)).body);
    expect(m.get('ftk_store_errors_total{operation="getMatch"}')).toBe(1);
    expect(m.get('ftk_store_errors_total{operation="createMatch"}')).toBe(1);
  });

  it("readiness never shows the store's error text (the answer is public): no connection URL, user or path from it", async () => {
    const store = new FaultyStore();
    const server = await start(store);
    store.failReads = true;
    store.readError = 'connect to postgres://ftk:s3cret@db.example:5432/ftk failed for user "ftk" at /srv/ftk/data';
    const r = await get(`${server.url}/health/ready`);
    expect(r.status).toBe(503);
    expect(JSON.parse(r.body)).toEqual({ status: 'unavailable', reason: 'the store failed a read' });
  });

  it("readiness logs why it says no, with the error's text (no password), once while it lasts on either port, and once ready again", async () => {
    const store = new FaultyStore();
    const lines: string[] = [];
    const server = await startServer({ store, port: 0, pollMs: 20, metricsPort: 0, log: (m) => lines.push(m) });
    running.push({ server, store });
    const told = () => lines.filter((l) => /^(not )?ready/.test(l));
    const probe = async (times: number, status: number) => {
      for (let i = 0; i < times; i++)
        for (const base of [server.url, server.metricsUrl as string]) expect((await get(`${base}/health/ready`)).status).toBe(status);
    };
    await probe(2, 200);
    expect(told()).toEqual([]);
    store.failReads = true;
    store.readError = 'connect to postgres://ftk:s3cret@db.example:5432/ftk?password=again failed';
    await probe(3, 503); // a probe every second: one line
    expect(told()).toEqual([
      'not ready: the store failed a read: Error: connect to postgres://ftk:***@db.example:5432/ftk?password=*** failed',
    ]);
    store.readError = 'connect ECONNREFUSED 127.0.0.1:5432';
    await probe(3, 503);
    expect(told()).toHaveLength(2);
    expect(told()[1]).toBe('not ready: the store failed a read: Error: connect ECONNREFUSED 127.0.0.1:5432');
    store.failReads = false;
    await probe(3, 200);
    expect(told()).toHaveLength(3);
    expect(told()[2]).toBe('ready again: the store answers reads');
    store.failReads = true;
    await probe(2, 503);
    expect(told()).toHaveLength(4);
    expect(lines.join('\n')).not.toMatch(/s3cret|again failed/);
  });

  it('readiness logs a read that did not answer in time once, and once ready again', async () => {
    const store = new FaultyStore();
    const lines: string[] = [];
    const health = healthHandler({ store, timeoutMs: 50, log: (m) => lines.push(m) });
    const server = createServer((req, res) => {
      if (!health(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health/ready`;
    try {
      store.hangReads = true;
      for (let i = 0; i < 3; i++) expect((await get(url)).status).toBe(503);
      expect(lines).toEqual(['not ready: the store did not answer within 50 ms']);
      store.hangReads = false;
      for (let i = 0; i < 3; i++) expect((await get(url)).status).toBe(200);
      expect(lines).toEqual(['not ready: the store did not answer within 50 ms', 'ready again: the store answers reads']);
    } finally {
      await new Promise((done) => server.close(done));
      await store.close();
    }
  });

  it('readiness says a closed store is closed, not that it failed a read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftk-ready-'));
    try {
      const store = await FileStore.open(dir);
      await expectClosedSaysSo(store);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the embedded store after a failed durable write (EIO): it refuses everything and the host is not ready; a restart recovers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftk-ready-'));
    try {
      const store = await FileStore.open(dir);
      const server = await start(store);
      const { match } = await createMatch(server.url, { visibility: 'public', seed: 'ops', players: 2 });
      expect((await get(`${server.url}/health/ready`)).status).toBe(200);
      // The disk fails the next flush, as a dying disk does (the one fault injected: no disk here
      // fails on demand). The journal's write is the durable step where it is open with O_DSYNC,
      // the fdatasync after it elsewhere: both fail.
      const handle = (store as unknown as { journal: { handle: { write: () => Promise<never>; datasync: () => Promise<never> } } }).journal
        .handle;
      const eio = (call: string) => () => Promise.reject(Object.assign(new Error(`EIO: i/o error, ${call}`), { code: 'EIO' }));
      handle.write = eio('write');
      handle.datasync = eio('fdatasync');
      await expect(joinMatch(server.url, match.id, { name: 'Ada' })).rejects.toMatchObject({ code: 'INTERNAL' });
      await expect(store.getMatch(match.id)).rejects.toThrow(/journal failed a write .*restart the process/);
      const r = await get(`${server.url}/health/ready`);
      expect(r.status).toBe(503);
      // Said as the store says it: it refuses reads because a write failed, not because a read did.
      expect(JSON.parse(r.body)).toEqual({
        status: 'unavailable',
        reason: "the store's journal failed a write: restart the process",
      });
      await server.close();
      running.splice(0);
      await store.close().catch(() => undefined);
      const again = await FileStore.open(dir); // the restart (the join's write failed: it is not there)
      expect((await again.getMatch(match.id))?.id).toBe(match.id);
      expect(await again.append(match.id, { seq: 1, action: { type: 'pass', player: 0 }, by: 'seat', at: 1 })).toBe(true);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('readiness is 503 from the moment the server starts closing', async () => {
    const store = new MemoryStore();
    const server = await startServer({ store, port: 0, metricsPort: 0 });
    const ops = server.metricsUrl as string;
    const closing = server.close();
    const r = await get(`${ops}/health/ready`).catch(() => null); // the listener may already be gone
    if (r !== null) expect(r.status).toBe(503);
    await closing;
    await store.close();
  });
});

describe('/metrics', () => {
  it('counts matches, sockets, actions by who made them, refusals, and the ack latency, in the Prometheus text format', async () => {
    const store = new MemoryStore();
    const server = await start(store);
    const scrape = async (): Promise<Map<string, number>> => {
      const r = await get(`${server.metricsUrl}/metrics`);
      expect(r.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      return parseExposition(r.body);
    };
    const before = await scrape();
    expect(before.get('ftk_matches{state="open"}')).toBe(0);
    expect(before.get('ftk_websocket_connections')).toBe(0);
    expect(before.get('ftk_actions_total{by="seat"}')).toBe(0);
    expect(before.get('ftk_action_ack_seconds_count')).toBe(0);
    expect(before.get('process_resident_memory_bytes')).toBeGreaterThan(0);

    const waiting = await createMatch(server.url, { visibility: 'public', seed: 'ops', players: 3 });
    const { match } = await createMatch(server.url, {
      visibility: 'public',
      seed: 'ops',
      players: 2,
      firstPlayer: 0,
      bots: [null, 'heuristic'],
    });
    const { token } = await joinMatch(server.url, match.id, { name: 'Ada' });
    expect((await scrape()).get('ftk_matches{state="open"}')).toBe(1);
    expect((await scrape()).get('ftk_matches{state="live"}')).toBe(1);
    expect(waiting.match.players).toBe(3);

    const client = connectMatch({ url: `${server.url.replace('http', 'ws')}/ws`, match: match.id, token, WebSocket: WebSocket as never });
    await until(() => client.view !== null);
    expect((await scrape()).get('ftk_websocket_connections')).toBe(1);
    // Play to the end: the seat's own moves (acknowledged) and the bot's.
    let sent = 0;
    const end = Date.now() + 60_000;
    while (client.view?.step !== 'over') {
      if (Date.now() > end) throw new Error('the match did not end');
      const v = client.view;
      if (v !== null && v.legal.length > 0) {
        await client.send(v.legal[0] as Action).catch(() => undefined);
        sent++;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    const stale = await new Promise<unknown>((resolve) => {
      const req = request(`${server.url}/api/matches/${match.id}/actions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      req.end(JSON.stringify({ action: { type: 'pass', player: 0 }, seq: 0 }));
    });
    expect(stale).toBe(409);
    client.close();
    await until(async () => (await scrape()).get('ftk_websocket_connections') === 0);

    const m = await scrape();
    expect(m.get('ftk_matches{state="finished"}')).toBe(1);
    expect(m.get('ftk_matches{state="open"}')).toBe(1);
    const seat = m.get('ftk_actions_total{by="seat"}') as number;
    const bot = m.get('ftk_actions_total{by="bot"}') as number;
    expect(seat).toBeGreaterThan(0);
    expect(bot).toBeGreaterThan(0);
    expect(seat).toBeLessThanOrEqual(sent);
    expect(seat + bot).toBe((await store.readLog(match.id, 0)).length);
    expect(m.get('ftk_action_rejections_total{code="STALE"}')).toBeGreaterThanOrEqual(1);
    // The histogram: one observation per acknowledged action, buckets cumulative, +Inf equal to the count.
    expect(m.get('ftk_action_ack_seconds_count')).toBe(seat);
    let last = 0;
    for (const b of ACK_BUCKETS) {
      const n = m.get(`ftk_action_ack_seconds_bucket{le="${b}"}`) as number;
      expect(n).toBeGreaterThanOrEqual(last);
      last = n;
    }
    expect(m.get('ftk_action_ack_seconds_bucket{le="+Inf"}')).toBe(seat);
    expect(m.get('ftk_action_ack_seconds_sum')).toBeGreaterThan(0);
    expect(m.get('ftk_store_errors_total{operation="append"}')).toBe(0);
  }, 90_000);
});

describePg('readiness on PostgreSQL', (adminUrl) => {
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await drop?.();
  });

  it('503 while the database refuses connections, 200 again once it takes them', async () => {
    const db = await freshDatabase(adminUrl, 'ready');
    drop = db.drop;
    const store = await createPostgresStore({ connectionString: db.url, onError: () => undefined, poolSize: 2 });
    const lines: string[] = [];
    const server = await start(store, true, (m) => lines.push(m));
    let probes = 0;
    const ready = async (): Promise<number> => {
      probes += 1;
      return (await get(`${server.url}/health/ready`)).status;
    };
    expect(await ready()).toBe(200);
    const name = new URL(db.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      await until(async () => (await ready()) === 503);
      for (let i = 0; i < 5; i++) expect(await ready()).toBe(503);
      const body = JSON.parse((await get(`${server.url}/health/ready`)).body);
      expect(body.status).toBe('unavailable');
      expect(JSON.stringify(body)).not.toContain('postgres://'); // never the connection string
      await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} ALLOW_CONNECTIONS true`);
      await until(async () => (await ready()) === 200);
      // Logged with the database's words ("… is not currently accepting connections") as they
      // change, not once a probe.
      const told = lines.filter((l) => /^(not )?ready/.test(l));
      expect(told[0]).toMatch(/^not ready: the store (failed a read: |did not answer)/);
      expect(told.at(-1)).toBe('ready again: the store answers reads');
      expect(told.length).toBeLessThanOrEqual(3);
      expect(probes).toBeGreaterThanOrEqual(8);
    } finally {
      await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
    }
  });

  it('a closed store is said to be closed', async () => {
    const db = await freshDatabase(adminUrl, 'ready_closed');
    const store = await createPostgresStore({ connectionString: db.url, onError: () => undefined, poolSize: 2 });
    try {
      await expectClosedSaysSo(store);
    } finally {
      await db.drop();
    }
  });
});

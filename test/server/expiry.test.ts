/**
 * Expiry of finished and abandoned matches: the host core with a clock of its own (when a match
 * expires, what is kept, who may read it, two hosts sweeping one store), then the whole server
 * on real sockets with the embedded store and a real PostgreSQL (the match leaves the lobby, its
 * record stays, the counts are in /metrics, a restart does not bring it back).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectMatch, createMatch, fetchRecord, joinMatch, type MatchClient } from '../../src/client/index.js';
import { type Action, isGameOver, replayRecord } from '../../src/index.js';
import type { ExpiryOptions } from '../../src/server/host/types.js';
import { MatchHost } from '../../src/server/host.js';
import { HostMetrics } from '../../src/server/metrics.js';
import { startServer } from '../../src/server/serve.js';
import { FileStore } from '../../src/server/store/file.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { createPostgresStore } from '../../src/server/store/postgres.js';
import type { Store } from '../../src/server/store/store.js';
import { describePg, freshDatabase } from '../helpers/pg.js';
import { refusal, until } from '../helpers/play.js';

const DAY = 86_400_000;

/** A clock the test moves on. */
function clock(): { now: () => number; skip: (ms: number) => void } {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    skip: (ms) => {
      offset += ms;
    },
  };
}

const hosts: MatchHost[] = [];
afterEach(() => {
  for (const h of hosts.splice(0)) h.close();
});

function newHost(store: Store, now: () => number, expiry: ExpiryOptions): MatchHost {
  const h = new MatchHost({ store, now, pollMs: 20, expiry: { sweepMs: 3_600_000, ...expiry } });
  hosts.push(h);
  h.start();
  return h;
}

/** A match two bots play to the end on `host`; resolves once it is over. */
async function finishedByBots(host: MatchHost, spectators: 'none' | 'public' = 'public') {
  const created = await host.createMatch({ visibility: 'public', seed: 'ops', players: 2, bots: ['random', 'random'], spectators });
  const id = created.match.id;
  const end = Date.now() + 60_000;
  while (!isGameOver(replayRecord(await host.record(id, created.creatorToken)))) {
    if (Date.now() > end) throw new Error('the bots did not finish');
    await new Promise((r) => setTimeout(r, 20));
  }
  return created;
}

describe('expiry in the host core', () => {
  it('settings out of range are a RangeError naming the setting', () => {
    const store = new MemoryStore();
    for (const expiry of [
      { finishedAfterMs: 999 },
      { abandonedAfterMs: 1.5e3 + 0.5 },
      { finishedAfterMs: -1 },
      { sweepMs: 50 },
      { keepRecords: 'yes' as unknown as boolean },
      { abandonedAfterMs: 11 * 365 * DAY },
    ]) {
      expect(() => new MatchHost({ store, expiry })).toThrow(RangeError);
    }
    expect(() => new MatchHost({ store, expiry: { finishedAfterMs: null, abandonedAfterMs: 1000 } }).close()).not.toThrow();
  });

  it('without settings nothing expires, however old', async () => {
    const store = new MemoryStore();
    const c = clock();
    const host = newHost(store, c.now, {});
    const { match } = await host.createMatch({ visibility: 'public', seed: 'ops', players: 2 });
    c.skip(3650 * DAY);
    expect(await host.expire()).toEqual({ finished: 0, abandoned: 0, examined: 0 });
    expect((await host.getMatch(match.id)).id).toBe(match.id);
  });

  it('a finished match expires finishedAfterMs after its last move, not before; its record stays for the same readers', async () => {
    const store = new MemoryStore();
    const c = clock();
    const host = newHost(store, c.now, { finishedAfterMs: DAY });
    const { match, creatorToken } = await finishedByBots(host, 'public');
    const before = await host.record(match.id, null);
    const open = await host.createMatch({ visibility: 'public', seed: 'ops', players: 2 }); // not over: finishedAfterMs does not touch it

    c.skip(DAY - 60_000);
    expect((await host.expire()).finished).toBe(0);
    expect((await host.getMatch(match.id)).id).toBe(match.id);

    c.skip(120_000);
    expect(await host.expire()).toEqual({ finished: 1, abandoned: 0, examined: 2 });
    expect((await refusal(host.getMatch(match.id))).code).toBe('NOT_FOUND');
    expect((await refusal(host.join(match.id, { name: 'Late' }))).code).toBe('NOT_FOUND');
    expect((await refusal(host.actions(match.id, creatorToken))).code).toBe('NOT_FOUND');
    // The kept record: to anyone under the public policy, to the creator, the same as before.
    expect(await host.record(match.id, null)).toEqual(before);
    expect(await host.record(match.id, creatorToken)).toEqual(before);
    expect((await refusal(host.record(match.id, 'A'.repeat(43)))).code).toBe('UNAUTHORIZED');
    // An app's own bearer credential, read by its authenticate hook, is no token of the host's:
    // the account is a reader without a seat, as it is while the match lives.
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.ada.c2lnbmF0dXJl';
    expect(await host.record(match.id, jwt, 'ada')).toEqual(before);
    expect(await host.record(match.id, 'A'.repeat(43), 'ada')).toEqual(before);
    expect((await refusal(host.record(match.id, jwt))).code).toBe('UNAUTHORIZED');
    expect((await host.getMatch(open.match.id)).id).toBe(open.match.id);
    // The next sweep finds nothing more to do.
    expect(await host.expire()).toEqual({ finished: 0, abandoned: 0, examined: 1 });
  });

  it('a match that stands still unfinished expires as abandoned; its record goes to the creator only, never to a seat or a spectator', async () => {
    const store = new MemoryStore();
    const c = clock();
    const host = newHost(store, c.now, { abandonedAfterMs: 2 * DAY, finishedAfterMs: 10 * DAY });
    const { match, creatorToken } = await host.createMatch({ visibility: 'public', players: 2, spectators: 'public', seed: 'abandon-1' });
    const { token } = await host.join(match.id, { name: 'Ada' });
    const session = await host.open(match.id, token);
    await host.join(match.id, { name: 'Bo' });
    const { view, seq } = await host.sync(session, 0);
    if (view.legal.length > 0) await host.submit(session, view.legal[0] as Action, seq);

    c.skip(2 * DAY - 1000);
    expect(await host.expire()).toMatchObject({ abandoned: 0 });
    c.skip(2000);
    expect(await host.expire()).toMatchObject({ abandoned: 1, finished: 0 });
    expect((await refusal(host.open(match.id, token))).code).toBe('NOT_FOUND');
    expect((await refusal(host.record(match.id, token))).code).toBe('FORBIDDEN');
    expect((await refusal(host.record(match.id, null))).code).toBe('FORBIDDEN');
    const kept = await host.record(match.id, creatorToken);
    expect(kept.options.seed).toBe('abandon-1');
    expect(kept.names).toEqual(['Ada', 'Bo']);
  });

  it('keepRecords: false drops the record with the match', async () => {
    const store = new MemoryStore();
    const c = clock();
    const host = newHost(store, c.now, { finishedAfterMs: 1000, abandonedAfterMs: 1000, keepRecords: false });
    const done = await finishedByBots(host);
    const idle = await host.createMatch({ visibility: 'public', seed: 'ops', players: 3 });
    c.skip(5000);
    expect(await host.expire()).toMatchObject({ finished: 1, abandoned: 1 });
    for (const m of [done, idle]) {
      expect((await refusal(host.record(m.match.id, m.creatorToken))).code).toBe('NOT_FOUND');
      expect(await store.keptRecord(m.match.id)).toBeNull();
    }
  });

  it('a match with a recent move, or a pending turn timer, is not idle: it stays', async () => {
    const store = new MemoryStore();
    const c = clock();
    const host = newHost(store, c.now, { abandonedAfterMs: 2 * DAY });
    const still = await host.createMatch({ visibility: 'public', seed: 'ops', players: 2 });
    const moved = await host.createMatch({ visibility: 'public', seed: 'ops', players: 2 });
    const sessions = [];
    for (const name of ['Ada', 'Bo']) sessions.push(await host.open(moved.match.id, (await host.join(moved.match.id, { name })).token));
    const timed = await host.createMatch({ visibility: 'public', seed: 'ops', players: 2, turnTimeMs: DAY });
    for (const name of ['Cy', 'Di']) await host.sync(await host.open(timed.match.id, (await host.join(timed.match.id, { name })).token), 0);
    c.skip(2 * DAY - 1000);
    let played = false;
    for (const session of sessions) {
      const { view, seq } = await host.sync(session, 0);
      if (!played && view.legal.length > 0) {
        await host.submit(session, view.legal[0] as Action, seq);
        played = true;
      }
    }
    expect(played).toBe(true);
    c.skip(2000);
    expect(await host.expire()).toMatchObject({ abandoned: 1 });
    expect((await refusal(host.getMatch(still.match.id))).code).toBe('NOT_FOUND');
    expect((await host.getMatch(moved.match.id)).id).toBe(moved.match.id);
    expect((await host.getMatch(timed.match.id)).id).toBe(timed.match.id);
  });

  it('two hosts sweeping one store expire each match once; a host forgets the matches another expired', async () => {
    const store = new MemoryStore();
    const c = clock();
    const metrics = [new HostMetrics(), new HostMetrics(), new HostMetrics()];
    const [a, b, other] = metrics.map((m) => {
      const h = new MatchHost({ store, now: c.now, metrics: m, expiry: { abandonedAfterMs: 1000, sweepMs: 3_600_000 } });
      hosts.push(h);
      return h;
    }) as [MatchHost, MatchHost, MatchHost];
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { match } = await (i % 2 === 0 ? a : b).createMatch({ visibility: 'public', seed: 'ops', players: 2, spectators: 'public' });
      ids.push(match.id);
      for (const h of [a, b, other]) await h.sync(await h.open(match.id, null), 0); // every host holds every match
    }
    c.skip(2000);
    const [ra, rb] = await Promise.all([a.expire(), b.expire()]);
    expect(ra.abandoned + rb.abandoned).toBe(12);
    for (const id of ids) expect(await store.getMatch(id)).toBeNull();
    expect(metrics[2]?.render()).toMatch(/^ftk_matches\{state="open"\} 12$/m); // it has not swept yet
    expect(await other.expire()).toEqual({ finished: 0, abandoned: 0, examined: 0 });
    for (const m of metrics) {
      expect(m.render()).toMatch(/^ftk_matches\{state="open"\} 0$/m);
      m.close();
    }
    for (const id of ids) expect((await refusal(a.open(id, null))).code).toBe('NOT_FOUND');
  });

  it('a match that cannot expire yet is replayed once, not on every sweep: finished under abandonedAfterMs alone, unfinished under finishedAfterMs alone', async () => {
    for (const expiry of [{ abandonedAfterMs: DAY }, { finishedAfterMs: DAY }]) {
      const store = new MemoryStore();
      const reads: string[] = [];
      const counted = new Proxy(store, {
        get(target, key, receiver) {
          if (key === 'readLog') {
            return (id: string, after: number) => {
              reads.push(id);
              return target.readLog(id, after);
            };
          }
          const v: unknown = Reflect.get(target, key, receiver);
          return typeof v === 'function' ? v.bind(target) : v;
        },
      });
      const c = clock();
      const player = newHost(store, c.now, {});
      const done = await finishedByBots(player);
      const open = await player.createMatch({ visibility: 'public', seed: 'ops', players: 2 });
      // A host that holds neither match: it reads each from the store to tell whether it is over.
      const sweeper = newHost(counted, c.now, expiry);
      c.skip(DAY / 2);
      expect(await sweeper.expire()).toEqual({ finished: 0, abandoned: 0, examined: 0 });
      c.skip(DAY);
      const abandoning = 'abandonedAfterMs' in expiry;
      expect(await sweeper.expire()).toEqual({ finished: abandoning ? 0 : 1, abandoned: abandoning ? 1 : 0, examined: 2 });
      const kept = abandoning ? done : open; // the one that stays
      expect(reads.filter((id) => id === kept.match.id)).toHaveLength(1);
      expect(await sweeper.expire()).toEqual({ finished: 0, abandoned: 0, examined: 1 });
      expect(await sweeper.expire()).toEqual({ finished: 0, abandoned: 0, examined: 1 });
      expect(reads.filter((id) => id === kept.match.id)).toHaveLength(1);
      expect((await player.getMatch(kept.match.id)).id).toBe(kept.match.id);
    }
  });

  it('a move sent to a host still holding a match another host expired is NOT_FOUND, every time (not STALE)', async () => {
    const store = new MemoryStore();
    const c = clock();
    const [a, b] = [0, 1].map(() => {
      const h = new MatchHost({ store, now: c.now, expiry: { abandonedAfterMs: DAY, sweepMs: 3_600_000 } });
      hosts.push(h);
      return h;
    }) as [MatchHost, MatchHost];
    const { match } = await a.createMatch({ visibility: 'public', seed: 'ops', players: 2, firstPlayer: 0 });
    const ada = await a.open(match.id, (await a.join(match.id, { name: 'Ada', seat: 0 })).token);
    await a.join(match.id, { name: 'Bo', seat: 1 });
    const { view: v, seq } = await a.sync(ada, 0); // a holds the match loaded
    c.skip(2 * DAY);
    expect((await b.expire()).abandoned).toBe(1);
    for (let i = 0; i < 2; i++) expect((await refusal(a.submit(ada, v.legal[0] as Action, seq))).code).toBe('NOT_FOUND');
  });
});

/** The whole server on `store` (fresh), with fast expiry, exercised over real HTTP and WebSockets. */
function serverOnRealSockets(
  name: string,
  open: () => Promise<{ store: Store; reopen: (() => Promise<Store>) | null; done: () => Promise<void> }>,
) {
  it(`${name}: a played match and an abandoned one leave the lobby, their records stay, /metrics counts them`, async () => {
    const { store, reopen, done } = await open();
    const clients: MatchClient[] = [];
    let server: Awaited<ReturnType<typeof startServer>> | null = null;
    try {
      server = await startServer({
        store,
        port: 0,
        metricsPort: 0,
        log: (m) => process.stderr.write(`HOSTLOG ${m}\n`),
        expiry: { finishedAfterMs: 1000, abandonedAfterMs: 20_000, sweepMs: 100 },
      });
      const url = server.url;
      const ws = `${url.replace(/^http/, 'ws')}/ws`;
      const played = await createMatch(url, {
        visibility: 'public',
        players: 2,
        seed: 'expire-e2e',
        spectators: 'none',
        bots: [null, 'heuristic'],
      });
      const ada = await joinMatch(url, played.match.id, { name: 'Ada' });
      const client = connectMatch({ url: ws, match: played.match.id, token: ada.token, WebSocket: WebSocket as never, timeoutMs: 5000 });
      clients.push(client);
      const end = Date.now() + 120_000;
      // One action per position: the update can follow the answer by a moment, and the same action
      // sent again in that moment is refused. The game outruns the connection's rate limit (about
      // 80 actions in 2 s against a burst of 40): a refused action (RATE_LIMITED, answered with its
      // id) is sent again; one left unanswered would stall the match for the answer timeout.
      let sentAt = -1;
      const refusals: string[] = [];
      while (client.view?.step !== 'over') {
        if (Date.now() > end) throw new Error(`the match did not end: ${client.status} ${client.seq} ${refusals.slice(0, 3).join(', ')}`);
        const v = client.view;
        if (v !== null && v.legal.length > 0 && client.seq !== sentAt) {
          sentAt = client.seq;
          await client.send(v.legal[0] as Action).catch((e: unknown) => {
            refusals.push(e instanceof Error ? e.message : String(e));
            sentAt = -1;
          });
        }
        await new Promise((r) => setTimeout(r, 2));
      }
      const record = await fetchRecord(url, played.match.id, ada.token);
      const idle = await createMatch(url, { visibility: 'public', seed: 'ops', players: 2, spectators: 'public' });

      // Gone from the lobby about a second later; the record stays for its seats, not for a stranger.
      await until(() => server?.metrics.render().includes('ftk_matches_expired_total{kind="finished"} 1') ?? false, 30_000, 'expiry');
      expect((await fetch(`${url}/api/matches/${played.match.id}`)).status).toBe(404);
      expect(await fetchRecord(url, played.match.id, played.creatorToken)).toEqual(record);
      expect(
        (await fetch(`${url}/api/matches/${played.match.id}/record`, { headers: { authorization: `Bearer ${'A'.repeat(43)}` } })).status,
      ).toBe(401);
      expect((await fetch(`${url}/api/matches/${played.match.id}/record`)).status).toBe(403);
      expect(isGameOver(replayRecord(record))).toBe(true);

      // The match nobody joined goes after its own time.
      expect((await fetch(`${url}/api/matches/${idle.match.id}`)).status).toBe(200);
      await until(() => server?.metrics.render().includes('ftk_matches_expired_total{kind="abandoned"} 1') ?? false, 60_000, 'abandoned');
      expect((await fetch(`${url}/api/matches/${idle.match.id}`)).status).toBe(404);
      expect((await fetch(`${url}/api/matches`)).ok).toBe(true);
      expect((await (await fetch(`${url}/api/matches`)).json()) as unknown).toMatchObject({ matches: [] });
      expect((await fetchRecord(url, idle.match.id, idle.creatorToken)).options.players).toBe(2);
      const scraped = await (await fetch(`${server.metricsUrl}/metrics`)).text();
      expect(scraped).toMatch(/^ftk_matches_expired_total\{kind="finished"\} 1$/m);
      expect(scraped).toMatch(/^ftk_matches\{state="finished"\} 0$/m);

      for (const cl of clients) cl.close();
      await server.close();
      server = null;
      if (reopen !== null) {
        // After a restart the matches stay gone and the records stay kept.
        await store.close();
        const again = await reopen();
        try {
          expect(await again.getMatch(played.match.id)).toBeNull();
          expect(await again.getMatch(idle.match.id)).toBeNull();
          expect((await again.keptRecord(played.match.id))?.record).toEqual(record);
          expect((await again.keptRecord(idle.match.id))?.kind).toBe('abandoned');
        } finally {
          await again.close();
        }
      }
    } finally {
      for (const cl of clients) cl.close();
      await server?.close();
      await done();
    }
  }, 180_000);
}

describe('expiry over real sockets', () => {
  serverOnRealSockets('the embedded store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ftk-expiry-'));
    const store = await FileStore.open(dir);
    let current: Store = store;
    return {
      store,
      reopen: async () => {
        current = await FileStore.open(dir);
        return current;
      },
      done: async () => {
        await current.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
});

describePg('expiry on PostgreSQL', (pgUrl) => {
  serverOnRealSockets('PostgreSQL', async () => {
    const db = await freshDatabase(pgUrl, 'expiry');
    const store = await createPostgresStore({ connectionString: db.url });
    let current: Store = store;
    return {
      store,
      reopen: async () => {
        current = await createPostgresStore({ connectionString: db.url });
        return current;
      },
      done: async () => {
        await current.close();
        await db.drop();
      },
    };
  });

  it('two hosts on one database sweeping at once expire each match once, the record kept once', async () => {
    const db = await freshDatabase(pgUrl, 'expiry2');
    const stores = [await createPostgresStore({ connectionString: db.url }), await createPostgresStore({ connectionString: db.url })];
    try {
      const c = clock();
      const [a, b] = stores.map((s) => newHost(s, c.now, { finishedAfterMs: 1000, abandonedAfterMs: 1000 })) as [MatchHost, MatchHost];
      const done = await finishedByBots(a);
      const ids = [done.match.id];
      for (let i = 0; i < 30; i++)
        ids.push((await (i % 2 ? a : b).createMatch({ visibility: 'public', seed: 'ops', players: 2 })).match.id);
      c.skip(5000);
      const [ra, rb] = await Promise.all([a.expire(), b.expire()]);
      expect(ra.finished + rb.finished).toBe(1);
      expect(ra.abandoned + rb.abandoned).toBe(30);
      for (const id of ids) expect(await stores[0]?.getMatch(id)).toBeNull();
      expect((await b.record(done.match.id, null)).options).toEqual((await a.record(done.match.id, done.creatorToken)).options);
    } finally {
      for (const h of hosts.splice(0)) h.close();
      for (const s of stores) await s.close();
      await db.drop();
    }
  }, 120_000);
});

/**
 * Several match hosts on one PostgreSQL database, in one process: each host has its own store
 * (its own pool and its own LISTEN connection), as separate processes would. The seats of a
 * match are spread over the hosts; pushes cross hosts through LISTEN/NOTIFY; a move sent through
 * every host at once is applied once; bot moves and turn timers fire once. The same with real
 * processes, sockets and `kill -9` is `multi-process.test.ts`.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type Action, replay, score } from '../../src/index.js';
import { HostError } from '../../src/protocol/errors.js';
import type { Session } from '../../src/server/host/types.js';
import { MatchHost } from '../../src/server/host.js';
import { createPostgresStore, type PostgresStore } from '../../src/server/store/postgres.js';
import type { LogEntry, Store } from '../../src/server/store/store.js';
import { describePg, freshDatabase } from '../helpers/pg.js';
import { watchSeat as seat, until } from '../helpers/play.js';

/** Counts what a store appended successfully, by `by`. */
function counting(store: Store): { store: Store; appended: LogEntry[] } {
  const appended: LogEntry[] = [];
  const append = store.append.bind(store);
  store.append = async (matchId, entry) => {
    const ok = await append(matchId, entry);
    if (ok) appended.push(entry);
    return ok;
  };
  return { store, appended };
}

describePg('several hosts on one PostgreSQL', (adminUrl) => {
  let db: { url: string; drop: () => Promise<void> };
  const stores: PostgresStore[] = [];
  const hosts: MatchHost[] = [];

  beforeAll(async () => {
    db = await freshDatabase(adminUrl, 'hosts');
  });
  afterEach(() => {
    for (const h of hosts.splice(0)) h.close();
  });
  afterAll(async () => {
    for (const s of stores.splice(0)) await s.close();
    await db?.drop();
  });

  /** A host on a store of its own (its own connections), started, as another process would be. */
  async function host(pollMs = 10): Promise<{ host: MatchHost; appended: LogEntry[] }> {
    const store = await createPostgresStore({ connectionString: db.url, poolSize: 4, onError: () => {} });
    stores.push(store);
    const counted = counting(store);
    const h = new MatchHost({ store, pollMs });
    hosts.push(h);
    await store.listening();
    h.start();
    return { host: h, appended: counted.appended };
  }

  it('four seats, two on each host, play to the end: every seat gets every update once and in order; the log replays to the score all saw', async () => {
    const [one, two] = [await host(), await host()];
    const { match, creatorToken } = await one.host.createMatch({ visibility: 'public', players: 4, seed: 'pg-two-hosts' });
    const players = [
      await seat(one.host, match.id, 'Ada'),
      await seat(two.host, match.id, 'Bo'),
      await seat(one.host, match.id, 'Cy'),
      await seat(two.host, match.id, 'Di'),
    ];
    let acked = 0;
    for (let guard = 0; guard < 3000 && players[0]?.view.step !== 'over'; guard++) {
      const top = acked;
      // Move only once every seat, on either host, has been pushed the latest update.
      await until(() => players.every((p) => p.seq === top), 15_000, `every seat at seq ${top}`);
      const mover = players.find((p) => p.view.legal.length > 0);
      if (mover === undefined) break;
      const legal = mover.view.legal;
      const r = await mover.host.submit(mover.session, legal[(top * 7) % legal.length] as Action, top);
      expect(r.seq).toBe(top + 1);
      acked++;
    }
    await until(() => players.every((p) => p.view.step === 'over'), 15_000, 'the end on every seat');
    const log = await two.host.actions(match.id, creatorToken);
    expect(log).toHaveLength(acked);
    expect(one.appended.length + two.appended.length).toBe(acked);
    expect(one.appended.length).toBeGreaterThan(0);
    expect(two.appended.length).toBeGreaterThan(0);
    const final = score(
      replay(
        { players: 4, seed: 'pg-two-hosts' },
        log.map((e) => e.action),
      ),
    );
    for (const p of players) {
      expect(p.updates.map((u) => u.seq)).toEqual(log.map((e) => e.seq));
      expect(p.view.score).toEqual(final);
    }
  }, 60_000);

  it('the same move sent through both hosts by many sessions at once is applied exactly once', async () => {
    const [one, two] = [await host(), await host()];
    const { match, creatorToken } = await one.host.createMatch({ visibility: 'public', players: 3, seed: 'pg-race' });
    const joined = [
      await one.host.join(match.id, { name: 'Ada' }),
      await one.host.join(match.id, { name: 'Bo' }),
      await one.host.join(match.id, { name: 'Cy' }),
    ];
    for (let round = 0; round < 4; round++) {
      const { seq, view } = await one.host.sync(await one.host.open(match.id, joined[0]?.token), 0);
      const moverSeat = view.currentPlayer as number;
      const token = joined[moverSeat]?.token;
      const sessions = await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 2 ? one : two).host.open(match.id, token)));
      const own = await one.host.sync(sessions[0] as Session, 0);
      const action = own.view.legal[0] as Action;
      const results = await Promise.allSettled(sessions.map((s, i) => (i % 2 ? one : two).host.submit(s, action, seq)));
      const applied = results.filter((r) => r.status === 'fulfilled');
      expect(applied).toHaveLength(1);
      expect(applied[0]).toEqual({ status: 'fulfilled', value: { seq: seq + 1 } });
      for (const r of results) {
        if (r.status === 'rejected') {
          expect(r.reason).toBeInstanceOf(HostError);
          expect((r.reason as HostError).code).toBe('STALE');
        }
      }
      const log = await one.host.actions(match.id, creatorToken);
      expect(log.map((e) => e.seq)).toEqual(Array.from({ length: seq + 1 }, (_, i) => i + 1));
      expect(log[seq]?.action).toEqual(action);
    }
  }, 30_000);

  it('bot moves with three hosts polling: each move is appended once, and the match ends', async () => {
    const [h0, h1, h2] = [await host(2), await host(2), await host(2)];
    const three = [h0, h1, h2];
    const { match, creatorToken } = await h0.host.createMatch({
      visibility: 'public',
      players: 3,
      seed: 'pg-bots',
      bots: ['heuristic', 'random', 'heuristic'],
      spectators: 'public',
    });
    const watcher = await seat(h1.host, match.id, 'x').catch(() => null); // every seat is a bot: nobody can join
    expect(watcher).toBeNull();
    const spectator = await h2.host.open(match.id, null);
    let over = false;
    await h2.host.subscribe(spectator, 0, {
      send: (u) => {
        if (u.view.step === 'over') over = true;
      },
      revoked: () => undefined,
    });
    await until(() => over, 60_000, 'the bots to finish');
    const log = await h0.host.actions(match.id, creatorToken);
    expect(log.every((e) => e.by === 'bot')).toBe(true);
    // The last append's notification can reach the spectator's host before its own host hears back.
    await until(() => three.reduce((n, h) => n + h.appended.length, 0) >= log.length, 5_000, 'the last append to return');
    expect(three.flatMap((h) => h.appended.map((e) => e.seq)).sort((a, b) => a - b)).toEqual(log.map((e) => e.seq));
    expect(
      score(
        replay(
          { players: 3, seed: 'pg-bots' },
          log.map((e) => e.action),
        ),
      ).winners.length,
    ).toBeGreaterThan(0);
  }, 90_000);

  it('a turn timer fires once across hosts: timed-out moves are a turn time apart', async () => {
    const turnTimeMs = 1_000;
    const [one, two] = [await host(5), await host(5)];
    const { match, creatorToken } = await one.host.createMatch({ visibility: 'public', players: 2, seed: 'pg-timer', turnTimeMs });
    await seat(one.host, match.id, 'Ada');
    await seat(two.host, match.id, 'Bo');
    let log: readonly LogEntry[] = [];
    for (let i = 0; i < 200 && log.length < 3; i++) {
      await new Promise((r) => setTimeout(r, 50));
      log = await one.host.actions(match.id, creatorToken);
    }
    expect(log.length).toBeGreaterThanOrEqual(3);
    expect(log.every((e) => e.by === 'timer')).toBe(true);
    for (let i = 1; i < log.length; i++) expect((log[i] as LogEntry).at - (log[i - 1] as LogEntry).at).toBeGreaterThanOrEqual(turnTimeMs);
    await until(
      () => [...one.appended, ...two.appended].filter((e) => e.seq <= log.length).length >= log.length,
      5_000,
      'the appends to return',
    );
    const done = [...one.appended, ...two.appended].filter((e) => e.seq <= log.length);
    expect(done.map((e) => e.seq).sort((a, b) => a - b)).toEqual(log.map((e) => e.seq));
  }, 30_000);
});

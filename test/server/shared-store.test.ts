/**
 * Hosts sharing one store, and hosts that died. Seat changes made through one host reach another
 * that has the match loaded: seat changes do not travel through the log, so a host reads the
 * match's record again before it pushes an entry another host appended, and when a session's
 * token seems void. A host that loads a match sets the deadline its position calls for, so a
 * host that died between an append and the next deadline leaves no match stuck. Two hosts on
 * one store here; multi-host.test.ts and multi-process.test.ts do the same on PostgreSQL.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Session, Update } from '../../src/server/host/types.js';
import { MatchHost } from '../../src/server/host.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { until } from '../helpers/play.js';

const hosts: MatchHost[] = [];
afterEach(() => {
  for (const h of hosts.splice(0)) h.close();
});

function host(store: MemoryStore): MatchHost {
  const h = new MatchHost({ store, pollMs: 10 });
  hosts.push(h);
  h.start();
  return h;
}

describe('hosts sharing a store', () => {
  it('a seat joined through one host can subscribe through another that loaded the match before', async () => {
    const store = new MemoryStore();
    const [a, b] = [host(store), host(store)];
    const { match } = await a.createMatch({ visibility: 'public', players: 2, seed: 'shared', spectators: 'public' });
    await b.subscribe(await b.open(match.id, null), 0, { send: () => undefined, revoked: () => undefined }); // b loads the match
    const { token } = await a.join(match.id, { name: 'Ada' });
    const session = await b.open(match.id, token);
    const { sync } = await b.subscribe(session, 0, { send: () => undefined, revoked: () => undefined });
    expect(sync?.view.viewer).toBe(0);
    expect((await b.sync(session, 0)).seq).toBe(0);
  });

  it('a seat handed to a bot through one host: the old token, subscribed on another host, is revoked before any push', async () => {
    const store = new MemoryStore();
    const [a, b] = [host(store), host(store)];
    const { match, creatorToken } = await a.createMatch({ visibility: 'public', players: 2, seed: 'revoke', firstPlayer: 1 });
    const ada = await a.join(match.id, { name: 'Ada' });
    const bo = await a.join(match.id, { name: 'Bo' });
    const adaOnB = await b.open(match.id, ada.token);
    const pushed: Update[] = [];
    let revoked = false;
    await b.subscribe(adaOnB, 0, {
      send: (u) => pushed.push(u),
      revoked: () => {
        revoked = true;
      },
    });
    await b.leave(adaOnB);
    await a.reassign(match.id, creatorToken, 0, 'heuristic');
    // Bo moves (through a); the bot then plays seat 0. Host b hears of both from the store.
    const boSession = await a.open(match.id, bo.token);
    const { view, seq } = await a.sync(boSession, 0);
    expect(view.currentPlayer).toBe(1);
    await a.submit(boSession, view.legal[0], seq);
    await until(() => revoked);
    expect(pushed).toEqual([]);
    await expect(b.sync(adaOnB, 0)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('a host died between appending a move and setting the bot deadline: the next host to load the match plays the bot', async () => {
    const store = new MemoryStore();
    const dead = new MatchHost({ store }); // never started: it plays no deadline
    const { match } = await dead.createMatch({
      visibility: 'public',
      players: 2,
      seed: 'no-deadline',
      firstPlayer: 0,
      bots: [null, 'heuristic'],
    });
    const ada = await dead.join(match.id, { name: 'Ada' });
    const session = await dead.open(match.id, ada.token);
    // Ada moves until the bot is to move (the dead host, never started, plays no deadline).
    for (;;) {
      const { view, seq } = await dead.sync(session, 0);
      if (view.currentPlayer !== 0) break;
      await dead.submit(session, view.legal[0], seq);
    }
    const before = (await store.readLog(match.id, 0)).length;
    dead.close();
    await store.setDeadline(match.id, null); // what the dead host never got to write
    expect(await store.claimDue(Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
    const next = host(store);
    const pushed: Update[] = [];
    await next.subscribe(await next.open(match.id, ada.token), before, { send: (u) => pushed.push(u), revoked: () => undefined });
    await until(() => pushed.length > 0);
    const log = await store.readLog(match.id, 0);
    expect(log[before]?.by).toBe('bot');
  });

  it('an action is pushed to its own seat before submit resolves, and a host does not read back what it appended', async () => {
    const store = new MemoryStore();
    let reads = 0;
    const readLog = store.readLog.bind(store);
    store.readLog = (id, after) => {
      reads++;
      return readLog(id, after);
    };
    const h = host(store);
    const { match } = await h.createMatch({ visibility: 'public', players: 2, seed: 'own-push' });
    const seats = [await h.join(match.id, { name: 'Ada' }), await h.join(match.id, { name: 'Bo' })];
    const pushed: number[][] = [[], []];
    const sessions = [];
    for (const [i, s] of seats.entries()) {
      const session = await h.open(match.id, s.token);
      await h.subscribe(session, 0, { send: (u) => pushed[i]?.push(u.seq), revoked: () => undefined });
      sessions.push(session);
    }
    const readsBefore = reads;
    for (let n = 0; n < 20; n++) {
      const { view, seq } = await h.sync(sessions[0] as Session, 0);
      const mover = view.currentPlayer as number;
      const { view: mine } = await h.sync(sessions[mover] as Session, seq);
      await h.submit(sessions[mover] as Session, mine.legal[0], seq);
      expect(pushed[mover]?.at(-1)).toBe(seq + 1); // already there when submit resolves
    }
    // The syncs read the log (two per move); the appends and their reports read nothing.
    expect(reads - readsBefore).toBe(40);
  });

  it('a submitted action reads no match record; a token reissued through one host plays through another at once, and the old one is refused', async () => {
    const store = new MemoryStore();
    const [a, b] = [host(store), host(store)];
    let recordReads = 0;
    const getMatch = store.getMatch.bind(store);
    store.getMatch = (id) => {
      recordReads++;
      return getMatch(id);
    };
    const { match, creatorToken } = await a.createMatch({ visibility: 'public', players: 2, seed: 'reissue', firstPlayer: 0 });
    const seats = [await a.join(match.id, { name: 'Ada' }), await a.join(match.id, { name: 'Bo' })];
    const onB = [await b.open(match.id, seats[0]?.token), await b.open(match.id, seats[1]?.token)] as Session[];
    const play = async (sessions: readonly Session[]): Promise<void> => {
      const { view, seq } = await b.sync(sessions[0] as Session, 0);
      const mover = view.currentPlayer as number;
      const { view: mine } = await b.sync(sessions[mover] as Session, seq);
      await b.submit(sessions[mover] as Session, mine.legal[0], seq);
    };
    await play(onB);
    const before = recordReads;
    for (let n = 0; n < 10; n++) await play(onB);
    expect(recordReads - before).toBe(0);
    // Ada lost her token: she leaves, and the creator gives her seat a new one through host a.
    await a.leave(await a.open(match.id, seats[0]?.token));
    const fresh = await a.reissue(match.id, creatorToken, 0, 'Ada');
    const adaAgain = await b.open(match.id, fresh.token);
    for (let n = 0; n < 6; n++) await play([adaAgain, onB[1] as Session]); // the new token plays through b
    const { seq } = await b.sync(adaAgain, 0);
    await expect(b.submit(onB[0] as Session, { type: 'pass', player: 0 }, seq)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(b.sync(onB[0] as Session, 0)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

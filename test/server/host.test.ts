/**
 * The match host's core, with no sockets: seats and tokens, syncs and pushes, stale actions,
 * bots and turn timers, two hosts on one store, and what each seat is sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { botRandom, heuristicBot } from '../../src/bots/index.js';
import { type Action, currentPlayer, type GameState, replay, replayRecord, score } from '../../src/index.js';
import type { HostError } from '../../src/protocol/errors.js';
import type { Session } from '../../src/server/host/types.js';
import { MatchHost } from '../../src/server/host.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import type { Store } from '../../src/server/store/store.js';
import { hashToken } from '../../src/server/tokens.js';
import { leaksIn, visibleCardIds } from '../helpers/hidden.js';
import { refusal, type WatchedSeat, watchSeat } from '../helpers/play.js';

const hosts: MatchHost[] = [];
afterEach(() => {
  for (const h of hosts.splice(0)) h.close();
});

function newHost(store: Store = new MemoryStore(), more: { now?: () => number; pollMs?: number } = {}): MatchHost {
  const h = new MatchHost({ store, pollMs: 20, ...more });
  hosts.push(h);
  h.start();
  return h;
}

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** A seat driven by the test: its session, every update it was pushed, its current view. */
type Player = WatchedSeat;

const seat = watchSeat;

/** Plays the humans' moves (their first legal action) until the game is over. */
async function playOut(host: MatchHost, players: Player[]): Promise<void> {
  for (let guard = 0; guard < 2000; guard++) {
    const v = players[0]?.view;
    if (v?.step === 'over') return;
    const mover = players.find((p) => p.view.legal.length > 0 && p.seq === Math.max(...players.map((q) => q.seq)));
    if (mover === undefined) {
      await new Promise((r) => setTimeout(r, 2));
      continue;
    }
    const before = mover.seq;
    await host.submit(mover.session, mover.view.legal[mover.view.legal.length - 1] as Action, before);
    await until(() => mover.seq > before);
  }
  throw new Error('the game did not end');
}

describe('match host core', () => {
  it('a match with two people and a bot plays to the end; the log replays to the score both saw', async () => {
    const store = new MemoryStore();
    const host = newHost(store);
    const { match, creatorToken } = await host.createMatch({
      visibility: 'public',
      players: 3,
      seed: 'core-1',
      bots: [null, 'heuristic', null],
      spectators: 'none',
    });
    expect(match.seats.map((s) => s.open)).toEqual([true, false, true]);
    const a = await seat(host, match.id, 'Ada');
    const c = await seat(host, match.id, 'Cy');
    expect([a.session.viewer, c.session.viewer]).toEqual([0, 2]);
    await playOut(host, [a, c]);
    await until(() => a.view.step === 'over' && c.view.step === 'over');
    const log = await host.actions(match.id, creatorToken);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    expect(log.some((e) => e.by === 'bot')).toBe(true);
    const final = replay(
      { players: 3, seed: 'core-1' },
      log.map((e) => e.action),
    );
    expect(a.view.score).toEqual(score(final));
    expect(c.view.score).toEqual(score(final));
    // The record: for a seat only once the game is over; it replays to the same game.
    const rec = await host.record(match.id, a.token);
    expect(rec.actions).toEqual(log.map((e) => e.action));
    expect(rec.names).toEqual(['Ada', 'Bot 1 (heuristic)', 'Cy']);
    expect(replayRecord(rec)).toEqual(final);
    // Every update reached each seat once, in order.
    expect(a.updates.map((u) => u.seq)).toEqual(log.map((e) => e.seq));
    expect(c.updates.map((u) => u.seq)).toEqual(log.map((e) => e.seq));
  });

  it('nothing pushed to a seat shows a card that seat may not see', async () => {
    const store = new MemoryStore();
    const host = newHost(store);
    const { match, creatorToken } = await host.createMatch({
      visibility: 'public',
      players: 3,
      seed: 'leaks',
      bots: [null, 'heuristic', null],
    });
    const a = await seat(host, match.id, 'Ada');
    const c = await seat(host, match.id, 'Cy');
    await playOut(host, [a, c]);
    const log = await host.actions(match.id, creatorToken);
    const states: GameState[] = [];
    replay(
      { players: 3, seed: 'leaks' },
      log.map((e) => e.action),
      (_i, _a, s) => states.push(s),
    );
    for (const p of [a, c]) {
      for (const u of p.updates) {
        const s = states[u.seq - 1] as GameState;
        const before = u.seq >= 2 ? (states[u.seq - 2] as GameState) : s;
        const visible = new Set([...visibleCardIds(s, p.session.viewer), ...visibleCardIds(before, p.session.viewer)]);
        expect(leaksIn(JSON.stringify(u), visible, s)).toEqual([]);
      }
    }
  });

  it('a stale action is refused with STALE and never applied twice', async () => {
    const host = newHost();
    const { match } = await host.createMatch({ visibility: 'public', players: 2, seed: 'stale', firstPlayer: 0 });
    const a = await seat(host, match.id, 'Ada', 0);
    await seat(host, match.id, 'Bo', 1);
    const action = a.view.legal[0] as Action;
    expect(await host.submit(a.session, action, 0)).toEqual({ seq: 1 });
    const again = await refusal(host.submit(a.session, action, 0));
    expect(again.code).toBe('STALE');
    expect((await refusal(host.record(match.id, a.token))).code).toBe('FORBIDDEN');
    expect((await refusal(host.record(match.id, null))).code).toBe('FORBIDDEN');
    await until(() => a.seq === 1);
    expect(a.updates).toHaveLength(1);
    // Ahead of the match is not stale but wrong.
    expect((await refusal(host.submit(a.session, action, 7))).code).toBe('BAD_MESSAGE');
  });

  it('two submissions racing on one seq: exactly one is applied', async () => {
    const store = new MemoryStore();
    const h1 = newHost(store);
    const h2 = newHost(store);
    const { match } = await h1.createMatch({ visibility: 'public', players: 2, seed: 'race', firstPlayer: 0 });
    const { token } = await h1.join(match.id, { name: 'Ada', seat: 0 });
    const s1 = await h1.open(match.id, token);
    const s2 = await h2.open(match.id, token);
    const legal = (await h1.sync(s1, 0)).view.legal;
    const results = await Promise.allSettled([h1.submit(s1, legal[0], 0), h2.submit(s2, legal[legal.length - 1], 0)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as HostError).code).toBe('STALE');
    expect(await store.readLog(match.id, 0)).toHaveLength(1);
  });

  it("seat 1's token can neither act for seat 2 nor read seat 2's view", async () => {
    const host = newHost();
    const { match } = await host.createMatch({ visibility: 'public', players: 3, seed: 'seats', firstPlayer: 2 });
    const one = await host.join(match.id, { name: 'One', seat: 1 });
    await host.join(match.id, { name: 'Two', seat: 2 });
    const s1 = await host.open(match.id, one.token);
    expect(s1.viewer).toBe(1);
    const sync = await host.sync(s1, 0);
    expect(sync.view.viewer).toBe(1);
    expect(sync.view.legal).toEqual([]);
    const forTwo: Action = { type: 'place', player: 2, area: 'self' };
    const e = await refusal(host.submit(s1, forTwo, 0));
    expect(e.code).toBe('FORBIDDEN');
    // A made-up token, and a session forged with seat 2's number but seat 1's hash.
    expect((await refusal(host.open(match.id, 'A'.repeat(43)))).code).toBe('UNAUTHORIZED');
    const forged: Session = { matchId: match.id, viewer: 2, tokenHash: await hashToken(one.token) };
    expect((await refusal(host.sync(forged, 0))).code).toBe('UNAUTHORIZED');
    expect((await refusal(host.submit(forged, forTwo, 0))).code).toBe('UNAUTHORIZED');
  });

  it("a spectator under policy 'none' gets nothing; under 'public' the spectator view, no hand", async () => {
    const host = newHost();
    const closed = (await host.createMatch({ visibility: 'public', players: 2, seed: 'spec' })).match;
    expect((await refusal(host.open(closed.id, null))).code).toBe('FORBIDDEN');
    const forged: Session = { matchId: closed.id, viewer: 'spectator', tokenHash: null };
    expect((await refusal(host.sync(forged, 0))).code).toBe('FORBIDDEN');
    const open = (await host.createMatch({ visibility: 'public', players: 2, seed: 'spec', spectators: 'public' })).match;
    const s = await host.open(open.id, null);
    const sync = await host.sync(s, 0);
    expect(sync.view.viewer).toBe('spectator');
    expect(sync.view.hand).toEqual([]);
    expect((await refusal(host.submit(s, { type: 'pass', player: 0 }, 0))).code).toBe('FORBIDDEN');
  });

  it('sync from a seq gives exactly the updates after it, filtered for the seat', async () => {
    const host = newHost();
    const { match } = await host.createMatch({
      visibility: 'public',
      players: 2,
      seed: 'sync',
      bots: ['random', 'random'],
      spectators: 'public',
    });
    const spectator = await host.open(match.id, null);
    await until(() => false, 200).catch(() => undefined);
    const all = await host.sync(spectator, 0);
    expect(all.seq).toBeGreaterThan(3);
    const later = await host.sync(spectator, 2);
    expect(later.updates.map((u) => u.seq)).toEqual(all.updates.slice(2).map((u) => u.seq));
    expect(later.updates).toEqual(all.updates.filter((u) => u.seq > 2).slice(0, later.updates.length));
    expect((await refusal(host.sync(spectator, 1e6))).code).toBe('BAD_MESSAGE');
    expect((await refusal(host.sync(spectator, -1))).code).toBe('BAD_MESSAGE');
  });

  it('a turn time limit: when it passes, the host plays heuristicBot for the seat and logs it as by "timer"', async () => {
    let t = 1_000_000;
    const store = new MemoryStore();
    const host = newHost(store, { now: () => t });
    const { match, creatorToken } = await host.createMatch({
      visibility: 'public',
      players: 2,
      seed: 'timer',
      firstPlayer: 0,
      turnTimeMs: 5000,
    });
    await host.join(match.id, { name: 'Slow', seat: 0 });
    await new Promise((r) => setTimeout(r, 100));
    expect(await store.readLog(match.id, 0)).toEqual([]);
    t += 5001;
    await until(() => false, 200).catch(() => undefined);
    const log = await host.actions(match.id, creatorToken);
    expect(log.length).toBe(1);
    expect(log[0]?.by).toBe('timer');
    expect(log[0]?.action.player).toBe(0);
  });

  it('leave, come back with the token; the creator reopens a seat that left and the old token stops working', async () => {
    const host = newHost();
    const { match, creatorToken } = await host.createMatch({ visibility: 'public', players: 2, seed: 'leave' });
    const a = await host.join(match.id, { name: 'Ada', seat: 0 });
    const s = await host.open(match.id, a.token);
    // Nobody but the creator, and not a seated player's seat.
    expect((await refusal(host.reassign(match.id, a.token, 0, null))).code).toBe('FORBIDDEN');
    expect((await refusal(host.reassign(match.id, creatorToken, 0, null))).code).toBe('SEAT_TAKEN');
    await host.leave(s);
    expect((await host.getMatch(match.id)).seats[0]).toEqual({
      name: 'Ada',
      bot: null,
      open: false,
      left: true,
      kind: 'person',
      connected: false,
    });
    // Opening a session, a refused request and a read do not bring the player back.
    const again = await host.open(match.id, a.token);
    expect((await refusal(host.sync(again, 999))).code).toBe('BAD_MESSAGE');
    expect((await refusal(host.record(match.id, a.token))).code).toBe('FORBIDDEN');
    await host.readChat(again, 0);
    expect((await host.getMatch(match.id)).seats[0]?.left).toBe(true);
    // Subscribing does (so would a sync or an action).
    let revoked = 0;
    await host.subscribe(again, 0, { send: () => undefined, revoked: () => revoked++ });
    expect((await host.getMatch(match.id)).seats[0]?.left).toBe(false);
    // Left again with the subscription still open: the creator may reopen the seat, and the old token is void everywhere.
    await host.leave(s);
    await host.reassign(match.id, creatorToken, 0, null);
    expect(revoked).toBe(1);
    expect((await host.getMatch(match.id)).seats[0]?.open).toBe(true);
    expect((await refusal(host.open(match.id, a.token))).code).toBe('UNAUTHORIZED');
    expect((await refusal(host.sync(s, 0))).code).toBe('UNAUTHORIZED');
    expect((await refusal(host.say(s, 'still me'))).code).toBe('UNAUTHORIZED');
    expect((await refusal(host.readChat(s, 0))).code).toBe('UNAUTHORIZED');
  });

  it('a session whose token was reissued may not chat, read the chat or vote for a rematch', async () => {
    const host = newHost();
    const { match, creatorToken, invite } = await host.createMatch({ players: 2, seed: 3 });
    const a = await host.join(match.id, { name: 'Mallory', invite });
    const b = await host.join(match.id, { name: 'Bo', invite });
    const stale = await host.open(match.id, a.token);
    await host.leave(stale);
    const carol = await host.reissue(match.id, creatorToken, 0, 'Carol');
    expect((await refusal(host.say(stale, 'Carol here: I give up'))).code).toBe('UNAUTHORIZED');
    expect((await refusal(host.readChat(stale, 0))).code).toBe('UNAUTHORIZED');
    const seats: Session[] = [await host.open(match.id, carol.token), await host.open(match.id, b.token)];
    const rng = botRandom('reissued');
    for (let moves = 0; ; moves++) {
      expect(moves).toBeLessThan(1000);
      const turns = await Promise.all(seats.map((s) => host.sync(s, 0)));
      const i = turns.findIndex((t) => t.view.legal.length > 0);
      if (i < 0) break;
      const t = turns[i] as (typeof turns)[number];
      await host.submit(seats[i] as Session, heuristicBot(t.view, rng), t.seq);
    }
    expect((await refusal(host.rematch(stale, null))).code).toBe('UNAUTHORIZED');
    expect((await host.rematch(seats[0] as Session, null)).votes).toEqual([true, false]);
    expect((await host.readChat(seats[1] as Session, 0)).chat).not.toContainEqual(
      expect.objectContaining({ text: 'Carol here: I give up' }),
    );
  });

  it('a seat handed to a bot is played by the host', async () => {
    const store = new MemoryStore();
    const host = newHost(store);
    const { match, creatorToken } = await host.createMatch({
      visibility: 'public',
      players: 2,
      seed: 'handover',
      firstPlayer: 0,
      bots: [null, 'heuristic'],
    });
    const a = await host.join(match.id, { name: 'Ada', seat: 0 });
    await host.leave(await host.open(match.id, a.token));
    await host.reassign(match.id, creatorToken, 0, 'random');
    await until(() => false, 300).catch(() => undefined);
    const log = await store.readLog(match.id, 0);
    expect(log.length).toBeGreaterThan(2);
    expect(log.every((e) => e.by === 'bot')).toBe(true);
  });

  it('a deadline lost in a crash (between an append and setting the next deadline) is set again when a host loads the match', async () => {
    const store = new MemoryStore();
    const h1 = new MatchHost({ store }); // never started: it appends but plays no deadline
    const { match } = await h1.createMatch({ visibility: 'public', players: 2, seed: 'lost', firstPlayer: 0, bots: [null, 'heuristic'] });
    const a = await h1.join(match.id, { name: 'Ada', seat: 0 });
    const s = await h1.open(match.id, a.token);
    for (let seq = 0; ; seq++) {
      const v = (await h1.sync(s, seq)).view;
      if (v.currentPlayer !== 0) break;
      await h1.submit(s, v.legal[0], seq);
    }
    h1.close();
    await store.setDeadline(match.id, null); // the crash took the deadline with it
    const before = (await store.readLog(match.id, 0)).length;
    const h2 = newHost(store);
    await h2.getMatch(match.id); // a summary does not load the match…
    await h2.sync(await h2.open(match.id, a.token), 0); // …a session does
    await until(() => false, 300).catch(() => undefined);
    const log = await store.readLog(match.id, 0);
    expect(log.length).toBeGreaterThan(before);
    expect(log[before]?.by).toBe('bot');
  });

  it('join: names are checked, seats fill in order, a full match says so', async () => {
    const host = newHost();
    const { match } = await host.createMatch({ visibility: 'public', players: 2, seed: 'join', bots: [null, 'random'] });
    for (const [name, message] of [
      ['', /may not be blank/],
      ['   \t\u00a0', /may not be blank/],
      [undefined, /a display name is needed to join/],
      [null, /a display name is needed to join/],
      [7, /must be a string/],
      ['a\u0000b', /control characters/],
      ['Ada\udc00', /half of a surrogate pair/],
      ['Ada\u2066Bo', /bidirectional control characters/],
      ['x'.repeat(41), /at most 40 characters, not 41/],
    ] as const) {
      const e = await refusal(host.join(match.id, { name }));
      expect(e.code).toBe('BAD_NAME');
      expect(e.message).toMatch(message);
    }
    expect((await refusal(host.join(match.id, { name: 'Bo', seat: 1 }))).code).toBe('SEAT_TAKEN');
    expect((await refusal(host.join(match.id, { name: 'Bo', seat: 2 }))).code).toBe('NOT_FOUND');
    expect((await host.join(match.id, { name: 'Ada' })).seat).toBe(0);
    expect((await refusal(host.join(match.id, { name: 'Bo' }))).code).toBe('MATCH_FULL');
    expect((await refusal(host.join('no-such-match-id-here', { name: 'Bo' }))).code).toBe('NOT_FOUND');
  });

  it('createMatch refuses bad settings with BAD_OPTIONS, and the lobby never shows the seed or a hash', async () => {
    const host = newHost();
    for (const bad of [
      null,
      { players: 6 },
      { players: 3, bots: ['heuristic'] },
      { players: 2, bots: [null, 'alphazero'] },
      { players: 2, bots: [null, 'ismcts:100000'] },
      { players: 2, bots: [null, 'ismcts-net:2001'] },
      { players: 2, bots: [null, 'ismcts-net:10000000'] },
      { players: 2, spectators: 'all' },
      { players: 2, turnTimeMs: 5 },
      { players: 2, extra: 1 },
      { players: 2, variants: { payment: 'cash' } },
    ]) {
      expect((await refusal(host.createMatch(bad))).code).toBe('BAD_OPTIONS');
    }
    const { match } = await host.createMatch({ visibility: 'public', players: 2, seed: 'secret-seed-123' });
    await host.join(match.id, { name: 'Ada' });
    const lobby = JSON.stringify(await host.listOpen());
    expect(lobby).toContain(match.id);
    expect(lobby).not.toContain('secret-seed-123');
    expect(lobby).not.toMatch(/[0-9a-f]{64}/);
  });

  it('two hosts on one store: each pushes what the other appended; bot moves are played once', async () => {
    const store = new MemoryStore();
    const h1 = newHost(store);
    const h2 = newHost(store);
    const { match, creatorToken } = await h1.createMatch({
      visibility: 'public',
      players: 3,
      seed: 'two-hosts',
      bots: [null, 'heuristic', null],
    });
    const a = await seat(h1, match.id, 'Ada');
    const c = await seat(h2, match.id, 'Cy');
    const byHost = new Map<Player, MatchHost>([
      [a, h1],
      [c, h2],
    ]);
    for (let guard = 0; guard < 2000 && a.view.step !== 'over'; guard++) {
      const top = Math.max(a.seq, c.seq);
      const mover = [a, c].find((p) => p.seq === top && p.view.legal.length > 0);
      if (mover === undefined) {
        await new Promise((r) => setTimeout(r, 2));
        continue;
      }
      await (byHost.get(mover) as MatchHost).submit(mover.session, mover.view.legal[0] as Action, top);
      await until(() => mover.seq > top);
    }
    await until(() => c.view.step === 'over');
    const log = await h1.actions(match.id, creatorToken);
    expect(a.updates.map((u) => u.seq)).toEqual(log.map((e) => e.seq));
    expect(c.updates.map((u) => u.seq)).toEqual(log.map((e) => e.seq));
    const final = replay(
      { players: 3, seed: 'two-hosts' },
      log.map((e) => e.action),
    );
    expect(currentPlayer(final)).toBeNull();
    expect(c.view.score).toEqual(score(final));
  }, 20_000);
});

/**
 * The transports on real sockets (loopback): the HTTP lobby, the WebSocket protocol through the
 * client, reconnects, limits, and a flood of malformed messages while other matches play.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectMatch, createMatch, joinMatch, listMatches, type MatchClient } from '../../src/client/index.js';
import { type Action, replay, score } from '../../src/index.js';
import type { EventsAt, ServerMessage } from '../../src/protocol/server-messages.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { testRandom } from '../helpers/hidden.js';
import { WIDE_LIMITS } from '../helpers/limits.js';

let server: RunningServer;
let base: string;
let wsUrl: string;
const store = new MemoryStore();

beforeAll(async () => {
  server = await startServer({
    store,
    port: 0,
    pollMs: 20,
    limits: WIDE_LIMITS,
  });
  base = server.url;
  wsUrl = `${base.replace('http', 'ws')}/ws`;
});
afterAll(async () => {
  await server.close();
});

async function until(cond: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** A raw WebSocket that records every message it receives. */
async function raw(url = wsUrl): Promise<{ ws: WebSocket; got: ServerMessage[]; closed: () => boolean }> {
  const ws = new WebSocket(url);
  const got: ServerMessage[] = [];
  let closed = false;
  ws.on('message', (d) => got.push(JSON.parse(String(d)) as ServerMessage));
  ws.on('close', () => {
    closed = true;
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, got, closed: () => closed };
}

/** A client that plays its first legal action whenever it may, recording every seq's events. */
function autoPlayer(client: MatchClient): { seen: number[] } {
  const seen: number[] = [];
  let busy = false;
  const tryMove = (): void => {
    const v = client.view;
    if (busy || v === null || v.legal.length === 0) return;
    busy = true;
    client
      .send(v.legal.find((x) => x.type === 'pass') ?? (v.legal[0] as Action))
      .catch(() => undefined)
      .finally(() => {
        busy = false;
        setTimeout(tryMove, 0);
      });
  };
  client.on('events', (u: EventsAt) => seen.push(u.seq));
  client.on('view', tryMove);
  return { seen };
}

function httpRaw(
  method: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.on('data', (c) => {
        text += String(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('HTTP lobby', () => {
  it('create, list, join; errors come back as typed JSON with their status', async () => {
    const { match, creatorToken } = await createMatch(base, { visibility: 'public', players: 2, spectators: 'public' });
    expect(creatorToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await listMatches(base)).map((m) => m.id)).toContain(match.id);
    const { seat, token } = await joinMatch(base, match.id, { name: 'Ada' });
    expect(seat).toBe(0);
    expect(token).not.toBe(creatorToken);
    await expect(joinMatch(base, match.id, { name: 'Bo', seat: 0 })).rejects.toMatchObject({ code: 'SEAT_TAKEN' });
    const bad = await httpRaw('POST', '/api/matches', '{"players": 9}');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe('BAD_OPTIONS');
    expect((await httpRaw('POST', '/api/matches', '{nope')).status).toBe(400);
    expect((await httpRaw('GET', '/api/nothing', '')).status).toBe(404);
    expect((await httpRaw('POST', '/api/matches', JSON.stringify({ players: 2, seed: 'x'.repeat(20_000) }))).status).toBe(413);
    expect(
      (await httpRaw('GET', `/api/matches/${match.id}/sync?after=0`, '', { authorization: 'Bearer nope-nope-nope-nope' })).status,
    ).toBe(401);
    const log = await httpRaw('GET', `/api/matches/${match.id}/log`, '', { authorization: `Bearer ${token}` });
    expect(log.status).toBe(403);
  });

  it('an aborted request does not crash the host', async () => {
    await new Promise<void>((resolve) => {
      const req = request(`${base}/api/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '1000' },
      });
      req.on('error', () => resolve());
      req.write('{"players": ');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    await new Promise((r) => setTimeout(r, 50));
    expect((await listMatches(base)).length).toBeGreaterThan(0);
  });

  it('plain HTTP can sync and act with a seat token', async () => {
    const { match } = await createMatch(base, { visibility: 'public', players: 2, seed: 'http-sync', firstPlayer: 0 });
    const { token } = await joinMatch(base, match.id, { name: 'Ada' });
    const auth = { authorization: `Bearer ${token}` };
    const sync = JSON.parse((await httpRaw('GET', `/api/matches/${match.id}/sync?after=0`, '', auth)).body);
    expect(sync.seq).toBe(0);
    const act = await httpRaw('POST', `/api/matches/${match.id}/actions`, JSON.stringify({ action: sync.view.legal[0], seq: 0 }), auth);
    expect(JSON.parse(act.body)).toEqual({ seq: 1 });
    const stale = await httpRaw('POST', `/api/matches/${match.id}/actions`, JSON.stringify({ action: sync.view.legal[0], seq: 0 }), auth);
    expect(stale.status).toBe(409);
    expect(JSON.parse(stale.body).error.code).toBe('STALE');
  });
});

describe('WebSocket protocol', () => {
  it('two clients and a bot play a match to the end; both saw every seq once and the score the log replays to', async () => {
    const { match, creatorToken } = await createMatch(base, {
      visibility: 'public',
      players: 3,
      seed: 'ws-game',
      bots: [null, 'heuristic', null],
    });
    const a = await joinMatch(base, match.id, { name: 'Ada' });
    const c = await joinMatch(base, match.id, { name: 'Cy' });
    const ca = connectMatch({ url: wsUrl, match: match.id, token: a.token, WebSocket: WebSocket as never });
    const cc = connectMatch({ url: wsUrl, match: match.id, token: c.token, WebSocket: WebSocket as never });
    const pa = autoPlayer(ca);
    const pc = autoPlayer(cc);
    await until(() => ca.view?.step === 'over' && cc.view?.step === 'over', 60_000);
    const log = JSON.parse((await httpRaw('GET', `/api/matches/${match.id}/log`, '', { authorization: `Bearer ${creatorToken}` })).body);
    const seqs = log.actions.map((e: { seq: number }) => e.seq);
    expect(pa.seen).toEqual(seqs);
    expect(pc.seen).toEqual(seqs);
    const final = replay(
      { players: 3, seed: 'ws-game' },
      log.actions.map((e: { action: Action }) => e.action),
    );
    expect(ca.view?.score).toEqual(score(final));
    ca.close();
    cc.close();
  });

  it('a client that drops and reconnects receives exactly the events it missed, once', async () => {
    const { match } = await createMatch(base, { visibility: 'public', players: 2, seed: 'drop', bots: [null, 'random'] });
    const a = await joinMatch(base, match.id, { name: 'Ada' });
    const watcher = await joinMatch(base, match.id, { name: 'x' }).catch(() => null);
    expect(watcher).toBeNull(); // full: one person and one bot
    const client = connectMatch({
      url: wsUrl,
      match: match.id,
      token: a.token,
      WebSocket: WebSocket as never,
      minDelayMs: 20,
      maxDelayMs: 50,
    });
    const seen: number[] = [];
    client.on('events', (u) => seen.push(u.seq));
    await until(() => client.status === 'open');
    // Drop the connection from the server side three times while the game goes on.
    let drops = 0;
    let playing = true;
    const play = async (): Promise<void> => {
      while (playing && client.view?.step !== 'over') {
        const v = client.view;
        if (client.status === 'open' && v !== null && v.legal.length > 0) {
          await client.send(v.legal[v.legal.length - 1] as Action).catch(() => undefined);
        }
        await new Promise((r) => setTimeout(r, 1));
      }
    };
    const playing1 = play();
    while (client.view?.step !== 'over' && drops < 3) {
      await until(() => client.seq >= 10 * (drops + 1) || client.view?.step === 'over');
      // Cut the connection abruptly (no close handshake), as a network drop would.
      (client as unknown as { socket: { close(): void; terminate?: () => void } | null }).socket?.terminate?.();
      drops++;
    }
    await until(() => client.view?.step === 'over', 60_000);
    playing = false;
    await playing1;
    expect(drops).toBeGreaterThan(0);
    const expected = Array.from({ length: client.seq }, (_, i) => i + 1);
    expect(seen).toEqual(expected);
    client.close();
  });

  it('a spectator under policy none gets nothing but an error; a bad token, an unknown match likewise', async () => {
    const { match } = await createMatch(base, { visibility: 'public', players: 2, spectators: 'none' });
    for (const hello of [
      { type: 'hello', v: 1, match: match.id, token: null, after: 0 },
      { type: 'hello', v: 1, match: match.id, token: 'A'.repeat(43), after: 0 },
      { type: 'hello', v: 1, match: 'B'.repeat(22), token: null, after: 0 },
      { type: 'hello', v: 99, match: match.id, token: null, after: 0 },
    ]) {
      const r = await raw();
      r.ws.send(JSON.stringify(hello));
      await until(() => r.got.length > 0);
      await new Promise((res) => setTimeout(res, 30));
      expect(r.got).toHaveLength(1);
      expect(r.got[0]?.type).toBe('error');
      r.ws.send(JSON.stringify({ type: 'sync', id: 5, after: 0 }));
      await until(() => r.got.length > 1);
      expect(r.got[1]).toMatchObject({ type: 'error', id: 5, code: 'NOT_READY' });
      r.ws.close();
    }
  });

  it('10,000 random malformed messages each get an error reply while other matches keep playing', async () => {
    // Two matches of bots against each other go on meanwhile, and one with a client.
    const others = await Promise.all(
      [0, 1].map(() =>
        createMatch(base, { visibility: 'public', players: 2, seed: 'others', bots: ['random', 'random'], spectators: 'public' }),
      ),
    );
    const { match } = await createMatch(base, { visibility: 'public', players: 2, seed: 'fuzz-target', bots: [null, 'heuristic'] });
    const a = await joinMatch(base, match.id, { name: 'Ada' });
    const client = connectMatch({ url: wsUrl, match: match.id, token: a.token, WebSocket: WebSocket as never });
    autoPlayer(client);
    // The attacker holds a real seat of another match, so authenticated messages are fuzzed too.
    const { match: victim } = await createMatch(base, { visibility: 'public', players: 2, seed: 'fuzz-victim' });
    const v = await joinMatch(base, victim.id, { name: 'Eve' });
    const r = await raw();
    r.ws.send(JSON.stringify({ type: 'hello', v: 1, match: victim.id, token: v.token, after: 0 }));
    await until(() => r.got.some((m) => m.type === 'welcome'));
    r.got.length = 0;
    const rand = testRandom(20_240);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
    const junk = (): unknown =>
      pick([null, true, -1, 1.5, 2 ** 53, '', 'x', '__proto__', [], [1, 2], {}, { a: 1 }, 'A'.repeat(50), 1e308, { type: 'pass' }]);
    const messages: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const kind = i % 10;
      let m: string;
      if (kind === 0) m = String.fromCharCode(...Array.from({ length: 1 + Math.floor(rand() * 20) }, () => Math.floor(rand() * 128)));
      else if (kind === 1) m = JSON.stringify(junk());
      else if (kind === 2)
        m = JSON.stringify({ type: pick(['hello', 'act', 'sync', 'leave', 'ping', 'HELLO', 'update', 'welcome']), id: junk() });
      else if (kind === 3) m = JSON.stringify({ type: 'act', id: i, seq: junk(), action: { type: 'pass', player: 0 } });
      else if (kind === 4) m = JSON.stringify({ type: 'act', id: i, seq: 0, action: junk() });
      else if (kind === 5)
        m = JSON.stringify({
          type: 'act',
          id: i,
          seq: 0,
          action: { type: pick(['bid', 'pay', 'place', 'take']), player: pick([0, 1, 2, 7, -1, '0']), amount: junk() },
        });
      else if (kind === 6) m = JSON.stringify({ type: 'act', id: i, seq: 5000 + i, action: { type: 'pass', player: 0 }, extra: 1 });
      else if (kind === 7) m = JSON.stringify({ type: 'sync', id: i, after: pick([-1, 1e6, 'x', 0.5, null]) });
      else if (kind === 8) m = JSON.stringify({ type: 'hello', v: 1, match: pick([victim.id, match.id, 'x']), token: junk(), after: 0 });
      else m = `{"type":"act","id":${i},"seq":0,"action":{"type":"bid","player":1,"amount":3}`.slice(0, Math.floor(rand() * 60));
      messages.push(m);
    }
    const seqBefore = await Promise.all(others.map(async (o) => (await store.readLog(o.match.id, 0)).length));
    for (const m of messages) r.ws.send(m);
    await until(() => r.got.length >= 10_000, 30_000);
    await new Promise((res) => setTimeout(res, 100));
    expect(r.got).toHaveLength(10_000);
    expect(r.got.every((m) => m.type === 'error')).toBe(true);
    expect(r.closed()).toBe(false);
    // The victim match is untouched, the others moved on meanwhile.
    expect(await store.readLog(victim.id, 0)).toEqual([]);
    const seqAfter = await Promise.all(others.map(async (o) => (await store.readLog(o.match.id, 0)).length));
    expect(seqAfter.some((n, i) => n > (seqBefore[i] as number)) || seqAfter.every((n) => n > 50)).toBe(true);
    await until(() => client.view?.step === 'over', 60_000);
    // The connection still works.
    r.ws.send(JSON.stringify({ type: 'ping', id: 77 }));
    await until(() => r.got.some((m) => m.type === 'pong'));
    r.ws.close();
    client.close();
  }, 60_000);
});

describe('transport limits (default-like settings)', () => {
  let small: RunningServer;
  let smallWs: string;
  beforeAll(async () => {
    small = await startServer({
      store: new MemoryStore(),
      port: 0,
      limits: { messagesPerSecond: 5, messageBurst: 10, connectionsPerAddress: 3, maxMessageBytes: 1000 },
    });
    smallWs = `${small.url.replace('http', 'ws')}/ws`;
  });
  afterAll(async () => {
    await small.close();
  });

  it('messages per second per connection: past the burst, RATE_LIMITED', async () => {
    const r = await raw(smallWs);
    for (let i = 0; i < 30; i++) r.ws.send(JSON.stringify({ type: 'ping', id: i }));
    await until(() => r.got.length >= 30);
    const limited = r.got.filter((m) => m.type === 'error' && m.code === 'RATE_LIMITED').length;
    expect(limited).toBeGreaterThanOrEqual(15);
    expect(r.got.filter((m) => m.type === 'pong').length).toBeGreaterThanOrEqual(10);
    r.ws.close();
  });

  it('a message refused by the rate limit is answered with its id (a client waiting on it is not left to time out)', async () => {
    const r = await raw(smallWs);
    for (let i = 0; i < 30; i++) r.ws.send(JSON.stringify({ type: 'ping', id: i + 1 }));
    await until(() => r.got.length >= 30);
    const limited = r.got.filter((m) => m.type === 'error' && m.code === 'RATE_LIMITED');
    expect(limited.length).toBeGreaterThanOrEqual(15);
    // Every request gets exactly one answer carrying its id: a pong or the refusal.
    const ids = r.got.map((m) => ('id' in m ? m.id : undefined)).sort((a, b) => Number(a) - Number(b));
    expect(ids).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    r.ws.close();
  });

  it('connections per address: the one past the limit gets TOO_MANY_CONNECTIONS and is closed', async () => {
    const open = [await raw(smallWs), await raw(smallWs), await raw(smallWs)];
    const extra = await raw(smallWs);
    await until(() => extra.closed());
    expect(extra.got).toMatchObject([{ type: 'error', code: 'TOO_MANY_CONNECTIONS' }]);
    for (const o of open) o.ws.close();
    await until(() => small.connections() === 0);
    const again = await raw(smallWs);
    again.ws.send(JSON.stringify({ type: 'ping', id: 1 }));
    await until(() => again.got.length > 0);
    expect(again.got[0]).toEqual({ type: 'pong', id: 1 });
    again.ws.close();
  });

  it('a message over the size limit gets TOO_LARGE; far over it, the connection is closed', async () => {
    const r = await raw(smallWs);
    r.ws.send(JSON.stringify({ type: 'ping', id: 1, pad: 'x'.repeat(2000) }));
    await until(() => r.got.length > 0);
    expect(r.got[0]).toMatchObject({ type: 'error', code: 'TOO_LARGE' });
    r.ws.send('x'.repeat(10_000));
    await until(() => r.closed());
  });
});

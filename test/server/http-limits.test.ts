/**
 * The HTTP side's limits against one client that asks for too much, on real sockets (loopback;
 * a second client address is 127.0.0.2): matches created per address (a token bucket, 429 with
 * `Retry-After`), matches with bots in play on the whole host, open HTTP connections per address
 * (beside the WebSocket's own quota), the server's header and request timeouts, and an oversized
 * body, answered 413 and not read any further.
 */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { HostError } from '../../src/protocol/errors.js';
import { MatchHost } from '../../src/server/host.js';
import { lobbyHandler } from '../../src/server/http.js';
import { DEFAULT_LIMITS } from '../../src/server/limits.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { refusal, until } from '../helpers/play.js';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A request from `from` (a loopback address) through Node's client. */
function ask(port: number, method: string, path: string, body?: unknown, from = '127.0.0.1'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: from,
        agent: false,
        headers: text === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        let got = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          got += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: got }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const WIDE_REQUESTS = { requestsPerSecond: 1e6, requestBurst: 1e6 };
const BOTS_ONLY = { players: 3, seed: 'a', bots: ['random', 'random', 'random'] };

describe('matches created per address (matchBurst, matchesPerMinute)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ store: new MemoryStore(), port: 0, limits: WIDE_REQUESTS });
  });
  afterAll(async () => {
    await server.close();
  });

  it('past the burst an address is refused 429 RATE_LIMITED with Retry-After; another address, and other requests, are not', async () => {
    const created: number[] = [];
    for (let i = 0; i < DEFAULT_LIMITS.matchBurst; i++)
      created.push((await ask(server.port, 'POST', '/api/matches', { players: 3 })).status);
    expect(created).toEqual(new Array(DEFAULT_LIMITS.matchBurst).fill(201));
    const refused = await ask(server.port, 'POST', '/api/matches', { players: 3 });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).error.code).toBe('RATE_LIMITED');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await ask(server.port, 'POST', '/api/matches', { players: 3 }, '127.0.0.2')).status).toBe(201);
    expect((await ask(server.port, 'GET', '/api/matches')).status).toBe(200);
  });

  it('a refused creation (bad settings) does not count', async () => {
    for (let i = 0; i < DEFAULT_LIMITS.matchBurst + 5; i++) {
      expect((await ask(server.port, 'POST', '/api/matches', { players: 9 }, '127.0.0.3')).status).toBe(400);
    }
    expect((await ask(server.port, 'POST', '/api/matches', { players: 3 }, '127.0.0.3')).status).toBe(201);
  });

  it('the request limit answers with Retry-After too', async () => {
    const own = await startServer({ store: new MemoryStore(), port: 0, limits: { requestsPerSecond: 1, requestBurst: 1 } });
    try {
      expect((await ask(own.port, 'GET', '/api/matches')).status).toBe(200);
      const refused = await ask(own.port, 'GET', '/api/matches');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    } finally {
      await own.close();
    }
  });

  it('nonsense limits are refused with a RangeError', async () => {
    const host = new MatchHost({ store: new MemoryStore() });
    for (const limits of [
      { matchBurst: 0 },
      { matchBurst: 1.5 },
      { matchesPerMinute: 0 },
      { matchesPerMinute: Number.NaN },
      { httpConnectionsPerAddress: 0 },
    ]) {
      expect(() => lobbyHandler(host, { limits })).toThrow(RangeError);
      await expect(startServer({ store: new MemoryStore(), port: 0, limits })).rejects.toThrow(RangeError);
    }
  });
});

describe('matches with bots in play on one host (maxBotMatches)', () => {
  it('past the cap a match with a bot is refused RATE_LIMITED; one without bots is created', async () => {
    const host = new MatchHost({ store: new MemoryStore(), maxBotMatches: 2 });
    try {
      await host.createMatch(BOTS_ONLY);
      await host.createMatch({ ...BOTS_ONLY, seed: 'b' });
      const e = await refusal(host.createMatch(BOTS_ONLY));
      expect(e).toBeInstanceOf(HostError);
      expect(e.code).toBe('RATE_LIMITED');
      expect(e.message).toMatch(/at most 2 matches with bots/);
      await host.createMatch({ players: 3 });
    } finally {
      host.close();
    }
  });

  it('concurrent creations do not overshoot the cap', async () => {
    const host = new MatchHost({ store: new MemoryStore(), maxBotMatches: 3 });
    try {
      const tries = await Promise.allSettled(Array.from({ length: 10 }, () => host.createMatch(BOTS_ONLY)));
      expect(tries.filter((t) => t.status === 'fulfilled').length).toBe(3);
    } finally {
      host.close();
    }
  });

  it('a match whose game is over no longer counts', async () => {
    const host = new MatchHost({ store: new MemoryStore(), maxBotMatches: 1, pollMs: 20 });
    host.start();
    try {
      const { match } = await host.createMatch({ ...BOTS_ONLY, spectators: 'public' });
      expect((await refusal(host.createMatch(BOTS_ONLY))).code).toBe('RATE_LIMITED');
      const watcher = await host.open(match.id, null);
      for (;;) {
        const { view } = await host.sync(watcher, 0);
        if (view.phase === 'over') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await host.createMatch(BOTS_ONLY);
    } finally {
      host.close();
    }
  });

  it('a match whose player to move is a person does not count, however long their turn time (it holds no bot work)', async () => {
    const host = new MatchHost({ store: new MemoryStore(), maxBotMatches: 1 });
    try {
      // Seat 0, a person, moves first: the match waits on them, not on its bot.
      const mixed = { players: 2, seed: 'p', firstPlayer: 0, bots: [null, 'random'], turnTimeMs: 86_400_000 };
      for (let i = 0; i < 3; i++) await host.createMatch(mixed);
      await host.createMatch(BOTS_ONLY);
      expect((await refusal(host.createMatch(BOTS_ONLY))).code).toBe('RATE_LIMITED');
    } finally {
      host.close();
    }
  });

  it('a match whose deal waits for a person to join does not count (no bot work until it starts)', async () => {
    const host = new MatchHost({ store: new MemoryStore(), maxBotMatches: 1 });
    try {
      // No seed: a fair deal, made once the open seat is taken; its bot, first to move, waits.
      const waiting = { players: 2, firstPlayer: 0, bots: ['random', null] };
      for (let i = 0; i < 3; i++) await host.createMatch(waiting);
      await host.createMatch(BOTS_ONLY);
      expect((await refusal(host.createMatch(BOTS_ONLY))).code).toBe('RATE_LIMITED');
    } finally {
      host.close();
    }
  });

  it('a seat handed to a bot is new bot work too: refused RATE_LIMITED at the cap; reopening a seat is not', async () => {
    const host = new MatchHost({ store: new MemoryStore(), maxBotMatches: 1 });
    try {
      const { match, creatorToken } = await host.createMatch({ players: 2, seed: 's', visibility: 'unlisted' });
      const bots = await host.createMatch(BOTS_ONLY);
      const e = await refusal(host.reassign(match.id, creatorToken, 1, 'heuristic'));
      expect(e.code).toBe('RATE_LIMITED');
      expect((await host.getMatch(match.id)).seats[1]?.bot ?? null).toBeNull();
      // Reopening a seat is no bot work: never refused by the cap.
      await host.reassign(match.id, creatorToken, 1, null);
      expect(bots.match.id).not.toBe(match.id);
    } finally {
      host.close();
    }
  });

  it('maxBotMatches out of range is a RangeError', () => {
    for (const maxBotMatches of [0, -1, 1.5, Number.NaN])
      expect(() => new MatchHost({ store: new MemoryStore(), maxBotMatches })).toThrow(RangeError);
  });
});

/** Opens `n` WebSockets one after the other into `sockets`; resolves with how many opened. `onError` hears each error message's code. */
async function openWebSockets(port: number, n: number, sockets: WebSocket[], onError?: (code: unknown) => void): Promise<number> {
  let opened = 0;
  for (let i = 0; i < n; i++) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    ws.on('error', () => undefined);
    ws.on('message', (d) => {
      const m = JSON.parse(String(d));
      if (m.type === 'error') onError?.(m.code);
    });
    await new Promise<void>((resolve) => {
      ws.once('open', () => {
        opened++;
        resolve();
      });
      ws.once('close', () => resolve());
    });
    sockets.push(ws);
  }
  return opened;
}

/** Opens a raw connection and resolves once it is connected; `closed` tells whether the host closed it, `got` what it sent. */
async function rawConnection(
  port: number,
): Promise<{ socket: Socket; write: (s: string) => void; closed: () => boolean; got: () => string; end: () => void }> {
  const socket = connect(port, '127.0.0.1');
  let closed = false;
  let got = '';
  socket.on('data', (d) => {
    got += d.toString('latin1');
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed = true;
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, write: (s) => socket.write(s), closed: () => closed, got: () => got, end: () => socket.destroy() };
}

describe('open HTTP connections per address (httpConnectionsPerAddress)', () => {
  it('a connection over the cap is closed at once, unanswered; once one closes another is served', async () => {
    const server = await startServer({ store: new MemoryStore(), port: 0, limits: { ...WIDE_REQUESTS, httpConnectionsPerAddress: 3 } });
    try {
      const held = [await rawConnection(server.port), await rawConnection(server.port), await rawConnection(server.port)];
      const over = await rawConnection(server.port);
      over.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
      await until(over.closed, 10_000, 'the connection over the cap to close');
      expect(over.got()).toBe('');
      expect(held.some((c) => c.closed())).toBe(false);
      held[0]?.end();
      let answered = false;
      while (!answered) {
        const next = await rawConnection(server.port);
        next.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
        await until(next.closed, 10_000, 'an answer');
        answered = next.got().startsWith('HTTP/1.1 200');
      }
      for (const c of held) c.end();
    } finally {
      await server.close();
    }
  });

  it('behind a proxy (trustProxy) the cap does not count the proxy’s connections', async () => {
    const server = await startServer({
      store: new MemoryStore(),
      port: 0,
      trustProxy: true,
      limits: { ...WIDE_REQUESTS, httpConnectionsPerAddress: 1 },
    });
    try {
      const a = await rawConnection(server.port);
      const b = await rawConnection(server.port);
      b.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      await until(b.closed, 10_000, 'an answer');
      expect(b.got()).toMatch(/^HTTP\/1\.1 200/);
      a.end();
    } finally {
      await server.close();
    }
  });

  it('with the defaults the WebSocket quota (32) still answers TOO_MANY_CONNECTIONS first, and plain requests are still served', async () => {
    const server = await startServer({ store: new MemoryStore(), port: 0 });
    const sockets: WebSocket[] = [];
    try {
      const refused: unknown[] = [];
      const opened = await openWebSockets(server.port, DEFAULT_LIMITS.connectionsPerAddress + 2, sockets, (code) => refused.push(code));
      expect(opened).toBe(DEFAULT_LIMITS.connectionsPerAddress + 2);
      await until(() => refused.length === 2, 10_000, 'two refusals');
      expect(refused).toEqual(['TOO_MANY_CONNECTIONS', 'TOO_MANY_CONNECTIONS']);
      expect((await ask(server.port, 'GET', '/api/matches')).status).toBe(200);
    } finally {
      for (const ws of sockets) ws.terminate();
      await server.close();
    }
  });

  it('an upgraded WebSocket leaves the HTTP count (connectionsPerAddress alone counts it), so a raised WebSocket quota is not capped by it', async () => {
    const server = await startServer({
      store: new MemoryStore(),
      port: 0,
      limits: { ...WIDE_REQUESTS, viewsPerSecond: 1e6, viewBurst: 1e6, connectionsPerAddress: 100, httpConnectionsPerAddress: 4 },
    });
    const sockets: WebSocket[] = [];
    try {
      expect(await openWebSockets(server.port, 10, sockets)).toBe(10);
      // Plain connections still count: four are held, the fifth is closed unanswered.
      const held = [];
      for (let i = 0; i < 4; i++) held.push(await rawConnection(server.port));
      const over = await rawConnection(server.port);
      await until(over.closed, 10_000, 'the fifth plain connection to close');
      expect(held.some((c) => c.closed())).toBe(false);
      for (const c of held) c.end();
    } finally {
      for (const ws of sockets) ws.terminate();
      await server.close();
    }
  });

  it('the server gives headers 10 s and a whole request 30 s', async () => {
    const server = await startServer({ store: new MemoryStore(), port: 0 });
    try {
      expect(server.server.headersTimeout).toBe(10_000);
      expect(server.server.requestTimeout).toBe(30_000);
    } finally {
      await server.close();
    }
  });
});

describe('an oversized body', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ store: new MemoryStore(), port: 0, limits: WIDE_REQUESTS });
  });
  afterAll(async () => {
    await server.close();
  });

  /** Sends `head`, then up to 256 MiB of body in 64 KiB chunks while the host keeps the connection; resolves with what it sent and whether it closed. */
  async function sendHuge(head: string, chunk: (data: Buffer) => Buffer): Promise<{ got: string; closed: boolean }> {
    const c = await rawConnection(server.port);
    c.write(head);
    const data = chunk(Buffer.alloc(64 * 1024, 0x20));
    for (let sent = 0; sent < 256 * 1024 * 1024 && !c.closed(); sent += data.length) {
      if (!c.socket.write(data))
        await new Promise<void>((resolve) => {
          c.socket.once('drain', resolve);
          c.socket.once('close', resolve);
        });
    }
    c.end();
    return { got: c.got(), closed: c.closed() };
  }

  it('declared too large: 413 with Connection: close, and the host closes without reading the rest', async () => {
    const r = await sendHuge(
      'POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1073741824\r\n\r\n',
      (d) => d,
    );
    expect(r.got).toMatch(/^HTTP\/1\.1 413/);
    expect(r.got.toLowerCase()).toContain('connection: close');
    expect(r.closed).toBe(true);
  });

  it('chunked past the limit: 413 with Connection: close, and the host closes without reading the rest', async () => {
    const r = await sendHuge(
      'POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      (d) => Buffer.concat([Buffer.from(`${d.length.toString(16)}\r\n`), d, Buffer.from('\r\n')]),
    );
    expect(r.got).toMatch(/^HTTP\/1\.1 413/);
    expect(r.got.toLowerCase()).toContain('connection: close');
    expect(r.closed).toBe(true);
  });
});

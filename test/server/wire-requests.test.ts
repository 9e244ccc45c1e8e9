/**
 * Requests at the edge of HTTP, on real sockets (loopback): upgrade requests the WebSocket
 * transport does not take (another path, `Upgrade: h2c`) are answered as ordinary requests and
 * never hold their socket; a close ends even with a socket another upgrade listener keeps; the
 * parser's refusals get Node's own statuses; a target in absolute form is routed as any other.
 */
import { createServer, request, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { MatchHost } from '../../src/server/host.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { attachWebSocket } from '../../src/server/websocket.js';
import { until } from '../helpers/play.js';

let server: RunningServer;
let port: number;

beforeAll(async () => {
  server = await startServer({ store: new MemoryStore(), port: 0, limits: { requestsPerSecond: 1e6, requestBurst: 1e6 } });
  port = server.port;
});
afterAll(async () => {
  await server.close();
});

interface Answer {
  readonly status: number;
  readonly body: string;
}

/** A request through Node's client, with extra headers (an upgrade offer); resolves with the answer. */
function ask(to: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: to, method, path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('upgrade', () => reject(new Error('the host switched protocols')));
    req.on('error', reject);
    req.end(body);
  });
}

/** Writes `text` on a new connection and resolves with everything the host sent once it closes. */
function exchange(to: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(to, '127.0.0.1');
    let got = '';
    socket.on('data', (d) => {
      got += d.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(got));
    socket.write(text);
  });
}

const WEBSOCKET_OFFER = {
  connection: 'Upgrade',
  upgrade: 'websocket',
  'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
  'sec-websocket-version': '13',
};
const H2C_OFFER = { connection: 'Upgrade, HTTP2-Settings', upgrade: 'h2c', 'http2-settings': 'AAMAAABkAARAAAAAAAIAAAAA' };

describe('upgrade requests the WebSocket transport does not take', () => {
  it('a WebSocket upgrade on another path is answered as a plain request (404), and its connection serves on', async () => {
    const got: string[] = [];
    const socket = connect(port, '127.0.0.1');
    socket.on('data', (d) => got.push(d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.write(
      'GET /not-ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    await until(() => got.join('').includes('\r\n\r\n'), 10_000, 'an answer to the stray upgrade');
    expect(got.join('').split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found');
    // Back in the HTTP server's hands: the next request on the same connection is answered too.
    got.length = 0;
    socket.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await new Promise((r) => socket.once('close', r));
    expect(got.join('').split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(got.join('')).toContain('"status":"ok"');
  });

  it('a lobby request offering h2c (as curl --http2 sends) is answered over HTTP/1.1: a GET, and a POST with its body', async () => {
    const created = await ask(
      port,
      'POST',
      '/api/matches',
      { ...H2C_OFFER, 'content-type': 'application/json' },
      '{"players":2,"visibility":"public"}',
    );
    expect(created.status).toBe(201);
    const id = (JSON.parse(created.body) as { match: { id: string } }).match.id;
    const listed = await ask(port, 'GET', '/api/matches', H2C_OFFER);
    expect(listed.status).toBe(200);
    expect((JSON.parse(listed.body) as { matches: { id: string }[] }).matches.map((m) => m.id)).toContain(id);
    // The WebSocket path offered another protocol: not a WebSocket, a plain GET (nothing there).
    expect((await ask(port, 'GET', '/ws', H2C_OFFER)).status).toBe(404);
  });

  it('on a server of your own, with the transport its only upgrade listener, strays reach your request handler; with another listener, that one has them', async () => {
    const store = new MemoryStore();
    const host = new MatchHost({ store });
    const own: Server = createServer((req, res) => res.end(`plain ${req.url}`));
    const transport = await attachWebSocket(own, host);
    await new Promise<void>((r) => own.listen(0, '127.0.0.1', r));
    const ownPort = (own.address() as { port: number }).port;
    try {
      expect(await ask(ownPort, 'GET', '/elsewhere', WEBSOCKET_OFFER)).toEqual({ status: 200, body: 'plain /elsewhere' });
      expect(await ask(ownPort, 'GET', '/anything', H2C_OFFER)).toEqual({ status: 200, body: 'plain /anything' });
      // The WebSocket itself still opens.
      const ws = new WebSocket(`ws://127.0.0.1:${ownPort}/ws`);
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      ws.close();
      // Another listener answers its own upgrades; the transport leaves them alone (one answer, its own).
      own.on('upgrade', (_req, socket) => {
        socket.end('HTTP/1.1 418 I am a teapot\r\ncontent-length: 3\r\nconnection: close\r\n\r\ntea');
      });
      expect(await ask(ownPort, 'GET', '/tea', WEBSOCKET_OFFER)).toEqual({ status: 418, body: 'tea' });
    } finally {
      await transport.close();
      host.close();
      own.closeAllConnections();
      await new Promise((r) => own.close(r));
    }
  });

  it('close() ends even while another upgrade listener holds a socket it never answers; that socket is closed', async () => {
    const mine = await startServer({ store: new MemoryStore(), port: 0 });
    const held: Socket[] = [];
    mine.server.on('upgrade', (req, socket) => {
      if (req.url === '/held') held.push(socket as Socket); // kept, never answered
    });
    const client = connect(mine.port, '127.0.0.1');
    let clientClosed = false;
    client.on('close', () => {
      clientClosed = true;
    });
    client.on('error', () => undefined);
    client.write('GET /held HTTP/1.1\r\nHost: x\r\nUpgrade: something\r\nConnection: Upgrade\r\n\r\n');
    await until(() => held.length === 1, 10_000, 'the other listener to take the socket');
    await mine.close();
    await until(() => clientClosed, 10_000, 'the held socket to close');
    expect(held[0]?.destroyed).toBe(true);
  });
});

describe("the parser's refusals", () => {
  it('headers too large get 431, a malformed request 400, each with Connection: close', async () => {
    const big = await exchange(port, `GET /api/matches HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(big.toLowerCase()).toContain('connection: close');
    const bad = await exchange(port, 'POST /api/matches HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n');
    expect(bad.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(bad.toLowerCase()).toContain('connection: close');
  });

  it("a request too slow gets 408 (Node's request timer's error); a reset connection is only closed, nothing written", async () => {
    for (const [code, first] of [
      ['ERR_HTTP_REQUEST_TIMEOUT', 'HTTP/1.1 408 Request Timeout'],
      ['ECONNRESET', undefined],
    ] as const) {
      // The server's own socket of a connection whose request is not complete: given the error
      // Node gives the 'clientError' listeners when the request timer fires (checked every 30 s,
      // too slow to wait for) or the peer resets.
      const accepted = new Promise<Socket>((r) => server.server.once('connection', r));
      const answer = exchange(port, 'GET /api/matches HTTP/1.1\r\nHost: x\r\n');
      const theirs = await accepted;
      server.server.emit('clientError', Object.assign(new Error(code), { code }), theirs);
      const got = await answer;
      if (first === undefined) expect(got).toBe('');
      else {
        expect(got.split('\r\n')[0]).toBe(first);
        expect(got.toLowerCase()).toContain('connection: close');
      }
    }
  });
});

describe('a request target in absolute form', () => {
  it('is routed by its path and query: the lobby, health, and the WebSocket', async () => {
    const list = await exchange(port, `GET http://127.0.0.1:${port}/api/matches?x=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(list.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(Array.isArray((JSON.parse(list.slice(list.indexOf('\r\n\r\n') + 4)) as { matches: unknown }).matches)).toBe(true);
    const health = await exchange(port, `GET HTTP://x/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(health.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    const upgrade = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.once('data', (d) => {
        resolve(d.toString('latin1'));
        socket.destroy();
      });
      socket.write(
        `GET http://x/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    expect(upgrade.split('\r\n')[0]).toBe('HTTP/1.1 101 Switching Protocols');
  });
});

/**
 * WebSocket clients that spend the host's resources within or past the limits, on real sockets
 * (loopback): a peer that never answers the host's close frame is cut off, and the place the host
 * closed it for is free at once; whole views (welcomes and syncs) are counted per address, across
 * its connections; a connection that keeps sending past its rate is closed. The tests wait for
 * what happens, with bounds far above the host's own waits (2 s), not for a time.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMatch, joinMatch } from '../../src/client/index.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { memoryHosts } from '../helpers/hosts.js';
import { until } from '../helpers/play.js';
import { rawWebSocket } from '../helpers/raw-websocket.js';

const { host, wsOf } = memoryHosts();
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
});

/** A peer that upgrades and then never answers anything (a close frame included); it records what it got and whether the host ended it. */
interface DeafPeer {
  /** Bytes received (the 101 response, then frames). */
  readonly got: () => Buffer;
  /** Whether the host has sent a close frame (opcode 8). */
  readonly closeFrameSeen: () => boolean;
  /** Whether the socket is gone. */
  readonly ended: () => boolean;
}

async function deafPeer(s: RunningServer): Promise<DeafPeer> {
  const port = Number(new URL(s.url).port);
  const socket = connect({ port, host: '127.0.0.1' });
  sockets.push(socket);
  let got = Buffer.alloc(0);
  let ended = false;
  socket.on('data', (d) => {
    got = Buffer.concat([got, d]);
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    ended = true;
  });
  socket.write(
    'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
  );
  await until(() => got.includes('\r\n\r\n'), 10_000, 'the upgrade response');
  expect(got.subarray(0, 12).toString()).toBe('HTTP/1.1 101');
  const closeFrameSeen = (): boolean => {
    // Unmasked server frames: walk them from after the response head.
    let i = got.indexOf('\r\n\r\n') + 4;
    while (i + 2 <= got.length) {
      const opcode = (got[i] as number) & 0x0f;
      let len = (got[i + 1] as number) & 0x7f;
      let at = i + 2;
      if (len === 126) {
        len = got.readUInt16BE(at);
        at += 2;
      } else if (len === 127) {
        len = Number(got.readBigUInt64BE(at));
        at += 8;
      }
      if (opcode === 8) return true;
      i = at + len;
    }
    return false;
  };
  return { got: () => got, closeFrameSeen, ended: () => ended };
}

describe('connections the host closes', () => {
  it('a connection closed at the hello deadline frees its place at once, and is cut off when it does not answer the close', async () => {
    const s = await host({ helloTimeoutMs: 300, pingIntervalMs: 0, connectionsPerAddress: 2 });
    const deaf = [await deafPeer(s), await deafPeer(s)];
    await until(() => deaf.every((d) => d.closeFrameSeen()), 10_000, 'the hello deadline to close both');
    // The host has closed both: their places are free, though they have not answered.
    const next = await rawWebSocket(wsOf(s));
    next.ws.send(JSON.stringify({ type: 'ping', id: 1 }));
    await until(() => next.got.length > 0 || next.closedWith() !== null, 10_000, 'an answer');
    expect(next.got[0]).toEqual({ type: 'pong', id: 1 });
    // ws would wait 30 s for the answer; the host cuts them off much sooner.
    await until(() => deaf.every((d) => d.ended()), 15_000, 'the deaf peers to be cut off');
    next.ws.close();
  }, 30_000);

  it('a connection refused over connectionsPerAddress that does not answer the close is cut off', async () => {
    const s = await host({ helloTimeoutMs: 0, pingIntervalMs: 0, connectionsPerAddress: 1 });
    const first = await rawWebSocket(wsOf(s));
    const refused = await deafPeer(s);
    await until(() => refused.closeFrameSeen(), 10_000, 'the refusal');
    expect(refused.got().toString('latin1')).toContain('TOO_MANY_CONNECTIONS');
    await until(() => refused.ended(), 15_000, 'the refused peer to be cut off');
    expect(first.closedWith()).toBeNull();
    first.ws.close();
  }, 30_000);
});

describe('whole views per address', () => {
  it('syncs past viewBurst are refused RATE_LIMITED with their id; a hello past it is refused and closed (1008), on any connection of the address', async () => {
    // Next to no refill: the budget is the burst for the length of the test.
    const s = await host({ viewsPerSecond: 0.001, viewBurst: 4, helloTimeoutMs: 0, pingIntervalMs: 0 });
    const { match } = await createMatch(s.url, { visibility: 'public', players: 2 });
    const seat = await joinMatch(s.url, match.id, { name: 'Ada' });
    await joinMatch(s.url, match.id, { name: 'Bo' });
    const hello = JSON.stringify({ type: 'hello', v: 3, match: match.id, token: seat.token, after: 0 });
    const a = await rawWebSocket(wsOf(s));
    a.ws.send(hello);
    await until(() => a.got.some((m) => (m.type === 'welcome' && m.view !== null) || m.type === 'started'), 10_000, 'the first view');
    for (let id = 1; id <= 5; id++) a.ws.send(JSON.stringify({ type: 'sync', id, after: 0 }));
    const answers = (): string[] =>
      a.got.flatMap((m) => (m.type === 'error' ? [`${m.code} ${m.id}`] : m.type === 'synced' ? [`synced ${m.id}`] : []));
    await until(() => answers().length >= 5, 10_000, 'five answers');
    expect(answers()).toEqual(['synced 1', 'synced 2', 'synced 3', 'RATE_LIMITED 4', 'RATE_LIMITED 5']);
    // Another connection of the same address: its hello is over the budget too.
    const b = await rawWebSocket(wsOf(s));
    b.ws.send(hello);
    await until(() => b.closedWith() !== null, 10_000, 'the second connection to be closed');
    expect(b.closedWith()).toBe(1008);
    expect(b.got).toEqual([expect.objectContaining({ type: 'error', id: null, code: 'RATE_LIMITED' })]);
    // The first connection still answers what costs no view.
    a.ws.send(JSON.stringify({ type: 'ping', id: 9 }));
    await until(() => a.got.some((m) => m.type === 'pong'), 10_000, 'the pong');
    expect(a.closedWith()).toBeNull();
    a.ws.close();
  });

  it('view limits out of range are refused', async () => {
    for (const limits of [
      { viewsPerSecond: 0 },
      { viewsPerSecond: Number.NaN },
      { viewBurst: 0 },
      { viewBurst: 1.5 },
      { viewsPerSecond: -1 },
    ]) {
      await expect(startServer({ store: new MemoryStore(), port: 0, limits })).rejects.toThrow(RangeError);
    }
  });
});

describe('a connection that keeps going past its rate', () => {
  it('is closed (1008) after 100 refusals within 10 s; what it sends after the close is not answered', async () => {
    const s = await host({ messagesPerSecond: 5, messageBurst: 10, helloTimeoutMs: 0, pingIntervalMs: 0 });
    const r = await rawWebSocket(wsOf(s));
    for (let id = 1; id <= 500; id++) r.ws.send(JSON.stringify({ type: 'ping', id }));
    await until(() => r.closedWith() !== null, 10_000, 'the connection to be closed');
    expect(r.closedWith()).toBe(1008);
    const limited = r.got.filter((m) => m.type === 'error' && m.code === 'RATE_LIMITED').length;
    expect(limited).toBe(100);
    expect(r.got.length).toBeLessThan(500);
  });
});

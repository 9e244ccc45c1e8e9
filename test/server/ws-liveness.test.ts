/**
 * WebSocket connections that hold a place without playing, on real sockets (loopback): one that
 * never says a welcomed hello is told `NOT_READY` and closed (1008) once the deadline passes, so
 * it frees its address's quota; one that stops answering pings is dropped; the client answers
 * pings and stays. The deadlines are short settings; the tests wait for the close, not a time.
 */
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type ConnectionStatus, connectMatch, createMatch, joinMatch } from '../../src/client/index.js';
import { startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { memoryHosts } from '../helpers/hosts.js';
import { until } from '../helpers/play.js';
import { rawWebSocket } from '../helpers/raw-websocket.js';

const { host, wsOf } = memoryHosts();

describe('the hello deadline', () => {
  it('a connection without a welcomed hello is told NOT_READY and closed with 1008; one welcomed stays; the quota is freed', async () => {
    const s = await host({ helloTimeoutMs: 2000, pingIntervalMs: 0, connectionsPerAddress: 2 });
    const { match } = await createMatch(s.url, { visibility: 'public', players: 2 });
    const seat = await joinMatch(s.url, match.id, { name: 'Ada' });
    // Welcomed first (its deadline, set first, would have passed first).
    const welcomed = await rawWebSocket(wsOf(s));
    welcomed.ws.send(JSON.stringify({ type: 'hello', v: 3, match: match.id, token: seat.token, after: 0 }));
    await until(() => welcomed.got.some((m) => m.type === 'welcome'), 10_000, 'the welcome');
    // Silent, and one whose hellos are refused (no such match): both hold the address's last place.
    const silent = await rawWebSocket(wsOf(s));
    await until(() => silent.closedWith() !== null, 10_000, 'the silent connection to be closed');
    expect(silent.closedWith()).toBe(1008);
    expect(silent.got).toEqual([expect.objectContaining({ type: 'error', id: null, code: 'NOT_READY' })]);
    await until(() => s.connections() === 1, 10_000, 'the host to let the silent connection go');
    const refused = await rawWebSocket(wsOf(s));
    refused.ws.send(JSON.stringify({ type: 'hello', v: 3, match: 'B'.repeat(22), token: null, after: 0 }));
    await until(() => refused.closedWith() !== null, 10_000, 'the refused connection to be closed');
    expect(refused.closedWith()).toBe(1008);
    expect(refused.got.map((m) => m.type === 'error' && m.code)).toEqual(['NOT_FOUND', 'NOT_READY']);
    // The welcomed connection still answers.
    welcomed.ws.send(JSON.stringify({ type: 'ping', id: 7 }));
    await until(() => welcomed.got.some((m) => m.type === 'pong'), 10_000, 'the pong');
    expect(welcomed.closedWith()).toBeNull();
    welcomed.ws.close();
  });
});

describe('a ping before hello', () => {
  it('is answered pong, not NOT_READY, and does not put off the hello deadline', async () => {
    const s = await host({ helloTimeoutMs: 1000, pingIntervalMs: 0 });
    const early = await rawWebSocket(wsOf(s));
    early.ws.send(JSON.stringify({ type: 'ping', id: 1 }));
    await until(() => early.got.length > 0, 10_000, 'the pong');
    expect(early.got).toEqual([{ type: 'pong', id: 1 }]);
    early.ws.send(JSON.stringify({ type: 'ping', id: 2 }));
    await until(() => early.closedWith() !== null, 10_000, 'the connection to be closed at the deadline');
    expect(early.closedWith()).toBe(1008);
    expect(early.got.map((m) => (m.type === 'error' ? m.code : m.type))).toEqual(['pong', 'pong', 'NOT_READY']);
  });
});

describe('pings', () => {
  it('a connection that does not answer pings is dropped; the client answers them and stays connected', async () => {
    const s = await host({ helloTimeoutMs: 0, pingIntervalMs: 1000 });
    const { match } = await createMatch(s.url, { visibility: 'public', players: 2 });
    const seat = await joinMatch(s.url, match.id, { name: 'Ada' });
    const client = connectMatch({ url: wsOf(s), match: match.id, token: seat.token, WebSocket: WebSocket as never });
    const statuses: ConnectionStatus[] = [];
    client.on('status', (st) => statuses.push(st));
    await until(() => client.status === 'open', 10_000, 'the client to open');
    // Two deaf connections in turn, each dropped after a ping it did not answer: the client, open
    // before them, went through the same pings.
    for (let i = 0; i < 2; i++) {
      const deaf = await rawWebSocket(wsOf(s), false);
      await until(() => deaf.closedWith() !== null, 10_000, 'the deaf connection to be dropped');
      expect(deaf.closedWith()).toBe(1006);
    }
    await until(() => s.connections() === 1, 10_000, 'the host to let the deaf connections go');
    expect(client.status).toBe('open');
    expect(statuses).toEqual(['open']);
    client.close();
  });

  it('timer limits out of range are refused', async () => {
    for (const limits of [{ helloTimeoutMs: -1 }, { pingIntervalMs: 1.5 }, { pingIntervalMs: 2 ** 31 }]) {
      await expect(startServer({ store: new MemoryStore(), port: 0, limits })).rejects.toThrow(RangeError);
    }
  });
});

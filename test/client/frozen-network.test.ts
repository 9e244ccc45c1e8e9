/**
 * The client on a network that freezes without closing anything (a phone in a tunnel), against
 * a real host through a loopback TCP proxy that stops carrying bytes: the client notices by its
 * pings and its requests' deadlines, drops the silent connection and makes another, and once
 * the network is back it catches up with what was played meanwhile. Waits are generous; no time
 * is asserted.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { WebSocket } from 'ws';
import { type ConnectionStatus, connectMatch, createMatch, joinMatch, type MatchClient } from '../../src/client/index.js';
import type { Action } from '../../src/index.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { type FreezingProxy, startFreezingProxy } from '../helpers/freezing-proxy.js';
import { until } from '../helpers/play.js';

let server: RunningServer;
let proxy: FreezingProxy;
const clients: MatchClient[] = [];

beforeAll(async () => {
  server = await startServer({ store: new MemoryStore(), port: 0, pollMs: 20 });
  proxy = await startFreezingProxy(Number(new URL(server.url).port));
});
afterAll(async () => {
  for (const c of clients) c.close();
  await proxy.close();
  await server.close();
});

/** A 2-seat match: Ada through the proxy (pinging often), Bo straight to the host; both open. */
async function match(seed: string): Promise<{ ada: MatchClient; bo: MatchClient; statuses: ConnectionStatus[] }> {
  const { match, invite } = await createMatch(server.url, { players: 2, seed, firstPlayer: 0 });
  const [a, b] = [
    await joinMatch(server.url, match.id, { name: 'Ada', seat: 0, invite }),
    await joinMatch(server.url, match.id, { name: 'Bo', seat: 1, invite }),
  ];
  const common = { match: match.id, WebSocket: WebSocket as never, minDelayMs: 10, maxDelayMs: 50 };
  const ada = connectMatch({ ...common, url: `ws://127.0.0.1:${proxy.port}/ws`, token: a.token, pingMs: 100, timeoutMs: 2000 });
  const bo = connectMatch({ ...common, url: `${server.url.replace('http', 'ws')}/ws`, token: b.token });
  clients.push(ada, bo);
  // A test that fails frozen leaves the network as it found it.
  onTestFinished(() => proxy.thaw());
  const statuses: ConnectionStatus[] = [];
  ada.on('status', (s) => statuses.push(s));
  await until(() => ada.view !== null && bo.view !== null && ada.status === 'open', 60_000, 'both views');
  return { ada, bo, statuses };
}

/** Bo plays while it is his turn. */
async function boPlays(bo: MatchClient): Promise<void> {
  while (bo.view !== null && bo.view.currentPlayer === 1) await bo.send(bo.view.legal[0] as Action);
}

describe('a client whose network freezes', () => {
  it('drops the silent connection once a ping goes unanswered, and catches up once the network is back', async () => {
    const { ada, bo, statuses } = await match('frozen-ping');
    // Ada moves first; then it is Bo's turn.
    await ada.send(ada.view?.legal[0] as Action);
    statuses.length = 0;
    proxy.freeze();
    // Bo plays while Ada hears nothing; her client gives the connection up by itself.
    await boPlays(bo);
    await until(() => statuses.includes('connecting'), 60_000, 'the client to give the frozen connection up');
    proxy.thaw();
    await until(() => ada.status === 'open' && ada.seq === bo.seq, 60_000, 'Ada to catch up');
    expect(ada.view?.moveCount).toBe(bo.view?.moveCount);
    expect(ada.view?.currentPlayer).toBe(0);
  });

  it('a move sent into the frozen network fails with TIMEOUT, the connection is made again, and the view then agrees with the host', async () => {
    const { ada, bo, statuses } = await match('frozen-send');
    statuses.length = 0;
    proxy.freeze();
    const sent = ada.send(ada.view?.legal[0] as Action);
    await expect(sent).rejects.toMatchObject({ code: 'TIMEOUT' });
    await until(() => statuses.includes('connecting'), 60_000, 'the client to give the frozen connection up');
    proxy.thaw();
    // Whether the host got the move before the socket was given up, Ada's view ends as the host's.
    await until(() => ada.status === 'open' && ada.seq === bo.seq && ada.viewSeq === bo.viewSeq, 60_000, 'Ada to catch up');
    expect(ada.view?.moveCount).toBe(bo.view?.moveCount);
  });
});

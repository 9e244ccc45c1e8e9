/**
 * The client's list of host URLs: it skips a host that does not answer, and when its host goes
 * away it moves to the next one and resyncs from its last seq, so a match goes on across hosts.
 * Two hosts share one store in this process (the PostgreSQL version, with processes, is
 * multi-process.test.ts). Real sockets on loopback.
 */
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ClientError } from '../../src/client/errors.js';
import { connectMatch, createMatch, joinMatch, type MatchClient } from '../../src/client/index.js';
import { type Action, replay, score } from '../../src/index.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { WIDE_LIMITS } from '../helpers/limits.js';
import { autoPlayer, until } from '../helpers/play.js';

const running: RunningServer[] = [];
const clients: MatchClient[] = [];
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of running) await s.close().catch(() => undefined);
});

async function serve(store: MemoryStore): Promise<{ server: RunningServer; ws: string }> {
  const server = await startServer({ store, port: 0, pollMs: 20, limits: WIDE_LIMITS });
  running.push(server);
  return { server, ws: `${server.url.replace('http', 'ws')}/ws` };
}

/** A loopback URL where nothing listens. */
async function deadUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return `ws://127.0.0.1:${port}/ws`;
}

function connect(url: string | string[], match: string, token: string): MatchClient {
  const c = connectMatch({ url, match, token, WebSocket: WebSocket as never, minDelayMs: 20, maxDelayMs: 200 });
  clients.push(c);
  return c;
}

describe('client failover across a list of host URLs', () => {
  it('refuses an empty list', () => {
    expect(() => connectMatch({ url: [], match: 'm', token: null, WebSocket: WebSocket as never })).toThrow(ClientError);
  });

  it('skips a host that does not answer and connects to the next', async () => {
    const store = new MemoryStore();
    const { server, ws } = await serve(store);
    const { match } = await createMatch(server.url, { visibility: 'public', players: 2 });
    const { token } = await joinMatch(server.url, match.id, { name: 'Ada' });
    const dead = await deadUrl();
    const c = connect([dead, ws], match.id, token);
    await until(() => c.status === 'open', 10_000, 'the client to open');
    expect(c.url).toBe(ws);
    expect(c.seat).toBe(0);
  });

  it('a host goes away mid-game: its clients move to the other host, resync, and the match ends with every seq seen once', async () => {
    const store = new MemoryStore();
    const a = await serve(store);
    const b = await serve(store);
    const { match } = await createMatch(a.server.url, { visibility: 'public', players: 4, seed: 'failover' });
    const acked = new Map<number, Action>();
    const players: { client: MatchClient; seen: number[] }[] = [];
    for (let i = 0; i < 4; i++) {
      const { token } = await joinMatch(a.server.url, match.id, { name: `P${i}` });
      // Seats 0 and 2 start on host a, 1 and 3 on host b; each knows both.
      const urls = i % 2 === 0 ? [a.ws, b.ws] : [b.ws, a.ws];
      const client = connect(urls, match.id, token);
      client.on('error', (e) => console.log('client error', i, e.code, e.message));
      players.push({ client, ...autoPlayer(client, acked) });
    }
    await until(() => players.every((p) => p.client.seq >= 12), 30_000, 'a dozen moves').catch((e) => {
      throw new Error(
        `${e}: ${JSON.stringify(players.map((p) => [p.client.status, p.client.seq, p.client.view?.legal.length, p.client.url]))}`,
      );
    });
    await a.server.close();
    await until(() => players.every((p) => p.client.view?.step === 'over'), 60_000, 'the end of the match');
    expect(players.every((p) => p.client.url === b.ws)).toBe(true);
    const log = await store.readLog(match.id, 0);
    for (const [seq, action] of acked) expect(log[seq - 1]?.action).toEqual(action);
    const final = score(
      replay(
        { players: 4, seed: 'failover' },
        log.map((e) => e.action),
      ),
    );
    for (const p of players) {
      expect(p.seen).toEqual(log.map((e) => e.seq));
      expect(p.client.view?.score).toEqual(final);
    }
  }, 90_000);
});

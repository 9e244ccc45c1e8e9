/**
 * The host process under each runtime it is measured on (Node, and Bun with its own `ws`): what
 * the host's safety rests on at the socket, checked from outside with real sockets on loopback.
 * Malformed messages each get a typed error and leave the match untouched; a message over the
 * size limit is refused with `TOO_LARGE`, a binary frame with `BAD_MESSAGE`; a frame over the
 * transport's limit closes only its own socket (1009); meanwhile a match with a client plays on
 * to the end, and the HTTP lobby answers. (kill.test.ts runs the kill -9 test under both too.)
 */
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectMatch, createMatch, joinMatch, listMatches } from '../../src/client/index.js';
import type { Action } from '../../src/index.js';
import { DEFAULT_LIMITS } from '../../src/server/limits.js';
import { testRandom } from '../helpers/hidden.js';
import { autoPlayer, until } from '../helpers/play.js';
import { rawWebSocket } from '../helpers/raw-websocket.js';
import { HOST_RUNTIMES, startFixture } from './fixtures/runtimes.js';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

/** Malformed client messages of many kinds, the same every run. */
function malformed(count: number, matchId: string): string[] {
  const rand = testRandom(31_337);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const junk = (): unknown => pick([null, true, -1, 1.5, 2 ** 53, '', 'x', '__proto__', [], [1, 2], {}, { a: 1 }, 1e308]);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 6;
    if (kind === 0) out.push(String.fromCharCode(...Array.from({ length: 1 + Math.floor(rand() * 20) }, () => Math.floor(rand() * 128))));
    else if (kind === 1) out.push(JSON.stringify(junk()));
    else if (kind === 2) out.push(JSON.stringify({ type: pick(['hello', 'act', 'sync', 'HELLO', 'update']), id: junk() }));
    else if (kind === 3) out.push(JSON.stringify({ type: 'act', id: i, seq: 0, action: junk() }));
    else if (kind === 4) out.push(JSON.stringify({ type: 'hello', v: 3, match: pick([matchId, 'x']), token: junk(), after: 0 }));
    else out.push(`{"type":"act","id":${i},"seq":0,"action":{"type":"bid","player":1,"amount":3}`.slice(0, Math.floor(rand() * 60)));
  }
  return out;
}

describe.each(HOST_RUNTIMES)('the host process under $name', (runtime) => {
  it('hostile messages get typed errors, an oversized frame closes only its socket, and a match plays on to the end', async () => {
    const host = await startFixture(runtime, ['memory', '-', '0'], children);
    const base = `http://127.0.0.1:${host.port}`;
    const wsUrl = `ws://127.0.0.1:${host.port}/ws`;

    // A match a client plays against a bot, all along.
    const { match } = await createMatch(base, { visibility: 'public', players: 2, seed: 'runtime-play', bots: [null, 'heuristic'] });
    const a = await joinMatch(base, match.id, { name: 'Ada' });
    const client = connectMatch({ url: wsUrl, match: match.id, token: a.token, WebSocket: WebSocket as never });
    const acked = new Map<number, Action>();
    autoPlayer(client, acked);

    // The attacker holds a real seat of a match of its own.
    const { match: victim, creatorToken } = await createMatch(base, { visibility: 'public', players: 2, seed: 'runtime-victim' });
    const v = await joinMatch(base, victim.id, { name: 'Eve' });
    const r = await rawWebSocket(wsUrl);
    r.ws.send(JSON.stringify({ type: 'hello', v: 3, match: victim.id, token: v.token, after: 0 }));
    await until(() => r.got.some((m) => m.type === 'welcome'), 10_000, 'the welcome');
    r.got.length = 0;

    // Besides the answers, the seat may be pushed news of its match (who is connected): those are
    // left aside; nothing else may come.
    const errors = (): { type: string; code?: string }[] => r.got.filter((m) => m.type === 'error');
    const messages = malformed(2_000, victim.id);
    for (const m of messages) r.ws.send(m);
    await until(() => errors().length >= messages.length, 30_000, 'an answer to every malformed message');
    expect(r.got.filter((m) => m.type !== 'error' && m.type !== 'seats').map((m) => m.type)).toEqual([]);

    // Over the host's message limit, within the transport's: refused, the socket kept.
    r.got.length = 0;
    r.ws.send(JSON.stringify({ type: 'sync', id: 1, after: 0, pad: 'x'.repeat(DEFAULT_LIMITS.maxMessageBytes) }));
    r.ws.send(Buffer.from([1, 2, 3]));
    await until(() => errors().length >= 2, 10_000, 'two refusals');
    expect(errors().map((m) => m.code)).toEqual(['TOO_LARGE', 'BAD_MESSAGE']);
    expect(r.closedWith()).toBeNull();

    // Over the transport's limit: that socket alone is closed, with 1009.
    r.ws.send('x'.repeat(DEFAULT_LIMITS.maxMessageBytes * 4 + 1));
    await until(() => r.closedWith() !== null, 10_000, 'the oversized frame’s socket to close');
    expect(r.closedWith()).toBe(1009);

    // The victim's match is untouched; the lobby answers; the played match ends.
    const log = await fetch(`${base}/api/matches/${victim.id}/log`, { headers: { authorization: `Bearer ${creatorToken}` } });
    expect(((await log.json()) as { actions: unknown[] }).actions).toEqual([]);
    expect((await listMatches(base)).map((m) => m.id)).toContain(victim.id);
    await until(() => client.view?.step === 'over', 60_000, 'the played match to end');
    expect(acked.size).toBeGreaterThan(10);
    client.close();
    host.child.kill('SIGKILL');
  }, 120_000);

  it('an upgrade request the WebSocket transport does not take is answered, not held: another path, an h2c offer', async () => {
    const host = await startFixture(runtime, ['memory', '-', '0'], children);
    const firstLine = (request: string): Promise<string> =>
      new Promise((resolve) => {
        const socket = connect(host.port, '127.0.0.1');
        let got = '';
        socket.on('error', () => undefined);
        socket.on('data', (d) => {
          got += d.toString('latin1');
          if (!got.includes('\r\n')) return;
          resolve(got.slice(0, got.indexOf('\r\n')));
          socket.destroy();
        });
        socket.write(request);
      });
    const websocket =
      'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n';
    expect(await firstLine(`GET /not-ws HTTP/1.1\r\nHost: x\r\n${websocket}\r\n`)).toBe('HTTP/1.1 404 Not Found');
    // Node serves the request as if the offer were not there; Bun cannot hand the socket back: it refuses.
    const h2c = 'Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n';
    expect(await firstLine(`GET /api/matches HTTP/1.1\r\nHost: x\r\n${h2c}\r\n`)).toBe(
      runtime.name === 'Bun' ? 'HTTP/1.1 400 Bad Request' : 'HTTP/1.1 200 OK',
    );
    host.child.kill('SIGKILL');
  }, 60_000);
});

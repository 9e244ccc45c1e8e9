/**
 * The client against a host that breaks the protocol, on real sockets (a `ws` server on loopback
 * that says what each test wants): malformed frames are told through `error` and the connection
 * is made again; a fair match's digests and commitment are kept as first told; a hello refused
 * for now is said again; an acknowledged update that never comes times out; the lobby's calls
 * fail with typed errors.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { ClientError, connectMatch, getMatch, joinMatch, listMatches, type MatchClient } from '../../src/client/index.js';
import { until } from '../helpers/play.js';

/** A host that answers each connection's messages with `answer(connection number, message, socket)`. */
async function fakeHost(answer: (k: number, m: { type: string; id?: number }, send: (x: unknown) => void, close: () => void) => void) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((ok) => wss.once('listening', ok));
  let connections = 0;
  wss.on('connection', (s) => {
    const k = connections++;
    s.on('message', (data) => {
      const send = (x: unknown) => s.send(typeof x === 'string' ? x : JSON.stringify(x));
      answer(k, JSON.parse(String(data)), send, () => s.close());
    });
  });
  const port = (wss.address() as { port: number }).port;
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    connections: () => connections,
    close: () => {
      for (const c of wss.clients) c.terminate();
      wss.close();
    },
  };
}

const WELCOME = { type: 'welcome', v: 2, match: 'm', seat: 0, seq: 0, updates: [], view: null };

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanup) f();
  cleanup = [];
});

function connect(url: string): { client: MatchClient; errors: ClientError[] } {
  const client = connectMatch({
    url,
    match: 'm',
    token: 't',
    WebSocket: WebSocket as never,
    minDelayMs: 10,
    maxDelayMs: 20,
    timeoutMs: 300,
  });
  const errors: ClientError[] = [];
  client.on('error', (e) => errors.push(e));
  cleanup.push(() => client.close());
  return { client, errors };
}

describe('a client and a host that breaks the protocol', () => {
  it('a frame that is not a message of the protocol is a BAD_MESSAGE error, and the client connects again', async () => {
    for (const frame of [
      'null',
      '5',
      '[]',
      { type: 'welcome', v: 2, seat: 0, seq: 0, view: null },
      { type: 'seats', seats: null },
      { type: 'chat', line: null },
    ]) {
      const host = await fakeHost((k, m, send) => {
        if (m.type !== 'hello') return;
        if (k === 0) send(frame);
        else send(WELCOME);
      });
      cleanup.push(host.close);
      const { client, errors } = connect(host.url);
      await until(() => host.connections() >= 2 && client.status === 'open', 5000, `a new connection after ${JSON.stringify(frame)}`);
      expect(errors.map((e) => e.code)).toContain('BAD_MESSAGE');
      expect(errors.every((e) => e instanceof ClientError)).toBe(true);
    }
  });

  it('a fair match: a digest or a commitment told again differently is an UNFAIR error, and the first is kept', async () => {
    const fairness = (logDigest: string, commitment = 'C') => ({ commitment, nextCommitment: 'N', logDigest });
    const host = await fakeHost((k, m, send, close) => {
      if (m.type !== 'hello') return;
      if (k === 0) {
        const updates = [1, 2, 3].map((seq) => ({ seq, events: [], logDigest: `a${seq}` }));
        send({ ...WELCOME, seq: 3, updates, fairness: fairness('a3') });
        setTimeout(close, 50);
      } else if (k === 1) {
        // The reconnect: the same seqs with another history's digests.
        const updates = [1, 2, 3].map((seq) => ({ seq, events: [], logDigest: `b${seq}` }));
        send({ ...WELCOME, seq: 3, updates, fairness: fairness('b3') });
        setTimeout(close, 50);
      } else send({ ...WELCOME, seq: 3, fairness: fairness('c3', 'OTHER') });
    });
    cleanup.push(host.close);
    const { client, errors } = connect(host.url);
    await until(() => host.connections() >= 3 && errors.filter((e) => e.code === 'UNFAIR').length >= 4, 5000, 'the third welcome');
    expect(client.table.fairness?.commitment).toBe('C');
    expect([...(client.table.fairness?.digests ?? [])]).toEqual([
      [3, 'a3'],
      [1, 'a1'],
      [2, 'a2'],
    ]);
  });

  it('a hello refused for now (the host failed) is said again on a new connection', async () => {
    const host = await fakeHost((k, m, send) => {
      if (m.type !== 'hello') return;
      if (k === 0) send({ type: 'error', id: null, code: 'INTERNAL', message: 'the store failed' });
      else send(WELCOME);
    });
    cleanup.push(host.close);
    const { client, errors } = connect(host.url);
    await until(() => client.status === 'open', 5000, 'the second hello welcomed');
    expect(errors.map((e) => e.code)).toEqual(['INTERNAL']);
    expect(host.connections()).toBe(2);
  });

  it('an action acknowledged but whose update never comes: TIMEOUT, and CLOSED once the client closes', async () => {
    const host = await fakeHost((_, m, send) => {
      if (m.type === 'hello') send({ ...WELCOME, view: null });
      else if (m.type === 'act') send({ type: 'ack', id: m.id, seq: 1e9 });
    });
    cleanup.push(host.close);
    const { client } = connect(host.url);
    await until(() => client.status === 'open', 5000, 'the welcome');
    const action = { type: 'pass', player: 0 } as const;
    await expect(client.send(action)).rejects.toMatchObject({ code: 'TIMEOUT' });
    const pending = client.send(action);
    await new Promise((ok) => setTimeout(ok, 50));
    client.close();
    await expect(pending).rejects.toMatchObject({ code: 'CLOSED' });
  });
});

describe("the lobby's calls against a host that is not the game's", () => {
  const answering = (status: number, text: string) => async () => ({
    ok: status >= 200 && status < 300,
    status,
    json: async () => JSON.parse(text) as unknown,
  });

  it('no host: NETWORK; an HTML page or an empty object: BAD_MESSAGE; every error a ClientError', async () => {
    const down = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(listMatches('http://127.0.0.1:9', down)).rejects.toMatchObject({ code: 'NETWORK' });
    await expect(listMatches('http://x', answering(200, '<html>'))).rejects.toMatchObject({ code: 'BAD_MESSAGE' });
    await expect(getMatch('http://x', 'm', answering(200, '{}'))).rejects.toMatchObject({ code: 'BAD_MESSAGE' });
    await expect(joinMatch('http://x', 'm', { name: 'Ada' }, answering(200, '{"seat":0}'))).rejects.toMatchObject({ code: 'BAD_MESSAGE' });
    await expect(listMatches('http://x', answering(200, '[1]'))).rejects.toBeInstanceOf(ClientError);
    await expect(getMatch('http://x', 'm', answering(404, '{"error":{"code":"NOT_FOUND","message":"no"}}'))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await listMatches('http://x', answering(200, '{"matches":[]}'))).toEqual([]);
  });
});

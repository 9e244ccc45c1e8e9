/**
 * The client against a host that breaks the protocol, on real sockets (a `ws` server on loopback
 * that says what each test wants): malformed frames are told through `error` and the connection
 * is made again; a fair match's digests and commitment are kept as first told; a hello refused
 * for now is said again; an acknowledged update that never comes times out; a welcome's or a
 * sync's seqs, the seats and the views are checked before they are taken (a malformed one is
 * told and the connection made again, never kept); the lobby's calls fail with typed errors.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { ClientError, connectMatch, getMatch, joinMatch, listMatches, type MatchClient } from '../../src/client/index.js';
import { createGame, type PlayerView, view } from '../../src/index.js';
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
/** A real view (protocol version 2 sends it whole, with its actions). */
const VIEW = view(createGame({ players: 2, seed: 'hostile' }), 0);
const SEATS = [
  { name: 'Ada', bot: null, open: false, left: false, kind: 'person', connected: true },
  { name: null, bot: null, open: true, left: false, kind: 'open', connected: false },
];
const updates = (...seqs: number[]) => seqs.map((seq) => ({ seq, events: [] }));
/** A patch at `seq` that does not fit the view (its digest cannot match): the client asks for the view again. */
const brokenPatch = (seq: number) => ({ type: 'patch', seq, events: [], patch: [['/deckSize', 1]], digest: 1 });
/** The hello answered: on the first connection the welcome, then a patch that does not fit; later, a welcome at seq 1. */
function welcomeThenBrokenPatch(k: number, send: (x: unknown) => void): void {
  if (k > 0) send({ ...WELCOME, seq: 1, updates: updates(1), view: VIEW });
  else {
    send({ ...WELCOME, view: VIEW });
    send(brokenPatch(1));
  }
}

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
      { ...WELCOME, seq: '3' },
      { ...WELCOME, seq: 5000 },
      { ...WELCOME, v: 'x' },
      { ...WELCOME, seats: [SEATS[0], null] },
      { type: 'started', seq: 5000, view: VIEW, events: [] },
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

describe('a client and a host whose welcome, sync, seats or views are malformed: nothing malformed is kept', () => {
  it('a welcome whose seq is not one, or that skips updates, is BAD_MESSAGE and takes nothing: the next hello says the seq before, and the next welcome is taken', async () => {
    for (const bad of [
      { seq: '3', updates: [] },
      { seq: 1.5, updates: [] },
      { seq: 5000, updates: [] },
      { seq: 5000, updates: updates(1, 2) },
      { seq: 2, updates: updates(2, 1) },
      { seq: 2, updates: [{ seq: '1', events: [] }, ...updates(2)] },
    ]) {
      const afters: unknown[] = [];
      const host = await fakeHost((k, m, send) => {
        if (m.type !== 'hello') return;
        afters.push((m as { after?: unknown }).after);
        if (k === 0) send({ ...WELCOME, ...bad, view: VIEW });
        else send({ ...WELCOME, seq: 2, updates: updates(1, 2), view: VIEW });
      });
      cleanup.push(host.close);
      const { client, errors } = connect(host.url);
      const seen: number[] = [];
      client.on('events', (u) => seen.push(u.seq));
      await until(() => client.status === 'open' && client.viewSeq === 2, 5000, `the second welcome after ${JSON.stringify(bad)}`);
      expect(afters, JSON.stringify(bad)).toEqual([0, 0]);
      expect([client.seq, seen]).toEqual([2, [1, 2]]);
      expect(errors.map((e) => e.code)).toEqual(['BAD_MESSAGE']);
    }
  });

  it('malformed seats (in a seats message or a welcome) are BAD_MESSAGE and the seats stay as they were: names and connected still read', async () => {
    const host = await fakeHost((k, m, send) => {
      if (m.type !== 'hello') return;
      if (k === 0) {
        send({ ...WELCOME, seats: SEATS });
        send({ type: 'seats', seats: [{ ...SEATS[0], connected: false }, null] });
      } else if (k === 1) send({ ...WELCOME, seats: [{ ...SEATS[0], name: 7 }, SEATS[1]] });
      else if (k === 2) send({ type: 'seats', seats: [{ ...SEATS[0], kind: 'ghost' }, SEATS[1]] });
      else send(WELCOME);
    });
    cleanup.push(host.close);
    const { client, errors } = connect(host.url);
    await until(() => host.connections() >= 4 && client.status === 'open', 5000, 'the fourth welcome');
    expect(errors.map((e) => e.code)).toEqual(['BAD_MESSAGE', 'BAD_MESSAGE', 'BAD_MESSAGE']);
    expect(client.table.seats).toEqual(SEATS);
    expect(client.names).toEqual(['Ada', null]);
    expect(client.connected).toEqual([true, false]);
  });

  it('a malformed sync answer: resync rejects with BAD_MESSAGE; when the client repairs its view, it tells it and connects again (the welcome brings the view) instead of asking again', async () => {
    let syncs = 0;
    const host = await fakeHost((k, m, send) => {
      if (m.type === 'hello') welcomeThenBrokenPatch(k, send);
      else if (m.type === 'sync') {
        syncs++;
        if (k === 0) send({ type: 'synced', id: m.id, seq: 1, updates: null, view: VIEW });
        else if (syncs === 2) send({ type: 'pong', id: m.id });
        else send({ type: 'synced', id: m.id, seq: 7, updates: [], view: VIEW });
      }
    });
    cleanup.push(host.close);
    const { client, errors } = connect(host.url);
    await until(() => host.connections() >= 2 && client.status === 'open' && client.viewSeq === 1, 5000, 'the second connection');
    expect(syncs).toBe(1);
    expect(errors.map((e) => e.code)).toEqual(['BAD_MESSAGE']);
    // Asked by the app: another answer than synced, then a seq its updates do not reach.
    await expect(client.resync()).rejects.toMatchObject({ name: 'ClientError', code: 'BAD_MESSAGE' });
    await expect(client.resync()).rejects.toMatchObject({ name: 'ClientError', code: 'BAD_MESSAGE' });
    expect([client.seq, client.viewSeq]).toEqual([1, 1]);
  });

  it('a host that welcomes, then breaks the protocol again and again, is connected to again later each time (the welcome does not reset the backoff)', async () => {
    const host = await fakeHost((_, m, send) => {
      if (m.type !== 'hello') return;
      send({ ...WELCOME, view: VIEW });
      send({ type: 'seats', seats: null });
    });
    cleanup.push(host.close);
    // No jitter: each reconnect waits minDelayMs × 2^attempts / 2 exactly; those waits are recorded.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const waits: number[] = [];
    const setTimeoutReal = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((f: () => void, ms?: number) => {
      if (ms === 8 || ms === 16 || ms === 32 || ms === 64) waits.push(ms);
      return setTimeoutReal(f, ms);
    }) as typeof setTimeout);
    cleanup.push(() => vi.restoreAllMocks());
    const client = connectMatch({ url: host.url, match: 'm', token: 't', WebSocket: WebSocket as never, minDelayMs: 16, maxDelayMs: 64 });
    cleanup.push(() => client.close());
    await until(() => host.connections() >= 4, 5000, 'the fourth connection');
    expect(waits.slice(0, 3)).toEqual([8, 16, 32]);
  });

  it('a view that is not one (null, a number, text) is refused: the view stays an object, and the client fetches it again', async () => {
    for (const bad of [null, 42, 'x']) {
      const host = await fakeHost((_, m, send) => {
        if (m.type === 'hello') {
          send({ ...WELCOME, view: VIEW });
          send({ type: 'update', seq: 1, events: [], view: bad });
        } else if (m.type === 'sync') send({ type: 'synced', id: m.id, seq: 1, updates: [], view: VIEW });
      });
      cleanup.push(host.close);
      const { client } = connect(host.url);
      const views: unknown[] = [];
      client.on('view', (v) => views.push(v));
      await until(() => client.viewSeq === 1, 5000, `the view fetched again after ${JSON.stringify(bad)}`);
      expect(views).toEqual([VIEW, VIEW]);
      expect((client.view as PlayerView).legal).toEqual(VIEW.legal);
    }
  });

  it('a live update or patch whose events are not a list is BAD_MESSAGE and takes nothing: no events told, the next hello says the seq before', async () => {
    for (const bad of [
      { type: 'update', seq: 1, view: VIEW },
      { type: 'update', seq: 1, events: 'not-a-list', view: VIEW },
      { type: 'patch', seq: 1, events: 'not-a-list', patch: [], digest: 0 },
      { type: 'patch', seq: 1, events: { 0: 'x' }, patch: [], digest: 0 },
    ]) {
      const afters: unknown[] = [];
      const host = await fakeHost((k, m, send) => {
        if (m.type !== 'hello') return;
        afters.push((m as { after?: unknown }).after);
        send({ ...WELCOME, view: VIEW });
        if (k === 0) send(bad);
      });
      cleanup.push(host.close);
      const { client, errors } = connect(host.url);
      const seen: unknown[] = [];
      client.on('events', (u) => seen.push(u));
      await until(() => host.connections() >= 2 && client.status === 'open', 5000, `a new connection after ${JSON.stringify(bad)}`);
      expect(afters, JSON.stringify(bad)).toEqual([0, 0]);
      expect([client.seq, client.viewSeq, seen]).toEqual([0, 0, []]);
      expect(errors.map((e) => e.code)).toEqual(['BAD_MESSAGE']);
    }
  });

  it('a welcome refused as malformed takes nothing (seat, seats, times, chat, fairness): the next welcome is taken whole, its commitment too', async () => {
    const fairness = (commitment: string) => ({ commitment, nextCommitment: `${commitment}-next`, logDigest: commitment });
    const planted = {
      ...WELCOME,
      view: VIEW,
      seats: [{ ...SEATS[0], name: 'Mallory' }, SEATS[1]],
      awayMs: 1234,
      turnTimeMs: 60_000,
      remainingMs: 5000,
      deadline: 1,
      chat: [{ n: 1, at: 1, from: 0, name: 'Mallory', text: 'hi' }],
      rematch: { votes: [true, true], next: 'planted', commitment: null },
      fairness: fairness('PLANTED'),
    };
    for (const bad of [
      { chat: 'not-a-list' },
      { chat: [null] },
      { chat: [{ n: '1', at: 1, from: 0, name: null, text: 'hi' }] },
      { turnTimeMs: 'soon' },
      { turnTimeMs: -5 },
      { remainingMs: 'x' },
      { rematch: 'x' },
      { rematch: { votes: 'yes', next: null, commitment: null } },
      { fairness: { commitment: 5, nextCommitment: 'N', logDigest: 'D' } },
      { fairness: 'yes' },
      { started: 'yes' },
      { seat: 'banana' },
      { seat: -1 },
      { seat: 7 },
      { seat: 1 }, // the view is seat 0's
      { seat: 'spectator' },
      { updates: [{ seq: 1, events: [], logDigest: 7 }], seq: 1 },
    ]) {
      const host = await fakeHost((k, m, send) => {
        if (m.type !== 'hello') return;
        if (k === 0) send({ ...planted, ...bad });
        else send({ ...WELCOME, view: VIEW, seats: SEATS, fairness: fairness('REAL') });
      });
      cleanup.push(host.close);
      const { client, errors } = connect(host.url);
      const before: unknown[] = [];
      client.on('error', () => {
        if (before.length === 0) {
          const t = client.table;
          before.push(
            client.seat,
            client.status,
            client.names,
            t.awayMs,
            t.turnTimeMs,
            t.deadline,
            t.chat,
            t.rematch,
            t.fairness,
            client.view,
          );
        }
      });
      await until(() => host.connections() >= 2 && client.status === 'open', 5000, `a new connection after ${JSON.stringify(bad)}`);
      expect(before, JSON.stringify(bad)).toEqual([null, 'connecting', undefined, null, null, null, [], null, null, null]);
      expect(errors.map((e) => e.code)).toEqual(['BAD_MESSAGE']);
      expect([client.seat, client.names, client.table.fairness?.commitment]).toEqual([0, ['Ada', null], 'REAL']);
    }
  });

  it('after a refused frame, nothing more is taken from that connection (an update behind a refused welcome)', async () => {
    const afters: unknown[] = [];
    const host = await fakeHost((k, m, send) => {
      if (m.type !== 'hello') return;
      afters.push((m as { after?: unknown }).after);
      if (k === 0) {
        send({ ...WELCOME, seat: 'banana', view: VIEW });
        send({ type: 'update', seq: 1, events: [], view: VIEW });
      } else send({ ...WELCOME, view: VIEW });
    });
    cleanup.push(host.close);
    const { client, errors } = connect(host.url);
    const seen: unknown[] = [];
    client.on('events', (u) => seen.push(u));
    await until(() => host.connections() >= 2 && client.status === 'open', 5000, 'the second connection');
    expect([afters, client.seq, seen]).toEqual([[0, 0], 0, []]);
    expect(errors.map((e) => e.code)).toEqual(['BAD_MESSAGE']);
  });

  it("a welcome for a spectator with a spectator's view, and one for a seat before the deal (no view), are taken", async () => {
    const spectating = view(createGame({ players: 2, seed: 'hostile' }), 'spectator');
    for (const welcome of [
      { ...WELCOME, seat: 'spectator', view: spectating, seats: SEATS, chat: [], rematch: null, turnTimeMs: null, fairness: null },
      { ...WELCOME, seat: 1, view: null, started: false, seats: SEATS, awayMs: 0, remainingMs: null, deadline: null },
    ]) {
      const host = await fakeHost((_, m, send) => {
        if (m.type === 'hello') send(welcome);
      });
      cleanup.push(host.close);
      const { client, errors } = connect(host.url);
      await until(() => client.status === 'open', 5000, `the welcome ${JSON.stringify(welcome.seat)}`);
      expect([client.seat, errors]).toEqual([welcome.seat, []]);
    }
  });

  it('a sync answer older than the seq asked after is BAD_MESSAGE: the client connects again instead of asking again', async () => {
    let syncs = 0;
    const host = await fakeHost((k, m, send) => {
      if (m.type === 'hello') welcomeThenBrokenPatch(k, send);
      else if (m.type === 'sync') {
        syncs++;
        send({ type: 'synced', id: m.id, seq: 0, updates: [], view: VIEW });
      }
    });
    cleanup.push(host.close);
    const { client, errors } = connect(host.url);
    await until(() => host.connections() >= 2 && client.status === 'open' && client.viewSeq === 1, 5000, 'the second connection');
    expect(syncs).toBe(1);
    expect(errors.map((e) => e.code)).toEqual(['BAD_MESSAGE']);
  });

  it('sync answers that never catch the view up: asked again later each time, then BAD_MESSAGE and a new connection', async () => {
    const asked: number[] = [];
    const host = await fakeHost((k, m, send) => {
      const after = (m as { after?: number }).after ?? 0;
      if (m.type === 'hello') {
        send({ ...WELCOME, seq: after, view: VIEW });
        if (k === 0) send(brokenPatch(1));
      } else if (m.type === 'sync' && k === 0) {
        asked.push(Date.now());
        // Each answer comes after another patch that does not fit: the view stays behind.
        send(brokenPatch(after + 1));
        send({ type: 'synced', id: m.id, seq: after, updates: [], view: VIEW });
      } else if (m.type === 'sync') send({ type: 'synced', id: m.id, seq: after, updates: [], view: VIEW });
    });
    cleanup.push(host.close);
    const { client, errors } = connect(host.url);
    await until(() => host.connections() >= 2 && client.status === 'open', 5000, 'the second connection');
    expect(errors.map((e) => e.code)).toEqual(['BAD_MESSAGE']);
    expect(asked.length).toBeLessThanOrEqual(6);
    const gaps = asked.slice(1).map((t, i) => t - (asked[i] as number));
    for (const [i, gap] of gaps.entries()) expect(gap).toBeGreaterThanOrEqual(50 * 2 ** i - 10);
    await until(() => client.viewSeq === client.seq, 5000, 'the view caught up on the new connection');
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

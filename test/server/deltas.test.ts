/**
 * Protocol versions on real sockets (loopback): a version-1 connection is sent the whole view
 * with every update, a version-2 connection mostly patches, and both end up with the same views;
 * the client falls back to version 1 when a host refuses version 2, and fetches the whole view
 * again when a patch does not check out.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { connectMatch, createMatch, joinMatch, type MatchClient } from '../../src/client/index.js';
import { type Action, actionId, createGame, type PlayerView, step, view } from '../../src/index.js';
import { type CompactView, compactView, expandView, type WireView } from '../../src/protocol/compact.js';
import { viewDigest } from '../../src/protocol/digest.js';
import { applyPatch, diff } from '../../src/protocol/patch.js';
import type { ServerMessage } from '../../src/protocol/server-messages.js';
import { type RunningServer, startServer } from '../../src/server/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { WIDE_LIMITS } from '../helpers/limits.js';
import { until } from '../helpers/play.js';

let server: RunningServer;
let wsUrl: string;
const clients: MatchClient[] = [];

beforeAll(async () => {
  server = await startServer({ store: new MemoryStore(), port: 0, pollMs: 20, limits: WIDE_LIMITS });
  wsUrl = `${server.url.replace('http', 'ws')}/ws`;
});
afterAll(async () => {
  for (const c of clients) c.close();
  await server.close();
});

/**
 * A raw connection that says hello with version `v` and rebuilds the view from what it is sent:
 * patches apply to the view as sent (with action ids from version 3), and the views kept have
 * the actions.
 */
async function rawSeat(
  v: number,
  match: string,
  token: string | null,
): Promise<{ ws: WebSocket; views: Map<number, PlayerView>; kinds: string[]; version: () => number; legalBytes: () => number }> {
  const ws = new WebSocket(wsUrl);
  const views = new Map<number, PlayerView>();
  const kinds: string[] = [];
  let current: WireView | null = null;
  let version = 0;
  let legalBytes = 0;
  const keep = (seq: number, wire: WireView): void => {
    current = wire;
    if (v >= 3) {
      expect(wire.legal.every((x) => typeof x === 'number')).toBe(true);
      views.set(seq, expandView(wire as CompactView));
    } else views.set(seq, wire as PlayerView);
  };
  ws.on('message', (d) => {
    const m = JSON.parse(String(d)) as ServerMessage;
    kinds.push(m.type);
    if (m.type === 'welcome') {
      version = m.v;
      if (m.view !== null) keep(m.seq, m.view);
      else current = null;
    } else if (m.type === 'update' || m.type === 'started') {
      keep(m.seq, m.view);
    } else if (m.type === 'patch') {
      // The host writes a patch's text itself: the members of a PatchMessage, in JSON.stringify's order.
      const keys = Object.keys(m).filter((k) => k !== 'by' && k !== 'logDigest');
      expect(keys).toEqual(['type', 'seq', 'events', 'patch', 'digest', 'deadline', 'remainingMs']);
      expect(String(d)).toBe(JSON.stringify(m));
      for (const op of m.patch) if (op[0].startsWith('/legal')) legalBytes += JSON.stringify(op).length;
      const next = applyPatch(current as WireView, m.patch);
      expect(viewDigest(next)).toBe(m.digest);
      keep(m.seq, next);
    }
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'hello', v, match, token, after: 0 }));
  return { ws, views, kinds, version: () => version, legalBytes: () => legalBytes };
}

describe('protocol versions 1, 2 and 3 side by side', () => {
  it('the same seat watched with version 1 (whole views), version 2 (patches) and version 3 (patches, legal actions as ids) sees the same view at every seq; so does a spectator', async () => {
    const { match } = await createMatch(server.url, {
      visibility: 'public',
      players: 3,
      seed: 'versions',
      bots: [null, 'heuristic', 'random'],
      spectators: 'public',
    });
    const { token } = await joinMatch(server.url, match.id, { name: 'Ada' });
    const [v1, v2, v3] = [await rawSeat(1, match.id, token), await rawSeat(2, match.id, token), await rawSeat(3, match.id, token)];
    const [s1, s2, s3] = [await rawSeat(1, match.id, null), await rawSeat(2, match.id, null), await rawSeat(3, match.id, null)];
    const player = connectMatch({ url: wsUrl, match: match.id, token, WebSocket: WebSocket as never });
    clients.push(player);
    player.on('view', (v) => {
      const legal = v.legal;
      if (legal.length > 0) player.send(legal.find((x) => x.type === 'pass') ?? (legal[0] as Action)).catch(() => undefined);
    });
    await until(() => player.view?.step === 'over', 60_000, 'the end of the match');
    const last = player.seq;
    const raw = [v1, v2, v3, s1, s2, s3];
    await until(() => raw.every((r) => r.views.has(last)), 10_000, 'every raw connection at the end');
    expect(raw.map((r) => r.version())).toEqual([1, 2, 3, 1, 2, 3]);
    expect(player.version).toBe(3);
    expect(v1.kinds.filter((k) => k === 'patch')).toEqual([]);
    for (const r of [v2, v3]) expect(r.kinds.filter((k) => k === 'patch').length).toBeGreaterThan(last / 2);
    for (let seq = 0; seq <= last; seq++) {
      expect(v2.views.get(seq), `seat at ${seq}`).toEqual(v1.views.get(seq));
      expect(v3.views.get(seq), `seat at ${seq}, version 3`).toEqual(v1.views.get(seq));
      expect(s2.views.get(seq), `spectator at ${seq}`).toEqual(s1.views.get(seq));
      expect(s3.views.get(seq), `spectator at ${seq}, version 3`).toEqual(s1.views.get(seq));
    }
    // The seat's legal lists as ids take a fraction of the bytes of the actions.
    expect(v3.legalBytes()).toBeLessThan(v2.legalBytes() / 2);
    expect(player.view).toEqual(v1.views.get(last));
    expect(player.repairs).toBe(0);
    for (const r of raw) r.ws.close();
  }, 90_000);
});

/** A stand-in host on a raw WebSocket server: `answer(message, send)` decides what it says. */
async function fakeHost(
  answer: (m: { type: string; v?: number; id?: number; after?: number }, send: (m: unknown) => void) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  wss.on('connection', (ws) => {
    ws.on('message', (d) => answer(JSON.parse(String(d)), (m) => ws.send(JSON.stringify(m))));
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws`,
    close: () =>
      new Promise<void>((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
}

describe('the client and protocol versions', () => {
  const s0 = createGame({ players: 2, seed: 'fake' });
  const s1 = step(s0, view(s0, s0.toMove).legal[0] as Action).state;
  const s2 = step(s1, view(s1, s1.toMove).legal[0] as Action).state;
  const [v0, v1, v2] = [s0, s1, s2].map((s) => view(s, 0)) as [PlayerView, PlayerView, PlayerView];

  it('a host that speaks only version 1 refuses the hello: the client says hello again with versions 2, then 1, and plays on', async () => {
    const hellos: number[] = [];
    const host = await fakeHost((m, send) => {
      if (m.type !== 'hello') return;
      hellos.push(m.v as number);
      if (m.v !== 1) send({ type: 'error', id: null, code: 'BAD_VERSION', message: 'this host speaks protocol version 1' });
      else {
        send({ type: 'welcome', v: 1, match: 'm', seat: 0, seq: 0, updates: [], view: v0 });
        send({ type: 'update', seq: 1, events: [], view: v1 });
      }
    });
    const client = connectMatch({ url: host.url, match: 'm', token: null, WebSocket: WebSocket as never });
    clients.push(client);
    const errors: string[] = [];
    client.on('error', (e) => errors.push(e.code));
    await until(() => client.seq === 1, 10_000, 'the update');
    expect(hellos).toEqual([3, 2, 1]);
    expect(client.version).toBe(1);
    expect(client.status).toBe('open');
    expect(client.view).toEqual(v1);
    expect(errors).toEqual([]);
    client.close();
    await host.close();
  });

  it('a version 3 host: views with legal actions as ids reach the client with the actions; a view whose ids do not read is refused, its events kept, and the view fetched again', async () => {
    // The views of the seat to move first: its legal list is not empty.
    const me = s0.toMove;
    const [w0, w1, w2] = [s0, s1, s2].map((s) => view(s, me)) as [PlayerView, PlayerView, PlayerView];
    const [c0, c1, c2] = [w0, w1, w2].map(compactView) as [CompactView, CompactView, CompactView];
    expect(w0.legal.length).toBeGreaterThan(0);
    expect(c0.legal).toEqual(w0.legal.map((a) => actionId(a, 2)));
    const bad = { ...c2, legal: [1e9] }; // no action has this id: digested as sent, refused when read
    const syncs: number[] = [];
    const host = await fakeHost((m, send) => {
      if (m.type === 'hello') {
        send({ type: 'welcome', v: 3, match: 'm', seat: me, seq: 0, updates: [], view: c0 });
        send({ type: 'patch', seq: 1, events: [{ type: 'one' }], patch: diff(c0, c1), digest: viewDigest(c1) });
        send({ type: 'patch', seq: 2, events: [{ type: 'two' }], patch: diff(c1, bad), digest: viewDigest(bad) });
      } else if (m.type === 'sync') {
        syncs.push(m.after as number);
        send({ type: 'synced', id: m.id, seq: 2, updates: [], view: c2 });
      }
    });
    const client = connectMatch({ url: host.url, match: 'm', token: null, WebSocket: WebSocket as never });
    clients.push(client);
    const events: number[] = [];
    const seen: PlayerView[] = [];
    client.on('events', (u) => events.push(u.seq));
    client.on('view', (v) => seen.push(v));
    await until(() => client.viewSeq === 2, 10_000, 'the repaired view');
    expect(client.version).toBe(3);
    expect(events).toEqual([1, 2]);
    expect(client.repairs).toBe(1);
    expect(syncs).toEqual([2]);
    expect(seen).toEqual([w0, w1, w2]);
    expect(client.view).toEqual(w2);
    client.close();
    await host.close();
  });

  it('a patch whose digest does not match is not applied: the events still arrive, the client fetches the whole view again, then patches apply again', async () => {
    const syncs: number[] = [];
    const host = await fakeHost((m, send) => {
      if (m.type === 'hello') {
        send({ type: 'welcome', v: 2, match: 'm', seat: 0, seq: 0, updates: [], view: v0 });
        // seq 1 with a wrong digest, then seq 2 patched from the true view 1 (kept until the resync answers).
        send({ type: 'patch', seq: 1, events: [{ type: 'one' }], patch: diff(v0, v1), digest: (viewDigest(v1) + 1) >>> 0 });
        send({ type: 'patch', seq: 2, events: [{ type: 'two' }], patch: diff(v1, v2), digest: viewDigest(v2) });
      } else if (m.type === 'sync') {
        syncs.push(m.after as number);
        send({ type: 'synced', id: m.id, seq: 1, updates: [], view: v1 }); // answered as of seq 1: the kept patch 2 applies after it
      }
    });
    const client = connectMatch({ url: host.url, match: 'm', token: null, WebSocket: WebSocket as never });
    clients.push(client);
    const events: number[] = [];
    const views: number[] = [];
    client.on('events', (u) => events.push(u.seq));
    client.on('view', (_, seq) => views.push(seq));
    await until(() => client.viewSeq === 2, 10_000, 'the repaired view');
    expect(events).toEqual([1, 2]);
    expect(client.repairs).toBe(1);
    expect(syncs.length).toBeGreaterThanOrEqual(1);
    expect(client.view).toEqual(v2);
    expect(views[0]).toBe(0);
    expect(views[views.length - 1]).toBe(2);
    client.close();
    await host.close();
  });
});

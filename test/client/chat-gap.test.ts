/**
 * The chat lines a reconnect missed (docs/server.md, "Chat"): a welcome carries the latest 100
 * lines, so a client that kept lines and missed more reads the ones in between over HTTP, only
 * as many as it keeps (500), merges them in order, each once, without losing a line pushed
 * meanwhile; a read refused or failed leaves the gap and the client plays on. On a real host on
 * loopback, through a network the test cuts and restores.
 */

import type { IncomingMessage } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { chatGap, lobbyBase, readMissedChat } from '../../src/client/chat-gap.js';
import {
  type ChatLine,
  connectMatch,
  createMatch,
  type FetchLike,
  type FetchResponse,
  joinMatch,
  type MatchClient,
  type WebSocketConstructor,
} from '../../src/client/index.js';
import { TableState } from '../../src/client/table.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { type Served, serve, until } from '../helpers/friends.js';

const line = (n: number): ChatLine => ({ n, at: n, from: 1, name: 'Bo', text: `line ${n}` });
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A network the test cuts (every socket closed, none made until it is restored: the client keeps trying) and restores. */
function network(headers: Record<string, string> = {}): { WebSocket: WebSocketConstructor; cut: () => void; restore: () => void } {
  const sockets: WebSocket[] = [];
  let offline = false;
  class Cuttable extends WebSocket {
    constructor(url: string) {
      if (offline) throw new Error('offline');
      super(url, { headers });
      sockets.push(this);
    }
  }
  return {
    WebSocket: Cuttable as never,
    cut: () => {
      offline = true;
      for (const s of sockets.splice(0)) s.terminate();
    },
    restore: () => {
      offline = false;
    },
  };
}

/** The global `fetch`, sending `headers` too, telling each read's `after` and status. */
function fetchWith(headers: Record<string, string>, seen: { after: number; status: number }[] = []): FetchLike {
  return async (url, init) => {
    const res = await fetch(url, { ...init, headers: { ...init?.headers, ...headers } });
    const after = new URL(url).searchParams.get('after');
    if (after !== null) seen.push({ after: Number(after), status: res.status });
    return res as FetchResponse;
  };
}

/** Writes lines `from`..`to` in the match's chat as `seat` (default Bo's), straight into the store (past the writers' rate limit). */
async function write(s: Served, match: string, from: number, to: number, seat = 1): Promise<void> {
  const name = ['Ada', 'Bo'][seat] ?? null;
  for (const n of range(from, to)) expect(await s.store.appendChat(match, { at: n, from: seat, name, text: `line ${n}` })).toBe(n);
}

/** Cuts `client`'s network until `meanwhile` is done, then restores it; resolves once the client is welcomed again. */
async function away(client: MatchClient, net: ReturnType<typeof network>, meanwhile: () => Promise<void>): Promise<void> {
  net.cut();
  await until(() => client.status === 'connecting', 10_000, 'the client disconnected');
  await meanwhile();
  net.restore();
  await until(() => client.status === 'open', 10_000, 'the client back');
}

describe('the gap between the chat lines kept and a welcome’s', () => {
  it('is the lines after the last kept, before the welcome’s first; none on a first welcome or without a gap; only what is kept', () => {
    expect(chatGap([], [line(200)])).toBeNull();
    expect(chatGap([line(3)], [line(4), line(5)])).toBeNull();
    expect(chatGap([line(3)], [])).toBeNull();
    expect(chatGap([line(3)], undefined)).toBeNull();
    expect(chatGap([line(3)], range(54, 153).map(line))).toEqual({ after: 3, before: 54 });
    // 700 missed, 100 in the welcome: only the 400 before them are read, as only 500 are kept.
    expect(chatGap([line(3)], range(604, 703).map(line))).toEqual({ after: 203, before: 604 });
  });

  it('the lobby is beside the WebSocket: its scheme, host and path without the last segment', () => {
    expect(lobbyBase('ws://127.0.0.1:8080/ws')).toBe('http://127.0.0.1:8080');
    expect(lobbyBase('wss://cards.example/game/ws?x=1')).toBe('https://cards.example/game');
    expect(lobbyBase('not a url')).toBeNull();
    expect(lobbyBase('ftp://cards.example/ws')).toBeNull();
  });

  it('a read that fails leaves the gap: no network, no such endpoint (a version 1 host), an answer not of the protocol', async () => {
    const gap = { after: 3, before: 54 };
    const answer =
      (status: number, body: unknown): FetchLike =>
      async () => ({ ok: status === 200, status, json: async () => body });
    const failing: FetchLike[] = [
      async () => Promise.reject(new TypeError('fetch failed')),
      answer(404, { error: { code: 'NOT_FOUND', message: 'no such route' } }),
      answer(403, { error: { code: 'FORBIDDEN', message: 'the chat is not open to this viewer' } }),
      answer(200, { chat: [{ n: 'four' }], more: false }),
    ];
    for (const fetchImpl of failing)
      expect(await readMissedChat(gap, 'ws://127.0.0.1:9/ws', { match: 'm', token: null, fetch: fetchImpl })).toEqual([]);
    // A page that does not move on ends the read, as `more: false` does.
    let asked = 0;
    const stuck: FetchLike = async () => {
      asked++;
      return { ok: true, status: 200, json: async () => ({ chat: [line(2)], more: true }) };
    };
    expect(await readMissedChat(gap, 'ws://127.0.0.1:9/ws', { match: 'm', token: null, fetch: stuck })).toEqual([]);
    expect(asked).toBe(1);
  });

  it('fillChat: whatever lines are read in, in whatever order and pieces, the table holds them in order, each once, the latest 500', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 1, max: 800 }), { maxLength: 300 }), { maxLength: 6 }), (batches) => {
        let told = 0;
        const table = new TableState(() => told++);
        for (const [i, ns] of batches.entries()) {
          const before = table.chat;
          // Welcomes (their lines in order, each once) and reads of a gap (any lines) in turn.
          const chat = [...new Set(ns)].sort((x, y) => x - y).map(line);
          if (i % 2 === 0) table.welcome({ type: 'welcome', v: 3, match: 'm', seat: 0, seq: 0, updates: [], view: null, chat });
          else {
            told = 0;
            table.fillChat(ns.map(line));
            const had = new Set([...before, ...ns.map(line)].map((l) => l.n));
            expect(table.chat.map((l) => l.n)).toEqual([...had].sort((x, y) => x - y).slice(-500));
            expect(told).toBe(table.chat === before ? 0 : 1);
          }
          const kept = table.chat.map((l) => l.n);
          expect(kept).toEqual([...new Set(kept)].sort((x, y) => x - y));
          expect(kept.length).toBeLessThanOrEqual(500);
        }
      }),
    );
  });
});

describe('a client back from a drop that missed more chat lines than a welcome carries', () => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(async () => new MemoryStore());
  });
  afterAll(async () => {
    await s.close();
  });

  it('reads the lines in between over HTTP with its token: every line once, in order', async () => {
    const { match, invite } = await createMatch(s.base, { players: 2, seed: 'chat-gap' });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    await joinMatch(s.base, match.id, { name: 'Bo', invite });
    await write(s, match.id, 1, 3);
    const net = network();
    const ca = connectMatch({ url: s.ws, match: match.id, token: a.token, WebSocket: net.WebSocket, minDelayMs: 20, maxDelayMs: 200 });
    await until(() => ca.table.chat.length === 3, 10_000, 'the first lines');
    // 150 lines while Ada is away: her welcome brings the latest 100.
    await away(ca, net, () => write(s, match.id, 4, 153));
    await until(() => ca.table.chat.length === 153, 10_000, 'the lines in between read');
    expect(ca.table.chat.map((l) => l.n)).toEqual(range(1, 153));
    expect(ca.table.chat[10]).toMatchObject({ n: 11, from: 1, name: 'Bo', text: 'line 11' });
    ca.close();
  }, 60_000);

  it('of a gap larger than it keeps, reads only what it keeps; a line pushed during the read is kept once', async () => {
    const { match, invite } = await createMatch(s.base, { players: 2, seed: 'chat-gap-large' });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    const b = await joinMatch(s.base, match.id, { name: 'Bo', invite });
    await write(s, match.id, 1, 3);
    const reads: { after: number; status: number }[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const fetchImpl = fetchWith({}, reads);
    // The first read waits until the test lets it go.
    const slow: FetchLike = async (url, init) => {
      await held;
      return fetchImpl(url, init);
    };
    const net = network();
    const common = { url: s.ws, match: match.id, minDelayMs: 20, maxDelayMs: 200 };
    const ca = connectMatch({ ...common, token: a.token, WebSocket: net.WebSocket, fetch: slow });
    const cb = connectMatch({ ...common, token: b.token, WebSocket: WebSocket as never });
    await until(() => ca.table.chat.length === 3 && cb.status === 'open', 10_000, 'the first lines');
    // 700 lines while Ada is away (hers, from another device: more than Bo's share of the chat).
    await away(ca, net, () => write(s, match.id, 4, 703, 0));
    await until(() => ca.table.chat.at(-1)?.n === 703, 10_000, 'the welcome');
    await cb.say('while Ada reads');
    await until(() => ca.table.chat.at(-1)?.n === 704, 10_000, 'the line pushed');
    let told = 0;
    ca.on('chat', () => told++);
    release();
    await until(() => ca.table.chat[0]?.n === 205, 10_000, 'the lines in between read');
    expect(ca.table.chat.map((l) => l.n)).toEqual(range(205, 704));
    expect(ca.table.chat.at(-1)).toMatchObject({ from: 1, text: 'while Ada reads' });
    // Two pages from the 400 lines before the welcome's (not the 600 missed), told once.
    expect(reads).toEqual([
      { after: 203, status: 200 },
      { after: 403, status: 200 },
    ]);
    expect(told).toBe(1);
    ca.close();
    cb.close();
  }, 60_000);
});

/** The app's accounts: a cookie `session=<id>`. */
function authenticate(req: IncomingMessage): { id: string } | null {
  const id = /(?:^|;\s*)session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  return id === undefined ? null : { id };
}

describe('a client whose read of the missed lines is refused', () => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(async () => new MemoryStore(), { authenticate, canCreate: (who) => who !== null, canJoin: (who) => who !== null });
  });
  afterAll(async () => {
    await s.close();
  });

  it('keeps the gap and plays on; with a fetch that sends its account’s cookie, it reads them', async () => {
    const cookie = { cookie: 'session=ada' };
    const { match, invite } = await createMatch(s.base, { players: 2, seed: 'chat-gap-refused' }, fetchWith(cookie));
    await joinMatch(s.base, match.id, { name: 'Ada', invite }, fetchWith(cookie));
    await joinMatch(s.base, match.id, { name: 'Bo', invite }, fetchWith({ cookie: 'session=bo' }));
    await write(s, match.id, 1, 3);
    // Ada's account opens her seat without a token: its WebSocket sends the cookie; Node's fetch does not.
    const net = network(cookie);
    const refused: { after: number; status: number }[] = [];
    const common = { url: s.ws, match: match.id, token: null, WebSocket: net.WebSocket, minDelayMs: 20, maxDelayMs: 200 };
    const plain = connectMatch({ ...common, fetch: fetchWith({}, refused) });
    const signed = connectMatch({ ...common, fetch: fetchWith(cookie) });
    const errors: string[] = [];
    plain.on('error', (e) => errors.push(e.code));
    await until(() => plain.table.chat.length === 3 && signed.table.chat.length === 3, 10_000, 'the first lines');
    net.cut();
    await until(() => plain.status === 'connecting' && signed.status === 'connecting', 10_000, 'both disconnected');
    await write(s, match.id, 4, 153);
    net.restore();
    await until(() => refused.length === 1 && signed.table.chat.length === 153, 10_000, 'the reads');
    expect(refused).toEqual([{ after: 3, status: 403 }]);
    expect(plain.table.chat.map((l) => l.n)).toEqual([...range(1, 3), ...range(54, 153)]);
    expect(signed.table.chat.map((l) => l.n)).toEqual(range(1, 153));
    // The refused client plays on: it talks, and its line comes back pushed.
    expect(plain.status).toBe('open');
    await plain.say('still here');
    await until(() => plain.table.chat.at(-1)?.text === 'still here', 10_000, 'the line pushed');
    expect(errors).toEqual([]);
    plain.close();
    signed.close();
  }, 60_000);
});

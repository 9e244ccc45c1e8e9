/**
 * The chat (issue #30 item 6), on real sockets and every store: a text channel for the seats (and
 * spectators when the match allows), bounded in length, rate-limited, stored with the match and
 * delivered again on a resync, never mixed into the game's events; it crosses hosts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMatch, joinMatch, readChat } from '../../src/client/index.js';
import { MAX_CHAT_LENGTH } from '../../src/protocol/lobby.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { autoPlay, connect, forEachStore, type Served, serve, until } from '../helpers/friends.js';

forEachStore('the chat', (makeStore) => {
  let s: Served;
  beforeAll(async () => {
    s = await serve(makeStore);
  });
  afterAll(async () => {
    await s.close();
  });

  it('seats talk: each line reaches every seat once, with the writer; bounded; rate-limited; never an event of the game', async () => {
    const { match, invite } = await createMatch(s.base, { players: 2, seed: 'chat', firstPlayer: 0 });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    const b = await joinMatch(s.base, match.id, { name: 'Bo', invite });
    const [ca, cb] = [connect(s.ws, match.id, a.token), connect(s.ws, match.id, b.token)];
    const events: string[] = [];
    for (const c of [ca, cb]) c.on('events', (u) => events.push(JSON.stringify(u)));
    await until(() => ca.status === 'open' && cb.status === 'open', 10_000, 'both connected');
    const stops = [autoPlay(ca), autoPlay(cb)];
    await ca.say('  good luck, Bo  ');
    await cb.say('you too');
    await until(() => ca.table.chat.length === 2 && cb.table.chat.length === 2, 10_000, 'both lines at both seats');
    expect(ca.table.chat.map((l) => [l.n, l.from, l.name, l.text])).toEqual([
      [1, 0, 'Ada', 'good luck, Bo'],
      [2, 1, 'Bo', 'you too'],
    ]);
    expect(cb.table.chat).toEqual(ca.table.chat);
    await expect(ca.say('x'.repeat(MAX_CHAT_LENGTH + 1))).rejects.toMatchObject({ code: 'BAD_MESSAGE' });
    await expect(ca.say('   ')).rejects.toMatchObject({ code: 'BAD_MESSAGE' });
    await expect(ca.say('bell\u0007')).rejects.toMatchObject({ code: 'BAD_MESSAGE' });
    // Half a surrogate pair is not Unicode (PostgreSQL refused it as INTERNAL); bidi overrides spoof text.
    await expect(ca.say('a\ud800b')).rejects.toMatchObject({ code: 'BAD_MESSAGE', message: /surrogate/ });
    await expect(ca.say('see evil\u202egnp.exe')).rejects.toMatchObject({ code: 'BAD_MESSAGE', message: /bidirectional/ });
    expect(await ca.say('y'.repeat(MAX_CHAT_LENGTH)).then(() => 'ok')).toBe('ok');
    expect(await ca.say('🂡 שלום').then(() => 'ok')).toBe('ok');
    // A burst of 5, then one every 2 s: the sixth quick line of a writer is refused.
    const tries = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        cb.say(`spam ${i}`).then(
          () => 'ok',
          (e: { code: string }) => e.code,
        ),
      ),
    );
    expect(tries.filter((t) => t === 'RATE_LIMITED').length).toBeGreaterThan(0);
    expect(events.some((e) => e.includes('good luck'))).toBe(false);
    for (const stop of stops) stop();
    // Stored with the match: a client that comes back gets the lines again in its welcome, and over HTTP.
    ca.close();
    const again = connect(s.ws, match.id, a.token);
    await until(() => again.table.chat.length >= 3, 10_000, 'the chat on the resync');
    expect(again.table.chat.slice(0, 2).map((l) => l.text)).toEqual(['good luck, Bo', 'you too']);
    expect((await readChat(s.base, match.id, b.token, 1)).map((l) => l.n)[0]).toBe(2);
    again.close();
    cb.close();
  }, 60_000);

  it('GET chat?after=N pages forward: the next 200 lines after N and whether there are more, so nothing in between is skipped', async () => {
    const { match, invite } = await createMatch(s.base, { players: 2, seed: 'chat-pages' });
    const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
    for (let i = 1; i <= 250; i++) await s.store.appendChat(match.id, { at: i, from: 0, name: 'Ada', text: `line ${i}` });
    const page = async (after: number): Promise<{ ns: number[]; more: unknown }> => {
      const res = await fetch(`${s.base}/api/matches/${match.id}/chat?after=${after}`, { headers: { authorization: `Bearer ${a.token}` } });
      const body = (await res.json()) as { chat: { n: number }[]; more: unknown };
      return { ns: body.chat.map((l) => l.n), more: body.more };
    };
    const first = await page(10);
    expect([first.ns[0], first.ns.at(-1), first.ns.length, first.more]).toEqual([11, 210, 200, true]);
    const second = await page(210);
    expect([second.ns[0], second.ns.at(-1), second.ns.length, second.more]).toEqual([211, 250, 40, false]);
    expect(await page(250)).toEqual({ ns: [], more: false });
    // The client's readChat pages the same way; the welcome still carries the latest 100.
    expect((await readChat(s.base, match.id, a.token, 0)).map((l) => l.n).slice(0, 2)).toEqual([1, 2]);
    const ca = connect(s.ws, match.id, a.token);
    await until(() => ca.table.chat.length > 0, 10_000, 'the welcome');
    expect([ca.table.chat[0]?.n, ca.table.chat.at(-1)?.n, ca.table.chat.length]).toEqual([151, 250, 100]);
    ca.close();
  }, 60_000);

  it('spectators: under the seats-only chat they neither read nor write; under "everyone" they do', async () => {
    for (const chat of ['seats', 'everyone', 'none'] as const) {
      const { match, invite } = await createMatch(s.base, { players: 2, seed: `spec-${chat}`, spectators: 'public', chat });
      const a = await joinMatch(s.base, match.id, { name: 'Ada', invite });
      const ca = connect(s.ws, match.id, a.token);
      const watcher = connect(s.ws, match.id, null);
      await until(() => ca.status === 'open' && watcher.status === 'open', 10_000, 'connected');
      const seatSays = await ca.say('hello table').then(
        () => 'ok',
        (e: { code: string }) => e.code,
      );
      const spectatorSays = await watcher.say('hello from the rail').then(
        () => 'ok',
        (e: { code: string }) => e.code,
      );
      expect([chat, seatSays, spectatorSays]).toEqual(
        chat === 'seats' ? [chat, 'ok', 'FORBIDDEN'] : chat === 'everyone' ? [chat, 'ok', 'ok'] : [chat, 'FORBIDDEN', 'FORBIDDEN'],
      );
      await new Promise((r) => setTimeout(r, 150));
      expect(watcher.table.chat.length).toBe(chat === 'everyone' ? 2 : 0);
      if (chat === 'everyone') expect(ca.table.chat.map((l) => l.from)).toEqual([0, 'spectator']);
      const http = await fetch(`${s.base}/api/matches/${match.id}/chat`);
      expect(http.status).toBe(chat === 'everyone' ? 200 : 403);
      ca.close();
      watcher.close();
    }
  }, 30_000);
});

it('the chat crosses hosts: a line written on one server reaches a seat on another', async () => {
  const store = new MemoryStore();
  const make = async (): Promise<MemoryStore> => store;
  const [x, y] = [await serve(make, {}, store), await serve(make, {}, store)];
  try {
    const { match, invite } = await createMatch(x.base, { players: 2, seed: 'chat-hosts' });
    const a = await joinMatch(x.base, match.id, { name: 'Ada', invite });
    const b = await joinMatch(y.base, match.id, { name: 'Bo', invite });
    const [ca, cb] = [connect(x.ws, match.id, a.token), connect(y.ws, match.id, b.token)];
    await until(() => ca.status === 'open' && cb.status === 'open', 10_000, 'connected');
    await ca.say('across');
    await until(() => cb.table.chat.length === 1, 10_000, 'the line on the other host');
    expect(cb.table.chat[0]).toMatchObject({ n: 1, from: 0, name: 'Ada', text: 'across' });
    ca.close();
    cb.close();
  } finally {
    await x.close();
    await y.close();
    await store.close();
  }
});

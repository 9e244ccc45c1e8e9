/**
 * The chat's shares: each seat (and the spectators together) may write its share of a match's
 * 2,000 lines, so one writer alone cannot fill the chat and silence the others. On the host in
 * process with a clock of its own (the rate limit lets one line through every 2 s).
 */
import { expect, it } from 'vitest';
import { CHAT_PER_SECOND, chatShare, MAX_CHAT_LINES, MAX_CHAT_NOTICES } from '../../src/server/host/chat.js';
import { MatchHost } from '../../src/server/host.js';
import { MemoryStore } from '../../src/server/store/memory.js';

it('a seat that wrote its share is refused (RATE_LIMITED); the other seats and the spectators still write', async () => {
  let clock = 1_000_000;
  const host = new MatchHost({ store: new MemoryStore(), now: () => clock });
  try {
    const { match, invite } = await host.createMatch({ players: 3, seed: 'share', chat: 'everyone', spectators: 'public' });
    const [a, b] = [await host.join(match.id, { name: 'Ada', invite }), await host.join(match.id, { name: 'Bo', invite })];
    const [sa, sb] = [await host.open(match.id, a.token), await host.open(match.id, b.token)];
    const watcher = await host.open(match.id, null);
    const share = chatShare(3);
    expect(share).toBe(Math.floor(MAX_CHAT_LINES / 4));
    for (let i = 0; i < share; i++) {
      clock += 1000 / CHAT_PER_SECOND;
      await host.say(sa, `line ${i}`);
    }
    clock += 1000 / CHAT_PER_SECOND;
    await expect(host.say(sa, 'one more')).rejects.toMatchObject({ code: 'RATE_LIMITED', message: /each seat may write 500 lines/ });
    expect((await host.say(sb, 'my turn to talk')).n).toBe(share + 1);
    expect((await host.say(watcher, 'a spectator too')).n).toBe(share + 2);
  } finally {
    host.close();
  }
});

it("the host's notices do not fill the chat: after 2,000 calls of the creator's, each seat still writes its whole share", async () => {
  let clock = 1_000_000;
  const store = new MemoryStore();
  const host = new MatchHost({ store, now: () => clock });
  try {
    const { match, invite, creatorToken } = await host.createMatch({ players: 2, seed: 'notices', chat: 'seats' });
    const [a, b] = [await host.join(match.id, { name: 'Ada', invite }), await host.join(match.id, { name: 'Bo', invite })];
    const [sa, sb] = [await host.open(match.id, a.token), await host.open(match.id, b.token)];
    await host.say(sa, 'hello');
    for (let i = 0; i < MAX_CHAT_LINES; i++) await host.setTurnTime(match.id, creatorToken, i % 2 === 0 ? 60_000 : null);
    // The turn time was set each time; the notices stop at their own bound.
    expect((await host.getMatch(match.id)).turnTimeMs).toBeNull();
    const notices = (await store.readChat(match.id, 0, 10_000)).filter((l) => l.from === 'host');
    expect(notices.length).toBe(MAX_CHAT_NOTICES);
    const share = chatShare(2);
    for (let i = 0; i < share; i++) {
      clock += 1000 / CHAT_PER_SECOND;
      await host.say(sb, `line ${i}`);
    }
    for (let i = 1; i < share; i++) {
      clock += 1000 / CHAT_PER_SECOND;
      await host.say(sa, `line ${i}`);
    }
    clock += 1000 / CHAT_PER_SECOND;
    await expect(host.say(sa, 'one more')).rejects.toMatchObject({ code: 'RATE_LIMITED', message: /each seat may write/ });
  } finally {
    host.close();
  }
}, 60_000);

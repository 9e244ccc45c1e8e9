/**
 * The host's bot thread: a searching bot chooses the same move on its thread as here, and while
 * it thinks, other matches go on (their actions are applied and acknowledged) and so do other
 * matches' bot moves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { botFromId, botRandom } from '../../src/bots/index.js';
import { createGame, currentPlayer, view } from '../../src/index.js';
import { BotThread } from '../../src/server/host/bot-thread.js';
import { MatchHost } from '../../src/server/host.js';
import { MemoryStore } from '../../src/server/store/memory.js';

const closing: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of closing.splice(0)) await c();
});

async function until(cond: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('the bot thread', () => {
  it('a searching bot chooses on its thread the move it chooses here (same seed, same view)', async () => {
    const bots = new BotThread(() => undefined);
    closing.push(() => bots.close());
    for (const seed of ['a', 'b', 'c']) {
      const state = createGame({ players: 3, seed });
      const v = view(state, currentPlayer(state) ?? 0);
      expect(await bots.choose('ismcts:40', v, `${seed}:1`)).toEqual(botFromId('ismcts:40')(v, botRandom(`${seed}:1`)));
      expect(await bots.choose('heuristic', v, `${seed}:1`)).toEqual(botFromId('heuristic')(v, botRandom(`${seed}:1`)));
    }
  });

  it('while a searching bot thinks, another match is played and another bot moves', async () => {
    const store = new MemoryStore();
    const host = new MatchHost({ store, pollMs: 20 });
    closing.push(() => host.close());
    host.start();
    // A bot that thinks about a second (five seats, the most iterations a host allows), to move first…
    const slow = await host.createMatch({
      visibility: 'public',
      players: 5,
      seed: 'slow',
      firstPlayer: 0,
      bots: ['ismcts:2000', null, null, null, null],
    });
    // …a match between two people…
    const people = await host.createMatch({ visibility: 'public', players: 2, seed: 'people', firstPlayer: 0 });
    const a = await host.open(people.match.id, (await host.join(people.match.id, { name: 'Ada', seat: 0 })).token);
    await host.join(people.match.id, { name: 'Bo', seat: 1 });
    // …and one where a quick bot plays a person.
    const quick = await host.createMatch({ visibility: 'public', players: 2, seed: 'quick', firstPlayer: 0, bots: ['heuristic', null] });
    await host.join(quick.match.id, { name: 'Cy', seat: 1 });
    for (let p = 1; p < 5; p++) await host.join(slow.match.id, { name: `P${p}`, seat: p });
    const v = (await host.sync(a, 0)).view;
    expect(await host.submit(a, v.legal[0], 0)).toEqual({ seq: 1 });
    await until(async () => ((await store.readLog(quick.match.id, 0)).length ?? 0) > 0);
    expect(await store.readLog(slow.match.id, 0)).toEqual([]);
  });
});

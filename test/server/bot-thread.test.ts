/**
 * The host's bot thread: a searching bot chooses the same move on its thread as here, and while
 * it thinks, other matches go on (their actions are applied and acknowledged) and so do other
 * matches' bot moves.
 */
import { spawn } from 'node:child_process';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { botFromId, botRandom } from '../../src/bots/index.js';
import { createGame, currentPlayer, view } from '../../src/index.js';
import { BotThread } from '../../src/server/host/bot-thread.js';
import type { BotRequest } from '../../src/server/host/bot-worker.js';
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

  it("a dead thread's late 'exit' does not stop the thread started after it", async () => {
    const logs: string[] = [];
    const bots = new BotThread((m) => logs.push(m));
    closing.push(() => bots.close());
    const state = createGame({ players: 2, seed: 'dies' });
    const v = view(state, currentPlayer(state) ?? 0);
    await bots.choose('ismcts:40', v, 'a'); // the thread is up
    // The thread itself is private: reached here only to make it die.
    const first = (bots as unknown as { worker: Worker }).worker;
    // A move asked as soon as the thread is seen dead goes to a new thread; then the old one's 'exit' comes.
    const second = new Promise<unknown>((resolve) => {
      first.once('error', () => resolve(bots.choose('ismcts:40', v, 'b')));
    });
    first.postMessage(null as unknown as BotRequest); // its handler throws outside its try: the thread dies
    expect(await second).toEqual(botFromId('ismcts:40')(v, botRandom('b')));
    expect(await bots.choose('ismcts:40', v, 'c')).toEqual(botFromId('ismcts:40')(v, botRandom('c')));
    expect(logs).toHaveLength(1);
  });

  /** Runs `body` (a module's text, `BotThread`, `v` and `bots` in scope) in a process of its own; resolves with what it printed once it exits by itself. */
  async function alone(body: string): Promise<{ code: number | null; out: string }> {
    const src = (path: string): string => JSON.stringify(new URL(`../../src/${path}`, import.meta.url).href);
    const script = `
      const { BotThread } = await import(${src('server/host/bot-thread.ts')});
      const { createGame, currentPlayer, view } = await import(${src('index.ts')});
      const state = createGame({ players: 2, seed: 'alone' });
      const v = view(state, currentPlayer(state) ?? 0);
      const bots = new BotThread(() => undefined);
      ${body}`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    closing.push(() => child.exitCode === null && child.kill('SIGKILL'));
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { code, out };
  }

  it('an idle bot thread does not keep the process alive', async () => {
    const r = await alone(`process.stdout.write(JSON.stringify(await bots.choose('ismcts:40', v, 's')) + '\\n');`);
    expect(r).toEqual({ code: 0, out: expect.stringContaining('"type"') });
  }, 60_000);

  it('closed while its thread starts: the move is refused, and no thread is left behind', async () => {
    const r = await alone(`
      const move = bots.choose('ismcts:40', v, 's');
      void bots.close();
      process.stdout.write(await move.then(() => 'moved\\n', (e) => 'refused: ' + e.message + '\\n'));`);
    expect(r).toEqual({ code: 0, out: 'refused: the host is closing\n' });
  }, 60_000);
});

/**
 * `simulate` on worker threads ends as it does in one thread: it resolves with every game once
 * they are all in (even when a bot module keeps its thread alive), and it fails with the error a
 * run in one thread gives (a bot's own error class, an `onProgress` that throws), or with an
 * `Error` naming the games a worker stopped before playing (never a result with games missing).
 * The bot modules are written to a temporary folder and imported by real worker threads.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { simulate } from '../../src/bots/index.js';
import { createGame, currentPlayer, RulesError, view } from '../../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'ftk-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a bot module into the temporary folder and returns its URL. */
function botModule(name: string, source: string): string {
  const file = join(dir, name);
  writeFileSync(file, source);
  return pathToFileURL(file).href;
}

/** A random legal action, as the module bots below play when they do not misbehave. */
const RANDOM = 'view.legal[rng.int(view.legal.length)]';

describe('simulate on worker threads', () => {
  it('resolves with every game when a bot module keeps a timer alive, and ends its worker threads', async () => {
    const module = botModule('timer.mjs', `setInterval(() => {}, 1000);\nexport function cached(view, rng) { return ${RANDOM}; }\n`);
    const progress: [number, number][] = [];
    const result = await simulate({
      players: 2,
      bots: [{ module, export: 'cached' }, 'random'],
      games: 4,
      seed: 1,
      workers: 2,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(result.games).toBe(4);
    expect(progress.at(-1)).toEqual([4, 4]);
  }, 60_000);

  it('a worker that exits with code 0 in the middle of a game fails the run, naming the games not played', async () => {
    // Every worker thread ends itself on its bot's 30th move, inside its first game.
    const module = botModule(
      'exit.mjs',
      `let calls = 0;\nexport function quitter(view, rng) {\n  if (++calls === 30) process.exit(0);\n  return ${RANDOM};\n}\n`,
    );
    const run = simulate({ players: 2, bots: [{ module, export: 'quitter' }, 'random'], games: 6, seed: 1, workers: 2 });
    await expect(run).rejects.toThrow(/^simulate: a worker thread stopped \(exit code 0\) with games? \d+(–\d+)? not played$/);
  }, 60_000);

  it('one worker of two exiting with code 0 while the other plays on still fails the run', async () => {
    // The first thread to take the lock ends itself; the other plays every game left.
    const lock = join(dir, 'exit-once.lock');
    const module = botModule(
      'exit-once.mjs',
      [
        "import { mkdirSync } from 'node:fs';",
        'let calls = 0;',
        'export function quitter(view, rng) {',
        '  if (++calls === 30) {',
        `    try { mkdirSync(${JSON.stringify(lock)}); process.exit(0); } catch {}`,
        '  }',
        `  return ${RANDOM};`,
        '}',
        '',
      ].join('\n'),
    );
    const run = simulate({ players: 2, bots: [{ module, export: 'quitter' }, 'random'], games: 12, seed: 1, workers: 2 });
    await expect(run).rejects.toThrow(/^simulate: a worker thread stopped \(exit code 0\) with games? \d+(–\d+)? not played$/);
    expect(existsSync(lock)).toBe(true); // one thread did end itself
  }, 60_000);

  it('an onProgress that throws rejects the run with its error, on 1 and 2 workers (no uncaught exception, no hang)', async () => {
    for (const workers of [1, 2]) {
      let calls = 0;
      const fault = new Error('progress failed');
      const run = simulate({
        players: 2,
        bots: ['random', 'random'],
        games: 6,
        seed: 1,
        workers,
        onProgress: () => {
          calls += 1;
          if (calls === 1) throw fault;
        },
      });
      await expect(run).rejects.toBe(fault);
      expect(calls).toBe(1);
    }
  }, 60_000);

  it("a bot's error keeps its class, code and stack across the thread boundary: 1 and 2 workers fail alike", async () => {
    const module = botModule(
      'faults.mjs',
      [
        "export function typeFault() { throw new TypeError('bot blew up'); }",
        "export function rangeFault() { throw new RangeError('out of range'); }",
        "class BotFault extends Error { constructor(m) { super(m); this.name = 'BotFault'; } }",
        "export function ownFault() { throw new BotFault('my own fault'); }",
        // Only in seat 0, so that the message is the same whichever game fails first.
        "export function notAnAction(view, rng) { return view.viewer === 0 ? { type: 'nonsense' } : view.legal[rng.int(view.legal.length)]; }",
        '',
      ].join('\n'),
    );
    // A bot's own class cannot be rebuilt in the parent thread: an Error of the same name and stack.
    for (const [name, Class, same] of [
      ['typeFault', TypeError, true],
      ['rangeFault', RangeError, true],
      ['ownFault', Error, false],
      ['notAnAction', RulesError, true],
    ] as const) {
      const failures: Error[] = [];
      for (const workers of [1, 2]) {
        // The faulty bot in both seats: the first game fails at its first move, on any thread.
        const bot = { module, export: name };
        const e = await simulate({ players: 2, bots: [bot, bot], games: 4, seed: 1, workers }).then(
          () => new Error('the run resolved'),
          (x: unknown) => x as Error,
        );
        expect(e, `${name} on ${workers} worker(s)`).toBeInstanceOf(Class);
        failures.push(e);
      }
      const [one, two] = failures as [Error, Error];
      if (same) expect(two.constructor, name).toBe(one.constructor);
      expect(two.name, name).toBe(one.name);
      expect(two.message, name).toBe(one.message);
      expect((two as Partial<RulesError>).code, name).toBe((one as Partial<RulesError>).code);
      if (name !== 'notAnAction') expect(two.stack, name).toContain('faults.mjs');
      expect(String(two), name).toBe(String(one));
    }
  }, 120_000);

  it("a bot's own error class keeps its name, message, stack, code and own fields; a thrown value arrives as that value", async () => {
    const module = botModule(
      'own-faults.mjs',
      [
        'class MyBotError extends Error {',
        "  constructor(m) { super(m); this.name = 'MyBotError'; this.code = 'E_MINE'; this.detail = { move: 3, tags: ['a'] }; }",
        '}',
        "export function ownFault() { throw new MyBotError('custom failure'); }",
        "export function throwString() { throw 'a plain string'; }",
        "export function throwObject() { throw { code: 42, why: 'object' }; }",
        '',
      ].join('\n'),
    );
    const checks: Record<string, (e: unknown) => void> = {
      ownFault: (e) => {
        const x = e as Error & { code: string; detail: unknown; game: { index: number; seed: string } };
        expect(x).toBeInstanceOf(Error);
        expect(x.name).toBe('MyBotError');
        expect(x.message).toBe('custom failure');
        expect(x.code).toBe('E_MINE');
        expect(x.detail).toEqual({ move: 3, tags: ['a'] });
        expect(x.stack).toContain('own-faults.mjs');
        expect(x.game).toEqual({ index: x.game.index, seed: `1:${x.game.index}` });
      },
      throwString: (e) => expect(e).toBe('a plain string'),
      throwObject: (e) => expect(e).toEqual({ code: 42, why: 'object' }),
    };
    for (const [name, check] of Object.entries(checks)) {
      for (const workers of [1, 2]) {
        const bot = { module, export: name };
        const e = await simulate({ players: 2, bots: [bot, bot], games: 4, seed: 1, workers }).then(
          () => new Error('the run resolved'),
          (x: unknown) => x,
        );
        check(e);
      }
    }
  }, 120_000);

  it('the failing game is named on the error (its index and seed), the same on 1 and 2 workers', async () => {
    // A game after the first where entry 0 moves first: its opening view is known from its seed alone.
    const target = [1, 2, 3, 4, 5].find((g) => currentPlayer(createGame({ players: 2, seed: `7:${g}` })) === g % 2) as number;
    const state = createGame({ players: 2, seed: `7:${target}` });
    const opening = JSON.stringify(view(state, target % 2));
    const module = botModule(
      'late.mjs',
      [
        `const opening = ${JSON.stringify(opening)};`,
        'export function late(view, rng) {',
        '  if (JSON.stringify(view) === opening) null.boom;',
        `  return ${RANDOM};`,
        '}',
        '',
      ].join('\n'),
    );
    for (const workers of [1, 2]) {
      const e = (await simulate({ players: 2, bots: [{ module, export: 'late' }, 'random'], games: 6, seed: 7, workers }).catch(
        (x: unknown) => x,
      )) as TypeError & { game?: unknown };
      expect(e, `${workers} worker(s)`).toBeInstanceOf(TypeError);
      expect(e.game, `${workers} worker(s)`).toEqual({ index: target, seed: `7:${target}` });
    }
  }, 120_000);
});

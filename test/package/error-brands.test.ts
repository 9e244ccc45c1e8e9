/**
 * Every public error class across copies of the library: like `RulesError` (test/rules/errors.test.ts),
 * `instanceof` checks a registered symbol brand, so an error from another copy (the CommonJS build
 * next to the ES-module build; here a second instance of each module) is recognised, and nothing
 * else is. The built packages are checked the same way by `npm run smoke` (mixed.mjs).
 */
import { describe, expect, it } from 'vitest';

type ErrorClass = abstract new (...args: never[]) => Error;

/** A public error class: its module (imported twice), its name, and how to make one. */
interface Case {
  readonly module: string;
  readonly name: string;
  readonly make: (cls: ErrorClass) => Error;
}

const make =
  (...args: unknown[]) =>
  (cls: ErrorClass): Error =>
    new (cls as unknown as new (...a: unknown[]) => Error)(...args);

const CASES: readonly Case[] = [
  { module: '../../src/state/errors.js', name: 'RulesError', make: make('GAME_OVER', 'over') },
  { module: '../../src/protocol/errors.js', name: 'HostError', make: make('STALE', 'stale') },
  { module: '../../src/protocol/patch.js', name: 'PatchError', make: make('no such member') },
  { module: '../../src/client/errors.js', name: 'ClientError', make: make('TIMEOUT', 'no answer') },
  { module: '../../src/server/peer.js', name: 'PeerDependencyError', make: make('ws', 'the WebSocket transport') },
  { module: '../../src/server/store/journal-format.js', name: 'JournalCorruptError', make: make('bad line', 12, true) },
  {
    module: '../../src/server/store/lock.js',
    name: 'StoreLockedError',
    make: make('held', '/tmp/x/lock', { pid: 1, start: null, host: null, since: null }),
  },
  { module: '../../src/server/store/postgres/settle.js', name: 'StoreUnsettledError', make: make('updateMatch', 'm1', new Error('reset')) },
];

/** The class `name` of a module, loaded once as it is and once more as another copy (`?copy`). */
async function both(c: Case): Promise<[ErrorClass, ErrorClass]> {
  const mine = (await import(/* @vite-ignore */ c.module)) as Record<string, ErrorClass>;
  const other = (await import(/* @vite-ignore */ `${c.module}?copy`)) as Record<string, ErrorClass>;
  return [mine[c.name] as ErrorClass, other[c.name] as ErrorClass];
}

describe.each(CASES)('$name across builds', (c) => {
  it('a second copy of the module has its own class', async () => {
    const [mine, other] = await both(c);
    expect(typeof mine).toBe('function');
    expect(other).not.toBe(mine);
  });

  it('an object made from the class’s prototype is still instanceof it (the ordinary check is kept)', async () => {
    const [mine] = await both(c);
    expect(Object.create(mine.prototype) instanceof mine).toBe(true);
  });

  it('an error of either copy is instanceof both classes, and keeps its name', async () => {
    const [mine, other] = await both(c);
    for (const e of [c.make(mine), c.make(other)]) {
      expect(e instanceof mine).toBe(true);
      expect(e instanceof other).toBe(true);
      expect(e instanceof Error).toBe(true);
      expect(e.name).toBe(c.name);
    }
  });

  it('no false positives: plain errors, look-alikes, the other classes, primitives, throwing proxies', async () => {
    const [mine, other] = await both(c);
    const lookAlike = Object.assign(new Error('x'), { name: c.name, code: 'STALE' });
    const throwing = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
      },
    );
    const others = await Promise.all(CASES.filter((d) => d !== c).map(async (d) => d.make((await both(d))[1])));
    for (const x of [new Error('x'), lookAlike, ...others, null, undefined, c.name, 3, throwing]) {
      expect(x instanceof mine).toBe(false);
      expect(x instanceof other).toBe(false);
    }
  });

  it('a subclass keeps the ordinary instanceof check', async () => {
    const [mine] = await both(c);
    const Special = class extends (mine as unknown as new (...a: unknown[]) => Error) {};
    const special = c.make(Special as unknown as ErrorClass);
    expect(special instanceof Special).toBe(true);
    expect(special instanceof mine).toBe(true);
    expect(c.make(mine) instanceof Special).toBe(false);
  });
});

/**
 * Helpers of the tests of two hosts on one store: waiting for something to happen (no time is
 * asserted: the limit only ends a test that would otherwise hang), one host's calls to the store
 * held or counted, and the two hosts with a timed match.
 */
import { MatchHost } from '../../src/server/host.js';
import type { Store } from '../../src/server/store/store.js';

/** Waits until `cond` holds, polling every 10 ms; after `ms` (30 s) fails naming `what`. */
export async function until(cond: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A proxy of `store` (its methods bound to it) with some of them replaced: a test's way to hold,
 * count or lose one host's calls to a store another host shares.
 */
export function withCalls<S extends object>(store: S, replaced: Partial<Record<keyof S, unknown>>): S {
  return new Proxy(store, {
    get(target, p) {
      if (Object.hasOwn(replaced, p)) return replaced[p as keyof S];
      const v: unknown = Reflect.get(target, p);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

/**
 * Hosts A and B on `storeA` and `storeB` (the same store seen through {@link withCalls}, or not),
 * on the clock `now`, and a public match of two seats on A: Ada at seat 0 against a heuristic bot
 * or Bo, on a clock of `turnTimeMs`. `hosts` collects them, to close after the test.
 */
export async function twoHostsAndAMatch(
  stores: { readonly a: Store; readonly b: Store },
  now: () => number,
  hosts: MatchHost[],
  match: { readonly seed: string; readonly opponent: 'bot' | 'Bo'; readonly turnTimeMs: number },
) {
  const a = new MatchHost({ store: stores.a, now, pollMs: 20 });
  const b = new MatchHost({ store: stores.b, now, pollMs: 20 });
  hosts.push(a, b);
  const { seed, opponent, turnTimeMs } = match;
  const created = await a.createMatch({
    visibility: 'public',
    seed,
    players: 2,
    firstPlayer: 0,
    bots: [null, opponent === 'bot' ? 'heuristic' : null],
    turnTimeMs,
  });
  const id = created.match.id;
  const ada = await a.join(id, { name: 'Ada', seat: 0 });
  const bo = opponent === 'Bo' ? await a.join(id, { name: 'Bo', seat: 1 }) : null;
  return { a, b, id, creatorToken: created.creatorToken, ada, bo };
}

/**
 * Protocol version 3's views: `legal` as action ids. Converting there and back gives the view,
 * over the wire too; a view with nothing to do is sent as it is; and a version 3 view whose
 * `legal` does not read as ids of its game is refused with a typed error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Action, actionId, createGame, type PlayerView, step, view } from '../../src/index.js';
import { type CompactView, compactView, expandView } from '../../src/protocol/compact.js';
import { HostError } from '../../src/protocol/errors.js';
import { pickIndex, runs } from '../properties/games.js';

describe('compact views (protocol version 3)', () => {
  it('every viewer of every state of random games: the compact view lists the legal actions as their ids, and reads back, after JSON, as the view', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<2 | 3 | 4 | 5>(2, 3, 4, 5),
        fc.string({ maxLength: 6 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
        (players, seed, picks) => {
          let state = createGame({ players, seed });
          const viewers: ('spectator' | number)[] = ['spectator', ...Array.from({ length: players }, (_, p) => p)];
          for (let i = 0; ; i++) {
            for (const who of viewers) {
              const v = view(state, who);
              const c = compactView(v);
              if (v.legal.length === 0) expect(c).toBe(v);
              else expect(c.legal).toEqual(v.legal.map((a) => actionId(a, players)));
              const back = expandView(JSON.parse(JSON.stringify(c)) as CompactView);
              if (JSON.stringify(back) !== JSON.stringify(v)) expect(back).toEqual(v);
            }
            if (state.step === 'over') break;
            const legal = view(state, state.toMove).legal;
            state = step(state, legal[pickIndex(picks[i % picks.length] ?? 0, legal.length)] as Action).state;
          }
        },
      ),
      { numRuns: runs(6) },
    );
  }, 120_000);

  it('a view whose legal list is not ids of its game is refused with BAD_MESSAGE, and left as it was', () => {
    const state = createGame({ players: 3, seed: 'compact' });
    const c = compactView(view(state, state.toMove));
    expect(c.legal.length).toBeGreaterThan(0);
    const copy = JSON.stringify(c);
    for (const legal of [null, 'all', [0.5], [-1], ['0'], [true], [1e9], [{ type: 'pass', player: 0 }], [Number.NaN]]) {
      const bad = { ...c, legal } as unknown as CompactView;
      try {
        expandView(bad);
        expect.unreachable(`legal ${JSON.stringify(legal)} was read`);
      } catch (e) {
        expect(e).toBeInstanceOf(HostError);
        expect((e as HostError).code).toBe('BAD_MESSAGE');
      }
    }
    expect(JSON.stringify(c)).toBe(copy);
  });

  it('a frozen legal list (the engine hands out the same list while it holds) is converted once: the same ids list again', () => {
    const state = createGame({ players: 4, seed: 'compact-frozen' });
    const a = view(state, state.toMove) as PlayerView;
    const frozen = { ...a, legal: Object.freeze([...a.legal]) as readonly Action[] };
    expect(compactView(frozen).legal).toBe(compactView({ ...frozen }).legal);
    expect(Object.isFrozen(compactView(frozen).legal)).toBe(true);
  });
});

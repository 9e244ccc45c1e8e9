/**
 * `view.minBid` / `view.maxBid`: the bid range a UI draws its bid control from, equal to the
 * lowest and highest legal bid of the player to move (RULES A3), in every seat's view.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { view } from '../../src/index.js';
import { gameCaseArb, play, runs, timeoutFor } from '../properties/games.js';

describe('the bid range in the view', () => {
  const n = runs(100);
  it(
    'A3: minBid…maxBid are exactly the legal bid amounts, null when no bid is legal, the same for every viewer',
    () => {
      let bidding = 0;
      fc.assert(
        fc.property(gameCaseArb, (c) => {
          play(c, 20_000, {
            before: (s, legal) => {
              const amounts = legal.flatMap((a) => (a.type === 'bid' ? [a.amount] : []));
              const v = view(s, 'spectator');
              if (amounts.length === 0) {
                expect(v.minBid).toBeNull();
                expect(v.maxBid).toBeNull();
              } else {
                bidding++;
                expect(v.minBid).toBe(Math.min(...amounts));
                expect(v.maxBid).toBe(Math.max(...amounts));
                expect(amounts.length).toBe((v.maxBid as number) - (v.minBid as number) + 1);
              }
              for (let p = 0; p < s.players; p++) {
                const w = view(s, p);
                expect([w.minBid, w.maxBid]).toEqual([v.minBid, v.maxBid]);
              }
            },
          });
        }),
        { numRuns: n },
      );
      expect(bidding).toBeGreaterThan(n); // the property saw many bidding decisions
    },
    timeoutFor(n, 80),
  );
});

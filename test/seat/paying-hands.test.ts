/**
 * The exact draw of a payer's hand (`src/seat/determinize/paying-hands.ts`, issue #33), checked
 * where `determinize`'s own positions cannot reach: counts far beyond 2^53 (a draw below them
 * takes three words of the generator), against an independent card-by-card count.
 */
import { describe, expect, it } from 'vitest';
import { GOLD, KIND, KING, usedCards, VALUE } from '../../src/data/cards.js';
import { coins, dealPayingHand, payingHands } from '../../src/seat/determinize/paying-hands.js';
import { seedState } from '../../src/state/rng.js';
import { chiSquareTest } from './chi-square.js';

/** Every card of a 5-player game but the Kings: 39 of them gold, 13 of each value. */
const NOT_KINGS = usedCards(5).filter((c) => KIND[c] !== KING);

/** The hands of `slots` of `cards` holding at least `need` coins, counted card by card (a knapsack of counts). */
function countByCards(cards: readonly number[], slots: number, need: number): bigint {
  const cap = Math.max(need, 0);
  // ways[j][g]: hands of j cards so far with g coins (g capped at `cap`: enough is enough).
  let ways = Array.from({ length: slots + 1 }, () => new Array<bigint>(cap + 1).fill(0n));
  (ways[0] as bigint[])[0] = 1n;
  for (const c of cards) {
    const next = ways.map((row) => row.slice());
    for (let j = 0; j < slots; j++)
      for (let g = 0; g <= cap; g++) {
        const w = (ways[j] as bigint[])[g] as bigint;
        if (w === 0n) continue;
        const to = Math.min(cap, g + coins(c));
        (next[j + 1] as bigint[])[to] = ((next[j + 1] as bigint[])[to] as bigint) + w;
      }
    ways = next;
  }
  return (ways[slots] as bigint[])[cap] as bigint;
}

describe('A5: the hands that can pay, counted and drawn exactly', () => {
  it('A5: counts the paying hands as a card-by-card count does, beyond 2^53', () => {
    const cases: [number, number][] = [
      [0, 1],
      [0, 0],
      [1, 3],
      [1, 4],
      [5, 12],
      [12, 30],
      [30, 40],
      [30, 60],
      [30, 79],
      [30, 80],
    ];
    for (const [slots, need] of cases) {
      const h = payingHands(NOT_KINGS, slots, need);
      expect(h.total, `${slots} cards, ${need} coins`).toBe(countByCards(NOT_KINGS, slots, need));
    }
    expect(payingHands(NOT_KINGS, 30, 40).total > 2n ** 64n).toBe(true);
    // 13 + 13 + 4 cards of 3, 2 and 1 coins hold 69 at most.
    expect(payingHands(NOT_KINGS, 30, 70).total).toBe(0n);
    expect(payingHands([], 0, 1).total).toBe(0n);
  });

  it('A5: draws each paying hand as often as any other, in numbers of two and three words, and keeps every other card after it', () => {
    const slots = 30;
    const threes = NOT_KINGS.filter((c) => KIND[c] === GOLD && VALUE[c] === 3);
    const others = NOT_KINGS.filter((c) => !threes.includes(c));
    const sorted = [...NOT_KINGS].sort((a, b) => a - b).join();
    // 73 bits (three words) and 42 bits (two words).
    for (const need of [40, 60]) {
      const h = payingHands(NOT_KINGS, slots, need);
      // The law of how many 3-coin cards a paying hand holds, counted card by card.
      const law = new Map<string, number>();
      for (let x = 0; x <= threes.length; x++) {
        let choose = 1n;
        for (let i = 0; i < x; i++) choose = (choose * BigInt(threes.length - i)) / BigInt(i + 1);
        const count = choose * countByCards(others, slots - x, need - 3 * x);
        if (count > 0n) law.set(String(x), Number((count * 10n ** 18n) / h.total) / 1e18);
      }
      const seen = new Map<string, number>();
      for (let seed = 0; seed < 3000; seed++) {
        const nk = [...NOT_KINGS].reverse();
        dealPayingHand(seedState(`paying-${need}-${seed}`), nk, h);
        const hand = nk.slice(0, slots);
        expect(hand.reduce((sum, c) => sum + coins(c), 0)).toBeGreaterThanOrEqual(need);
        if (seed < 50) expect([...nk].sort((a, b) => a - b).join()).toBe(sorted);
        const key = String(hand.filter((c) => threes.includes(c)).length);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      const result = chiSquareTest(seen, law);
      expect(result.p, JSON.stringify(result.cells)).toBeGreaterThan(1e-6);
    }
  });
});

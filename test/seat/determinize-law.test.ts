/**
 * `determinize` keeps the law its TSDoc promises (issue #33): every deal the rules allow is
 * equally likely. Checked by statistics where that is hardest, during a gold payment whose payer
 * must hold most of the unseen gold (RULES A5): few hands can pay, and 64 uniform tries often all
 * fail (the engine used to build such hands greedily from the highest coins, which this test
 * refuses). For each position the exact law is counted by enumeration: every hand of the payer's
 * hidden size that pays, or, where they are too many to list, every composition (how many cards
 * of each coin value) with its number of hands. Thousands of seeded deals are compared with it by
 * Pearson's chi-square test; a p-value below 1e-6 fails, so a correct sampler fails with odds of
 * about one in a million per check (and, the seeds being fixed, the outcome never changes).
 */
import { describe, expect, it } from 'vitest';
import { GOLD, idOf, KIND, KING, usedCards, VALUE } from '../../src/data/cards.js';
import type { Card, GameState, PlayerView } from '../../src/index.js';
import { determinize, view } from '../../src/index.js';
import { cardIdsIn, firstState, recordStates } from '../helpers/hidden.js';
import { chiSquareSurvival, chiSquareTest } from './chi-square.js';

/** Deals per position. */
const DEALS = 8_000;
/** A chi-square p-value below this fails. */
const ALPHA = 1e-6;

const coinsOf = (c: number): number => (KIND[c] === GOLD ? (VALUE[c] as number) : 0);
const goldIn = (cards: readonly Card[]): number => cards.reduce((sum, c) => sum + (c.kind === 'gold' ? c.value : 0), 0);

/** C(n, k) as a double (exact for the small numbers here; checked by the callers' totals). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
}

/** What the law of a payment position depends on, read from the view alone. */
interface Law {
  readonly payer: number;
  /** The payer's hidden cards. */
  readonly slots: number;
  /** Coins the hidden cards must hold. */
  readonly need: number;
  /** The unseen cards that are not Kings, by coin value 0 (no gold) to 3. */
  readonly byValue: readonly (readonly number[])[];
  /** How many hands of `slots` unseen cards that are not Kings there are, and how many of them pay. */
  readonly hands: number;
  readonly paying: number;
  /** The paying compositions `[t0, t1, t2, t3]`, with their number of hands. */
  readonly compositions: readonly { readonly t: readonly number[]; readonly count: number }[];
}

/** The cards of the game a view does not show (by the card ids in it): those that are not Kings, and the Kings. */
function unseenOf(v: PlayerView): { notKings: number[]; kings: number[] } {
  const visible = new Set(cardIdsIn(JSON.stringify(v)));
  const unseen = usedCards(v.players).filter((c) => !visible.has(idOf(c)));
  return { notKings: unseen.filter((c) => KIND[c] !== KING), kings: unseen.filter((c) => KIND[c] === KING) };
}

/** P(X = j) for X hypergeometric: `draws` from `marked` marked and `unmarked` other items. */
const hypergeometric = (j: number, marked: number, unmarked: number, draws: number): number =>
  (choose(marked, j) * choose(unmarked, draws - j)) / choose(marked + unmarked, draws);

function lawOf(v: PlayerView): Law {
  const payment = v.payment as NonNullable<PlayerView['payment']>;
  const payer = payment.player;
  const known = v.known[payer] as readonly Card[];
  const slots = (v.handSizes[payer] as number) - known.length;
  const need = payment.due - payment.paid - goldIn(known);
  const byValue: number[][] = [[], [], [], []];
  for (const c of unseenOf(v).notKings) (byValue[coinsOf(c)] as number[]).push(c);
  const n = byValue.map((cards) => cards.length);
  const compositions: { t: number[]; count: number }[] = [];
  for (let t1 = 0; t1 <= slots; t1++)
    for (let t2 = 0; t1 + t2 <= slots; t2++)
      for (let t3 = 0; t1 + t2 + t3 <= slots; t3++) {
        const t = [slots - t1 - t2 - t3, t1, t2, t3];
        const count = t.reduce((product, x, value) => product * choose(n[value] as number, x), 1);
        if (count > 0 && t1 + 2 * t2 + 3 * t3 >= need) compositions.push({ t, count });
      }
  const paying = compositions.reduce((sum, x) => sum + x.count, 0);
  const hands = choose(
    n.reduce((a, b) => a + b, 0),
    slots,
  );
  expect(Number.isSafeInteger(hands)).toBe(true);
  return { payer, slots, need, byValue, hands, paying, compositions };
}

/** The chance that 64 uniform hands all fail to pay: how often the engine's tries are not enough. */
const allTriesFail = (law: Law): number => (1 - law.paying / law.hands) ** 64;

/** A copy of `v` in which the payer needs `need` coins from their hidden cards (the high bid and the amount due raised together). */
function needing(v: PlayerView, need: number): PlayerView {
  const payment = v.payment as NonNullable<PlayerView['payment']>;
  const due = payment.paid + goldIn(v.known[payment.player] as readonly Card[]) + need;
  return { ...v, highBid: due, payment: { ...payment, due } };
}

/** The most coins `slots` of the unseen cards that are not Kings can hold. */
function best(law: Law): number {
  const coins = law.byValue.flatMap((cards, value) => cards.map(() => value)).sort((a, b) => b - a);
  return coins.slice(0, law.slots).reduce((a, b) => a + b, 0);
}

const compositionKey = (cards: readonly number[]): string => {
  const t = [0, 0, 0, 0];
  for (const c of cards) t[coinsOf(c)] = (t[coinsOf(c)] as number) + 1;
  return t.join('/');
};
const setKey = (cards: readonly number[]): string => cards.map(idOf).sort().join(' ');

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

/** Every order of `ids`, each joined by spaces. */
function ordersOf(ids: readonly string[]): string[] {
  if (ids.length <= 1) return [ids.join(' ')];
  return ids.flatMap((id, i) => ordersOf([...ids.slice(0, i), ...ids.slice(i + 1)]).map((rest) => `${id} ${rest}`.trim()));
}

/** Every paying hand, listed (each equally likely by the law). */
function payingSets(law: Law): string[] {
  const pool = law.byValue.flat();
  const out: string[] = [];
  const chosen: number[] = [];
  const walk = (from: number, coins: number): void => {
    if (chosen.length === law.slots) {
      if (coins >= law.need) out.push(setKey(chosen));
      return;
    }
    for (let i = from; i <= pool.length - (law.slots - chosen.length); i++) {
      chosen.push(pool[i] as number);
      walk(i + 1, coins + coinsOf(pool[i] as number));
      chosen.pop();
    }
  };
  walk(0, 0);
  return out;
}

/**
 * The joint law of the payer's composition and how many gold cards another player's hidden
 * cards hold (`hidden` of them): those are a uniform choice among the unseen cards that are not
 * Kings and that the payer was not dealt, whatever the payer's hand.
 */
function jointLaw(law: Law, hidden: number): Map<string, number> {
  const n = law.byValue.map((cards) => cards.length);
  const gold = (n[1] as number) + (n[2] as number) + (n[3] as number);
  const out = new Map<string, number>();
  for (const { t, count } of law.compositions) {
    const goldLeft = gold - (t[1] as number) - (t[2] as number) - (t[3] as number);
    const withoutLeft = (n[0] as number) - (t[0] as number);
    for (let j = 0; j <= hidden; j++) {
      const q = hypergeometric(j, goldLeft, withoutLeft, hidden);
      if (q > 0) out.set(`${t.join('/')} | ${j} gold`, (count / law.paying) * q);
    }
  }
  return out;
}

/** Deals `v` with `DEALS` seeds and counts, for each of `keys`, the keys it gives the deals. */
function tally(v: PlayerView, keys: readonly ((world: GameState) => string)[]): Map<string, number>[] {
  const counts = keys.map(() => new Map<string, number>());
  for (let seed = 0; seed < DEALS; seed++) {
    const world = determinize(v, seed);
    keys.forEach((key, i) => {
      const k = key(world);
      const count = counts[i] as Map<string, number>;
      count.set(k, (count.get(k) ?? 0) + 1);
    });
  }
  return counts;
}

/** Fails with the cells when the counts do not fit the law. */
function expectFits(what: string, observed: ReadonlyMap<string, number>, law: ReadonlyMap<string, number>): void {
  const result = chiSquareTest(observed, law);
  const table = result.cells.map((c) => `  ${c.key}: ${c.observed} drawn, ${c.expected.toFixed(1)} expected`).join('\n');
  expect(
    result.p,
    `${what}: chi-square ${result.statistic.toFixed(1)} on ${result.df} df, p = ${result.p.toExponential(2)}\n${table}`,
  ).toBeGreaterThan(ALPHA);
}

/** The payer's hidden cards in a deal (a hand lists its known cards first). */
const hiddenOf = (world: GameState, v: PlayerView, p: number): number[] =>
  (world.hands[p] as number[]).slice((v.known[p] as readonly unknown[]).length);

/**
 * Checks the deals of `v` against the law: the payer's hands one by one when there are few
 * enough to list; their compositions; and, when `other` is a player whose hand is partly hidden,
 * the composition jointly with that hand's gold cards.
 */
function checkLaw(v: PlayerView, other: number | null): void {
  const law = lawOf(v);
  const payer = law.payer;
  const composition = (w: GameState): string => compositionKey(hiddenOf(w, v, payer));
  const checks: [string, (w: GameState) => string, Map<string, number>][] = [
    ['the payer’s composition', composition, new Map(law.compositions.map(({ t, count }) => [t.join('/'), count / law.paying]))],
  ];
  if (law.paying <= 200) {
    const sets = payingSets(law);
    expect(sets.length).toBe(law.paying);
    checks.push(['the payer’s hidden cards', (w) => setKey(hiddenOf(w, v, payer)), new Map(sets.map((x) => [x, 1 / sets.length]))]);
    const orders = factorial(law.slots);
    if (sets.length * orders <= 200) {
      // Few enough to list in every order: the hidden cards' order is uniform too.
      const ordered = new Map(sets.flatMap((x) => ordersOf(x.split(' ')).map((o): [string, number] => [o, 1 / (sets.length * orders)])));
      checks.push(['the payer’s hidden cards in order', (w) => hiddenOf(w, v, payer).map(idOf).join(' '), ordered]);
    }
  }
  if (other !== null) {
    const hidden = (v.handSizes[other] as number) - (v.known[other] as readonly unknown[]).length;
    expect(hidden).toBeGreaterThan(0);
    const gold = (w: GameState): number => hiddenOf(w, v, other).filter((c) => KIND[c] === GOLD).length;
    checks.push([
      'the payer’s composition and the gold cards of another hidden hand',
      (w) => `${composition(w)} | ${gold(w)} gold`,
      jointLaw(law, hidden),
    ]);
  }
  const counts = tally(
    v,
    checks.map(([, key]) => key),
  );
  checks.forEach(([what, , expected], i) => {
    expectFits(what, counts[i] as Map<string, number>, expected);
  });
}

describe('the chi-square test used below', () => {
  it('gives the survival function of the chi-square law: closed forms for 2 and 4 degrees of freedom, table values for 1 and 10', () => {
    for (const x of [0.1, 1, 3, 10, 40, 80]) {
      expect(chiSquareSurvival(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
      expect(chiSquareSurvival(x, 4) / (Math.exp(-x / 2) * (1 + x / 2))).toBeCloseTo(1, 10);
    }
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 10);
    expect(chiSquareSurvival(29.58829844507442, 10)).toBeCloseTo(0.001, 10);
    expect(chiSquareSurvival(0, 3)).toBe(1);
  });

  it('pools rare cells, refuses an impossible outcome, and tells a fair die from a loaded one', () => {
    const faces = new Map(['1', '2', '3', '4', '5', '6'].map((f) => [f, 1 / 6]));
    expect(
      chiSquareTest(
        new Map([
          ['1', 100],
          ['2', 100],
          ['3', 100],
          ['4', 100],
          ['5', 100],
          ['6', 100],
        ]),
        faces,
      ).p,
    ).toBeCloseTo(1, 12);
    expect(
      chiSquareTest(
        new Map([
          ['1', 150],
          ['2', 100],
          ['3', 100],
          ['4', 100],
          ['5', 100],
          ['6', 50],
        ]),
        faces,
      ).p,
    ).toBeLessThan(0.001);
    const rare = new Map([
      ['a', 0.5],
      ['b', 0.497],
      ['c', 0.002],
      ['d', 0.001],
    ]);
    expect(
      chiSquareTest(
        new Map([
          ['a', 500],
          ['b', 497],
          ['c', 3],
        ]),
        rare,
      ).cells.map((c) => c.key),
    ).toEqual(['a', 'pooled']);
    expect(() => chiSquareTest(new Map([['x', 1]]), rare)).toThrow('an impossible outcome was drawn 1 times: x');
  });
});

describe('A5: determinize deals the payer exactly by the promised law when few hands can pay (issue #33)', () => {
  it('A5: a 3-player position of a real game, where 64 uniform tries all fail in most deals: every paying hand equally likely, the other hidden hand dealt from the rest', () => {
    const states = recordStates('law', [[3, 74]]);
    const s = firstState(states, (x) => x.step === 'pay' && x.payMode === 'gold' && allTriesFail(lawOf(view(x, (x.toMove + 1) % 3))) > 0.5);
    const v = view(s, (s.toMove + 1) % 3);
    expect(allTriesFail(lawOf(v))).toBeGreaterThan(0.5);
    checkLaw(v, (s.toMove + 2) % 3);
  });

  it('A5: a 5-player payer who needs 8 coins from 3 hidden cards, seen by a spectator (13 paying hands of 1,771)', () => {
    const states = recordStates('law', [[5, 0]]);
    const s = firstState(states, (x) => {
      if (x.step !== 'pay' || x.payMode !== 'gold') return false;
      const law = lawOf(view(x, 'spectator'));
      return law.slots === 3 && (law.byValue[3] as number[]).length >= 3 && (law.byValue[2] as number[]).length >= 2;
    });
    const v = needing(view(s, 'spectator'), 8);
    expect(allTriesFail(lawOf(v))).toBeGreaterThan(0.5);
    checkLaw(v, (s.toMove + 2) % 5);
  });

  it('A5: a 2-player payer who needs nearly the most coins their 7 hidden cards can hold, seen by the opponent and by a spectator', () => {
    const states = recordStates('law', [[2, 2]]);
    const s = firstState(states, (x) => x.step === 'pay' && x.payMode === 'gold' && lawOf(view(x, 1 - x.toMove)).slots === 7);
    const opponent = view(s, 1 - s.toMove);
    const v = needing(opponent, best(lawOf(opponent)) - 3);
    expect(allTriesFail(lawOf(v))).toBeGreaterThan(0.95);
    checkLaw(v, null);
    const spectator = view(s, 'spectator');
    const w = needing(spectator, best(lawOf(spectator)) - 3);
    expect(allTriesFail(lawOf(w))).toBeGreaterThan(0.95);
    checkLaw(w, 1 - s.toMove);
  });
});

describe('K1, H: determinize deals uniformly where no payment steers it', () => {
  it('K1: a hidden hand is a uniform choice among the unseen cards that are not Kings, and the unseen Kings fall uniformly among the piles', () => {
    const states = recordStates('law', [[4, 1]]);
    const hiddenIn = (v: PlayerView, p: number): number => (v.handSizes[p] as number) - (v.known[p] as readonly unknown[]).length;
    const s = firstState(states, (x) => {
      if (x.step !== 'place' || x.deckTop < 20) return false;
      const v = view(x, 0);
      return unseenOf(v).kings.length >= 2 && hiddenIn(v, 1) >= 3 && v.deckSize >= 10;
    });
    const v = view(s, 0);
    const { notKings, kings } = unseenOf(v);
    const gold = notKings.filter((c) => KIND[c] === GOLD).length;
    const hidden = hiddenIn(v, 1);
    // The piles share what the hands leave: every unseen card but the hidden hand cards.
    const handSlots = [1, 2, 3].reduce((sum, p) => sum + hiddenIn(v, p), 0);
    const piles = notKings.length + kings.length - handSlots;
    const law = new Map<string, number>();
    for (let j = 0; j <= hidden; j++)
      for (let x = 0; x <= kings.length; x++) {
        const q =
          hypergeometric(j, gold, notKings.length - gold, hidden) * hypergeometric(x, kings.length, piles - kings.length, v.deckSize);
        if (q > 0) law.set(`${j} gold | ${x} Kings in the deck`, q);
      }
    const key = (w: GameState): string =>
      `${hiddenOf(w, v, 1).filter((c) => KIND[c] === GOLD).length} gold | ${(w.deck.slice(w.deckTop) as number[]).filter((c) => KIND[c] === KING).length} Kings in the deck`;
    const [counts] = tally(v, [key]);
    expectFits('a hidden hand’s gold cards and the Kings in the deck', counts as Map<string, number>, law);
  });
});

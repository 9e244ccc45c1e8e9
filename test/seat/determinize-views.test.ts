/**
 * `determinize` takes a view from outside (a bot's input, possibly from the network), so it
 * checks that view field by field before dealing (RULES H1–H3): each inconsistency gets its own
 * `INVALID_VIEW` message. And a deal always lets a payment in progress be completed (RULES A5).
 */
import { describe, expect, it } from 'vitest';
import { cardAt, GOLD, KIND, KING, usedCards, VALUE } from '../../src/data/cards.js';
import type { Card, GameState, PlayerView } from '../../src/index.js';
import { cardById, createGame, determinize, legalActions, view } from '../../src/index.js';
import { goldIn } from '../../src/rules/scoring.js';
import { stateProblem } from '../../src/saves/validate.js';
import { rejection } from '../helpers/errors.js';
import { canSee, firstState, recordStates } from '../helpers/hidden.js';

/** Every state of a few random 4-player games (and one 3-player game). */
const STATES = recordStates('determinize-views', [
  [4, 1],
  [4, 2],
  [4, 3],
  [4, 4],
  [3, 5],
]);
const find = (ok: (s: GameState) => boolean): GameState => firstState(STATES, ok);

type Loose = Record<string, unknown> & { handSizes: number[]; known: unknown[][]; myFavor: unknown[] };

/** The message `determinize` rejects a changed copy of `v` with (and checks the code). */
function rejected(v: PlayerView, change: (x: Loose) => void): string {
  const copy = JSON.parse(JSON.stringify(v)) as Loose;
  change(copy);
  const e = rejection(() => determinize(copy as unknown as PlayerView, 1));
  expect(e.code).toBe('INVALID_VIEW');
  return e.message;
}

const take4 = find((s) => s.players === 4 && s.step === 'take' && s.favorBy.includes(0));
const place4 = find((s) => s.players === 4 && s.step === 'place' && s.advisor === 1);
const bid4 = find((s) => s.players === 4 && s.step === 'bid');
const over4 = find((s) => s.players === 4 && s.step === 'over');

describe('determinize rejects a view that does not fit together, saying what is wrong', () => {
  it('H1: the view, the seed, the player count and the viewer', () => {
    const v = view(take4, 0);
    expect(rejection(() => determinize(null as unknown as PlayerView, 1)).message).toBe(
      'a view must be an object from view(state, viewer)',
    );
    expect(rejection(() => determinize(v, Number.NaN)).message).toBe('seed must be a finite number or a string, got NaN');
    expect(rejected(v, (x) => (x.players = 6))).toBe('players must be 2 to 5');
    for (const viewer of [4, 5, -1, 1.5])
      expect(rejected(v, (x) => (x.viewer = viewer))).toBe('viewer must be a player 0 to 3 or "spectator"');
  });

  it('H1: whose turn it is and the Advisor', () => {
    const v = view(take4, 0);
    expect(rejected(v, (x) => (x.currentPlayer = 4))).toBe('currentPlayer does not fit the step');
    expect(rejected(v, (x) => (x.currentPlayer = null))).toBe('currentPlayer does not fit the step');
    expect(rejected(view(over4, 0), (x) => (x.currentPlayer = 0))).toBe('currentPlayer does not fit the step');
    expect(rejected(v, (x) => (x.advisor = 4))).toBe('advisor must be a player or null');
    expect(rejected(v, (x) => (x.advisor = -2))).toBe('advisor must be a player or null');
  });

  it('H1: lists and counts', () => {
    const v = view(take4, 0);
    expect(rejected(v, (x) => (x.handSizes = 'none' as unknown as number[]))).toBe('handSizes must be an array');
    expect(rejected(v, (x) => (x.known = 5 as unknown as unknown[][]))).toBe('known must be an array');
    expect(rejected(v, (x) => (x.known[2] = 'none' as unknown as unknown[]))).toBe('known[2] must be an array');
    expect(rejected(v, (x) => (x.middle = {} as unknown[]))).toBe('middle must be an array');
    expect(rejected(v, (x) => (x.discard = 1 as unknown as unknown[]))).toBe('discard must be an array');
    expect(rejected(v, (x) => (x.myFavor = null as unknown as unknown[]))).toBe('myFavor must be an array');
    expect(rejected(v, (x) => x.known.pop())).toBe('handSizes and known must list 4 players');
    expect(rejected(v, (x) => (x.deckSize = 81))).toBe('deckSize is out of range');
    expect(rejected(v, (x) => (x.handSizes[1] = -1))).toBe('handSizes[1] must be a count');
    expect(rejected(v, (x) => (x.handSizes[1] = 0.5))).toBe('handSizes[1] must be a count');
    expect(rejected(v, (x) => (x.favorSize = 0))).toBe('myFavor holds more cards than the favor pile');
  });

  it('H1: the end of the game shows every hand', () => {
    const v = view(over4, 2);
    expect(() => determinize(v, 1)).not.toThrow();
    expect(determinize(v, 1).hands).toEqual(over4.hands);
    expect(rejected(v, (x) => (x.hands as unknown[]).pop())).toBe('hands must list 4 hands at the end');
    expect(rejected(v, (x) => (x.hands = 'all' as unknown as unknown[]))).toBe('hands must be an array');
  });

  it('H2: known cards of a shown hand must be in it', () => {
    const v = view(take4, 0);
    const other = v.middle[0];
    expect(other).toBeDefined();
    expect(rejected(v, (x) => x.known[0]?.push(other))).toBe(`known[0] lists ${other?.id}, which is not in that hand`);
  });

  it('H2: only the Advisor holding a card sees it', () => {
    const advisor = view(place4, 1);
    expect(advisor.drawn).not.toBeNull();
    const other = view(place4, 2);
    expect(rejected(other, (x) => (x.drawn = advisor.drawn))).toBe('drawn is shown but the viewer is not the Advisor holding a card');
    expect(rejected(view(place4, 'spectator'), (x) => (x.drawn = advisor.drawn))).toBe(
      'drawn is shown but the viewer is not the Advisor holding a card',
    );
    expect(rejected(advisor, (x) => (x.advisorHoldsCard = false))).toBe('drawn is shown but the viewer is not the Advisor holding a card');
    expect(rejected(advisor, (x) => (x.drawn = null))).toBe('the viewer is the Advisor holding a card, but drawn is null');
    expect(rejected(view(bid4, 0), (x) => (x.advisorHoldsCard = true))).toBe('advisorHoldsCard without an Advisor');
  });

  it('H2, A2: a spectator has no favor cards; a lot is never up while there is an Advisor', () => {
    const v = view(take4, 0);
    expect(v.myFavor.length).toBeGreaterThan(0);
    expect(rejected(v, (x) => (x.viewer = 'spectator'))).toBe('a spectator has no favor cards');
    expect(rejected(view(bid4, 0), (x) => (x.advisor = 1))).toBe('a lot is on the table while there is an Advisor');
  });
});

describe('determinize names the place of a card that does not fit', () => {
  it('H1: each list and field by its name', () => {
    const v = view(take4, 0);
    const middle = v.middle[0] as Card;
    expect(rejection(() => determinize(5 as unknown as PlayerView, 1)).message).toBe('a view must be an object from view(state, viewer)');
    // Not a card: null, or an object whose id is not a card id.
    expect(rejected(v, (x) => (x.middle as unknown[]).push(null))).toBe('middle holds something that is not a card');
    expect(rejected(v, (x) => (x.middle as unknown[]).push(undefined))).toBe('middle holds something that is not a card');
    expect(rejected(v, (x) => (x.middle as unknown[]).push({ id: 5 }))).toBe('middle holds something that is not a card');
    expect(rejected(v, (x) => x.known[2]?.push({ id: 5 }))).toBe('known[2] holds something that is not a card');
    const mine = v.hand[0] as Card;
    expect(rejected(v, (x) => x.known[2]?.push(mine))).toBe(`${mine.id} is shown twice (again in known[2])`);
    const end = view(over4, 2);
    const first = (end.hands as Card[][])[0]?.[0] as Card;
    expect(rejected(end, (x) => (x.hands as unknown[][])[1]?.push(first))).toBe(`${first.id} is shown twice (again in hands[1])`);
    expect(rejected(view(bid4, 0), (x) => (x.lot = (x.discard as unknown[])[0]))).toMatch(/^[a-z0-9-]+ is shown twice \(again in lot\)$/);
    expect(
      rejected(view(bid4, 0), (x) => {
        x.king = { player: 0, card: (x.discard as unknown[])[0] };
      }),
    ).toMatch(/^[a-z0-9-]+ is shown twice \(again in king\)$/);
    expect(rejected(view(place4, 1), (x) => (x.drawn = middle))).toBe(`${middle.id} is shown twice (again in drawn)`);
  });

  it('H1: an unshown hand cannot hold fewer cards than are known in it', () => {
    const s = find((x) => x.players === 4 && x.step === 'bid' && x.known.some((k, p) => p !== 1 && k.length > 0));
    const q = s.known.findIndex((k, p) => p !== 1 && k.length > 0);
    const w = view(s, 1);
    const have = (w.known[q] as unknown[]).length;
    expect(rejected(w, (x) => (x.handSizes[q] = have - 1))).toBe(`handSizes[${q}] is ${have - 1} but the view shows ${have} cards there`);
  });

  it('A2: a lot is never up while there is an Advisor, even card 0 with Advisor 0', () => {
    const s = find((x) => x.players === 4 && x.advisor === 0 && x.step === 'take' && !canSee(x, 1, 0));
    expect(rejected(view(s, 1), (x) => (x.lot = cardById('diplomacy-A')))).toBe('a lot is on the table while there is an Advisor');
  });

  it('S3: with two players a title has no secondary value', () => {
    const v = view(createGame({ players: 2, seed: 'two' }), 0);
    expect(
      rejected(v, (x) => ((x.titles as Record<string, { secondary: number | null }>).military = { primary: 3, secondary: 1 } as never)),
    ).toBe('titles.military is missing or out of range');
  });

  it('K1: hidden hand places cannot outnumber the hidden cards that are not Kings', () => {
    // Five players: no random removals, so every hidden King is on the favor pile.
    const states = recordStates('determinize-kings', [
      [5, 1],
      [5, 2],
    ]);
    const s = firstState(states, (x) => x.step === 'bid' && x.favor.some((c, i) => KIND[c] === KING && x.favorBy[i] !== 0));
    const v = view(s, 0);
    const favorSlots = v.favorSize - v.myFavor.length;
    expect(
      rejected(v, (x) => {
        x.handSizes[1] = (x.handSizes[1] as number) + favorSlots;
        x.favorSize = x.myFavor.length;
      }),
    ).toBe('too many hidden hand cards: nobody keeps a King (RULES K1)');
  });

  it('A5: a payer who discards is dealt only cards without gold, and needs enough of them hidden', () => {
    // Five players, phase 2: the hidden places are the unseen hand cards and the favor pile only.
    const states = recordStates('determinize-discard', [
      [5, 3],
      [5, 4],
    ]);
    const s = firstState(states, (x) => x.step === 'pay' && (x.known[x.toMove] as number[]).every((c) => KIND[c] !== GOLD));
    const payer = s.toMove;
    const viewer = (payer + 1) % 5;
    const v = view(s, viewer);
    const slotsOf = (q: number): number => (v.handSizes[q] as number) - (v.known[q] as unknown[]).length;
    let total = v.favorSize - v.myFavor.length;
    for (let q = 0; q < 5; q++) if (q !== viewer) total += slotsOf(q);
    const noGold = usedCards(5).filter((c) => KIND[c] !== GOLD && KIND[c] !== KING && !canSee(s, viewer, c)).length;
    // All hidden hand places go to the payer (`slots` of them), the rest to the favor pile.
    const discarding = (slots: number): PlayerView => ({
      ...v,
      handSizes: v.handSizes.map((size, q) =>
        q === payer ? (v.known[q] as unknown[]).length + slots : q === viewer ? size : (v.known[q] as unknown[]).length,
      ),
      favorSize: v.myFavor.length + total - slots,
      payment: { player: payer, mode: 'discard', due: s.paid + 1, paid: s.paid },
    });
    expect(total).toBeGreaterThan(noGold);
    for (let seed = 0; seed < 5; seed++) {
      const hand = determinize(discarding(noGold), seed).hands[payer] as number[];
      expect(hand.some((c) => KIND[c] === GOLD)).toBe(false);
    }
    expect(rejected(discarding(noGold + 1), () => undefined)).toBe(
      `player ${payer} pays by discarding but too few cards without gold remain hidden`,
    );
  });

  it('A5: a discarding payer known to hold gold', () => {
    const s = find((x) => x.players === 4 && x.step === 'pay' && x.payMode === 'gold');
    const viewer = (s.toMove + 1) % 4;
    const v = view(s, viewer);
    const gold = usedCards(4).find((c) => KIND[c] === GOLD && !canSee(s, viewer, c)) as number;
    expect(
      rejected(v, (x) => {
        const pay = x.payment as { mode: string; due: number; paid: number };
        pay.mode = 'discard';
        pay.due = pay.paid + 1;
        x.known[s.toMove]?.push(cardAt(gold));
      }),
    ).toBe(`player ${s.toMove} pays by discarding but is known to hold gold`);
  });
});

describe('determinize rejects inconsistent views', () => {
  const v = view(take4, 0);
  const invalid = (change: (x: Loose) => void): string => rejected(v, change);

  it('a card shown twice, or not used with the player count', () => {
    expect(invalid((x) => (x.discard as unknown[]).push((x.middle as unknown[])[0]))).toMatch(/shown twice/);
    expect(invalid((x) => (x.middle as unknown[]).push({ id: 'livestock-A' }))).toMatch(/not used with this player count/);
    expect(invalid((x) => (x.middle as unknown[]).push({ id: 'nope' }))).toMatch(/not a card/);
  });

  it('counts that do not add up', () => {
    expect(invalid((x) => (x.deckSize = (x.deckSize as number) + 1))).toMatch(/unseen but has .* hidden places/);
    expect(invalid((x) => ((x.handSizes as number[])[1] = 99))).toMatch(/unseen|count/);
    expect(invalid((x) => ((x.handSizes as number[])[0] = ((x.handSizes as number[])[0] as number) + 1))).toMatch(/handSizes\[0\]/);
    expect(invalid((x) => (x.favorSize = -1))).toMatch(/favorSize/);
    expect(invalid((x) => (x.handSizes as number[]).pop())).toMatch(/handSizes and known must list/);
  });

  it('a viewer or fields that do not fit', () => {
    expect(invalid((x) => (x.viewer = 7))).toMatch(/viewer/);
    expect(invalid((x) => (x.viewer = -1))).toMatch(/viewer/);
    expect(invalid((x) => (x.players = 6))).toMatch(/players/);
    expect(invalid((x) => (x.step = 'nap'))).toMatch(/step/);
    expect(invalid((x) => (x.titles = {}))).toMatch(/titles\.diplomacy/);
    expect(rejection(() => determinize(null as unknown as PlayerView, 1)).code).toBe('INVALID_VIEW');
    expect(rejection(() => determinize(v, Number.NaN)).code).toBe('INVALID_OPTIONS');
  });
});

describe('H: a view with a field missing or of the wrong type is INVALID_VIEW, never a TypeError (issue #18, class 5)', () => {
  const pay4 = find((s) => s.players === 4 && s.step === 'pay');
  const king4 = find((s) => s.step === 'king');
  const BAD: readonly unknown[] = [undefined, null, 0, -1, 1.5, 'x', true, [], [null], {}, { a: 1 }, [0, 0]];

  it('titles, payment, king, stillIn and defaulted: missing or of the wrong type', () => {
    const samples: [GameState, string][] = [
      [bid4, 'titles'],
      [pay4, 'payment'],
      [king4, 'king'],
      [bid4, 'stillIn'],
      [bid4, 'defaulted'],
    ];
    for (const [s, field] of samples) {
      const v = view(s, s.toMove);
      for (const bad of BAD) {
        const copy = JSON.parse(JSON.stringify(v)) as Loose;
        if (bad === undefined) delete copy[field];
        else copy[field] = bad;
        let e: unknown;
        try {
          determinize(copy as unknown as PlayerView, 1);
        } catch (x) {
          e = x;
        }
        // null is a valid payment or king (none); stillIn [] is valid; everything else is rejected.
        if (e === undefined)
          expect([null, '[]'].includes(bad === null ? null : JSON.stringify(bad)), `${field} = ${JSON.stringify(bad)}`).toBe(true);
        else
          expect(
            rejection(() => {
              throw e;
            }).code,
            `${field} = ${JSON.stringify(bad)}`,
          ).toBe('INVALID_VIEW');
      }
    }
  });

  it('every field of views at every step: a wrong value is a RulesError, and an accepted view gives a state the engine can continue', () => {
    for (const s of [place4, take4, bid4, pay4, king4, over4]) {
      const v = view(s, Math.max(s.toMove, 0));
      for (const field of Object.keys(v)) {
        for (const bad of BAD) {
          const copy = JSON.parse(JSON.stringify(v)) as Loose;
          if (bad === undefined) delete copy[field];
          else copy[field] = bad;
          let d: GameState | undefined;
          try {
            d = determinize(copy as unknown as PlayerView, 2);
          } catch (e) {
            expect(
              rejection(() => {
                throw e;
              }).code,
            ).toBe('INVALID_VIEW');
          }
          if (d !== undefined) expect(stateProblem(d), `${field} = ${JSON.stringify(bad)}`).toBeNull();
        }
      }
    }
  });

  it('a getter or proxy in the view that throws is INVALID_VIEW', () => {
    const v = view(bid4, bid4.toMove);
    const getter = Object.defineProperty({ ...v }, 'titles', {
      get() {
        throw new Error('boom');
      },
      enumerable: true,
    });
    const proxy = new Proxy(v, {
      get(t, k) {
        if (k === 'stillIn') throw new TypeError('trap');
        return Reflect.get(t, k);
      },
    });
    for (const x of [getter, proxy]) {
      const e = rejection(() => determinize(x, 1));
      expect(e.code).toBe('INVALID_VIEW');
      expect(e.message).toBe('the view could not be read (a getter or proxy in it threw)');
    }
  });

  it('H3: a view whose fields each fit but whose table the rules cannot reach says so, with the reason', () => {
    expect(rejected(view(bid4, 0), (x) => (x.moveCount = 0))).toMatch(
      /^the view is not of a game the rules can reach: moveCount is 0, but the table shows at least \d+ actions taken$/,
    );
    expect(rejected(view(take4, 0), (x) => (x.currentPlayer = ((x.currentPlayer as number) + 1) % 4))).toMatch(
      /^the view is not of a game the rules can reach: step "take": /,
    );
  });
});

describe('A5: determinize deals a payer what the payment in progress needs', () => {
  const paying = STATES.filter((s) => s.step === 'pay');

  it('A5: every deal lets the payer finish: enough hidden gold, or no gold at all when discarding', () => {
    expect(paying.length).toBeGreaterThan(3);
    for (const s of paying) {
      const payer = s.toMove;
      for (let viewer = 0; viewer < s.players; viewer++) {
        if (viewer === payer) continue;
        const v = view(s, viewer);
        for (let seed = 0; seed < 10; seed++) {
          const world = determinize(v, seed);
          const hand = world.hands[payer] as number[];
          const coins = goldIn(hand);
          if (world.payMode === 'gold') expect(coins).toBeGreaterThanOrEqual(world.highBid - world.paid);
          else if (s.variants.payment === 'gold-or-discard') expect(coins).toBe(0);
          expect(legalActions(world).length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('A5: a payment that the hidden cards cannot cover is rejected', () => {
    const s = find((x) => x.step === 'pay' && x.payMode === 'gold' && x.players === 4);
    const viewer = (s.toMove + 1) % s.players;
    const v = view(s, viewer);
    expect(rejected(v, (x) => ((x.payment as { due: number }).due = 80))).toBe(
      `player ${s.toMove} cannot complete the payment with the hidden gold`,
    );
    expect(rejected(v, (x) => ((x.payment as { due: number }).due = 0))).toBe('payment is out of range');
    expect(rejected(v, (x) => ((x.payment as { paid: number }).paid = (x.payment as { due: number }).due))).toBe('payment is out of range');
    expect(rejected(v, (x) => ((x.payment as { player: number }).player = 4))).toBe('payment is out of range');
    expect(
      rejected(v, (x) => {
        (x.payment as { mode: string }).mode = 'discard';
        (x.payment as { due: number }).due = 79;
      }),
    ).toBe(`player ${s.toMove} cannot discard the ${79 - s.paid} cards due`);
    expect(
      rejected(v, (x) => {
        const pay = x.payment as { mode: string; due: number; paid: number };
        pay.mode = 'discard';
        pay.due = 79;
        pay.paid = 2;
      }),
    ).toBe(`player ${s.toMove} cannot discard the 77 cards due`);
  });

  it('A5: the deal of a payer is uniform when they need little, and still found when they need the best hidden gold', () => {
    const s = find((x) => x.step === 'pay' && x.payMode === 'gold' && x.players === 4 && (x.hands[x.toMove] as number[]).length >= 5);
    const payer = s.toMove;
    const viewer = (payer + 1) % 4;
    const v = view(s, viewer);
    const slots = (v.handSizes[payer] as number) - (v.known[payer] as unknown[]).length;
    const knownGold = (v.known[payer] ?? []).reduce((sum, c) => sum + (c.kind === 'gold' ? c.value : 0), 0);
    const paid = (v.payment as { paid: number }).paid;
    const hiddenCoins = usedCards(4)
      .filter((c) => KIND[c] === GOLD && !canSee(s, viewer, c))
      .map((c) => VALUE[c] as number)
      .sort((a, b) => b - a);
    expect(slots).toBeGreaterThanOrEqual(3);
    const withNeed = (need: number): PlayerView => ({
      ...v,
      payment: { ...(v.payment as NonNullable<PlayerView['payment']>), due: paid + knownGold + need },
    });
    const hiddenGoldOf = (world: GameState): number => goldIn(world.hands[payer] as number[]) - knownGold;
    // Needing one coin: the deal is drawn among all hands that hold one, not built from the largest coins.
    const easy = withNeed(1);
    const hands = new Set<string>();
    let withoutThree = 0;
    let exact = 0;
    for (let seed = 0; seed < 100; seed++) {
      const hand = determinize(easy, seed).hands[payer] as number[];
      hands.add([...hand].sort((a, b) => a - b).join(','));
      if (!hand.some((c) => KIND[c] === GOLD && VALUE[c] === 3 && !canSee(s, viewer, c))) withoutThree++;
      expect(goldIn(hand) - knownGold).toBeGreaterThanOrEqual(1);
      if (goldIn(hand) - knownGold === 1) exact++;
    }
    expect(hands.size).toBeGreaterThan(90);
    expect(withoutThree).toBeGreaterThan(0);
    // Hands holding exactly the coin needed are among them.
    expect(exact).toBeGreaterThan(0);
    // Needing the largest coins the hidden cards hold: every deal gives exactly those.
    const best = hiddenCoins.slice(0, slots).reduce((a, b) => a + b, 0);
    for (let seed = 0; seed < 20; seed++) expect(hiddenGoldOf(determinize(withNeed(best), seed))).toBe(best);
    expect(rejection(() => determinize(withNeed(best + 1), 0)).message).toBe(
      `player ${payer} cannot complete the payment with the hidden gold`,
    );
  });
});

describe('H1: determinize names each public field that is of the wrong type or out of range (issue #18)', () => {
  // Each change breaks one field only, so the message is that field's own check (not a later
  // step's, nor "could not be read").
  const bid = view(bid4, 0);
  const cases: readonly [string, (x: Loose) => void, string][] = [
    ['variants null', (x) => (x.variants = null), 'variants must be an object'],
    ['variants an array', (x) => (x.variants = []), 'variants must be an object'],
    ['variants a number', (x) => (x.variants = 5), 'variants must be an object'],
    ['variants.payment', (x) => ((x.variants as Record<string, unknown>).payment = 'gold'), 'variants.payment is not a payment variant'],
    [
      'variants.secondaryTitle',
      (x) => ((x.variants as Record<string, unknown>).secondaryTitle = 'full'),
      'variants.secondaryTitle is not a title variant',
    ],
    ['variants.middle', (x) => delete (x.variants as Record<string, unknown>).middle, 'variants.middle is not a middle variant'],
    ['firstPlayer 4', (x) => (x.firstPlayer = 4), 'firstPlayer must be a player 0 to 3'],
    ['firstPlayer -1', (x) => (x.firstPlayer = -1), 'firstPlayer must be a player 0 to 3'],
    ['firstPlayer "1"', (x) => (x.firstPlayer = '1'), 'firstPlayer must be a player 0 to 3'],
    ['selfUsed', (x) => (x.selfUsed = 0), 'selfUsed, favorUsed and advisorHoldsCard must be true or false'],
    ['favorUsed', (x) => (x.favorUsed = 'no'), 'selfUsed, favorUsed and advisorHoldsCard must be true or false'],
    ['advisorHoldsCard', (x) => (x.advisorHoldsCard = null), 'selfUsed, favorUsed and advisorHoldsCard must be true or false'],
    ['highBid over the deck', (x) => (x.highBid = 81), 'highBid must be 0 to 80'],
    ['highBid -1', (x) => (x.highBid = -1), 'highBid must be 0 to 80'],
    ['highBid 1.5', (x) => (x.highBid = 1.5), 'highBid must be 0 to 80'],
    ['highBidder 4', (x) => (x.highBidder = 4), 'highBidder must be a player or null'],
    ['highBidder -1', (x) => (x.highBidder = -1), 'highBidder must be a player or null'],
    ['highBid without a bidder', (x) => Object.assign(x, { highBid: 3, highBidder: null }), 'highBid and highBidder disagree'],
    ['a bidder without a bid', (x) => Object.assign(x, { highBid: 0, highBidder: 1 }), 'highBid and highBidder disagree'],
    ['stillIn not a list', (x) => (x.stillIn = 3), 'stillIn must be an array'],
    ['stillIn twice', (x) => (x.stillIn = [1, 1]), 'stillIn must list distinct players 0 to 3'],
    ['stillIn 4', (x) => (x.stillIn = [4]), 'stillIn must list distinct players 0 to 3'],
    ['stillIn -1', (x) => (x.stillIn = [-1]), 'stillIn must list distinct players 0 to 3'],
    ['defaulted twice', (x) => (x.defaulted = [0, 2, 0]), 'defaulted must list distinct players 0 to 3'],
    ['defaulted 0.5', (x) => (x.defaulted = [0.5]), 'defaulted must list distinct players 0 to 3'],
    ['titles null', (x) => (x.titles = null), 'titles must be an object of title values per office'],
    ['titles a list', (x) => (x.titles = [1, 2, 3]), 'titles must be an object of title values per office'],
    ['payment a list', (x) => (x.payment = []), 'payment must be null or a payment'],
    ['payment of no mode', (x) => (x.payment = { player: 0, mode: 'gems', due: 2, paid: 0 }), 'payment must be null or a payment'],
    ['king a list', (x) => (x.king = []), 'king must be null or { player, card }'],
    ['king of player 4', (x) => (x.king = { player: 4, card: cardById('king-1') }), 'king must be null or { player, card }'],
    ['king of no player', (x) => (x.king = { card: cardById('king-1') }), 'king must be null or { player, card }'],
    ['forfeits -1', (x) => (x.forfeits = -1), 'forfeits must be a count'],
    ['forfeits past safe integers', (x) => (x.forfeits = 2 ** 53), 'forfeits must be a count'],
    ['lotsDiscarded 0.5', (x) => (x.lotsDiscarded = 0.5), 'lotsDiscarded must be a count'],
    ['moveCount "7"', (x) => (x.moveCount = '7'), 'moveCount must be a count'],
    ['favorSize over the cards used', (x) => (x.favorSize = 89), 'favorSize is out of range'],
    ['deckSize over the deck', (x) => (x.deckSize = 81), 'deckSize is out of range'],
    ['deckSize -1', (x) => (x.deckSize = -1), 'deckSize is out of range'],
    ['step', (x) => (x.step = 'auction'), 'step is not a step of the game'],
    ['advisor 1.5', (x) => (x.advisor = 1.5), 'advisor must be a player or null'],
    ['handSizes one short', (x) => x.handSizes.pop(), 'handSizes and known must list 4 players'],
  ];
  for (const [name, change, message] of cases) {
    it(`H1: ${name}`, () => {
      expect(rejected(bid, change)).toBe(message);
    });
  }

  it('H1: the boundaries themselves are accepted', () => {
    // The largest deck left (88 used cards, 8 removed at random) and every count at 0 pass the
    // field checks: what rejects them, if anything, is a later step with its own message.
    const fine = (change: (x: Loose) => void): string => {
      const copy = JSON.parse(JSON.stringify(bid)) as Loose;
      change(copy);
      try {
        determinize(copy as unknown as PlayerView, 1);
      } catch (e) {
        return (e as Error).message;
      }
      return 'accepted';
    };
    expect(fine((x) => (x.deckSize = 80))).toMatch(/unseen but has .* hidden places/);
    expect(fine((x) => (x.favorSize = 88))).toMatch(/unseen but has .* hidden places/);
    expect(fine((x) => (x.firstPlayer = 3))).not.toMatch(/firstPlayer/);
    expect(fine((x) => (x.forfeits = Number.MAX_SAFE_INTEGER))).not.toMatch(/forfeits must be a count/);
    expect(fine((x) => (x.defaulted = [3, 0]))).not.toMatch(/defaulted must list/);
    expect(fine((x) => Object.assign(x, { highBid: 80, highBidder: 3 }))).not.toMatch(/highBid/);
  });

  it('A5: a game that is over has no payment', () => {
    expect(rejected(view(over4, 0), (x) => (x.payment = { player: 0, mode: 'gold', due: 2, paid: 0 }))).toBe(
      'a game that is over has no payment',
    );
  });
});

describe('H2, K1: determinize names the shown cards that cannot be where the view puts them (issue #18)', () => {
  const hiddenKing = (s: GameState, viewer: number): Card =>
    cardAt(usedCards(s.players).find((c) => KIND[c] === KING && !canSee(s, viewer, c)) as number);

  it('H2: a card listed twice as known in a shown hand, the first one included', () => {
    const s = find((x) => x.players === 4 && x.step !== 'over' && (x.known[0] as number[]).length > 0);
    const v = view(s, 0);
    const first = (v.known[0] as Card[])[0] as Card;
    expect(rejected(v, (x) => x.known[0]?.push(first))).toBe(`known[0] lists ${first.id} twice`);
  });

  it('K1: the King on the table must be a King, card 0 included', () => {
    const s = find((x) => x.players === 4 && x.step === 'bid' && !canSee(x, 1, 0));
    expect(rejected(view(s, 1), (x) => (x.king = { player: 0, card: cardAt(0) }))).toBe('king holds a card that is not a King');
  });

  it('K1: nobody is shown holding a King, in their own hand or known to others', () => {
    const king = hiddenKing(take4, 0);
    expect(
      rejected(view(take4, 0), (x) => {
        (x.hand as unknown[]).push(king);
        x.handSizes[0] = (x.handSizes[0] as number) + 1;
      }),
    ).toBe('player 0 is shown holding a King: nobody keeps one (RULES K1)');
    for (const q of [1, 3]) {
      expect(rejected(view(take4, 0), (x) => x.known[q]?.push(king))).toBe(
        `player ${q} is shown holding a King: nobody keeps one (RULES K1)`,
      );
    }
  });

  it('H2: a spectator is never shown the drawn card, even with no Advisor', () => {
    const card = cardAt(usedCards(4).find((c) => !canSee(bid4, 0, c)) as number);
    expect(
      rejected(view(bid4, 'spectator'), (x) => {
        x.drawn = card;
        x.advisorHoldsCard = true;
      }),
    ).toBe('drawn is shown but the viewer is not the Advisor holding a card');
  });
});

describe('H3: who placed what no view shows is drawn among the players who could have (issue #18)', () => {
  it('H3: hidden favor cards and the lot were placed by any player but the viewer; for a spectator, by any player', () => {
    const s = find((x) => x.players === 4 && x.step === 'bid' && x.favor.length >= 2);
    for (const seat of [0, 2, 'spectator'] as const) {
      const v = view(s, seat);
      const placers = new Set<number>();
      const lotBy = new Set<number>();
      for (let seed = 0; seed < 60; seed++) {
        const world = determinize(v, seed);
        world.favorBy.forEach((p, i) => {
          if (!v.myFavor.some((c) => c.id === cardAt(world.favor[i] as number).id)) placers.add(p);
        });
        lotBy.add(world.lotBy);
      }
      const others = [0, 1, 2, 3].filter((p) => p !== seat);
      expect([...placers].sort(), `favor placers seen by ${seat}`).toEqual(others);
      expect([...lotBy].sort(), `lot placer seen by ${seat}`).toEqual(others);
    }
  });
});

describe('I1, I2: a favor pile of phase 1 is dealt in the order of the turns (review finding: phase-1 saves)', () => {
  it('I1, I2, A1: before the shuffle of phase 2, entry i was placed by turn i’s Advisor, the viewer’s cards at the viewer’s turns', () => {
    const s = find((x) => x.players === 4 && x.advisor >= 0 && x.favor.length >= 5 && x.favorBy.includes(0));
    for (const seat of [0, 1, 'spectator'] as const) {
      const v = view(s, seat);
      for (let seed = 0; seed < 20; seed++) {
        const world = determinize(v, seed);
        expect(world.favorBy).toEqual(s.favorBy);
        const mine = world.favor.filter((_, i) => world.favorBy[i] === seat).sort((a, b) => a - b);
        expect(mine.map((c) => cardAt(c).id)).toEqual(v.myFavor.map((c) => c.id));
        expect(stateProblem(world)).toBeNull();
      }
    }
  });

  it('I2: a phase-1 view whose myFavor is not one card per turn of the viewer’s on the pile is refused', () => {
    const v = view(take4, 0);
    const turns = take4.favorBy.filter((p) => p === 0).length;
    expect(rejected(v, (x) => x.myFavor.pop())).toBe(
      `myFavor must hold one card for each of the viewer's ${turns} turns as Advisor on the favor pile, got ${turns - 1} (RULES I2)`,
    );
  });
});

describe('A5: a payer whose known gold already covers the payment is dealt as anyone (issue #18)', () => {
  it('A5: no steering when nothing more is needed: the hidden cards dealt to the payer may hold gold', () => {
    const s = find(
      (x) =>
        x.players === 4 &&
        x.step === 'pay' &&
        x.payMode === 'gold' &&
        (x.hands[x.toMove] as number[]).length - (x.known[x.toMove] as number[]).length >= 3,
    );
    const payer = s.toMove;
    const viewer = (payer + 1) % 4;
    const v = view(s, viewer);
    const hiddenGold = usedCards(4).filter((c) => KIND[c] === GOLD && !canSee(s, viewer, c));
    const coin = cardAt(hiddenGold[0] as number);
    // One hidden coin becomes known in the payer's hand, and the payment asks one coin more
    // than was paid: the known coin covers it (nothing is needed from the hidden cards).
    const covered: PlayerView = {
      ...v,
      known: v.known.map((k, q) => (q === payer ? [...k, coin] : k)),
      payment: { ...(v.payment as NonNullable<PlayerView['payment']>), due: s.paid + 1 },
    };
    let withGold = 0;
    for (let seed = 0; seed < 40; seed++) {
      const world = determinize(covered, seed);
      const hidden = (world.hands[payer] as number[]).filter((c) => !covered.known[payer]?.some((k) => k.id === cardAt(c).id));
      if (hidden.some((c) => KIND[c] === GOLD)) withGold++;
    }
    expect(hiddenGold.length).toBeGreaterThan(3);
    expect(withGold).toBeGreaterThan(0);
  });
});

/**
 * A copy of `v` (after JSON) whose every field, nested ones and list entries included, is a getter
 * that counts its reads in `reads` (by path), answering the real value each time.
 */
function counted(v: PlayerView, reads: Map<string, number>): PlayerView {
  const wrap = (x: unknown, path: string): unknown => {
    if (typeof x !== 'object' || x === null) return x;
    if (Array.isArray(x)) {
      const items = x.map((e, i) => wrap(e, `${path}[${i}]`));
      return new Proxy(items, {
        get(t, k, r) {
          if (typeof k === 'string' && /^\d+$/.test(k)) reads.set(`${path}[${k}]`, (reads.get(`${path}[${k}]`) ?? 0) + 1);
          return Reflect.get(t, k, r);
        },
      });
    }
    const out = {};
    for (const [key, value] of Object.entries(x)) {
      const inner = wrap(value, `${path}.${key}`);
      Object.defineProperty(out, key, {
        enumerable: true,
        get() {
          reads.set(`${path}.${key}`, (reads.get(`${path}.${key}`) ?? 0) + 1);
          return inner;
        },
      });
    }
    return out;
  };
  return wrap(JSON.parse(JSON.stringify(v)), 'view') as PlayerView;
}

describe('determinize reads each field of the view once', () => {
  it('every field and list entry is read at most once, so a getter or proxy cannot pass a check and change the state', () => {
    const picks = [
      place4,
      take4,
      bid4,
      over4,
      find((s) => s.step === 'king'),
      find((s) => s.step === 'bid' && s.highBid > 0 && s.out !== 0),
      find((s) => s.step === 'pay' && s.payMode === 'gold'),
      find((s) => s.step === 'pay' && s.payMode === 'discard'),
    ];
    for (const s of picks) {
      for (const viewer of [Math.max(s.toMove, 0), 'spectator'] as const) {
        const seen = view(s, viewer);
        const reads = new Map<string, number>();
        const d = determinize(counted(seen, reads), 1);
        const twice = [...reads].filter(([, n]) => n > 1).map(([path, n]) => `${path} ×${n}`);
        expect(twice, `${s.step}, viewer ${viewer}`).toEqual([]);
        expect(JSON.stringify(view(d, viewer))).toBe(JSON.stringify(seen));
      }
    }
  });
});

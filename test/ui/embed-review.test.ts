/**
 * Headless checks behind fixes from a review of embedding the elements (their browser side is in
 * test/e2e/elements.e2e.test.ts): views that have the top-level shape of a view but entries the
 * table cannot draw, words for an action or an event this build does not know (a newer host's),
 * the bid control's quick amounts over a range with nothing legal in it, and the seed of a local
 * game drawn from more than a billion values.
 */
import { describe, expect, it } from 'vitest';
import { type Action, createGame, createGameWithEvents, type GameEvent, isRulesError, step, view } from '../../src/index.js';
import { describeAction, describeEvent } from '../../src/text/index.js';
import { randomSeed } from '../../src/ui/local.js';
import { checkView, decisionOf, quickBids } from '../../src/ui/table/model.js';
import { sayAction, sayEvent } from '../../src/ui/table/say.js';

const good = view(createGame({ players: 3, seed: 7 }), 1);
const over = (() => {
  let state = createGame({ players: 2, seed: 3 });
  while (state.step !== 'over') state = step(state, view(state, state.toMove as number).legal[0] as Action).state;
  return view(state, 0);
})();

function codeOf(v: unknown): unknown {
  try {
    checkView(v);
    return null;
  } catch (e) {
    return isRulesError(e) ? e.code : e;
  }
}

describe("<ftk-table>'s check of a view, inside its lists", () => {
  it('takes a finished game with its score and hands', () => {
    expect(over.score).toBeDefined();
    expect(codeOf(over)).toBeNull();
  });

  it('refuses with INVALID_VIEW entries the table would read as something else', () => {
    const card = good.hand[0] ?? good.drawn;
    expect(card).toBeTruthy();
    const bad: Record<string, unknown> = {
      'legal: [null]': { ...good, legal: [null] },
      'legal: a string': { ...good, legal: ['place'] },
      'legal: no type': { ...good, legal: [{ player: 1 }] },
      'legal: a place in an unknown area': { ...good, legal: [...good.legal, { type: 'place', player: 1, area: '<img src=x>' }] },
      'hand: [null]': { ...good, hand: [...good.hand, null] },
      'hand: a card of no kind': { ...good, hand: [{ id: 'x', kind: 'joker' }] },
      'hand: a Government card of no office of the game': {
        ...good,
        hand: [{ id: 'x', kind: 'government', office: 'toString', value: 2 }],
      },
      'hand: a gold card worth ten billion': { ...good, hand: [{ id: 'gold-x', kind: 'gold', value: 1e10 }] },
      'middle: strings': { ...good, middle: ['diplomacy-A'] },
      'discard: null': { ...good, discard: [null] },
      'known: null per seat': { ...good, known: [null, null, null] },
      'handSizes: strings': { ...good, handSizes: ['1', '2', '3'] },
      'stillIn: missing': { ...good, stillIn: undefined },
      'defaulted: missing': { ...good, defaulted: undefined },
      'myFavor: missing': { ...good, myFavor: undefined },
      'drawn: not a card': { ...good, drawn: { id: 'x', kind: 'x' } },
      'lot: a string': { ...good, lot: 'gold-1-1' },
      'king: no card': { ...good, king: { player: 0 } },
      'payment: a string': { ...good, payment: 'gold' },
      'titles: a null title': { ...good, titles: { ...good.titles, diplomacy: null } },
      'minBid: a string': { ...good, minBid: '3' },
      'score.winners: a string': { ...over, score: { ...over.score, winners: '0' } },
      'score.points: missing': { ...over, score: { ...over.score, points: undefined } },
      'score.offices: null': { ...over, score: { ...over.score, offices: null } },
      'score.offices: no influence': { ...over, score: { ...over.score, offices: { diplomacy: { primary: 3 } } } },
      'hands: not lists of cards': { ...over, hands: [null, null] },
    };
    for (const [name, v] of Object.entries(bad)) expect(codeOf(v), name).toBe('INVALID_VIEW');
  });

  it('takes an action of a type it does not know (a newer host may send one): it is shown as a button of its own', () => {
    const v = { ...good, legal: [{ type: 'mulligan', player: 1 } as unknown as Action] };
    expect(codeOf(v)).toBeNull();
    expect(decisionOf(v)).toEqual({ kind: 'other', indexes: [0] });
  });
});

describe('words for what this build does not know', () => {
  const context = { viewer: 1, names: ['Ada', 'Bo', 'Cy'] };

  it("says an action of an unknown type as a numbered action, in the table's language ('other' decision)", () => {
    const mulligan = { type: 'mulligan', player: 1 } as unknown as Action;
    expect(sayAction(mulligan, 2, 'en', context)).toBe('Action 3');
    expect(sayAction(mulligan, 0, 'uk', context)).toBe('Дія 1');
    const known = good.legal[0] as Action;
    expect(sayAction(known, 0, 'en', { ...good, ...context })).toBe(describeAction(known, 'en', { ...good, ...context }));
  });

  it('says an event of an unknown type as a neutral line, and a known one as describeEvent does', () => {
    const tax = { type: 'tax-collected', player: 0, amount: 2 } as unknown as GameEvent;
    for (const lang of ['en', 'uk'] as const) {
      const line = sayEvent(tax, lang, context);
      expect(line).toMatch(/\S/);
      expect(line).not.toContain('tax');
    }
    expect(sayEvent(tax, 'en', context)).not.toBe(sayEvent(tax, 'uk', context));
    for (const e of createGameWithEvents({ players: 3, seed: 7 }).events)
      expect(sayEvent(e, 'en', context)).toBe(describeEvent(e, 'en', context));
  });
});

describe("the bid control's quick amounts", () => {
  it('are found at once however wide the range, with no legal amount in it', () => {
    const d = { kind: 'bid', min: 0, max: 1e15, pass: 0, bids: new Map<number, number>() } as const;
    expect(quickBids(d)).toEqual([]);
    expect(quickBids({ ...d, bids: new Map([[1e12, 1]]) })).toEqual([1e12]);
    expect(quickBids({ ...d, min: 2, max: 9, bids: new Map([9, 3, 1, 4, 2].map((a, i) => [a, i])) })).toEqual([2, 3, 4]);
  });
});

describe("a local game's seed when none is given", () => {
  it('is a safe whole number drawn from far more than a billion values (2^52)', () => {
    const seeds = Array.from({ length: 200 }, () => randomSeed());
    for (const s of seeds) expect(Number.isSafeInteger(s) && s >= 0 && s < 2 ** 52, String(s)).toBe(true);
    expect(Math.max(...seeds)).toBeGreaterThan(2 ** 40);
    expect(new Set(seeds).size).toBe(seeds.length);
  });
});

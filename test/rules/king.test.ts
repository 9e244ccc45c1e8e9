import { describe, expect, it } from 'vitest';
import type { Action, Office } from '../../src/index.js';
import { apply, legalActions, score } from '../../src/index.js';
import { expectConserved } from '../helpers/cards.js';
import { rejection } from '../helpers/errors.js';
import { auctionScenario, scenario, type Table } from '../helpers/scenario.js';

/** These tests play the retail middle (RULES V3 `'one-per-opponent'`); the default's are in middle.test.ts. */
const RETAIL = { middle: 'one-per-opponent' } as const;

const OTHER = ['diplomacy-A', 'military-A', 'gold-1-1', 'gold-2-1', 'gold-3-1', 'architecture-A'];

/** Checks that only player `p` may act, and only by resolving the King. */
function expectOnlyKingFor(t: Table, p: number): void {
  expect(t.state.step).toBe('king');
  expect(t.toMove).toBe(p);
  expect(legalActions(t.state).every((a) => a.type === 'king' && a.player === p)).toBe(true);
  for (let q = 0; q < t.state.players; q++) {
    if (q === p) continue;
    expect(legalActions(t.state, q)).toEqual([]);
    const e = rejection(() => apply(t.state, { type: 'king', player: q, office: 'military', value: 6 }));
    expect(e.code).toBe('NOT_YOUR_TURN');
    expect(e.message).toMatch(new RegExp(`it is player ${p}'s turn to resolve a King`));
  }
  // The gainer cannot do anything else first either.
  const other: Action[] = [
    { type: 'place', player: p, area: 'middle' },
    { type: 'take', player: p, card: 'gold-1-1' },
    { type: 'pass', player: p },
  ];
  for (const a of other) expect(rejection(() => apply(t.state, a)).code).toBe('WRONG_STEP');
}

describe('K1: a gained King is resolved at once, before anything else', () => {
  it('K1: the Advisor who places a King in self resolves it before drawing the next card', () => {
    const t = scenario({ variants: RETAIL, players: 4, deck: ['king-1', ...OTHER] }).advisorPlaces('self');
    expect(t.events.map((e) => e.type)).toEqual(['placed', 'king-gained']);
    expect(t.events[1]).toEqual({ type: 'king-gained', player: 0, card: 'king-1', from: 'self' });
    expectOnlyKingFor(t, 0);
    expect(t.state.drawn).toBe(-1);
    expect(t.state.deckTop).toBe(1);
    expect(t.hand(0)).toEqual([]);

    const after = t.king('military', 6);
    expect(after.title('military')).toEqual([6, 3]);
    expect(after.discard.at(-1)).toBe('king-1');
    expect(after.hand(0)).toEqual([]);
    // Now the Advisor draws, and the King filled the self slot (RULES I2).
    expect(after.drawn).toBe('diplomacy-A');
    expect(after.state.deckTop).toBe(2);
    expect(legalActions(after.state).map((a) => (a.type === 'place' ? a.area : ''))).toEqual(['middle', 'favor']);
    expectConserved(after.state);
  });

  it('K1: the opponent who takes a King from the middle resolves it before the next opponent takes', () => {
    let t = scenario({ variants: RETAIL, players: 4, deck: ['king-1', ...OTHER] })
      .advisorPlaces('middle')
      .advisorPlaces('self')
      .advisorPlaces('middle')
      .advisorPlaces('middle')
      .advisorPlaces('favor');
    expect(t.toMove).toBe(1);
    t = t.take('king-1');
    expect(t.events.at(-1)).toEqual({ type: 'king-gained', player: 1, card: 'king-1', from: 'middle' });
    expectOnlyKingFor(t, 1);
    expect(rejection(() => t.take('gold-1-1', 2)).code).toBe('NOT_YOUR_TURN');
    expect(t.middle).toEqual(['military-A', 'gold-1-1']);

    t = t.king('diplomacy', 1);
    expect(t.title('diplomacy')).toEqual([1, 0]);
    expect(t.hand(1)).toEqual([]);
    expect(t.state.step).toBe('take');
    expect(t.toMove).toBe(2);
    expectConserved(t.state);
  });

  it('K1: a King taken by the last opponent is resolved before the next Advisor draws', () => {
    let t = scenario({ variants: RETAIL, players: 3, deck: ['gold-1-1', 'king-2', 'diplomacy-A', 'gold-2-1', 'military-A'] })
      .advisorPlaces('middle')
      .advisorPlaces('middle')
      .advisorPlaces('self')
      .advisorPlaces('favor')
      .take('gold-1-1');
    t = t.take('king-2');
    expectOnlyKingFor(t, 2);
    expect(t.state.advisor).toBe(0);
    expect(t.state.deckTop).toBe(4);
    t = t.king('provisions', 5);
    expect(t.state.advisor).toBe(1);
    expect(t.drawn).toBe('military-A');
  });

  it('K1: the auction winner who pays for a King lot resolves it before the next lot is revealed', () => {
    let t = auctionScenario({
      players: 3,
      hands: [['gold-3-1'], ['gold-1-1'], []],
      favor: ['king-3', 'diplomacy-A'],
    })
      .bid(0, 2)
      .pass(1)
      .pass(2)
      .pay(0, 'gold-3-1');
    expect(t.events.map((e) => e.type)).toEqual(['paid', 'king-gained']);
    expect(t.events.at(-1)).toEqual({ type: 'king-gained', player: 0, card: 'king-3', from: 'lot' });
    expectOnlyKingFor(t, 0);
    expect(t.lot).toBeNull();
    expect(t.favor).toEqual(['diplomacy-A']);
    t = t.king('architecture', 4);
    expect(t.title('architecture')).toEqual([4, 2]);
    expect(t.lot).toBe('diplomacy-A');
    expect(t.state.step).toBe('bid');
    expect(t.hand(0)).toEqual([]);
    expect(t.discard.slice(-2)).toEqual(['gold-3-1', 'king-3']);
    expectConserved(t.state);
  });
});

describe('K2: resolving sets a primary title to another value 1–6', () => {
  const gained = (players: 4 | 5): Table => scenario({ variants: RETAIL, players, deck: ['king-1', ...OTHER] }).advisorPlaces('self');

  it('K2: the legal resolutions are every office in play × every value 1–6 but the current one', () => {
    const four = legalActions(gained(4).state);
    expect(four).toHaveLength(5 * 5);
    expect(four.some((a) => a.type === 'king' && a.office === 'livestock')).toBe(false);
    expect(four.some((a) => a.type === 'king' && a.value === 3)).toBe(false);
    const five = legalActions(gained(5).state);
    expect(five).toHaveLength(6 * 5);
    expect(five).toContainEqual({ type: 'king', player: 0, office: 'livestock', value: 6 });
  });

  it('K2: the current value is rejected', () => {
    const e = rejection(() => gained(4).king('military', 3));
    expect(e.code).toBe('ILLEGAL_ACTION');
    expect(e.message).toMatch(/cannot set military to 3: it is already 3/);
  });

  it('K2: an office not in play (livestock with 4 players) is rejected', () => {
    const e = rejection(() => gained(4).king('livestock', 5));
    expect(e.code).toBe('ILLEGAL_ACTION');
    expect(e.message).toMatch(/livestock is not in play with 4 players/);
  });

  it("K2: the engine's own resolution of an office not in play (livestock, from a 5-player game) is rejected with 4 players", () => {
    // The very action object a 5-player game offers: apply's quick path for the engine's own
    // actions must still check the office against this game.
    const five = legalActions(gained(5).state).find((a) => a.type === 'king' && a.office === 'livestock' && a.value === 5);
    expect(five).toBeDefined();
    const t = gained(4);
    const before = JSON.stringify(t.state);
    const e = rejection(() => apply(t.state, five as Action));
    expect(e.code).toBe('ILLEGAL_ACTION');
    expect(e.message).toMatch(/livestock is not in play with 4 players/);
    expect(JSON.stringify(t.state)).toBe(before);
  });

  it('K2: values 0 and 7 are rejected', () => {
    for (const value of [0, 7, -1]) {
      const e = rejection(() => gained(4).king('military', value));
      expect(e.code).toBe('ILLEGAL_ACTION');
      expect(e.message).toMatch(/a title value is 1 to 6/);
    }
  });

  it('K2: the secondary title follows the primary (half, rounded down)', () => {
    const cases: [number, number][] = [
      [1, 0],
      [2, 1],
      [4, 2],
      [5, 2],
      [6, 3],
    ];
    for (const [value, secondary] of cases) {
      const t = gained(4).king('entertainment', value);
      expect(t.title('entertainment')).toEqual([value, secondary]);
      expect(score(t.state).offices.entertainment).toMatchObject({ primary: value, secondary });
      // Other offices are untouched.
      for (const o of ['diplomacy', 'military', 'architecture', 'provisions'] as Office[]) expect(t.title(o)).toEqual([3, 1]);
    }
  });

  it('K2: with 2 players a King changes the primary only (no secondary title, S3)', () => {
    const t = scenario({ variants: RETAIL, players: 2, deck: ['king-1'] })
      .advisorPlaces('self')
      .king('military', 6);
    expect(t.title('military')).toEqual([6, 0]);
    expect(t.events[0]).toMatchObject({ type: 'king-resolved', value: 6, previous: 3, secondary: null });
  });

  it('K2: the resolution is public, with the previous value', () => {
    const t = gained(5).king('livestock', 2);
    expect(t.events[0]).toEqual({
      type: 'king-resolved',
      player: 0,
      card: 'king-1',
      office: 'livestock',
      value: 2,
      previous: 3,
      secondary: 1,
    });
  });
});

describe('K3: Kings wait where they were placed', () => {
  it('K3: a King in the middle stays face up until taken', () => {
    let t = scenario({ variants: RETAIL, players: 4, deck: ['king-1', ...OTHER] }).advisorPlaces('middle');
    expect(t.middle).toEqual(['king-1']);
    expect(t.state.step).toBe('place');
    t = t.advisorPlaces('middle').advisorPlaces('self').advisorPlaces('middle').advisorPlaces('favor');
    t = t.take('diplomacy-A');
    expect(t.middle).toContain('king-1');
    t = t.take('gold-1-1');
    expect(t.middle).toEqual(['king-1']);
    expect(legalActions(t.state)).toEqual([{ type: 'take', player: 3, card: 'king-1' }]);
    t = t.take('king-1');
    expectOnlyKingFor(t, 3);
  });

  it('K3: a King on the favor pile waits for its lot', () => {
    const t = scenario({ variants: RETAIL, players: 4, deck: ['king-1', ...OTHER] }).advisorPlaces('favor');
    expect(t.state.step).toBe('place');
    expect(t.favor).toEqual(['king-1']);
    expect(t.state.king).toBe(-1);
    expect(t.drawn).toBe('diplomacy-A');
  });
});

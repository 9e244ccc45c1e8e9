import { describe, expect, it } from 'vitest';
import type { Action, GameEvent, PlayerCount } from '../../src/index.js';
import { apply, legalActions, phaseOf } from '../../src/index.js';
import { expectConserved, idsOf } from '../helpers/cards.js';
import { rejection } from '../helpers/errors.js';
import { scenario, type Table } from '../helpers/scenario.js';

/** These tests play the retail middle (RULES V3 `'one-per-opponent'`); the default's are in middle.test.ts. */
const RETAIL = { middle: 'one-per-opponent' } as const;

// One Advisor turn's worth of harmless cards (no Kings), for 2 to 5 players.
const TURN = ['diplomacy-A', 'military-A', 'gold-1-1', 'gold-2-1', 'gold-3-1', 'architecture-A'];

/** Plays the first legal action until `stop` says so (or the game ends). */
function playUntil(t: Table, stop: (t: Table) => boolean): Table {
  let table = t;
  while (table.state.step !== 'over' && !stop(table)) table = table.act(legalActions(table.state)[0] as Action);
  return table;
}

describe('I1: Advisors in turn', () => {
  it('I1: the first player is the first Advisor, then the role passes to the left until the deck is empty', () => {
    const end = playUntil(scenario({ variants: RETAIL, players: 4, firstPlayer: 2 }), (t) => phaseOf(t.state) !== 'influence');
    const advisors = end.history.filter((e): e is Extract<GameEvent, { type: 'advisor' }> => e.type === 'advisor').map((e) => e.player);
    // createGame started player 2's turn; the history holds the 15 turns after it (80 cards / 5).
    expect(advisors).toEqual(Array.from({ length: 15 }, (_, i) => (3 + i) % 4));
  });
});

describe('I2: the Advisor places each drawn card', () => {
  it('I2: self holds at most 1 card per turn; a second self is ILLEGAL_ACTION', () => {
    let t = scenario({ variants: RETAIL, players: 4, deck: TURN });
    expect(legalActions(t.state).map((a) => (a.type === 'place' ? a.area : ''))).toEqual(['self', 'middle', 'favor']);
    t = t.advisorPlaces('self');
    expect(t.hand(0)).toEqual(['diplomacy-A']);
    expect(legalActions(t.state)).toEqual([
      { type: 'place', player: 0, area: 'middle' },
      { type: 'place', player: 0, area: 'favor' },
    ]);
    const e = rejection(() => t.advisorPlaces('self'));
    expect(e.code).toBe('ILLEGAL_ACTION');
    expect(e.message).toMatch(/player 0 cannot place in self: .*self slot is already used/);
  });

  it('I2: favor holds at most 1 card per turn', () => {
    const t = scenario({ variants: RETAIL, players: 4, deck: TURN }).advisorPlaces('favor');
    expect(t.favor).toEqual(['diplomacy-A']);
    expect(legalActions(t.state).map((a) => (a.type === 'place' ? a.area : ''))).toEqual(['self', 'middle']);
    const e = rejection(() => t.advisorPlaces('favor'));
    expect(e.code).toBe('ILLEGAL_ACTION');
    expect(e.message).toMatch(/favor slot is already used/);
  });

  it('I2, V3: one-per-opponent: the middle holds at most N−1 cards per turn, for every player count', () => {
    for (const players of [2, 3, 4, 5] as const) {
      let t = scenario({ variants: RETAIL, players, deck: TURN });
      for (let i = 0; i < players - 1; i++) t = t.advisorPlaces('middle');
      expect(t.middle).toEqual(TURN.slice(0, players - 1));
      expect(legalActions(t.state).map((a) => (a.type === 'place' ? a.area : ''))).toEqual(['self', 'favor']);
      const e = rejection(() => t.advisorPlaces('middle'));
      expect(e.code).toBe('ILLEGAL_ACTION');
      expect(e.message).toBe(
        `player 0 cannot place in middle: the middle already holds ${players - 1} cards, one per opponent (RULES I2, V3)`,
      );
    }
  });

  it('I2, V3: one-per-opponent: the Advisor keeps drawing until all three areas are full: N+1 cards, then opponents take', () => {
    for (const players of [2, 3, 4, 5] as const) {
      let t = scenario({ variants: RETAIL, players, deck: TURN });
      const order: ('self' | 'middle' | 'favor')[] = ['middle', 'favor', 'self'];
      for (let i = 0; i < players - 2; i++) order.push('middle');
      for (const [i, area] of order.entries()) {
        expect(t.state.step).toBe('place');
        expect(t.drawn).toBe(TURN[i]);
        expect(t.state.deckTop).toBe(i + 1);
        t = t.advisorPlaces(area);
      }
      expect(t.state.deckTop).toBe(players + 1);
      expect(t.state.drawn).toBe(-1);
      expect(t.state.step).toBe('take');
      expect(t.history.filter((e) => e.type === 'drawn')).toHaveLength(players);
      expectConserved(t.state);
    }
  });

  it('I2: only the Advisor may place', () => {
    const t = scenario({ variants: RETAIL, players: 3, deck: TURN });
    expect(legalActions(t.state, 1)).toEqual([]);
    const e = rejection(() => apply(t.state, { type: 'place', player: 1, area: 'self' }));
    expect(e.code).toBe('NOT_YOUR_TURN');
  });
});

/** A 4-player turn by Advisor `first`: self diplomacy-A, middle military-A, gold-1-1, gold-2-1, favor gold-3-1. */
function fourPlayerTurn(first: number): Table {
  return scenario({ variants: RETAIL, players: 4, firstPlayer: first, deck: TURN })
    .advisorPlaces('self')
    .advisorPlaces('middle')
    .advisorPlaces('middle')
    .advisorPlaces('middle')
    .advisorPlaces('favor');
}

describe('I3: opponents take the middle cards (one-per-opponent, V3)', () => {
  it('I3: each opponent takes one card, clockwise starting left of the Advisor', () => {
    let t = fourPlayerTurn(2);
    expect(t.toMove).toBe(3);
    expect(t.middle).toEqual(['military-A', 'gold-1-1', 'gold-2-1']);
    t = t.take('gold-1-1');
    expect(t.hand(3)).toEqual(['gold-1-1']);
    expect(t.toMove).toBe(0);
    t = t.take('military-A');
    expect(t.hand(0)).toEqual(['military-A']);
    expect(t.toMove).toBe(1);
    expect(t.hand(2)).toEqual(['diplomacy-A']);
    // H1: which middle card each player took is public; the Advisor's self card is not.
    expect(t.state.known.map((k) => idsOf(k as number[]))).toEqual([['military-A'], [], [], ['gold-1-1']]);
  });

  it('I3, V3: one-per-opponent: the last opponent gets the last card as the single legal action', () => {
    const t = fourPlayerTurn(0).take('military-A').take('gold-2-1');
    expect(t.toMove).toBe(3);
    expect(legalActions(t.state)).toEqual([{ type: 'take', player: 3, card: 'gold-1-1' }]);
    const e = rejection(() => t.take('military-A'));
    expect(e.code).toBe('ILLEGAL_ACTION');
    expect(e.message).toMatch(/cannot take military-A: it is not in the middle/);
  });

  it('I3: an opponent may take any middle card, and only when it is their turn', () => {
    const t = fourPlayerTurn(0);
    expect(legalActions(t.state).map((a) => (a.type === 'take' ? a.card : ''))).toEqual(['military-A', 'gold-1-1', 'gold-2-1']);
    expect(legalActions(t.state, 0)).toEqual([]);
    expect(rejection(() => t.take('gold-1-1', 0)).code).toBe('NOT_YOUR_TURN');
    expect(rejection(() => t.take('gold-1-1', 2)).code).toBe('NOT_YOUR_TURN');
  });

  it('I3, V3: one-per-opponent: with 2 players the single opponent takes the single middle card', () => {
    let t = scenario({ variants: RETAIL, players: 2, firstPlayer: 1, deck: TURN })
      .advisorPlaces('middle')
      .advisorPlaces('self')
      .advisorPlaces('favor');
    expect(t.toMove).toBe(0);
    expect(legalActions(t.state)).toEqual([{ type: 'take', player: 0, card: 'diplomacy-A' }]);
    t = t.take('diplomacy-A');
    expect(t.hand(0)).toEqual(['diplomacy-A']);
  });
});

describe('I4: the next Advisor, and the end of phase 1', () => {
  it('I4: after the last take, the player left of the Advisor becomes Advisor and draws', () => {
    const t = fourPlayerTurn(3).take('military-A').take('gold-1-1').take('gold-2-1');
    expect(t.state.advisor).toBe(0);
    expect(t.toMove).toBe(0);
    expect(t.state.step).toBe('place');
    expect(t.drawn).toBe('architecture-A');
    expect(t.state.deckTop).toBe(6);
    expect(legalActions(t.state)).toHaveLength(3);
  });

  it('I4: when the deck is empty at the end of a turn, phase 2 begins', () => {
    for (const players of [2, 3, 4, 5] as PlayerCount[]) {
      const before = playUntil(
        scenario({ variants: RETAIL, players, seed: players }),
        (t) => t.state.deckTop === t.state.deck.length && t.state.step === 'take' && t.middle.length === 1,
      );
      expect(phaseOf(before.state)).toBe('influence');
      let after = before.act(legalActions(before.state)[0] as Action);
      if (after.state.step === 'king') {
        // The last middle card was a King: it is resolved first (K1), then phase 2 begins.
        expect(phaseOf(after.state)).toBe('influence');
        after = after.act(legalActions(after.state)[0] as Action);
      }
      expect(phaseOf(after.state)).toBe('esteem');
      expect(after.state.advisor).toBe(-1);
      expect(after.events.map((e) => e.type).slice(-2)).toEqual(['phase', 'lot']);
      // One favor card per Advisor turn; the first lot is already revealed.
      expect(after.state.favor.length + 1).toBe(after.state.deck.length / (players + 1));
      expectConserved(after.state);
    }
  });
});

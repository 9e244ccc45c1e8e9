/**
 * RULES V3 `'advisor-keeps-last'`, the default middle (the source description): the middle holds
 * up to N cards a turn, the opponents take one each while more than one is left, and the Advisor
 * takes the last. The retail middle (`'one-per-opponent'`) is tested in influence.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameEvent, PlayerCount } from '../../src/index.js';
import { deserialize, eventsFor, legalActions, phaseOf, serialize, view } from '../../src/index.js';
import { expectConserved, idsOf } from '../helpers/cards.js';
import { rejection } from '../helpers/errors.js';
import { scenario, type Table } from '../helpers/scenario.js';

// One Advisor turn's worth of harmless cards (no Kings), for 2 to 5 players (N + 2 ≤ 7).
const TURN = ['diplomacy-A', 'military-A', 'gold-1-1', 'gold-2-1', 'gold-3-1', 'architecture-A', 'entertainment-A'];
const PLAYERS: readonly PlayerCount[] = [2, 3, 4, 5];

const areas = (t: Table): string[] => legalActions(t.state).map((a) => (a.type === 'place' ? a.area : a.type));

/** Plays the first legal action until `stop` says so (or the game ends). */
function playUntil(t: Table, stop: (t: Table) => boolean): Table {
  let table = t;
  while (table.state.step !== 'over' && !stop(table)) table = table.act(legalActions(table.state)[0] as Action);
  return table;
}

/** A full turn by Advisor `first`: self, then N middle cards, then favor (N + 2 cards of TURN). */
function fullTurn(players: PlayerCount, first: number): Table {
  let t = scenario({ players, firstPlayer: first, deck: TURN }).advisorPlaces('self');
  for (let i = 0; i < players; i++) t = t.advisorPlaces('middle');
  return t.advisorPlaces('favor');
}

describe('I2, V3: advisor-keeps-last: the Advisor places up to N middle cards', () => {
  it('I2, V3: the middle holds at most N cards per turn (one per player), for every player count', () => {
    for (const players of PLAYERS) {
      let t = scenario({ players, deck: TURN });
      for (let i = 0; i < players; i++) {
        expect(areas(t)).toContain('middle');
        t = t.advisorPlaces('middle');
      }
      expect(t.middle).toEqual(TURN.slice(0, players));
      expect(areas(t)).toEqual(['self', 'favor']);
      const e = rejection(() => t.advisorPlaces('middle'));
      expect(e.code).toBe('ILLEGAL_ACTION');
      expect(e.message).toMatch(new RegExp(`middle already holds ${players} cards, one per player`));
    }
  });

  it('I2, V3: the Advisor draws until self, the middle and favor are full: N+2 cards, then the opponents take', () => {
    for (const players of PLAYERS) {
      const t = fullTurn(players, 0);
      expect(t.state.deckTop).toBe(players + 2);
      expect(t.state.drawn).toBe(-1);
      expect(t.state.step).toBe('take');
      expect(t.toMove).toBe(1);
      // The first draw happened in createGame; the turn's other N+1 draws since.
      expect(t.history.filter((e) => e.type === 'drawn')).toHaveLength(players + 1);
      expectConserved(t.state);
    }
  });
});

describe('I3, V3: advisor-keeps-last: opponents take while more than one card is left, the Advisor takes the last', () => {
  it('I3, V3: clockwise from the Advisor’s left, one card each; the last card is the Advisor’s single legal action, for every player count', () => {
    for (const players of PLAYERS) {
      const advisor = players - 1;
      let t = fullTurn(players, advisor);
      const middle = TURN.slice(1, players + 1);
      expect(t.middle).toEqual(middle);
      for (let i = 0; i < players - 1; i++) {
        const opponent = (advisor + 1 + i) % players;
        expect(t.toMove).toBe(opponent);
        expect(legalActions(t.state)).toHaveLength(players - i);
        expect(legalActions(t.state, advisor)).toEqual([]);
        t = t.take(middle[players - 1 - i] as string);
        expect(t.events[0]).toEqual({ type: 'taken', player: opponent, card: middle[players - 1 - i] });
        expect(t.hand(opponent)).toEqual([middle[players - 1 - i]]);
      }
      const last = middle[0] as string;
      expect(t.toMove).toBe(advisor);
      expect(t.state.advisor).toBe(advisor);
      expect(legalActions(t.state)).toEqual([{ type: 'take', player: advisor, card: last }]);
      for (let q = 0; q < players; q++) if (q !== advisor) expect(rejection(() => t.take(last, q)).code).toBe('NOT_YOUR_TURN');
      t = t.take(last);
      expect(t.events[0]).toEqual({ type: 'taken', player: advisor, card: last, byAdvisor: true });
      expect(t.hand(advisor)).toEqual([TURN[0], last]);
      // I4: then the player left of the Advisor is Advisor and draws.
      expect(t.state.advisor).toBe(0);
      expect(t.state.step).toBe('place');
      expect(t.state.deckTop).toBe(players + 3);
      expect(t.events.map((e) => e.type)).toEqual(['taken', 'advisor', 'drawn']);
      expectConserved(t.state);
    }
  });

  it('I3, V3: with 2 players the single opponent takes one of the two middle cards and the Advisor gets the other', () => {
    let t = scenario({ players: 2, firstPlayer: 1, deck: TURN })
      .advisorPlaces('middle')
      .advisorPlaces('self')
      .advisorPlaces('middle')
      .advisorPlaces('favor');
    expect(t.middle).toEqual(['diplomacy-A', 'gold-1-1']);
    expect(t.toMove).toBe(0);
    expect(legalActions(t.state)).toEqual([
      { type: 'take', player: 0, card: 'diplomacy-A' },
      { type: 'take', player: 0, card: 'gold-1-1' },
    ]);
    t = t.take('gold-1-1');
    expect(t.toMove).toBe(1);
    expect(legalActions(t.state)).toEqual([{ type: 'take', player: 1, card: 'diplomacy-A' }]);
    t = t.take('diplomacy-A');
    expect(t.hand(0)).toEqual(['gold-1-1']);
    expect(t.hand(1)).toEqual(['military-A', 'diplomacy-A']);
    expect(t.state.advisor).toBe(0);
  });

  it('H1, V3: the card the Advisor takes is public: known to every viewer, and its event is not filtered', () => {
    const before = fullTurn(3, 0).take('gold-2-1').take('gold-1-1');
    const t = before.take('military-A');
    for (const viewer of [0, 1, 2, 'spectator'] as const) {
      expect(view(t.state, viewer).known[0]?.map((c) => c.id)).toEqual(['military-A']);
      expect(eventsFor(t.events, viewer)[0]).toEqual({ type: 'taken', player: 0, card: 'military-A', byAdvisor: true });
    }
    // The Advisor's self card stays private.
    expect(view(t.state, 1).handSizes[0]).toBe(2);
    expect(idsOf(t.state.hands[0] ?? [])).toEqual(['diplomacy-A', 'military-A']);
  });
});

describe('K1, V3: a King left for the Advisor', () => {
  const KING_TURN = ['diplomacy-A', 'king-1', 'military-A', 'gold-1-1', 'gold-2-1', 'gold-3-1', 'architecture-A'];

  it('K1, V3: the Advisor who takes a King as the last middle card resolves it at once; then the next Advisor draws', () => {
    let t = scenario({ players: 4, firstPlayer: 1, deck: KING_TURN }).advisorPlaces('self');
    for (let i = 0; i < 4; i++) t = t.advisorPlaces('middle');
    t = t.advisorPlaces('favor');
    expect(t.middle).toEqual(['king-1', 'military-A', 'gold-1-1', 'gold-2-1']);
    t = t.take('military-A').take('gold-1-1').take('gold-2-1');
    expect(legalActions(t.state)).toEqual([{ type: 'take', player: 1, card: 'king-1' }]);
    t = t.take('king-1');
    expect(t.events).toEqual([
      { type: 'taken', player: 1, card: 'king-1', byAdvisor: true },
      { type: 'king-gained', player: 1, card: 'king-1', from: 'middle' },
    ]);
    expect(t.state.step).toBe('king');
    expect(t.toMove).toBe(1);
    expect(phaseOf(t.state)).toBe('influence');
    t = t.king('military', 6);
    expect(t.events.map((e) => e.type)).toEqual(['king-resolved', 'advisor', 'drawn']);
    expect(t.state.advisor).toBe(2);
    expect(t.hand(1)).toEqual(['diplomacy-A']);
    expect(t.discard).toContain('king-1');
    expectConserved(t.state);
  });

  it('K1, V3: a King placed in self earlier in the same turn does not end the turn; a King taken last does', () => {
    // favor first, then a King in self: the middle is still empty and the Advisor draws on.
    const deck = ['gold-1-1', 'king-1', 'diplomacy-A', 'military-A', 'king-2', 'gold-2-1'];
    let t = scenario({ players: 3, deck }).advisorPlaces('favor').advisorPlaces('self');
    expect(t.state.step).toBe('king');
    t = t.king('diplomacy', 5);
    expect(t.state.step).toBe('place');
    expect(t.state.advisor).toBe(0);
    expect(t.drawn).toBe('diplomacy-A');
    t = t.advisorPlaces('middle').advisorPlaces('middle').advisorPlaces('middle');
    expect(t.middle).toEqual(['diplomacy-A', 'military-A', 'king-2']);
    t = t.take('diplomacy-A').take('military-A');
    expect(legalActions(t.state)).toEqual([{ type: 'take', player: 0, card: 'king-2' }]);
    t = t.take('king-2').king('military', 1);
    // The turn is over: self, favor and the middle were all used, and the next Advisor draws.
    expect(t.state.advisor).toBe(1);
    expect(t.drawn).toBe('gold-2-1');
    expect(t.title('diplomacy')[0]).toBe(5);
    expect(t.title('military')[0]).toBe(1);
  });
});

describe('I2, I3, I4, V3: the short last turn', () => {
  /** The first Advisor decision of the last turn, when the deck holds fewer than N + 2 cards. */
  function lastTurn(players: PlayerCount): Table {
    return playUntil(
      scenario({ players, seed: 10 + players }),
      (t) => t.state.step === 'place' && t.state.deck.length - t.state.deckTop + 1 < players + 2 && t.state.middle.length === 0,
    );
  }

  it('I2, V3: turns take N+2 cards, so the last turn of 3, 4 or 5 players is cut short (2, 2 and 3 cards); 2 players have none', () => {
    for (const players of PLAYERS) {
      const size = lastTurn(players).state.deck.length;
      expect(size).toBe([60, 72, 80, 108][players - 2]);
      const rest = size % (players + 2);
      expect(rest).toBe([0, 2, 2, 3][players - 2]);
      if (rest > 0) {
        const t = lastTurn(players);
        expect(t.state.deck.length - t.state.deckTop + 1).toBe(rest);
      }
    }
  });

  it('I3, V3: with k < N middle cards, the first k−1 opponents take and the Advisor takes the last; then phase 2 begins', () => {
    for (const players of [3, 4, 5] as const) {
      let t = lastTurn(players);
      const advisor = t.state.advisor;
      const k = t.state.deck.length - t.state.deckTop + 1;
      for (let i = 0; i < k; i++) t = t.advisorPlaces('middle');
      expect(t.middle).toHaveLength(k);
      for (let i = 0; i < k - 1; i++) {
        expect(t.toMove).toBe((advisor + 1 + i) % players);
        t = t.act(legalActions(t.state)[0] as Action);
        if (t.state.step === 'king') t = t.act(legalActions(t.state)[0] as Action);
      }
      expect(t.toMove).toBe(advisor);
      expect(legalActions(t.state)).toHaveLength(1);
      t = t.act(legalActions(t.state)[0] as Action);
      if (t.state.step === 'king') t = t.act(legalActions(t.state)[0] as Action);
      expect(phaseOf(t.state)).toBe('esteem');
      expectConserved(t.state);
    }
  });

  it('I3, V3: a single middle card in a short turn goes straight to the Advisor; none, and phase 2 begins', () => {
    let t = lastTurn(4).advisorPlaces('self').advisorPlaces('middle');
    expect(t.state.deckTop).toBe(t.state.deck.length);
    expect(t.state.step).toBe('take');
    expect(t.toMove).toBe(t.state.advisor);
    t = t.act(legalActions(t.state)[0] as Action);
    if (t.state.step === 'king') t = t.act(legalActions(t.state)[0] as Action);
    expect(phaseOf(t.state)).toBe('esteem');
    const none = lastTurn(3).advisorPlaces('self').advisorPlaces('favor');
    expect(phaseOf(none.state)).toBe('esteem');
  });

  it('I4, V3: phase 1 takes ⌈D / (N+2)⌉ turns, each putting at most one card on the favor pile', () => {
    for (const players of PLAYERS) {
      const end = playUntil(scenario({ players, seed: players }), (t) => phaseOf(t.state) !== 'influence');
      const turns = 1 + end.history.filter((e: GameEvent) => e.type === 'advisor').length;
      const size = end.state.deck.length;
      expect(turns).toBe(Math.ceil(size / (players + 2)));
      // The first lot is on the table already.
      expect(end.state.favor.length + 1).toBeLessThanOrEqual(turns);
      expectConserved(end.state);
    }
  });
});

describe('V3: saves', () => {
  it('V3: a save without variants.middle (written before V3) loads as one-per-opponent and plays the retail middle', () => {
    const t = scenario({ players: 3, variants: { middle: 'one-per-opponent' }, deck: TURN });
    const save = JSON.parse(serialize(t.state)) as { state: { variants: Record<string, unknown> } };
    expect(save.state.variants.middle).toBe('one-per-opponent');
    delete save.state.variants.middle;
    const loaded = deserialize(JSON.stringify(save));
    expect(loaded.variants).toEqual({ payment: 'gold-or-discard', secondaryTitle: 'half', middle: 'one-per-opponent' });
    expect(loaded).toEqual(t.state);
    // A default game round-trips with its middle rule.
    const fresh = scenario({ players: 3, deck: TURN }).state;
    expect(deserialize(serialize(fresh)).variants.middle).toBe('advisor-keeps-last');
  });

  it('V3: an unknown middle rule in a save is INVALID_SAVE, naming the field', () => {
    const save = JSON.parse(serialize(scenario({ players: 3, deck: TURN }).state)) as { state: { variants: Record<string, unknown> } };
    save.state.variants.middle = 'all-to-advisor';
    const e = rejection(() => deserialize(JSON.stringify(save)));
    expect(e.code).toBe('INVALID_SAVE');
    expect(e.message).toBe('state.variants.middle: must be "advisor-keeps-last" or "one-per-opponent", got "all-to-advisor"');
  });
});

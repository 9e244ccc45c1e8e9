/**
 * What `view` and `eventsFor` show (RULES H1–H3): the meaning of the view's fields, and which
 * events are masked for whom.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameEvent, GameState } from '../../src/index.js';
import { eventsFor, legalActions, view } from '../../src/index.js';
import { idsOf } from '../helpers/cards.js';
import { rejection } from '../helpers/errors.js';
import { PLAYER_COUNTS, playGame, testRandom } from '../helpers/hidden.js';

interface Recorded {
  readonly states: GameState[];
  readonly events: GameEvent[];
}

function record(n: 2 | 3 | 4 | 5, seed: number): Recorded {
  const states: GameState[] = [];
  const events: GameEvent[] = [];
  playGame({ players: n, seed: `views-${seed}` }, testRandom(seed), ({ before, after, events: e }) => {
    if (states.length === 0) states.push(before);
    states.push(after);
    events.push(...e);
  });
  return { states, events };
}

const GAMES = PLAYER_COUNTS.map((n, i) => record(n, i));
const ALL_STATES = GAMES.flatMap((g) => g.states);
const ALL_EVENTS = GAMES.flatMap((g) => g.events);

describe('view', () => {
  it('H1: rejects a viewer that is not a seat of this game or "spectator"', () => {
    const s = ALL_STATES.find((x) => x.players === 4) as GameState;
    for (const bad of [-1, 4, 1.5, '0', 'everyone', null]) {
      const e = rejection(() => view(s, bad as number));
      expect(e.code).toBe('INVALID_VIEWER');
      expect(e.message).toMatch(/^viewer must be a player index from 0 to 3 or "spectator", got /);
    }
    expect(view(s, 3).viewer).toBe(3);
  });

  it('H1: stillIn and defaulted list the players in and out of the lot (a default shuts a player out, A7)', () => {
    let seen = 0;
    for (const s of ALL_STATES) {
      const v = view(s, 'spectator');
      const players = [...Array(s.players).keys()];
      expect(v.defaulted).toEqual(s.lot < 0 ? [] : players.filter((p) => (s.defaulted & (1 << p)) !== 0));
      expect(v.stillIn).toEqual(s.lot < 0 ? [] : players.filter((p) => (s.out & (1 << p)) === 0));
      if (v.defaulted.length > 0) seen++;
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('legal is the caller’s own copy: changing it changes nothing in the engine', () => {
    const s = ALL_STATES.find((x) => x.step === 'bid') as GameState;
    const p = s.toMove;
    const before = legalActions(s);
    const mine = view(s, p).legal;
    expect(mine).toEqual(before);
    expect(mine).not.toBe(before);
    (mine as Action[]).length = 0;
    expect(legalActions(s)).toEqual(before);
    expect(view(s, p).legal).toEqual(before);
  });

  it('H3: myFavor lists the viewer’s favor cards in catalogue order, never in the pile’s (hidden) order', () => {
    let multi = 0;
    for (const s of ALL_STATES) {
      for (let p = 0; p < s.players; p++) {
        const mine = s.favor.filter((_, i) => s.favorBy[i] === p);
        const shown = view(s, p).myFavor.map((c) => c.id);
        expect(shown).toEqual(idsOf([...mine].sort((a, b) => a - b)));
        if (mine.length >= 2) multi++;
      }
    }
    expect(multi).toBeGreaterThan(100);
  });

  it('H1: deckSize excludes the drawn card, favorSize excludes the lot, advisor is null in phase 2', () => {
    for (const s of ALL_STATES) {
      const v = view(s, 'spectator');
      expect(v.deckSize).toBe(s.deck.length - s.deckTop);
      expect(v.favorSize).toBe(s.favor.length);
      expect(v.advisor).toBe(v.phase === 'influence' ? s.advisor : null);
      expect(v.advisorHoldsCard).toBe(s.drawn >= 0);
      expect(v.selfUsed).toBe(s.selfUsed);
      expect(v.favorUsed).toBe(s.favorUsed);
      if (v.phase !== 'influence') expect(v.selfUsed || v.favorUsed).toBe(false);
    }
  });

  it('H1: before the first bid on a lot, highBid is 0 and highBidder null; stillIn lists player indexes', () => {
    let fresh = 0;
    for (const s of ALL_STATES) {
      const v = view(s, 0);
      if (s.lot >= 0 && s.highBidder < 0) {
        expect(v.highBid).toBe(0);
        expect(v.highBidder).toBeNull();
        fresh++;
      }
      if (s.lot < 0) expect(v.stillIn).toEqual([]);
      for (const p of v.stillIn) expect((s.out & (1 << p)) === 0).toBe(true);
    }
    expect(fresh).toBeGreaterThan(20);
  });

  it('H2: a seat sees its own hand and drawn card; a spectator sees no hand, no drawn card, no favor cards, no legal actions', () => {
    for (const s of ALL_STATES) {
      const spectator = view(s, 'spectator');
      expect(spectator.hand).toEqual([]);
      expect(spectator.drawn).toBeNull();
      expect(spectator.myFavor).toEqual([]);
      expect(spectator.legal).toEqual([]);
      if (s.advisor >= 0 && s.drawn >= 0) {
        expect(view(s, s.advisor).drawn?.id).toBe(idsOf([s.drawn])[0]);
        expect(view(s, (s.advisor + 1) % s.players).drawn).toBeNull();
      }
    }
  });

  it('H1: at the end every hand is public, with the final score; before the end neither is shown', () => {
    for (const g of GAMES) {
      const end = g.states[g.states.length - 1] as GameState;
      const v = view(end, 'spectator');
      expect(v.hands?.map((h) => h.map((c) => c.id))).toEqual(end.hands.map(idsOf));
      expect(v.score?.final).toBe(true);
      expect(v.currentPlayer).toBeNull();
      const before = view(g.states[g.states.length - 2] as GameState, 0);
      expect(before.hands).toBeUndefined();
      expect(before.score).toBeUndefined();
    }
  });
});

describe('eventsFor', () => {
  const drawnByOther = ALL_EVENTS.find((e) => e.type === 'drawn' && e.player === 1) as GameEvent & { type: 'drawn' };
  const favorPlaced = ALL_EVENTS.find((e) => e.type === 'placed' && e.area === 'favor' && e.player === 1) as GameEvent;
  const selfPlaced = ALL_EVENTS.find((e) => e.type === 'placed' && e.area === 'self' && e.player === 1) as GameEvent;
  const middlePlaced = ALL_EVENTS.find((e) => e.type === 'placed' && e.area === 'middle' && e.player === 1) as GameEvent;

  it('H2: another player’s drawn card, and their self and favor placements, appear with card null', () => {
    // Strictly equal: a hidden drawn event has exactly these fields (no `area: undefined`).
    expect(eventsFor([drawnByOther], 0)).toStrictEqual([{ type: 'drawn', player: 1, card: null }]);
    expect(eventsFor([favorPlaced], 0)).toStrictEqual([{ ...favorPlaced, card: null }]);
    expect(eventsFor([selfPlaced], 2)).toStrictEqual([{ ...selfPlaced, card: null }]);
    expect(eventsFor([drawnByOther, favorPlaced, selfPlaced], 'spectator').every((e) => 'card' in e && e.card === null)).toBe(true);
  });

  it('H1, H2: the player’s own events, middle placements and every public event pass unchanged (the same objects)', () => {
    const own = [drawnByOther, favorPlaced, selfPlaced];
    const out = eventsFor(own, 1);
    own.forEach((e, i) => {
      expect(out[i]).toBe(e);
    });
    const publicOnes = ALL_EVENTS.filter((e) => e.type !== 'drawn' && !(e.type === 'placed' && e.area !== 'middle'));
    const shown = eventsFor(publicOnes, 'spectator');
    publicOnes.forEach((e, i) => {
      expect(shown[i]).toBe(e);
    });
    expect(eventsFor([middlePlaced], 0)[0]).toBe(middlePlaced);
  });

  it('H2: filtering filtered events again changes nothing: every event passes as the same object', () => {
    for (const viewer of [0, 2, 'spectator'] as const) {
      const once = eventsFor(ALL_EVENTS, viewer);
      const twice = eventsFor(once, viewer);
      once.forEach((e, i) => {
        expect(twice[i]).toBe(e);
      });
    }
  });

  it('returns a new array and leaves the input unchanged', () => {
    const input = [drawnByOther, favorPlaced];
    const copy = JSON.parse(JSON.stringify(input)) as GameEvent[];
    const out = eventsFor(input, 0);
    expect(out).not.toBe(input);
    expect(input).toEqual(copy);
  });

  it('rejects a viewer that is not a seat', () => {
    expect(() => eventsFor([], -1)).toThrow(/viewer/);
    expect(() => eventsFor([], 1.5)).toThrow(/viewer/);
    expect(() => eventsFor([], 'everyone' as 'spectator')).toThrow(/viewer/);
    expect(rejection(() => eventsFor([], -1)).code).toBe('INVALID_VIEWER');
    expect(rejection(() => eventsFor([], -1)).message).toBe('viewer must be a player index or "spectator", got -1');
  });

  it('rejects events that are not an array of objects with INVALID_EVENTS', () => {
    for (const bad of [null, undefined, 'drawn', 3, { length: 1, 0: { type: 'pass', player: 0 } }]) {
      const e = rejection(() => eventsFor(bad as unknown as GameEvent[], 0));
      expect(e.code).toBe('INVALID_EVENTS');
      expect(e.message).toMatch(/^events must be an array from step\(\), got /);
    }
    for (const bad of [[null], [3], [{ type: 'pass', player: 0 }, 'x']]) {
      expect(rejection(() => eventsFor(bad as unknown as GameEvent[], 'spectator')).message).toMatch(
        /^events\[\d\] must be an event object/,
      );
    }
  });

  it('a getter or proxy trap in the events that throws is INVALID_EVENTS, never a plain error', () => {
    const boom = (): never => {
      throw new Error('boom');
    };
    const typeThrows = Object.defineProperty({ player: 0, card: 'x' }, 'type', { enumerable: true, get: boom });
    const listThrows = new Proxy([], { get: boom });
    const revoked = Proxy.revocable([], {});
    revoked.revoke();
    for (const bad of [[typeThrows], listThrows, revoked.proxy]) {
      const e = rejection(() => eventsFor(bad as unknown as GameEvent[], 1));
      expect(e.code).toBe('INVALID_EVENTS');
      expect(e.message).toBe('the events could not be read (a getter or proxy in them threw)');
    }
  });

  it('step reports every kind of event across these games (chance included)', () => {
    const kinds = new Set(ALL_EVENTS.map((e) => e.type));
    for (const k of [
      'advisor',
      'drawn',
      'placed',
      'taken',
      'king-gained',
      'king-resolved',
      'phase',
      'lot',
      'bid',
      'pass',
      'won',
      'paid',
      'lot-gained',
      'forfeit',
      'lot-discarded',
      'game-over',
    ] as const) {
      expect(kinds, k).toContain(k);
    }
  });

  it('a UI can follow the game from the filtered events: the Advisor’s last drawn event is the card its view then shows', () => {
    let draws = 0;
    playGame({ players: 3, seed: 'follow' }, testRandom(5), ({ after, events }) => {
      if (after.advisor < 0 || after.drawn < 0) return;
      const shown = eventsFor(events, after.advisor).filter((e) => e.type === 'drawn');
      const last = shown[shown.length - 1];
      expect(last).toEqual({ type: 'drawn', player: after.advisor, card: view(after, after.advisor).drawn?.id });
      draws++;
    });
    expect(draws).toBeGreaterThan(30);
  });
});

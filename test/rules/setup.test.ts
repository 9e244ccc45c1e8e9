import { describe, expect, it, vi } from 'vitest';
import { usedCards } from '../../src/data/cards.js';
import type { GameState, GoldCard, GovernmentCard, PlayerCount } from '../../src/index.js';
import {
  apply,
  CARDS,
  cardById,
  createGame,
  currentPlayer,
  deckSize,
  LETTERS,
  legalActions,
  OFFICES,
  officesInPlay,
  RANDOM_REMOVALS,
  score,
} from '../../src/index.js';
import { nextInt, seedState } from '../../src/state/rng.js';
import { expectConserved } from '../helpers/cards.js';
import { rejection } from '../helpers/errors.js';

const COUNTS: readonly PlayerCount[] = [2, 3, 4, 5];
const government = CARDS.filter((c): c is GovernmentCard => c.kind === 'government');
const kings = CARDS.filter((c) => c.kind === 'king');
const gold = CARDS.filter((c): c is GoldCard => c.kind === 'gold');

describe('C: cards', () => {
  it('C1: six offices in the rule book order; livestock only at 5 players', () => {
    expect(OFFICES).toEqual(['diplomacy', 'military', 'architecture', 'entertainment', 'provisions', 'livestock']);
    for (const n of [2, 3, 4]) expect(officesInPlay(n)).toEqual(OFFICES.slice(0, 5));
    expect(officesInPlay(5)).toEqual(OFFICES);
  });

  it('C2: 108 cards: 54 Government, 15 King, 39 Gold', () => {
    expect(CARDS).toHaveLength(108);
    expect(government).toHaveLength(54);
    expect(kings).toHaveLength(15);
    expect(gold).toHaveLength(39);
  });

  it('C2: nine Government cards per office, letters A–I, with the values of the table', () => {
    const high = [4, 4, 3, 3, 3, 2, 2, 2, 2];
    const low = [2, 2, 1, 1, 1, 1, 1, 1, 1];
    for (const office of OFFICES) {
      const cards = government.filter((c) => c.office === office);
      expect(cards.map((c) => c.letter)).toEqual([...LETTERS]);
      const expected = ['diplomacy', 'military', 'livestock'].includes(office) ? high : low;
      expect(
        cards.map((c) => c.value),
        office,
      ).toEqual(expected);
      expect(cards.reduce((s, c) => s + c.value, 0)).toBe(
        office === 'diplomacy' || office === 'military' || office === 'livestock' ? 25 : 11,
      );
    }
  });

  it('C2: gold values 1, 2 and 3, thirteen cards each', () => {
    for (const v of [1, 2, 3]) expect(gold.filter((c) => c.value === v)).toHaveLength(13);
  });

  it('C3: all livestock cards and 5 of the 15 Kings are marked 5; no other Government card is marked', () => {
    for (const c of government) expect(c.mark, c.id).toBe(c.office === 'livestock' ? 5 : undefined);
    expect(kings.filter((c) => c.mark === 5)).toHaveLength(5);
    expect(kings.filter((c) => c.mark === undefined)).toHaveLength(10);
  });

  it('C3: per gold value, 9 unmarked, 1 marked 3, 1 marked 4, 2 marked 5', () => {
    for (const v of [1, 2, 3]) {
      const marks = gold.filter((c) => c.value === v).map((c) => c.mark ?? 0);
      expect(marks.filter((m) => m === 0)).toHaveLength(9);
      expect(marks.filter((m) => m === 3)).toHaveLength(1);
      expect(marks.filter((m) => m === 4)).toHaveLength(1);
      expect(marks.filter((m) => m === 5)).toHaveLength(2);
    }
  });

  it('C3: the cards used at each player count are exactly those whose mark is at most N', () => {
    expect(COUNTS.map((n) => usedCards(n).length)).toEqual([82, 85, 88, 108]);
    for (const n of COUNTS) {
      for (const c of usedCards(n)) expect((CARDS[c]?.mark ?? 0) <= n).toBe(true);
    }
  });

  it('C4: the catalogue is one frozen list with unique readable ids, found by cardById', () => {
    expect(Object.isFrozen(CARDS)).toBe(true);
    expect(new Set(CARDS.map((c) => c.id)).size).toBe(108);
    for (const c of CARDS) {
      expect(Object.isFrozen(c)).toBe(true);
      expect(cardById(c.id)).toBe(c);
    }
    // Exactly these keys: an unmarked card has no `mark` key at all (not `mark: undefined`).
    expect(cardById('diplomacy-A')).toStrictEqual({ id: 'diplomacy-A', kind: 'government', office: 'diplomacy', value: 4, letter: 'A' });
    expect(cardById('gold-2-1')).toStrictEqual({ id: 'gold-2-1', kind: 'gold', value: 2 });
    expect(cardById('gold-2-10')).toStrictEqual({ id: 'gold-2-10', kind: 'gold', value: 2, mark: 3 });
    expect(cardById('king-1')).toStrictEqual({ id: 'king-1', kind: 'king' });
    expect(cardById('king-11')).toStrictEqual({ id: 'king-11', kind: 'king', mark: 5 });
    expect(cardById('livestock-I')).toMatchObject({ kind: 'government', value: 2, mark: 5 });
    expect(cardById('nope')).toBeUndefined();
  });
});

describe('S: setup', () => {
  it('S1: 2 to 5 players are accepted, others rejected with INVALID_OPTIONS', () => {
    for (const players of COUNTS) expect(createGame({ players, seed: 1 }).players).toBe(players);
    for (const players of [0, 1, 6]) {
      const e = rejection(() => createGame({ players: players as PlayerCount, seed: 1 }));
      expect(e.code).toBe('INVALID_OPTIONS');
      expect(e.message).toMatch(/players must be 2, 3, 4 or 5/);
    }
  });

  it('S2: the deck holds 60 / 72 / 80 / 108 cards after removing 22 / 13 / 8 / 0 at random', () => {
    expect(COUNTS.map((n) => deckSize(n))).toEqual([60, 72, 80, 108]);
    expect(COUNTS.map((n) => RANDOM_REMOVALS[n])).toEqual([22, 13, 8, 0]);
    for (const players of COUNTS) {
      for (const seed of [1, 2, 3]) {
        const g = createGame({ players, seed });
        expect(g.deck).toHaveLength(deckSize(players));
        expect(g.deck.length % (players + 1)).toBe(0);
        expect(g.removed).toHaveLength(RANDOM_REMOVALS[players]);
        // Cards marked above N are gone; deck + removed are exactly the cards used at N.
        expectConserved(g);
        expect(g.deck.every((c) => (CARDS[c]?.mark ?? 0) <= players)).toBe(true);
      }
    }
  });

  it('S2: the deck is shuffled and the random removals depend on the seed', () => {
    const a = createGame({ players: 3, seed: 1 });
    const b = createGame({ players: 3, seed: 2 });
    expect(a.deck).not.toEqual(usedCards(3).filter((c) => !a.removed.includes(c)));
    expect([...a.removed].sort()).not.toEqual([...b.removed].sort());
  });

  it('S3: each office in play starts with primary 3 and secondary 1', () => {
    for (const players of [3, 4, 5] as const) {
      const g = createGame({ players, seed: 1 });
      const offices = score(g).offices;
      expect(Object.keys(offices)).toEqual([...officesInPlay(players)]);
      for (const o of officesInPlay(players)) expect(offices[o]).toMatchObject({ primary: 3, secondary: 1 });
    }
  });

  it('S3: with 2 players there is no secondary title', () => {
    const offices = score(createGame({ players: 2, seed: 1 })).offices;
    for (const o of officesInPlay(2)) expect(offices[o]).toMatchObject({ primary: 3, secondary: null, second: null });
  });

  it('S4: a named first player is the first Advisor and already holds a drawn card', () => {
    for (const players of COUNTS) {
      for (let first = 0; first < players; first++) {
        const g = createGame({ players, seed: 9, firstPlayer: first });
        expect(g.firstPlayer).toBe(first);
        expect(g.advisor).toBe(first);
        expect(currentPlayer(g)).toBe(first);
        expect(g.drawn).toBe(g.deck[0]);
        expect(g.deckTop).toBe(1);
      }
    }
  });

  it('S4: without firstPlayer, the first player is drawn from the seed (every seat happens)', () => {
    const seen = new Set<number>();
    for (let seed = 0; seed < 60; seed++) {
      const g = createGame({ players: 4, seed });
      expect(createGame({ players: 4, seed }).firstPlayer).toBe(g.firstPlayer);
      seen.add(g.firstPlayer);
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });

  it('S5: the same seed gives the same game, move for move', () => {
    const play = (seed: number | string): GameState[] => {
      let s = createGame({ players: 4, seed });
      const trail = [s];
      for (let i = 0; i < 120; i++) {
        const actions = legalActions(s);
        s = apply(s, actions[(i * 7) % actions.length] as (typeof actions)[number]);
        trail.push(s);
      }
      return trail;
    };
    expect(play('same')).toEqual(play('same'));
    expect(play(5)).toEqual(play(5));
  });

  it('S5: different seeds give different games; number and string seeds are distinct', () => {
    const decks = new Set<string>();
    for (const seed of [1, 2, 3, '1', 'a', 'b']) decks.add(JSON.stringify(createGame({ players: 4, seed, firstPlayer: 0 }).deck));
    expect(decks.size).toBe(6);
  });

  it('S5: without a seed, createGame draws a 53-bit integer seed from crypto.getRandomValues', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      (array as unknown as Uint32Array).set([0xffffffff, 0xfffffffe]);
      return array;
    });
    try {
      const g = createGame({ players: 3 });
      expect(g.seed).toBe(2 ** 53 - 2);
      expect(g).toEqual(createGame({ players: 3, seed: 2 ** 53 - 2 }));
    } finally {
      spy.mockRestore();
    }
  });

  it('S5: the generator state lives in the game state as plain numbers', () => {
    const g = createGame({ players: 4, seed: 3 });
    expect(g.rng).toHaveLength(4);
    expect(JSON.parse(JSON.stringify(g))).toEqual(g);
  });
});

describe('S5: the seeded generator', () => {
  it('S5: draws from [0, n) evenly, and a draw among one choice takes nothing from the stream', () => {
    const s = seedState('uniform');
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) {
      const k = nextInt(s, 3);
      counts[k] = (counts[k] as number) + 1;
    }
    for (const c of counts) expect(c).toBeGreaterThan(850);
    const before = s.slice();
    expect(nextInt(s, 1)).toBe(0);
    expect(s).toEqual(before);
  });
});

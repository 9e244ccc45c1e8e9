import { describe, expect, it } from 'vitest';
import type { Office, PlayerCount, Score } from '../../src/index.js';
import { score } from '../../src/index.js';
import { type AuctionOptions, auctionScenario, scenario } from '../helpers/scenario.js';

/** The final score of a game that ends with these hands (a last lot that everyone passes on). */
function finalScore(hands: string[][], extra: Partial<AuctionOptions> = {}): Score {
  const players = hands.length as PlayerCount;
  let t = auctionScenario({ players, hands, favor: ['gold-1-9'], ...extra });
  for (let p = 0; p < players; p++) t = t.pass(p);
  const s = score(t.state);
  expect(s.final).toBe(true);
  return s;
}

const office = (s: Score, o: Office) => {
  const r = s.offices[o];
  if (r === undefined) throw new Error(`${o} not in play`);
  return r;
};

describe('E1: influence', () => {
  it('E1: influence is the sum of the office values of a player Government cards; gold and nothing else', () => {
    const s = finalScore([['diplomacy-A', 'diplomacy-I', 'military-C', 'gold-3-1'], ['diplomacy-C'], []]);
    expect(office(s, 'diplomacy').influence).toEqual([6, 3, 0]);
    expect(office(s, 'military').influence).toEqual([3, 0, 0]);
    expect(office(s, 'architecture').influence).toEqual([0, 0, 0]);
  });

  it('E1: only players with influence above 0 take a title', () => {
    const s = finalScore([['architecture-A'], [], []]);
    expect(office(s, 'architecture')).toMatchObject({ first: 0, second: null });
    expect(office(s, 'provisions')).toMatchObject({ first: null, second: null });
    expect(s.points).toEqual([3, 0, 0]);
  });
});

describe('E2: titles', () => {
  it('E2: the highest influence takes the primary title, the next the secondary', () => {
    const s = finalScore([['military-E'], ['military-A', 'military-I'], ['military-B']], { titles: { military: 6 } });
    expect(office(s, 'military')).toMatchObject({ primary: 6, secondary: 3, influence: [3, 6, 4], first: 1, second: 2 });
    expect(s.points).toEqual([0, 6, 3]);
  });

  it('E2: more influence beats an earlier letter', () => {
    const s = finalScore([['diplomacy-A'], ['diplomacy-C', 'diplomacy-F'], []]);
    expect(office(s, 'diplomacy')).toMatchObject({ influence: [4, 5, 0], first: 1, second: 0 });
  });

  it('E2: on equal influence, the player holding the earliest letter ranks higher (either seat order)', () => {
    const a = finalScore([['architecture-C', 'architecture-D'], ['architecture-B'], ['architecture-E']]);
    expect(office(a, 'architecture')).toMatchObject({ influence: [2, 2, 1], first: 1, second: 0 });
    expect(a.points).toEqual([1, 3, 0]);
    const b = finalScore([['military-D'], ['military-E'], ['military-C']]);
    expect(office(b, 'military')).toMatchObject({ influence: [3, 3, 3], first: 2, second: 0 });
  });

  it('E2: the secondary title is worth half the primary, and 0 after a primary of 1', () => {
    const s = finalScore([['provisions-A'], ['provisions-B'], []], { titles: { provisions: 1 } });
    expect(office(s, 'provisions')).toMatchObject({ primary: 1, secondary: 0, first: 0, second: 1 });
    expect(s.points).toEqual([1, 0, 0]);
  });

  it('E2: with 2 players there is no secondary title, even for a second player with influence', () => {
    const s = finalScore([['diplomacy-A'], ['diplomacy-B']]);
    for (const o of ['diplomacy', 'military', 'architecture', 'entertainment', 'provisions'] as const) {
      expect(office(s, o).secondary).toBeNull();
      expect(office(s, o).second).toBeNull();
    }
    expect(office(s, 'diplomacy').first).toBe(0);
    expect(s.points).toEqual([3, 0]);
    expect(Object.keys(s.offices)).not.toContain('livestock');
  });

  it('E2: with 5 players six offices score, livestock included', () => {
    const s = finalScore([['livestock-A'], ['livestock-C'], [], [], ['diplomacy-A']], { titles: { livestock: 5 } });
    expect(Object.keys(s.offices)).toEqual(['diplomacy', 'military', 'architecture', 'entertainment', 'provisions', 'livestock']);
    expect(office(s, 'livestock')).toMatchObject({ primary: 5, secondary: 2, influence: [4, 3, 0, 0, 0], first: 0, second: 1 });
    expect(s.points).toEqual([5, 2, 0, 0, 3]);
  });
});

describe('E3: winners', () => {
  it('E3: a score is the sum of title points; the highest score wins', () => {
    const s = finalScore([['diplomacy-A', 'military-A'], ['diplomacy-B', 'architecture-A'], ['military-B']]);
    // diplomacy: 0 first (A beats B at 4–4) 3, 1 second 1; military: 0 first 3, 2 second 1; architecture: 1 first 3.
    expect(s.points).toEqual([6, 4, 1]);
    expect(s.winners).toEqual([0]);
  });

  it('E3: tied scores go to the most gold by coin value, not by number of cards', () => {
    const s = finalScore([
      ['military-A', 'gold-1-1', 'gold-1-2'],
      ['architecture-A', 'gold-3-1'],
    ]);
    expect(s.points).toEqual([3, 3]);
    expect(s.winners).toEqual([1]);
  });

  it('E3: gold decides before diplomacy influence', () => {
    const s = finalScore([
      ['military-A', 'gold-3-1'],
      ['diplomacy-I', 'gold-1-1'],
    ]);
    expect(s.points).toEqual([3, 3]);
    expect(office(s, 'diplomacy').influence).toEqual([0, 2]);
    expect(s.winners).toEqual([0]);
  });

  it('E3: then the most diplomacy influence', () => {
    const s = finalScore([
      ['military-A', 'gold-2-1'],
      ['diplomacy-I', 'gold-1-1', 'gold-1-2'],
    ]);
    expect(s.points).toEqual([3, 3]);
    expect(s.winners).toEqual([1]);
  });

  it('E3: players still tied share the win', () => {
    const s = finalScore([['military-A', 'gold-2-1'], ['architecture-A', 'gold-2-2'], []]);
    expect(s.points).toEqual([3, 3, 0]);
    expect(s.winners).toEqual([0, 1]);
    expect(finalScore([[], [], [], []]).winners).toEqual([0, 1, 2, 3]);
  });
});

describe('E4: projection', () => {
  it('E4: scoring mid-game is a projection on the current hands and titles, marked not final', () => {
    const retail = { middle: 'one-per-opponent' } as const;
    let t = scenario({ players: 4, variants: retail, deck: ['diplomacy-A', 'king-1', 'military-A', 'gold-1-1', 'gold-2-1'] }).advisorPlaces(
      'self',
    );
    let s = score(t.state);
    expect(s.final).toBe(false);
    expect(office(s, 'diplomacy')).toMatchObject({ first: 0, influence: [4, 0, 0, 0] });
    expect(s.points).toEqual([3, 0, 0, 0]);
    expect(s.winners).toEqual([0]);
    t = t.advisorPlaces('middle').advisorPlaces('middle').advisorPlaces('middle').advisorPlaces('favor').take('king-1');
    expect(score(t.state).final).toBe(false);
    t = t.king('diplomacy', 6);
    s = score(t.state);
    expect(s.points).toEqual([6, 0, 0, 0]);
    expect(s.final).toBe(false);
  });
});

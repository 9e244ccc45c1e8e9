/**
 * Sentences fixed after a Ukrainian editor's review of the text layer: a win the reader shares
 * (a verb that agrees with «ви»), and a lot put up when the favor pile is empty.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/index.js';
import { describeEvent } from '../../src/text/index.js';

const shared: GameEvent = { type: 'game-over', points: [0, 0, 0], winners: [0, 1] };
const lot = (remaining: number): GameEvent => ({ type: 'lot', card: 'entertainment-B', remaining });

describe('a shared win', () => {
  it('agrees with «ви» when the reader is one of the winners', () => {
    expect(describeEvent(shared, 'uk', { viewer: 0 })).toBe('Гру завершено: ви та гравець 1 ділите перемогу (очки: 0)');
    expect(describeEvent(shared, 'uk', { viewer: 1 })).toBe('Гру завершено: гравець 0 та ви ділите перемогу (очки: 0)');
  });

  it('keeps the third person for winners who are not the reader', () => {
    expect(describeEvent(shared, 'uk', { viewer: 2 })).toBe('Гру завершено: гравець 0 та гравець 1 ділять перемогу (очки: 0)');
    expect(describeEvent(shared, 'uk', { viewer: 'spectator', names: ['Олена', 'Петро', 'Ігор'] })).toBe(
      'Гру завершено: гравець «Олена» та гравець «Петро» ділять перемогу (очки: 0)',
    );
    expect(describeEvent(shared, 'en', { viewer: 0 })).toBe('Game over: you and Player 1 share the win with 0 points');
  });
});

describe('a lot put up for auction', () => {
  it('says how many cards are left on the favor pile', () => {
    expect(describeEvent(lot(3), 'uk')).toBe('На торги виставлено Розваги 2 (у стосі прихильності ще 3)');
    expect(describeEvent(lot(3), 'en')).toMatch(/\(3 more on the favor pile\)$/);
  });

  it('says that none are left, not "0 more"', () => {
    expect(describeEvent(lot(0), 'uk')).toBe('На торги виставлено Розваги 2 (у стосі прихильності більше немає карт)');
    expect(describeEvent(lot(0), 'en')).toMatch(/is up for auction \(no more on the favor pile\)$/);
  });
});

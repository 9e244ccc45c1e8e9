/**
 * Headless checks behind fixes from a review of the lobby and the replay (their browser side is
 * in test/e2e/lobby-review.e2e.test.ts): the replay's names of the seats (a host record's bots in
 * the replay's language, no two seats alike), and the lobby's new words in both languages.
 */
import { describe, expect, it } from 'vitest';
import { type Action, createGame, makeRecord, step, view } from '../../src/index.js';
import { seatNames } from '../../src/ui/replay/element.js';
import { WORDS } from '../../src/ui/words.js';

const actions: Action[] = [];
{
  let state = createGame({ players: 3, seed: 5 });
  for (let i = 0; i < 10; i++) {
    const a = view(state, state.toMove as number).legal[0] as Action;
    actions.push(a);
    state = step(state, a).state;
  }
}

describe("<ftk-replay>'s seat names", () => {
  it("words a host record's bots (meta.bots) in its language, by seat", () => {
    const record = makeRecord({ players: 3, seed: 5 }, actions, {
      names: ['Ada', 'Bot 1 (random)', 'Bot 2 (ismcts:300)'],
      meta: { bots: ',random,ismcts:300' },
    });
    expect(seatNames(record, 'en')).toEqual(['Ada', 'Bot 1 (random)', 'Bot 2 (strong)']);
    expect(seatNames(record, 'uk')).toEqual(['Ada', 'Бот 1 (випадковий)', 'Бот 2 (сильний)']);
  });

  it('tells apart seats of the same name (a record from elsewhere) by their number; a record without names by seat', () => {
    const same = makeRecord({ players: 3, seed: 5 }, actions, { names: ['Bot (random)', 'Bot (random)', 'Cy'] });
    const names = seatNames(same, 'en');
    expect(names).toEqual(['Bot (random) · 0', 'Bot (random) · 1', 'Cy']);
    expect(seatNames(makeRecord({ players: 3, seed: 5 }, actions), 'uk')).toEqual(['Гравець 0', 'Гравець 1', 'Гравець 2']);
    // meta.bots that does not fit the seats is not read.
    const odd = makeRecord({ players: 3, seed: 5 }, actions, { names: ['A', 'B', 'C'], meta: { bots: 'random' } });
    expect(seatNames(odd, 'en')).toEqual(['A', 'B', 'C']);
  });
});

describe("the lobby's words", () => {
  it('say how many open matches are shown, show more, and go back, in English and Ukrainian', () => {
    expect(WORDS.en.lobby.shown(30, true)).toBe('Showing the newest 30 open matches');
    expect(WORDS.en.lobby.shown(1, false)).toBe('Showing all 1 open match');
    expect(WORDS.uk.lobby.shown(30, true)).toBe('Показано найновіші відкриті ігри: 30');
    for (const lang of ['en', 'uk'] as const) {
      expect(WORDS[lang].lobby.more).not.toBe('');
      expect(WORDS[lang].lobby.back).not.toBe('');
    }
  });
});

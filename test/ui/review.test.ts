/**
 * Headless checks behind fixes from a review of the elements (their browser side is in
 * test/e2e/elements.e2e.test.ts): what `<ftk-table>` takes for a view, the accessible name of a
 * button whose words are not whole words of its action's description, and words for every code
 * of the client's errors.
 */
import { describe, expect, it } from 'vitest';
import { heuristicBot } from '../../src/bots/heuristic.js';
import { botRandom } from '../../src/bots/index.js';
import { createGame, type GameState, isRulesError, step, view } from '../../src/index.js';
import { checkView } from '../../src/ui/table/model.js';
import { nameFor } from '../../src/ui/table/tray.js';
import { WORDS } from '../../src/ui/words.js';

describe("<ftk-table>'s check of a view", () => {
  it('takes every view of every seat and of a spectator, through a whole game', () => {
    for (const players of [2, 3, 4, 5] as const) {
      let state: GameState = createGame({ players, seed: 40 + players });
      const rng = botRandom(`check${players}`);
      for (let i = 0; i < 3000; i++) {
        for (const viewer of [...Array.from({ length: players }, (_, p) => p), 'spectator' as const]) {
          expect(() => checkView(view(state, viewer))).not.toThrow();
        }
        if (state.step === 'over') break;
        state = step(state, heuristicBot(view(state, state.toMove), rng)).state;
      }
    }
  });

  it('refuses what is not a view with RulesError INVALID_VIEW', () => {
    const good = view(createGame({ players: 3, seed: 1 }), 0);
    const bad: unknown[] = [
      {},
      'garbage',
      7,
      [],
      undefined,
      { ...good, legal: null },
      { ...good, players: 5 },
      { ...good, players: 6 },
      { ...good, viewer: 3 },
      { ...good, viewer: 'nobody' },
      { ...good, currentPlayer: 4 },
      { ...good, hand: 'cards' },
      { ...good, handSizes: [1, 2] },
      { ...good, titles: null },
      { ...good, moveCount: '3' },
    ];
    for (const v of bad) {
      let thrown: unknown = null;
      try {
        checkView(v);
      } catch (e) {
        thrown = e;
      }
      expect(isRulesError(thrown) && thrown.code, JSON.stringify(v)?.slice(0, 60)).toBe('INVALID_VIEW');
    }
  });
});

describe("a button's accessible name (WCAG 2.5.3, label in name)", () => {
  it('is the description when it holds the words shown as whole words', () => {
    expect(nameFor('Bid 3', 'Bid 3 on Provisions 2')).toBe('Bid 3 on Provisions 2');
    expect(nameFor('Pass', 'Pass')).toBe('Pass');
    expect(nameFor('Поставити 1', 'Поставити 1 на Провіант 2')).toBe('Поставити 1 на Провіант 2');
  });

  it('starts with the words shown when they are only part of a word of the description', () => {
    // Ukrainian: the button says "Пас", the action "Пасувати": axe-core's label-content-name-mismatch.
    expect(nameFor('Пас', 'Пасувати')).toBe('Пас: Пасувати');
    expect(nameFor('Bid 1', 'Bid 12 on Gold 3')).toBe('Bid 1: Bid 12 on Gold 3');
  });
});

describe('the words of errors', () => {
  it("word every code of the client's own errors, in English and Ukrainian; NETWORK as the host not answering", () => {
    for (const lang of ['en', 'uk'] as const) {
      const errors = WORDS[lang].errors;
      for (const code of ['NETWORK', 'BAD_MESSAGE', 'UNFAIR', 'CLOSED', 'TIMEOUT', 'DISCONNECTED', 'HTTP']) {
        expect(errors[code], `${lang} ${code}`).toMatch(/\S/);
      }
      expect(errors.NETWORK).toBe(errors.OFFLINE);
    }
    expect(WORDS.uk.errors.BAD_MESSAGE).not.toBe(WORDS.en.errors.BAD_MESSAGE);
  });
});

describe("a bot seat's name", () => {
  it("words the bot's kind in the page's language and never shows its id (ismcts:300), else just the seat", () => {
    expect(WORDS.en.botName('heuristic', 1)).toBe('Bot 1 (heuristic)');
    expect(WORDS.en.botName('ismcts:300', 2)).toBe('Bot 2 (strong)');
    expect(WORDS.uk.botName('heuristic', 1)).toBe('Бот 1 (евристичний)');
    expect(WORDS.uk.botName('ismcts:300', 2)).toBe('Бот 2 (сильний)');
    for (const lang of ['en', 'uk'] as const) {
      for (const bot of ['net:v2', 'constructor', '__proto__', 'toString:3']) expect(WORDS[lang].botName(bot, 3)).toMatch(/^\S+ 3$/);
    }
  });
});

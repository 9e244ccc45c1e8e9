/** `describeAction` / `describeEvent` with `context.names`: players named by their display names. */
import { describe, expect, it } from 'vitest';
import type { Action, GameEvent } from '../../src/index.js';
import { createGameWithEvents, isGameOver, legalActions, step } from '../../src/index.js';
import { describeAction, describeEvent } from '../../src/text/index.js';
import { testRandom } from '../helpers/hidden.js';

const NAMES = ['Ann', 'Bo', 'Cy', 'Dee'];

/** Every action and event of a 4-player game played by a seeded random player. */
function played(): { actions: Action[]; events: GameEvent[] } {
  const rand = testRandom(11);
  let { state, events } = createGameWithEvents({ players: 4, seed: 'names' });
  const all = [...events];
  const actions: Action[] = [];
  while (!isGameOver(state)) {
    const legal = legalActions(state);
    const pass = legal.find((a) => a.type === 'pass');
    const a = pass !== undefined && rand() < 0.7 ? pass : (legal[Math.floor(rand() * Math.min(legal.length, 3))] as Action);
    actions.push(a);
    ({ state, events } = step(state, a));
    all.push(...events);
  }
  return { actions, events: all };
}

const game = played();
const subjects = (e: GameEvent): number[] => ('player' in e ? [e.player] : []);

describe('sentences with player names', () => {
  it('an action names its player by name; the reader’s own action is still a command', () => {
    for (const a of game.actions) {
      const en = describeAction(a, 'en', { names: NAMES });
      expect(en).toContain(NAMES[a.player] as string);
      expect(en).not.toMatch(/Player \d/);
      expect(describeAction(a, 'uk', { names: NAMES })).toMatch(new RegExp(`^Гравець «${NAMES[a.player]}» `));
      expect(describeAction(a, 'en', { names: NAMES, viewer: a.player })).not.toContain(NAMES[a.player] as string);
    }
  });

  it('an event names its players by name; the reader is still "you"; no seat number is left', () => {
    let named = 0;
    for (const e of game.events) {
      const en = describeEvent(e, 'en', { names: NAMES });
      expect(en).not.toMatch(/Player \d/);
      expect(describeEvent(e, 'uk', { names: NAMES })).not.toMatch(/[Гг]равець \d|гравця \d/);
      for (const p of subjects(e)) {
        expect(en).toContain(NAMES[p] as string);
        expect(describeEvent(e, 'en', { names: NAMES, viewer: p })).toMatch(/^You /);
        named++;
      }
    }
    expect(named).toBeGreaterThan(100);
  });

  it('a seat without a usable name falls back to its number', () => {
    const e: GameEvent = { type: 'bid', player: 2, amount: 4 };
    expect(describeEvent(e, 'en', { names: ['Ann', 'Bo'] })).toBe('Player 2 bid 4');
    expect(describeEvent(e, 'en', { names: ['Ann', 'Bo', '  '] })).toBe('Player 2 bid 4');
    expect(describeEvent(e, 'en', { names: ['Ann', 'Bo', 7 as unknown as string] })).toBe('Player 2 bid 4');
    expect(describeEvent(e, 'en', { names: ['Ann', 'Bo', 'Cy'] })).toBe('Cy bid 4');
    expect(describeEvent(e, 'uk', { names: ['Ann', 'Bo', 'Оксана'] })).toBe('Гравець «Оксана» поставив 4');
    expect(describeAction({ type: 'pass', player: 1 }, 'en', { names: NAMES })).toBe('Bo passes');
  });
});

/**
 * Determinism (RULES S5): the same seed and the same actions give deep-equal states and events,
 * with every global source of chance or time stubbed to throw, so a hidden use fails loudly.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action, GameEvent, GameOptions, GameState } from '../../src/index.js';
import {
  createGameWithEvents,
  deserialize,
  determinize,
  eventsFor,
  PUBLISHED_VARIANTS,
  parseAction,
  replay,
  score,
  serialize,
  step,
  view,
} from '../../src/index.js';
import { PLAYER_COUNTS, randomAction, testRandom } from '../helpers/hidden.js';

interface Run {
  readonly states: GameState[];
  readonly events: GameEvent[][];
  readonly actions: Action[];
}

/** Plays a game through the whole public surface a server would use, recording everything. */
function run(options: GameOptions, policySeed: number): Run {
  const start = createGameWithEvents(options);
  let state = start.state;
  const states = [state];
  const events: GameEvent[][] = [start.events.slice()];
  const actions: Action[] = [];
  const rand = testRandom(policySeed);
  while (state.step !== 'over') {
    const action = parseAction(JSON.stringify(randomAction(state, rand)));
    const r = step(state, action);
    eventsFor(r.events, state.toMove);
    const seen = view(r.state, state.toMove);
    // The costlier calls every few steps: enough to catch a hidden use of chance or time.
    if (actions.length % 7 === 0) determinize(seen, actions.length);
    state = actions.length % 5 === 0 ? deserialize(serialize(r.state)) : r.state;
    states.push(state);
    events.push(r.events.slice());
    actions.push(action);
  }
  score(state);
  return { states, events, actions };
}

describe('determinism', () => {
  beforeEach(() => {
    const boom = (what: string) => () => {
      throw new Error(`the engine called ${what}`);
    };
    vi.spyOn(Math, 'random').mockImplementation(boom('Math.random'));
    vi.spyOn(Date, 'now').mockImplementation(boom('Date.now'));
    vi.spyOn(performance, 'now').mockImplementation(boom('performance.now'));
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(boom('crypto.getRandomValues'));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('S5: the stubs are in force (this test fails if they are not)', () => {
    expect(() => Math.random()).toThrow('Math.random');
    expect(() => Date.now()).toThrow('Date.now');
  });

  it('S5: same seed and same actions give deep-equal states and events, for every player count, default and published variants', () => {
    for (const players of PLAYER_COUNTS) {
      const variants = players % 2 === 0 ? {} : PUBLISHED_VARIANTS;
      const options: GameOptions = { players, seed: `determinism-${players}`, variants };
      const a = run(options, players);
      const b = run(options, players);
      expect(b.states).toEqual(a.states);
      expect(b.events).toEqual(a.events);
      expect(replay(options, a.actions)).toEqual(a.states[a.states.length - 1]);
    }
  });

  it('S5: the outcome depends on the seed (different seeds, different decks)', () => {
    const a = run({ players: 4, seed: 1 }, 9);
    const b = run({ players: 4, seed: 2 }, 9);
    expect((b.states[0] as GameState).deck).not.toEqual((a.states[0] as GameState).deck);
  });

  it('S5: determinize gives the same state for the same view and seed, and a different one for another seed', () => {
    const { states } = run({ players: 3, seed: 'determinize-determinism' }, 3);
    const middle = states[40] as GameState;
    const v = view(middle, 1);
    expect(determinize(v, 'x')).toEqual(determinize(v, 'x'));
    expect(determinize(v, 'x')).not.toEqual(determinize(v, 'y'));
    expect(view(determinize(v, 7), 1)).toEqual(v);
  });

  it('S5: a game created without a seed draws one from crypto, which the stub catches', () => {
    expect(() => createGameWithEvents({ players: 3 })).toThrow('crypto.getRandomValues');
  });
});

/**
 * The agent loop's clone, restore and load; one meaning for reset with and without a seed;
 * last() with truncation and info; seats played by bots.
 */
import { describe, expect, it } from 'vitest';
import { heuristicBot, randomBot } from '../../src/bots/index.js';
import type { Env } from '../../src/env/index.js';
import { createEnv } from '../../src/env/index.js';
import { createGame, serialize, toSave } from '../../src/index.js';
import { testRandom } from '../helpers/hidden.js';

function legalOf(env: Env): number[] {
  const { mask } = env.last();
  return [...mask.keys()].filter((i) => mask[i] === 1);
}

function play(env: Env, rand: () => number, steps = Number.POSITIVE_INFINITY): void {
  for (let k = 0; k < steps && !env.done; k++) {
    const legal = legalOf(env);
    env.step(legal[Math.floor(rand() * legal.length)] as number);
  }
}

describe('clone and restore', () => {
  it('a clone plays on exactly as the original would, and the original does not move', () => {
    const env = createEnv({ players: 4, seed: 'c', infoState: true });
    play(env, testRandom(1), 50);
    const before = env.state;
    const copy = env.clone();
    expect(copy.state).toEqual(before);
    expect(copy.steps).toBe(env.steps);
    expect(Array.from(copy.infoState(2))).toEqual(Array.from(env.infoState(2)));
    play(copy, testRandom(2));
    expect(copy.done).toBe(true);
    expect(env.state).toEqual(before);
    play(env, testRandom(2));
    expect(env.state).toEqual(copy.state);
    expect(env.rewards).toEqual(copy.rewards);
    expect(Array.from(env.infoState(1))).toEqual(Array.from(copy.infoState(1)));
    // The run goes on the same way too.
    env.reset();
    copy.reset();
    expect(copy.seed).toBe('c/1');
    expect(copy.state).toEqual(env.state);
  });

  it('restore puts the environment back where the clone was: game, rewards, steps, information states', () => {
    const env = createEnv({ players: 3, seed: 4, infoState: true });
    play(env, testRandom(3), 30);
    const saved = env.clone();
    const state = env.state;
    const tokens = env.infoState(0);
    play(env, testRandom(4));
    expect(env.done).toBe(true);
    env.restore(saved);
    expect(env.done).toBe(false);
    expect(env.state).toEqual(state);
    expect(env.steps).toBe(30);
    expect(env.rewards).toEqual([0, 0, 0]);
    expect(env.terminations).toEqual([false, false, false]);
    expect(Array.from(env.infoState(0))).toEqual(Array.from(tokens));
    // A clone of a clone restores too; an unrelated environment does not.
    env.restore(saved.clone());
    expect(() => env.restore(createEnv({ players: 3, seed: 4 }))).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });

  it('bots keep their random stream through a clone', () => {
    const env = createEnv({ players: 4, seed: 'b', bots: [null, randomBot, randomBot, randomBot] });
    play(env, testRandom(5), 5);
    const copy = env.clone();
    play(env, testRandom(6));
    play(copy, testRandom(6));
    expect(copy.state).toEqual(env.state);
  });
});

describe('load (privileged)', () => {
  it('continues from a state, a save object or a save text, and rejects anything else with INVALID_SAVE', () => {
    const source = createEnv({ players: 4, seed: 9 });
    play(source, testRandom(7), 80);
    const state = source.state;
    for (const save of [state, toSave(state), serialize(state)]) {
      const env = createEnv({ players: 4, infoState: true });
      env.load(save);
      expect(env.state).toEqual(state);
      expect(env.steps).toBe(0);
      expect(env.infoState(0).length).toBeGreaterThanOrEqual(4); // the opening and the resumed token
      play(env, testRandom(8));
      expect(env.done).toBe(true);
      expect(env.rewards.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    }
    const env = createEnv({ players: 4, seed: 1 });
    const start = env.state;
    for (const bad of ['not json', { format: 'x' }, 42, null, { ...state, deckTop: -4 }]) {
      expect(() => env.load(bad as never)).toThrow(expect.objectContaining({ code: 'INVALID_SAVE' }));
    }
    expect(() => env.load(createGame({ players: 3, seed: 1 }))).toThrow(expect.objectContaining({ code: 'INVALID_SAVE' }));
    expect(env.state).toEqual(start);
  });

  it('a loaded finished game is over at once, with its rewards', () => {
    const source = createEnv({ players: 2, seed: 3 });
    play(source, testRandom(1));
    const env = createEnv({ players: 2 });
    env.load(source.state);
    expect(env.done).toBe(true);
    expect(env.rewards).toEqual(source.rewards);
    expect(env.last()).toMatchObject({ termination: true, truncation: false, info: { agent: null, points: source.score().points } });
  });
});

describe('reset has one meaning', () => {
  it('without a seed: the next game of the run; with a seed: a new run whose game 0 has that seed', () => {
    const env = createEnv({ players: 2, seed: 's' });
    expect(env.seed).toBe('s');
    env.reset();
    expect(env.seed).toBe('s/1');
    env.reset();
    expect(env.seed).toBe('s/2');
    env.reset('t');
    expect(env.seed).toBe('t');
    expect(env.state).toEqual(createGame({ players: 2, seed: 't' }));
    env.reset();
    expect(env.seed).toBe('t/1');
    expect(env.state).toEqual(createGame({ players: 2, seed: 't/1' }));
    expect(() => env.reset({} as never)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    const random = createEnv({ players: 2 });
    random.reset();
    expect(random.seed).toBeUndefined();
  });

  it('a refused seed changes nothing: not the game, not the run that reset() continues', () => {
    const env = createEnv({ players: 2, seed: 's' });
    const before = env.state;
    for (const bad of [Number.POSITIVE_INFINITY, Number.NaN, Number.NEGATIVE_INFINITY]) {
      expect(() => env.reset(bad)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
      expect(env.seed).toBe('s');
      expect(env.state).toEqual(before);
    }
    env.reset();
    expect(env.seed).toBe('s/1');
    expect(() => createEnv({ players: 2, seed: Number.NaN })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });
});

describe('last()', () => {
  it('has truncation (always false) and info: the agent and step count, then the final points and winners', () => {
    const env = createEnv({ players: 3, seed: 2 });
    const first = env.last();
    expect(first).toMatchObject({
      reward: 0,
      termination: false,
      truncation: false,
      info: { agent: env.agentSelection, steps: 0, points: null, winners: null },
    });
    expect(env.truncations).toEqual([false, false, false]);
    play(env, testRandom(2));
    const end = env.last();
    const s = env.score();
    expect(end).toMatchObject({
      termination: true,
      truncation: false,
      info: { agent: null, steps: env.steps, points: s.points, winners: s.winners },
    });
  });
});

describe('bots', () => {
  it('the environment plays the bots’ seats: you only act for yours, and every seat gets its reward at the end', () => {
    const env = createEnv({ players: 4, seed: 'h', bots: [heuristicBot, null, heuristicBot, null] });
    const rand = testRandom(3);
    let mine = 0;
    while (!env.done) {
      expect([1, 3]).toContain(env.agentSelection);
      play(env, rand, 1);
      mine += 1;
    }
    expect(env.steps).toBe(mine);
    expect(env.state.moveCount).toBeGreaterThan(mine);
    expect(env.rewards.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    env.reset();
    expect([1, 3]).toContain(env.agentSelection);
  });

  it('rejects a bots option of the wrong length, with a non-bot entry, or with no seat left to you', () => {
    for (const bots of [[null], [null, 1, null, null], [randomBot, randomBot, randomBot, randomBot], 'heuristic']) {
      expect(() => createEnv({ players: 4, bots: bots as never })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    }
    expect(() => createEnv({ players: 4, infoState: 'yes' as never })).toThrow(/infoState/);
  });
});

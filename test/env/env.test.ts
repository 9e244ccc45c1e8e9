/**
 * The environment: the fast encoder equals the view-based one, masks equal the legal actions,
 * the agent loop plays whole games with the right rewards, seeds reproduce games, bad input is
 * rejected without a change, and the batch plays the same games as single environments.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeSeat } from '../../src/env/encode-state.js';
import type { Env } from '../../src/env/index.js';
import { ACTION_COUNT, createBatchEnv, createEnv, encodeView, maskOfView, OBSERVATION_SIZE } from '../../src/env/index.js';
import type { GameState, Variants } from '../../src/index.js';
import {
  ACTION_IDS_PER_PLAYER,
  actionId,
  apply,
  createGame,
  DEFAULT_VARIANTS,
  legalActions,
  PUBLISHED_VARIANTS,
  RulesError,
  score,
  view,
} from '../../src/index.js';
import { PLAYER_COUNTS, playGame, testRandom } from '../helpers/hidden.js';

const POOL: GameState[] = PLAYER_COUNTS.flatMap((n) =>
  [0, 1].flatMap((g) => {
    const states: GameState[] = [];
    const variants = g === 1 ? PUBLISHED_VARIANTS : undefined;
    playGame({ players: n, seed: `env-${n}-${g}`, ...(variants ? { variants } : {}) }, testRandom(70 + 10 * n + g), ({ before, after }) => {
      states.push(before);
      if (after.step === 'over') states.push(after);
    });
    return states;
  }),
);

/** A seeded choice among the legal indexes of a mask. */
function pick(mask: Uint8Array, rand: () => number): number {
  const legal: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i] === 1) legal.push(i);
  return legal[Math.floor(rand() * legal.length)] as number;
}

function playOut(env: Env, rand: () => number): number {
  let steps = 0;
  while (!env.done) {
    env.step(pick(env.observe(env.agentSelection as number).mask, rand));
    steps += 1;
  }
  return steps;
}

describe('the fast encoder', () => {
  it('H1–H3: writes the same numbers as encodeView(view(state, seat)) at every step of random games, for every seat', () => {
    const out = new Float32Array(700);
    for (const s of POOL) {
      for (let p = 0; p < s.players; p++) {
        out.fill(7);
        encodeSeat(s, p, out, 3);
        const want = encodeView(view(s, p));
        const got = out.subarray(3, 3 + OBSERVATION_SIZE[s.players]);
        if (!got.every((x, i) => Object.is(x, want[i]))) expect(Array.from(got)).toEqual(Array.from(want));
        expect(out[2]).toBe(7);
        expect(out[3 + OBSERVATION_SIZE[s.players]]).toBe(7);
      }
    }
  }, 60_000);
});

describe('the fast encoder on the simulator', () => {
  it('H1–H3: in random games of random rules, the environment’s observations and masks equal encodeView and maskOfView of the view (the acting seat at every step, every seat at every fifth)', () => {
    const variant = fc.record({
      payment: fc.constantFrom('gold-or-discard' as const, 'by-lot' as const),
      secondaryTitle: fc.constantFrom('half' as const, 'tile' as const),
      middle: fc.constantFrom('advisor-keeps-last' as const, 'one-per-opponent' as const),
    });
    fc.assert(
      fc.property(fc.constantFrom(...PLAYER_COUNTS), variant, fc.integer(), fc.nat(), (players, variants, seed, policy) => {
        const env = createEnv({ players, variants, seed });
        const rand = testRandom(policy);
        const observation = new Float32Array(OBSERVATION_SIZE[players]);
        const mask = new Uint8Array(ACTION_COUNT);
        for (let t = 0; ; t++) {
          const state = env.state;
          // Every seat on a sample of steps (a view per seat is the slow part), the acting seat on every step.
          const seats = t % 5 === 0 || env.done ? env.agents : [env.agentSelection as number];
          for (const p of seats) {
            env.observeInto(p, observation, mask);
            const v = view(state, p);
            const want = encodeView(v);
            if (!observation.every((x, i) => Object.is(x, want[i]))) expect(Array.from(observation)).toEqual(Array.from(want));
            const wantMask = maskOfView(v);
            if (!mask.every((x, i) => x === wantMask[i])) expect(Array.from(mask)).toEqual(Array.from(wantMask));
          }
          if (env.done) break;
          env.observeInto(env.agentSelection as number, observation, mask);
          env.step(pick(mask, rand));
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});

describe('masks', () => {
  it('the mask of the acting agent is exactly its legal actions, by action index; other agents get zeros', () => {
    fc.assert(
      fc.property(fc.nat(POOL.length - 1), (i) => {
        const s = POOL[i] as GameState;
        if (s.step === 'over') return;
        const want = new Set(legalActions(s).map((a) => actionId(a) - s.toMove * ACTION_IDS_PER_PLAYER));
        for (let p = 0; p < s.players; p++) {
          const m = maskOfView(view(s, p));
          expect(m.length).toBe(ACTION_COUNT);
          const got = new Set([...m.keys()].filter((k) => m[k] === 1));
          expect(got).toEqual(p === s.toMove ? want : new Set());
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('createEnv', () => {
  it.each(PLAYER_COUNTS)(
    '%i players: plays whole games; rewards split the win and sum to 1; observation and mask keep their sizes',
    (n) => {
      const env = createEnv({ players: n, seed: `loop-${n}` });
      const rand = testRandom(n);
      for (let game = 0; game < 3; game++) {
        if (game > 0) env.reset();
        expect(env.terminations.every((t) => !t)).toBe(true);
        while (!env.done) {
          const agent = env.agentSelection as number;
          const { observation, mask } = env.observe(agent);
          expect(observation.length).toBe(OBSERVATION_SIZE[n]);
          expect(mask.length).toBe(ACTION_COUNT);
          expect(Array.from(observation)).toEqual(Array.from(encodeView(view(env.state, agent))));
          const other = (agent + 1) % n;
          expect(env.observe(other).mask.every((x) => x === 0)).toBe(true);
          expect(env.rewards.every((r) => r === 0)).toBe(true);
          env.step(pick(mask, rand));
        }
        const s = score(env.state);
        const share = 1 / s.winners.length;
        expect(env.rewards).toEqual(env.agents.map((p) => (s.winners.includes(p) ? share : 0)));
        expect(env.rewards.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
        expect(env.terminations.every((t) => t)).toBe(true);
        expect(env.agentSelection).toBeNull();
        expect(env.last().termination).toBe(true);
      }
    },
    60_000,
  );

  it('the points reward gives each agent its final points', () => {
    const env = createEnv({ players: 3, seed: 4, reward: 'points' });
    playOut(env, testRandom(4));
    expect(env.rewards).toEqual(score(env.state).points);
    expect(env.cumulativeRewards).toEqual(score(env.state).points);
  });

  it('S5: the same seed and the same choices replay the same game; reset() without a seed follows the run seed', () => {
    const a = createEnv({ players: 4, seed: 'same' });
    const b = createEnv({ players: 4, seed: 'same' });
    playOut(a, testRandom(9));
    playOut(b, testRandom(9));
    expect(b.state).toEqual(a.state);
    a.reset();
    b.reset('same/1');
    expect(a.seed).toBe('same/1');
    expect(b.state).toEqual(a.state);
    a.reset(12);
    expect(a.state).toEqual(createGame({ players: 4, seed: 12 }));
  });

  it('an index the agent may play becomes the action it names, applied to the state', () => {
    const env = createEnv({ players: 2, seed: 3 });
    const before = env.state;
    const { mask } = env.last();
    const i = mask.indexOf(1);
    const action = env.actionOf(i);
    env.step(i);
    expect(env.state).toEqual(apply(before, action));
    expect(env.steps).toBe(1);
  });

  it('rejects a bad action index or an illegal action with a RulesError and changes nothing', () => {
    const env = createEnv({ players: 4, seed: 5 });
    const before = env.state;
    const { mask } = env.last();
    const illegal = [...mask.keys()].find((k) => mask[k] === 0) as number;
    for (const [bad, code] of [
      [-1, 'MALFORMED_ACTION'],
      [ACTION_COUNT, 'MALFORMED_ACTION'],
      [1.5, 'MALFORMED_ACTION'],
      [Number.NaN, 'MALFORMED_ACTION'],
      [illegal, undefined],
    ] as const) {
      let err: unknown;
      try {
        env.step(bad);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(RulesError);
      if (code !== undefined) expect((err as RulesError).code).toBe(code);
      expect(env.state).toEqual(before);
      expect(env.steps).toBe(0);
    }
    expect(() => env.observe(4)).toThrow(RulesError);
    playOut(env, testRandom(1));
    expect(() => env.step(0)).toThrow(expect.objectContaining({ code: 'GAME_OVER' }));
  });

  it('reads the variants once: changing the options object afterwards changes no later game', () => {
    const variants: { payment: 'by-lot' | 'gold-or-discard' } = { payment: 'by-lot' };
    const env = createEnv({ players: 3, seed: 2, variants });
    variants.payment = 'gold-or-discard';
    env.reset(5);
    expect(env.state.variants.payment).toBe('by-lot');
  });

  it('reads the variants once, through a getter too: every game of a batch and every clone plays the variants read at creation', () => {
    let reads = 0;
    const variants = {
      payment: 'by-lot',
      get middle() {
        reads += 1;
        return reads === 1 ? 'advisor-keeps-last' : 'one-per-opponent';
      },
    } as Partial<Variants>;
    const batch = createBatchEnv({ players: 4, games: 3, seed: 'v', variants });
    expect(reads).toBe(1);
    for (let g = 0; g < 3; g++) {
      const single = createEnv({ players: 4, seed: `v/${g}/0`, variants: { payment: 'by-lot', middle: 'advisor-keeps-last' } });
      const row = batch.observations.subarray(g * batch.observationSize, (g + 1) * batch.observationSize);
      expect(Array.from(row), `game ${g}`).toEqual(Array.from(single.last().observation));
    }
    const mine: { payment: string } = { payment: 'by-lot' };
    const env = createEnv({ players: 3, seed: 2, variants: mine as Partial<Variants> });
    mine.payment = 'nonsense'; // neither read again nor checked again: the clone plays by-lot
    const clone = env.clone();
    clone.reset(3);
    expect(clone.state.variants).toEqual({ ...DEFAULT_VARIANTS, payment: 'by-lot' });
  });

  it('state is a fresh copy: changing its variants changes neither the game, the next game nor a clone', () => {
    const env = createEnv({ players: 4, seed: 5 });
    const clone = env.clone();
    const before = Array.from(env.observe(0).observation);
    const state = env.state;
    expect(() => {
      (state.variants as { middle: string }).middle = 'one-per-opponent';
    }).toThrow(TypeError);
    expect(Array.from(env.observe(0).observation)).toEqual(before);
    expect(clone.state.variants).toEqual(DEFAULT_VARIANTS);
    env.reset();
    expect(env.state.variants).toEqual(DEFAULT_VARIANTS);
  });

  it('rejects bad options: player count, unknown keys, reward kind', () => {
    expect(() => createEnv({ players: 6 as 2 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    expect(() => createEnv({ players: 4, speed: 1 } as unknown as { players: 4 })).toThrow(/unknown option "speed"/);
    expect(() => createEnv({ players: 4, reward: 'score' as 'win' })).toThrow(/reward must be/);
    expect(() => createBatchEnv({ players: 4, games: 0 })).toThrow(/games must be/);
  });
});

describe('createBatchEnv', () => {
  it('plays the same games as single environments with the same seeds, resetting finished games', () => {
    const games = 3;
    const batch = createBatchEnv({ players: 3, games, seed: 'b' });
    const singles = Array.from({ length: games }, (_, g) => createEnv({ players: 3, seed: `b/${g}/0` }));
    const episode = new Array<number>(games).fill(0);
    const rand = testRandom(77);
    const actions = new Int32Array(games);
    let ended = 0;
    for (let t = 0; ended < 4; t++) {
      for (let g = 0; g < games; g++) {
        const env = singles[g] as Env;
        const { observation, mask } = env.last();
        expect(batch.agents[g]).toBe(env.agentSelection);
        expect(Array.from(batch.observations.subarray(g * batch.observationSize, (g + 1) * batch.observationSize))).toEqual(
          Array.from(observation),
        );
        expect(Array.from(batch.masks.subarray(g * ACTION_COUNT, (g + 1) * ACTION_COUNT))).toEqual(Array.from(mask));
        actions[g] = pick(mask, rand);
      }
      batch.step(actions);
      for (let g = 0; g < games; g++) {
        const env = singles[g] as Env;
        env.step(actions[g] as number);
        expect(batch.dones[g]).toBe(env.done ? 1 : 0);
        const row = Array.from(batch.rewards.subarray(g * 3, g * 3 + 3));
        expect(row).toEqual(env.done ? env.rewards.map((r) => Math.fround(r)) : [0, 0, 0]);
        if (env.done) {
          ended += 1;
          episode[g] = (episode[g] as number) + 1;
          env.reset(`b/${g}/${episode[g]}`);
        }
      }
      expect(t).toBeLessThan(5000);
    }
    expect(batch.finished).toBe(ended);
  }, 60_000);

  it('an illegal action names its game', () => {
    const batch = createBatchEnv({ players: 2, games: 2, seed: 1 });
    const bad = batch.masks.indexOf(0, ACTION_COUNT) - ACTION_COUNT;
    const good = batch.masks.indexOf(1);
    expect(() => batch.step([good, bad])).toThrow(/^game 1: /);
  });
});

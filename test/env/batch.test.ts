/**
 * The batch's new rows: every seat's observations, information states and global states, final
 * points and winners, bots; reset with and without a seed; a step that refuses a bad action moves
 * no game.
 */
import { describe, expect, it } from 'vitest';
import { heuristicBot, randomBot } from '../../src/bots/index.js';
import type { Env } from '../../src/env/index.js';
import { ACTION_COUNT, createBatchEnv, createEnv, GLOBAL_STATE_SIZE, maxInfoStateLength, OBSERVATION_SIZE } from '../../src/env/index.js';
import { createGame } from '../../src/index.js';
import { testRandom } from '../helpers/hidden.js';

function pickRow(masks: Uint8Array, g: number, rand: () => number): number {
  const legal: number[] = [];
  for (let i = 0; i < ACTION_COUNT; i++) if (masks[g * ACTION_COUNT + i] === 1) legal.push(i);
  return legal[Math.floor(rand() * legal.length)] as number;
}

describe('createBatchEnv with seats: "all", information states and global states', () => {
  it('writes every seat’s observation, information state and global state of the same games as single environments', () => {
    const games = 2;
    const n = 3;
    const width = 64;
    const batch = createBatchEnv({
      players: n,
      games,
      seed: 'w',
      seats: 'all',
      infoState: true,
      infoStateLength: width,
      globalState: true,
    });
    expect(batch.seatsPerGame).toBe(n);
    expect(batch.observations.length).toBe(games * n * OBSERVATION_SIZE[n]);
    expect(batch.infoStates.length).toBe(games * n * width);
    expect(batch.globalStates.length).toBe(games * n * GLOBAL_STATE_SIZE[n]);
    const singles = Array.from({ length: games }, (_, g) => createEnv({ players: n, seed: `w/${g}/0`, infoState: true }));
    const rand = testRandom(5);
    const episode = new Array<number>(games).fill(0);
    const actions = new Int32Array(games);
    let ends = 0;
    for (let t = 0; ends < 3; t++) {
      for (let g = 0; g < games; g++) {
        const env = singles[g] as Env;
        for (let p = 0; p < n; p++) {
          const row = g * n + p;
          const o = batch.observations.subarray(row * batch.observationSize, (row + 1) * batch.observationSize);
          expect(Array.from(o)).toEqual(Array.from(env.observe(p).observation));
          const tokens = env.infoState(p);
          expect(batch.infoStateLengths[row]).toBe(tokens.length);
          const kept = tokens.subarray(Math.max(0, tokens.length - width));
          const got = batch.infoStates.subarray(row * width, (row + 1) * width);
          expect(Array.from(got.subarray(0, kept.length))).toEqual(Array.from(kept));
          expect(got.subarray(kept.length).every((x) => x === 0)).toBe(true);
          if (t % 7 === 0) {
            const gs = batch.globalStates.subarray(row * batch.globalStateSize, (row + 1) * batch.globalStateSize);
            expect(Array.from(gs)).toEqual(Array.from(env.globalState(p)));
          }
        }
        actions[g] = pickRow(batch.masks, g, rand);
      }
      batch.step(actions);
      for (let g = 0; g < games; g++) {
        const env = singles[g] as Env;
        env.step(actions[g] as number);
        expect(batch.dones[g]).toBe(env.done ? 1 : 0);
        if (env.done) {
          const s = env.score();
          expect(Array.from(batch.points.subarray(g * n, g * n + n))).toEqual(s.points.map(Math.fround));
          expect(Array.from(batch.winners.subarray(g * n, g * n + n))).toEqual(env.agents.map((p) => (s.winners.includes(p) ? 1 : 0)));
          ends += 1;
          episode[g] = (episode[g] as number) + 1;
          singles[g] = createEnv({ players: n, seed: `w/${g}/${episode[g]}`, infoState: true });
        } else {
          expect(batch.points.subarray(g * n, g * n + n).every((x) => x === 0)).toBe(true);
        }
      }
      expect(t).toBeLessThan(5000);
    }
  }, 60_000);

  it('an information-state row of the default width holds any history whole', () => {
    const batch = createBatchEnv({ players: 2, games: 1, infoState: true, seed: 1 });
    expect(batch.infoStateLength).toBe(maxInfoStateLength(2));
    expect(() => createBatchEnv({ players: 2, games: 1, infoState: true, infoStateLength: 0 })).toThrow(/infoStateLength/);
    // Checked without infoState too, like every option.
    expect(() => createBatchEnv({ players: 2, games: 1, infoStateLength: -3 })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS', message: expect.stringMatching(/infoStateLength/) }),
    );
    expect(() => createBatchEnv({ players: 2, games: 1, seats: 'some' as 'all' })).toThrow(/seats/);
  });
});

describe('createBatchEnv reset', () => {
  it('without a seed starts each game’s next game of the run; with a seed starts a new run', () => {
    const batch = createBatchEnv({ players: 2, games: 2, seed: 'r', seats: 'all' });
    const obsOf = (seed: string, seat: number) => {
      const env = createEnv({ players: 2, seed });
      return Array.from(env.observe(seat).observation);
    };
    const row = (g: number, p: number) =>
      Array.from(batch.observations.subarray((g * 2 + p) * batch.observationSize, (g * 2 + p + 1) * batch.observationSize));
    expect(row(1, 0)).toEqual(obsOf('r/1/0', 0));
    batch.reset();
    expect(row(0, 1)).toEqual(obsOf('r/0/1', 1));
    expect(row(1, 0)).toEqual(obsOf('r/1/1', 0));
    batch.reset('q');
    expect(row(1, 1)).toEqual(obsOf('q/1/0', 1));
    batch.reset();
    expect(row(0, 0)).toEqual(obsOf('q/0/1', 0));
    expect(createGame({ players: 2, seed: 'q/0/1' }).players).toBe(2);
    // A seed createGame would refuse is refused here too, before any game moves ("NaN/0/0" would be a string it takes).
    const kept = Array.from(batch.observations);
    expect(() => batch.reset(Number.NaN)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    expect(Array.from(batch.observations)).toEqual(kept);
    batch.reset();
    expect(row(0, 0)).toEqual(obsOf('q/0/2', 0));
    expect(() => createBatchEnv({ players: 2, games: 2, seed: Number.POSITIVE_INFINITY })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    );
  });
});

describe('createBatchEnv step', () => {
  it('a bad action anywhere moves no game', () => {
    const batch = createBatchEnv({ players: 4, games: 3, seed: 2 });
    const before = Array.from(batch.observations);
    const good = [0, 1, 2].map((g) => pickRow(batch.masks, g, testRandom(g)));
    const bad = batch.masks.indexOf(0, 2 * ACTION_COUNT) - 2 * ACTION_COUNT;
    expect(() => batch.step([good[0] as number, good[1] as number, bad])).toThrow(/^game 2: /);
    expect(() => batch.step([good[0] as number, 1.5, good[2] as number])).toThrow(expect.objectContaining({ code: 'MALFORMED_ACTION' }));
    expect(() => batch.step([good[0] as number, good[1] as number])).toThrow(RangeError);
    expect(Array.from(batch.observations)).toEqual(before);
    batch.step(good);
    expect(Array.from(batch.observations)).not.toEqual(before);
  });

  it('reads each action once: what the check passed is what is played', () => {
    const batch = createBatchEnv({ players: 4, games: 2, seed: 1 });
    const singles = [0, 1].map((g) => createEnv({ players: 4, seed: `1/${g}/0` }));
    const chosen = [0, 1].map((g) => pickRow(batch.masks, g, testRandom(g)));
    let reads = 0;
    // Game 1's entry gives the check a legal index, then an illegal one.
    const actions = {
      length: 2,
      0: chosen[0] as number,
      get 1() {
        reads += 1;
        return reads === 1 ? (chosen[1] as number) : 9999;
      },
    };
    batch.step(actions);
    expect(reads).toBe(1);
    for (let g = 0; g < 2; g++) {
      const env = singles[g] as Env;
      env.step(chosen[g] as number);
      const row = batch.observations.subarray(g * batch.observationSize, (g + 1) * batch.observationSize);
      expect(Array.from(row), `game ${g}`).toEqual(Array.from(env.last().observation));
    }
  });

  it('a teacher labels every acting seat with its choice, a legal action, without moving the games', () => {
    const taught = createBatchEnv({ players: 3, games: 3, seed: 't', teacher: heuristicBot });
    const plain = createBatchEnv({ players: 3, games: 3, seed: 't' });
    expect(plain.teacherActions.length).toBe(0);
    const rand = testRandom(4);
    const actions = new Int32Array(3);
    let agreed = 0;
    for (let t = 0; t < 200; t++) {
      expect(Array.from(taught.observations)).toEqual(Array.from(plain.observations));
      for (let g = 0; g < 3; g++) {
        const advice = taught.teacherActions[g] as number;
        expect(taught.masks[g * ACTION_COUNT + advice]).toBe(1);
        actions[g] = t % 2 === 0 ? advice : pickRow(taught.masks, g, rand);
        if (actions[g] === advice) agreed += 1;
      }
      taught.step(actions);
      plain.step(actions);
    }
    expect(agreed).toBeGreaterThan(300);
    expect(() => createBatchEnv({ players: 2, games: 1, teacher: 'heuristic' as never })).toThrow(/teacher/);
  }, 60_000);

  it('a random teacher’s labels depend on each game’s seed only: reset(seed) gives those of a new batch, another batch size the same', () => {
    /** The teacher's labels of `steps` steps from the batch's current start, game by game, with actions drawn from `rand`. */
    const labels = (batch: ReturnType<typeof createBatchEnv>, steps: number, rand: () => number): number[][] => {
      const out: number[][] = [];
      const actions = new Int32Array(batch.games);
      for (let t = 0; t < steps; t++) {
        out.push(Array.from(batch.teacherActions));
        for (let g = 0; g < batch.games; g++) actions[g] = pickRow(batch.masks, g, rand);
        batch.step(actions);
      }
      return out;
    };
    const used = createBatchEnv({ players: 3, games: 3, seed: 5, teacher: randomBot });
    labels(used, 40, testRandom(2)); // labels drawn before: the stream has moved on
    used.reset(9);
    const again = labels(used, 120, testRandom(7));
    used.reset(9);
    expect(labels(used, 120, testRandom(7))).toEqual(again);
    const fresh = createBatchEnv({ players: 3, games: 3, seed: 9, teacher: randomBot });
    expect(labels(fresh, 120, testRandom(7))).toEqual(again);
    // Game 0 of a batch of one plays the seed of game 0 of a batch of three: the same labels,
    // whatever the other games drew (the actions of game 0 are the same: the first draw of each step).
    const alone = createBatchEnv({ players: 3, games: 1, seed: 9, teacher: randomBot });
    const rand = testRandom(7);
    const aloneLabels: number[] = [];
    const one = new Int32Array(1);
    for (let t = 0; t < 120; t++) {
      aloneLabels.push(alone.teacherActions[0] as number);
      one[0] = pickRow(alone.masks, 0, rand);
      rand();
      rand(); // the draws of games 1 and 2 in the batch of three
      alone.step(one);
    }
    expect(aloneLabels).toEqual(again.map((row) => row[0]));
  }, 60_000);

  it('with bots, the rows are your seats’ turns only, and finished games report every seat', () => {
    const batch = createBatchEnv({ players: 4, games: 4, seed: 'hb', bots: [null, heuristicBot, heuristicBot, heuristicBot] });
    const rand = testRandom(9);
    const actions = new Int32Array(4);
    let ended = 0;
    for (let t = 0; ended < 4 && t < 2000; t++) {
      expect(Array.from(batch.agents).every((a) => a === 0)).toBe(true);
      for (let g = 0; g < 4; g++) actions[g] = pickRow(batch.masks, g, rand);
      batch.step(actions);
      for (let g = 0; g < 4; g++) {
        if (batch.dones[g] === 1) {
          ended += 1;
          const row = Array.from(batch.rewards.subarray(g * 4, g * 4 + 4));
          expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
          expect(Array.from(batch.winners.subarray(g * 4, g * 4 + 4)).some((w) => w === 1)).toBe(true);
        }
      }
    }
    expect(ended).toBeGreaterThanOrEqual(4);
  }, 60_000);
});

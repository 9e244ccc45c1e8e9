/**
 * A bot on a seat that fails — it chooses an action the game refuses, or throws its own error —
 * is the faulty party: the call it failed in (`step`, `reset`, `load`, a batch's `step` or
 * `reset`) throws, naming the bot's seat (and the game, in a batch), and changes nothing; played
 * on with a bot that behaves, the environment plays exactly the games of one whose bots never
 * failed.
 */
import { describe, expect, it } from 'vitest';
import type { Bot, BotRandom } from '../../src/bots/index.js';
import type { BatchEnv, Env } from '../../src/env/index.js';
import { ACTION_COUNT, createBatchEnv, createEnv } from '../../src/env/index.js';
import type { Action, PlayerCount, PlayerView } from '../../src/index.js';
import { ACTION_IDS_PER_PLAYER, actionFromId, actionId, RulesError, serialize } from '../../src/index.js';
import { testRandom } from '../helpers/hidden.js';

/** A bot that plays a random legal action, and fails on its `failAt`-th call once armed. */
function flakyBot(players: PlayerCount): { bot: Bot; arm(at: number, mode: 'refused' | 'throws'): void; own: Error } {
  let calls = 0;
  let failAt = 0;
  let mode: 'refused' | 'throws' = 'refused';
  const own = new Error('the bot broke');
  const bot: Bot = (v: PlayerView, random: BotRandom): Action => {
    const legal = v.legal;
    const chosen = legal[random.int(legal.length)] as Action;
    if (failAt === 0 || ++calls < failAt) return chosen;
    failAt = 0;
    if (mode === 'throws') throw own;
    const ids = new Set(legal.map((a) => actionId(a, players)));
    for (let i = 0; i < ACTION_IDS_PER_PLAYER; i++) {
      const id = (v.viewer as number) * ACTION_IDS_PER_PLAYER + i;
      if (!ids.has(id)) return actionFromId(id, players); // one the game refuses now
    }
    throw new Error('unreachable: every action legal');
  };
  return {
    bot,
    own,
    arm(at, m) {
      calls = 0;
      failAt = at;
      mode = m;
    },
  };
}

/** Everything a caller can see of an environment. */
function picture(env: Env): unknown {
  return {
    state: serialize(env.state),
    agent: env.agentSelection,
    steps: env.steps,
    seed: env.seed,
    done: env.done,
    rewards: [...env.rewards],
    cumulative: [...env.cumulativeRewards],
    terminations: [...env.terminations],
    infoStates: env.agents.map((p) => Array.from(env.infoState(p))),
  };
}

/** Everything a caller can see of a batch (each array as the base64 text of its bytes). */
function batchPicture(b: BatchEnv): string[] {
  const arrays = [b.observations, b.masks, b.agents, b.rewards, b.dones, b.points, b.winners, b.infoStates, b.infoStateLengths];
  return [...arrays.map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64')), String(b.finished)];
}

/** Arms the bot to fail at each of its calls in turn while `call` fails: returns the errors. */
function everyFailure(arm: (at: number) => void, call: () => void, unchanged: () => void): unknown[] {
  const errors: unknown[] = [];
  for (let at = 1; at <= 500; at++) {
    arm(at);
    try {
      call();
    } catch (e) {
      errors.push(e);
      unchanged();
      continue;
    }
    return errors;
  }
  throw new Error(`still failing once the bot behaves: ${String(errors.at(-1))}`);
}

describe('a bot on a seat that fails', () => {
  it('env.step, reset and load: the error names the seat and nothing changes; then the game plays on as if the bot never failed', () => {
    for (const mode of ['refused', 'throws'] as const) {
      const flaky = flakyBot(3);
      const good = flakyBot(3);
      const env = createEnv({ players: 3, seed: 5, infoState: true, bots: [flaky.bot, null, flaky.bot] });
      const twin = createEnv({ players: 3, seed: 5, infoState: true, bots: [good.bot, null, good.bot] });
      const rand = testRandom(3);
      let failures = 0;
      let resetFailures = 0;
      const check = (e: unknown): void => {
        if (mode === 'throws') expect(e).toBe(flaky.own);
        else {
          expect(e).toBeInstanceOf(RulesError);
          expect((e as Error).message).toMatch(/^the bot on seat [02]: /);
        }
      };
      for (let games = 0; games < 3; games++) {
        while (!env.done) {
          const { mask } = env.observe(env.agentSelection as number);
          const legal = [...mask.keys()].filter((i) => mask[i] === 1);
          const k = legal[Math.floor(rand() * legal.length)] as number;
          const before = picture(env);
          const errors = everyFailure(
            (at) => flaky.arm(at, mode),
            () => env.step(k),
            () => expect(picture(env)).toEqual(before),
          );
          errors.forEach(check);
          failures += errors.length;
          // The step that passed played as the twin's, whose bots never failed.
          twin.step(k);
          expect(picture(env)).toEqual(picture(twin));
        }
        const before = picture(env);
        const errors = everyFailure(
          (at) => flaky.arm(at, mode),
          () => env.reset(),
          () => expect(picture(env)).toEqual(before),
        );
        errors.forEach(check);
        resetFailures += errors.length; // none when seat 1 plays first
        twin.reset();
        expect(picture(env)).toEqual(picture(twin));
      }
      expect(failures).toBeGreaterThan(20);
      expect(resetFailures).toBeGreaterThan(0);
      const save = twin.state;
      const before = picture(env);
      const errors = everyFailure(
        (at) => flaky.arm(at, mode),
        () => env.load(save),
        () => expect(picture(env)).toEqual(before),
      );
      errors.forEach(check);
      twin.load(save);
      expect(picture(env)).toEqual(picture(twin));
    }
  });

  it('batch.step and reset: the error names the game and the seat, and no game moves, those stepped before it included', () => {
    for (const mode of ['refused', 'throws'] as const) {
      const flaky = flakyBot(3);
      const good = flakyBot(3);
      const options = { players: 3 as const, games: 3, seed: 2, infoState: true };
      const batch = createBatchEnv({ ...options, bots: [null, flaky.bot, flaky.bot] });
      const twin = createBatchEnv({ ...options, bots: [null, good.bot, good.bot] });
      const rand = testRandom(4);
      const actions = new Int32Array(3);
      const named = new Set<number>();
      while (batch.finished < 2) {
        for (let g = 0; g < 3; g++) {
          let count = 0;
          for (let i = g * ACTION_COUNT; i < (g + 1) * ACTION_COUNT; i++) count += batch.masks[i] as number;
          let r = Math.floor(rand() * count);
          for (let i = g * ACTION_COUNT; ; i++) {
            if (batch.masks[i] === 1 && r-- === 0) {
              actions[g] = i - g * ACTION_COUNT;
              break;
            }
          }
        }
        const before = batchPicture(batch);
        const errors = everyFailure(
          (at) => flaky.arm(at, mode),
          () => batch.step(actions),
          () => expect(batchPicture(batch)).toEqual(before),
        );
        for (const e of errors) {
          if (mode === 'throws') expect(e).toBe(flaky.own);
          else {
            const m = /^game (\d): the bot on seat [12]: /.exec((e as Error).message);
            expect(m).not.toBeNull();
            named.add(Number(m?.[1]));
          }
        }
        twin.step(actions);
        expect(batchPicture(batch)).toEqual(batchPicture(twin));
      }
      if (mode === 'refused') expect([...named].sort()).toEqual([0, 1, 2]);
      const before = batchPicture(batch);
      const errors = everyFailure(
        (at) => flaky.arm(at, mode),
        () => batch.reset(),
        () => expect(batchPicture(batch)).toEqual(before),
      );
      expect(errors.length).toBeGreaterThan(3);
      twin.reset();
      expect(batchPicture(batch)).toEqual(batchPicture(twin));
    }
  }, 60_000);
});

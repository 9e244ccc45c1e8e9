import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stageOf } from '../../src/bots/evaluate.js';
import { BOT_IDS, botFromId, botIdProblem, botRandom, heuristicBot, ismctsNetBot, netBot, playGame } from '../../src/bots/index.js';
import { choicesOf } from '../../src/bots/net/choices.js';
import { floatsFromBase64, fromBase64, layersOf } from '../../src/bots/net/dense.js';
import { layersFrom } from '../../src/bots/net/network.js';
import { shippedPolicy, shippedValue } from '../../src/bots/net/networks.js';
import { CHOICE_FEATURES, DECISION_FEATURES, stageOfView } from '../../src/bots/net/policy-features.js';
import { policyNetwork } from '../../src/bots/net/policy-net.js';
import { CONTEXT_FEATURES, SEAT_FEATURES, valueInputs } from '../../src/bots/net/value-features.js';
import { valueNetwork } from '../../src/bots/net/value-net.js';
import { POLICY_NETWORK, VALUE_NETWORK } from '../../src/bots/net/weights.js';
import { sameAction } from '../../src/bots/play.js';
import { candidates } from '../../src/bots/rollout.js';
import type { Action, PlayerCount } from '../../src/index.js';
import { createGame, currentPlayer, DEFAULT_VARIANTS, legalActions, PUBLISHED_VARIANTS, view } from '../../src/index.js';
import { rejection } from '../helpers/errors.js';
import { heuristicPositions, type Position } from '../helpers/positions.js';

interface Reference {
  value: { seats: number[]; context: number[]; out: number[] }[];
  policy: { decision: number[]; choices: number[]; out: number[] }[];
}
const REFERENCE = JSON.parse(readFileSync(new URL('./fixtures/net-reference.json', import.meta.url), 'utf8')) as Reference;

/** States and views along a game of heuristic bots. */
function positions(players: PlayerCount, seed: string, published = false): Position[] {
  return heuristicPositions({ players, seed, variants: published ? PUBLISHED_VARIANTS : DEFAULT_VARIANTS });
}

describe('the shipped networks', { timeout: 60_000 }, () => {
  it('decode to layers that fit the features, with finite weights, in under 1 MB of source', () => {
    const value = layersFrom(VALUE_NETWORK);
    const policy = layersFrom(POLICY_NETWORK);
    expect(value.map((l) => l.cols)).toEqual([SEAT_FEATURES, CONTEXT_FEATURES, value[0]?.rows, value[2]?.rows]);
    expect(policy.map((l) => l.cols)).toEqual([CHOICE_FEATURES, DECISION_FEATURES, policy[0]?.rows, policy[2]?.rows]);
    expect(value[3]?.rows).toBe(1);
    expect(policy[3]?.rows).toBe(1);
    for (const l of [...value, ...policy]) {
      expect(l.w.every(Number.isFinite)).toBe(true);
      expect(l.b.every(Number.isFinite)).toBe(true);
    }
    expect(statSync(new URL('../../src/bots/net/weights.ts', import.meta.url)).size).toBeLessThanOrEqual(1_000_000);
  });

  it('compute what the Python trainer computes on the same inputs (float32, to 1e-5)', () => {
    const value = valueNetwork(layersFrom(VALUE_NETWORK));
    expect(REFERENCE.value.length).toBeGreaterThanOrEqual(4);
    for (const r of REFERENCE.value) {
      const n = r.out.length;
      const got = value(Float32Array.from(r.seats), n, Float32Array.from(r.context), new Array<number>(n).fill(0));
      for (let i = 0; i < n; i++) expect(Math.abs((got[i] as number) - (r.out[i] as number))).toBeLessThan(1e-5);
    }
    const policy = policyNetwork(layersFrom(POLICY_NETWORK));
    expect(REFERENCE.policy.length).toBeGreaterThanOrEqual(3);
    for (const r of REFERENCE.policy) {
      const got = policy(Float32Array.from(r.choices), r.out.length, Float32Array.from(r.decision), new Float64Array(r.out.length));
      for (let i = 0; i < r.out.length; i++) expect(Math.abs((got[i] as number) - (r.out[i] as number))).toBeLessThan(1e-5);
    }
  });

  it('give every seat a chance to win, summing to 1, from 2 to 5 players', () => {
    const value = shippedValue();
    for (const n of [2, 3, 4, 5] as const) {
      for (const { state } of positions(n, `net-value-${n}`).filter((_, i) => i % 7 === 0)) {
        const out = value(state, new Array<number>(n).fill(0));
        expect(out.every((x) => x >= 0 && x <= 1)).toBe(true);
        expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
      }
    }
  });
});

describe('base64 and layers', { timeout: 60_000 }, () => {
  it('decodes base64 as Node does, with and without padding', () => {
    const bytes = Uint8Array.from({ length: 259 }, (_, i) => (i * 37 + 11) & 255);
    for (const n of [0, 1, 2, 3, 4, 100, 259]) {
      const text = Buffer.from(bytes.subarray(0, n)).toString('base64');
      expect(Array.from(fromBase64(text))).toEqual(Array.from(bytes.subarray(0, n)));
      expect(Array.from(fromBase64(text.replace(/=+$/, '')))).toEqual(Array.from(bytes.subarray(0, n)));
    }
    expect(() => fromBase64('ab$d')).toThrow(/bad character/);
  });

  it('reads little-endian float32 and cuts layers by shape', () => {
    const floats = Float32Array.from([1.5, -2, 3.25, 0, 7, 8, 9]);
    const text = Buffer.from(floats.buffer).toString('base64');
    expect(Array.from(floatsFromBase64(text))).toEqual(Array.from(floats));
    const [a, b] = layersOf(floats, [
      [1, 2],
      [1, 3],
    ]);
    expect(Array.from(a?.w ?? [])).toEqual([1.5, -2]);
    expect(Array.from(a?.b ?? [])).toEqual([3.25]);
    expect(Array.from(b?.w ?? [])).toEqual([0, 7, 8]);
    expect(() => layersOf(floats, [[2, 2]])).toThrow(/7 weights/);
  });
});

describe('features', { timeout: 60_000 }, () => {
  it("the policy's choices are the search's root choices, read from the view", () => {
    for (const [n, published] of [
      [2, false],
      [4, false],
      [4, true],
      [5, true],
    ] as const) {
      for (const { state, view: v } of positions(n, `net-choices-${n}`, published)) {
        if (v.legal.length < 2 || v.step === 'pay') continue;
        const mine = choicesOf(v);
        const search = candidates(state, legalActions(state), 1);
        expect(mine.length).toBe(search.length);
        for (const a of search) expect(mine.some((b) => sameAction(a, b))).toBe(true);
      }
    }
  });

  it("a view's stage is the search's stage of the state", () => {
    for (const n of [2, 3, 4, 5] as const)
      for (const { state, view: v } of positions(n, `net-stage-${n}`)) expect(stageOfView(v)).toBe(stageOf(state));
  });

  it('the value inputs are finite, with one stage and one player count', () => {
    const seats = new Float32Array(5 * SEAT_FEATURES);
    const context = new Float32Array(CONTEXT_FEATURES);
    for (const { state } of positions(4, 'net-inputs').filter((_, i) => i % 5 === 0)) {
      valueInputs(state, seats, context);
      expect(seats.every(Number.isFinite)).toBe(true);
      expect(context.every(Number.isFinite)).toBe(true);
      // One stage, one player count.
      expect(context.subarray(0, 14).reduce((a, b) => a + b, 0)).toBe(1);
      expect(context[14 + 2]).toBe(1);
    }
  });
});

describe('netBot', { timeout: 60_000 }, () => {
  it('plays only legal actions, 2 to 5 players, under both variant sets', () => {
    for (const players of [2, 3, 4, 5] as const) {
      for (const variants of [DEFAULT_VARIANTS, PUBLISHED_VARIANTS]) {
        const bots = Array.from({ length: players }, (_, s) => (s % 2 === 0 ? netBot() : heuristicBot));
        // playGame throws on an illegal action.
        const { state } = playGame({ players, seed: `net-legal-${players}`, variants, bots });
        expect(state.step).toBe('over');
      }
    }
  });

  it('is deterministic: the same view gives the same action; with a temperature, the same seed does', () => {
    const bot = netBot();
    const other = netBot();
    for (const { view: v } of positions(4, 'net-det').filter((x) => x.view.legal.length > 1)) {
      expect(bot(v, botRandom(1))).toEqual(other(v, botRandom(2)));
    }
    const a = playGame({
      players: 4,
      seed: 'net-temp',
      bots: [netBot({ temperature: 1, seed: 5 }), heuristicBot, heuristicBot, heuristicBot],
    });
    const b = playGame({
      players: 4,
      seed: 'net-temp',
      bots: [netBot({ temperature: 1, seed: 5 }), heuristicBot, heuristicBot, heuristicBot],
    });
    expect(b.actions).toEqual(a.actions);
  });

  it('plays the choice its network rates highest', () => {
    const policy = shippedPolicy();
    const bot = netBot();
    for (const { view: v } of positions(3, 'net-argmax')) {
      if (v.legal.length < 2 || v.step === 'pay') continue;
      const choices = choicesOf(v);
      const p = policy(v, choices);
      const best = Math.max(...p);
      const played = bot(v, botRandom(0));
      const i = choices.findIndex((a) => sameAction(a, played));
      expect(p[i]).toBe(best);
    }
  });

  it('refuses a bad temperature, and a view where it is not to move', () => {
    expect(rejection(() => netBot({ temperature: -1 })).code).toBe('INVALID_OPTIONS');
    expect(rejection(() => netBot({ temperature: Number.NaN })).code).toBe('INVALID_OPTIONS');
    const state = createGame({ players: 3, seed: 1 });
    const idle = view(state, ((currentPlayer(state) as number) + 1) % 3);
    expect(rejection(() => netBot()(idle, botRandom(0))).code).toBe('NOT_YOUR_TURN');
  });
});

describe('ismctsNetBot', { timeout: 60_000 }, () => {
  it('plays only legal actions and is reproducible from its seed', () => {
    const play = (): readonly Action[] =>
      playGame({
        players: 4,
        seed: 'ismcts-net-legal',
        bots: [ismctsNetBot({ iterations: 40, seed: 3 }), heuristicBot, ismctsNetBot({ iterations: 40, seed: 4 }), heuristicBot],
      }).actions;
    expect(play()).toEqual(play());
    const two = playGame({
      players: 2,
      seed: 'ismcts-net-2',
      variants: PUBLISHED_VARIANTS,
      bots: [ismctsNetBot({ iterations: 30 }), heuristicBot],
    });
    expect(two.state.step).toBe('over');
  });

  it('with priorWeight 0 searches with the value network alone; refuses a bad weight', () => {
    const { state } = playGame({
      players: 3,
      seed: 'ismcts-net-0',
      bots: [ismctsNetBot({ iterations: 30, priorWeight: 0 }), heuristicBot, heuristicBot],
    });
    expect(state.step).toBe('over');
    expect(rejection(() => ismctsNetBot({ priorWeight: -0.5 })).code).toBe('INVALID_OPTIONS');
    expect(rejection(() => ismctsNetBot({ iterations: 0 })).code).toBe('INVALID_OPTIONS');
  });
});

describe('bot ids', { timeout: 60_000 }, () => {
  it('net, ismcts-net and ismcts-net:N name the network bots', () => {
    expect(BOT_IDS).toContain('net');
    expect(BOT_IDS).toContain('ismcts-net:N');
    for (const id of ['net', 'ismcts-net', 'ismcts-net:1', 'ismcts-net:500']) expect(botIdProblem(id)).toBeNull();
    expect(botIdProblem('ismcts-net:0')).toMatch(/ismcts-net:N needs N from 1/);
    expect(botIdProblem('ismcts-net:')).toMatch(/unknown bot/);
    expect(botIdProblem('nets')).toMatch(/unknown bot "nets": expected .* net, ismcts-net or ismcts-net:N/);
    const state = createGame({ players: 4, seed: 2 });
    const v = view(state, currentPlayer(state) as number);
    for (const id of ['net', 'ismcts-net:20']) expect(v.legal).toContainEqual(botFromId(id)(v, botRandom(1)));
  });
});

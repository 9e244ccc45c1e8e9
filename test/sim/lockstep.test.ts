/**
 * The simulator and the pure API in lockstep: random games (every player count and variant)
 * played through both, with the same legal lists (the same frozen objects, the same ids) and the
 * same state after every action, whichever way the simulator is driven (by index, by action, by
 * id, after a copy, a clone or a reload).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action, GameState, PlayerCount } from '../../src/index.js';
import { actionId, apply, createGame, DEFAULT_VARIANTS, fromSave, legalActions, RulesError, score, toSave } from '../../src/index.js';
import type { Simulator } from '../../src/sim/index.js';
import { createSimulator } from '../../src/sim/index.js';
import { deepFreeze } from '../helpers/errors.js';
import { gameCaseArb, optionsArb, pickIndex, runs, timeoutFor } from '../properties/games.js';

/** Fails with a readable diff when the simulator's game differs from the pure one. */
function expectSame(sim: Simulator, state: GameState, where: string): void {
  const got = sim.toState();
  if (JSON.stringify(got) !== JSON.stringify(state)) expect(got, where).toEqual(state);
  if (sim.isOver() !== (state.step === 'over')) expect.fail(`${where}: isOver`);
  if (sim.currentPlayer() !== (state.toMove < 0 ? null : state.toMove)) expect.fail(`${where}: currentPlayer`);
  if (sim.moveCount() !== state.moveCount) expect.fail(`${where}: moveCount`);
}

function expectSameLegal(sim: Simulator, legal: readonly Action[], where: string): void {
  if (sim.legalCount() !== legal.length) expect.fail(`${where}: ${sim.legalCount()} legal actions, expected ${legal.length}`);
  for (let i = 0; i < legal.length; i++) {
    const a = legal[i] as Action;
    if (sim.legalAt(i) !== a) expect(sim.legalAt(i), `${where}: legalAt(${i})`).toEqual(a);
    if (sim.legalIdAt(i) !== actionId(a)) expect.fail(`${where}: legalIdAt(${i}) is ${sim.legalIdAt(i)}, expected ${actionId(a)}`);
  }
}

describe('the simulator in lockstep with the pure API', () => {
  it(
    'random games: the same legal actions and the same state after every action, driven by index, action or id',
    () => {
      const numRuns = runs(400);
      fc.assert(
        fc.property(gameCaseArb, fc.nat(), (c, driverSeed) => {
          let state = createGame(c.options);
          let sim = createSimulator(state);
          const spare = createSimulator(state);
          expectSame(sim, state, 'start');
          for (let i = 0; state.step !== 'over'; i++) {
            if (i > 20_000) expect.fail('runaway game');
            const legal = legalActions(state);
            expectSameLegal(sim, legal, `ply ${i}`);
            const k = c.picks[i];
            const index = k === undefined ? legal.length - 1 : pickIndex(k, legal.length);
            const action = legal[index] as Action;
            switch ((driverSeed + i) % 7) {
              case 0:
                sim.apply({ ...action }); // a plain copy, checked like apply
                break;
              case 1:
                sim.applyId(actionId(action));
                break;
              case 2: // through another simulator: copyFrom both ways
                spare.copyFrom(sim);
                spare.applyIndex(index);
                sim.copyFrom(spare);
                break;
              case 3:
                sim = sim.clone();
                sim.applyIndex(index);
                break;
              case 4:
                sim.load(sim.toState());
                sim.applyIndex(index);
                break;
              default:
                sim.applyIndex(index);
            }
            state = apply(state, action);
            expectSame(sim, state, `after ply ${i} (${JSON.stringify(action)})`);
          }
          expect(sim.legalCount()).toBe(0);
          expect(sim.score()).toEqual(score(state));
        }),
        { numRuns },
      );
    },
    timeoutFor(runs(400), 150),
  );

  it(
    'uniformly random games to the end, every player count and variant, played by index only',
    () => {
      fc.assert(
        fc.property(optionsArb, fc.integer(), (options, seed) => {
          let state = createGame(options);
          const sim = createSimulator(state);
          let x = seed >>> 0;
          for (let n = 0; state.step !== 'over'; n++) {
            if ((n & 31) === 0) expectSame(sim, state, `ply ${n}`);
            x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
            const legal = legalActions(state);
            const i = x % legal.length;
            if (sim.legalCount() !== legal.length || sim.legalAt(i) !== legal[i]) expect.fail('legal lists differ');
            sim.applyIndex(i);
            state = apply(state, legal[i] as Action);
          }
          expectSame(sim, state, 'end');
        }),
        { numRuns: runs(1000) },
      );
    },
    timeoutFor(runs(1000), 50),
  );

  it(
    'a rejected action throws the error apply throws and leaves the simulator as it was',
    () => {
      fc.assert(
        fc.property(gameCaseArb, (c) => {
          let state = createGame(c.options);
          const sim = createSimulator(state);
          const n = state.players;
          for (let i = 0; state.step !== 'over'; i++) {
            const legal = legalActions(state);
            const p = state.toMove;
            const first = legal[0] as Action;
            const tries: unknown[] = [
              { ...first, player: (p + 1) % n },
              { type: 'pass', player: p },
              { type: 'bid', player: p, amount: 0 },
              { type: 'take', player: p, card: 'joker' },
              { type: 'pay', player: p, card: 'gold-1-1' },
              { type: 'place', player: p, area: 'middle' },
              { type: 'king', player: p, office: 'livestock', value: 2 },
              { ...first, extra: 1 },
              null,
            ];
            for (const t of i % 4 === 0 ? tries : []) {
              let expected: unknown = null;
              try {
                apply(state, t as Action);
              } catch (e) {
                expected = e;
              }
              if (expected === null) continue;
              const before = JSON.stringify(sim.toState());
              let got: unknown = null;
              try {
                sim.apply(t as Action);
              } catch (e) {
                got = e;
              }
              const [g, x] = [got as RulesError, expected as RulesError];
              if (!(g instanceof RulesError) || g.code !== x.code || g.message !== x.message) expect(got).toEqual(expected);
              if (JSON.stringify(sim.toState()) !== before) expect.fail(`sim.apply(${JSON.stringify(t)}) changed the game`);
            }
            const k = c.picks[i];
            const action = legal[k === undefined ? legal.length - 1 : pickIndex(k, legal.length)] as Action;
            sim.apply(action);
            state = apply(state, action);
          }
          const end = JSON.stringify(sim.toState());
          expect(() => sim.applyId(0)).toThrow(/game is over/);
          expect(() => sim.applyId(-1)).toThrow(/no action id -1/);
          expect(JSON.stringify(sim.toState())).toBe(end);
        }),
        { numRuns: runs(100) },
      );
    },
    timeoutFor(runs(100), 200),
  );

  it("toState and load copy: the caller's state and the simulator never share an array", () => {
    const state = createGame({ players: 3, seed: 5 });
    const frozen = JSON.stringify(state);
    const sim = createSimulator(state);
    for (let i = 0; i < 200 && !sim.isOver(); i++) sim.applyIndex(i % sim.legalCount());
    expect(JSON.stringify(state)).toBe(frozen);
    const out = sim.toState();
    const text = JSON.stringify(out);
    (out.hands[0] as number[]).push(999);
    (out.discard as number[]).length = 0;
    expect(JSON.stringify(sim.toState())).toBe(text);
    const other = createSimulator(createGame({ players: 5, seed: 6 }));
    other.copyFrom(sim);
    other.applyIndex(0);
    expect(JSON.stringify(sim.toState())).toBe(text);
    expect(other.players).toBe(3);
  });
  it("the variants are frozen, in the pure API's states and the simulator's: no state read out or loaded can change a game's rules", () => {
    const setRule = (s: GameState): void => {
      (s.variants as { middle: string }).middle = 'one-per-opponent';
    };
    for (const s of [createGame({ players: 3, seed: 5 }), fromSave(toSave(createGame({ players: 4, seed: 5 })))]) {
      expect(Object.isFrozen(s.variants)).toBe(true);
    }
    // A hand-made state whose variants object can still change: the simulator keeps its own.
    const mine = { ...createGame({ players: 4, seed: 7 }), variants: { ...DEFAULT_VARIANTS } };
    const sim = createSimulator(mine);
    setRule(mine);
    expect(sim.peek().variants.middle).toBe('advisor-keeps-last');
    const other = { ...createGame({ players: 4, seed: 8 }), variants: { ...DEFAULT_VARIANTS } };
    sim.load(other);
    setRule(other);
    expect(sim.peek().variants.middle).toBe('advisor-keeps-last');
    const out = sim.toState();
    expect(() => setRule(out)).toThrow(TypeError);
    expect(() => setRule(sim.peek())).toThrow(TypeError);
    const copy = sim.clone();
    copy.copyFrom(sim);
    expect(copy.peek().variants).toEqual(DEFAULT_VARIANTS);
  });

  it("moves change the simulator's own arrays in place: after every move peek() is the same state with the same arrays", () => {
    // The simulator owns every array of its state (no copy per move: the reason it exists).
    const arrays = (s: GameState): unknown[] => [
      s.rng,
      s.middle,
      s.favor,
      s.favorBy,
      s.primary,
      s.secondary,
      s.discard,
      s.hands,
      s.known,
      ...s.hands,
      ...s.known,
    ];
    const names = ['rng', 'middle', 'favor', 'favorBy', 'primary', 'secondary', 'discard', 'hands', 'known'];
    const changed = new Set<string>();
    for (const players of [2, 3, 4, 5] as const) {
      for (const secondaryTitle of ['half', 'tile'] as const) {
        const sim = createSimulator(createGame({ players, seed: players * 10 + secondaryTitle.length, variants: { secondaryTitle } }));
        const s = sim.peek();
        const own = arrays(s);
        for (let i = 0; !sim.isOver(); i++) {
          const before = names.map((k) => JSON.stringify(s[k as keyof GameState]));
          sim.applyIndex((i * 7) % sim.legalCount());
          expect(sim.peek()).toBe(s);
          const now = arrays(s);
          for (let k = 0; k < own.length; k++) if (now[k] !== own[k]) expect.fail(`move ${i}: array ${k} was replaced`);
          names.forEach((k, j) => {
            if (JSON.stringify(s[k as keyof GameState]) !== before[j]) changed.add(k);
          });
        }
      }
    }
    // Every array was written to at least once, so each was checked while it changed.
    expect([...changed].sort()).toEqual([...names].sort());
  });

  it('load across player counts, to a longer or a shorter game: the simulator holds exactly that game and never shares or changes it', () => {
    /** A deep-frozen state `plies` actions into a game: any write into one of its arrays throws. */
    const at = (players: PlayerCount, seed: number, plies: number): GameState => {
      let s = createGame({ players, seed });
      for (let i = 0; i < plies && s.step !== 'over'; i++) {
        const legal = legalActions(s);
        s = apply(s, legal[i % legal.length] as Action);
      }
      return deepFreeze(s);
    };
    const small = at(2, 1, 0);
    const big = at(5, 2, 150);
    expect(big.hands.some((h) => h.length > 0)).toBe(true);
    const sim = createSimulator(small);
    for (const [from, to] of [
      [small, big],
      [big, small],
      [small, big],
    ] as const) {
      expect(sim.toState()).toEqual(from);
      sim.load(to);
      expect(sim.toState()).toEqual(to);
      // Playing on changes the simulator's own arrays only (the frozen states would throw).
      for (let i = 0; i < 40 && !sim.isOver(); i++) sim.applyIndex(i % sim.legalCount());
      sim.load(to);
    }
  });
});

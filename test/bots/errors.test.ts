/**
 * The bots, `playGame` and `simulate` throw `RulesError`s with codes, like the engine: bad
 * options are `INVALID_OPTIONS`, a bot asked to move out of turn says why, and an illegal action
 * returned by a bot is reported with the code and reason `apply` gives.
 */
import { describe, expect, it } from 'vitest';
import type { Bot, PlayGameOptions } from '../../src/bots/index.js';
import { botFromId, botRandom, heuristicBot, ismctsBot, playGame, randomBot, simulate } from '../../src/bots/index.js';
import type { Action, PlayerView } from '../../src/index.js';
import { createGame, isRulesError, view } from '../../src/index.js';
import { rejection } from '../helpers/errors.js';

/** A bot that plays randomly but returns `bad` on its `at`-th turn. */
function cheat(bad: (v: PlayerView) => unknown, at = 0): Bot {
  let turn = 0;
  return (v, rng) => (turn++ === at ? (bad(v) as Action) : randomBot(v, rng));
}

describe('playGame reports why a bot action is illegal', () => {
  it('an out-of-range bid: ILLEGAL_ACTION with the reason from apply', () => {
    const bidTooHigh: Bot = (v, rng) => {
      const bid = v.legal.find((a) => a.type === 'bid');
      return bid ? { ...bid, amount: 1000 } : randomBot(v, rng);
    };
    const e = rejection(() => playGame({ players: 2, seed: 3, bots: [bidTooHigh, randomBot] }));
    expect(e.code).toBe('ILLEGAL_ACTION');
    expect(e.message).toMatch(
      /^playGame: the bot in seat 0 returned an illegal action \{"type":"bid","player":0,"amount":1000\}: player 0 cannot bid 1000: the highest bid with 2 players is \d+$/,
    );
  });

  it("another player's action, a wrong step, a malformed action, a value that is not an action", () => {
    const cases: [(v: PlayerView) => unknown, string, RegExp][] = [
      [(v) => ({ ...(v.legal[0] as Action), player: 1 - (v.viewer as number) }), 'NOT_YOUR_TURN', /cannot act: it is player \d's turn/],
      [(v) => ({ type: 'pass', player: v.viewer }), 'WRONG_STEP', /cannot pass now/],
      [(v) => ({ type: 'bid', player: v.viewer, amount: 2.5 }), 'MALFORMED_ACTION', /needs an integer "amount"/],
      [() => undefined, 'MALFORMED_ACTION', /returned an illegal action undefined: an action must be an object/],
      [() => ({ type: 10n }), 'MALFORMED_ACTION', /an object that is not JSON: unknown action type 10n/],
    ];
    for (const [bad, code, message] of cases) {
      const e = rejection(() => playGame({ players: 2, seed: 4, firstPlayer: 0, bots: [cheat(bad), randomBot] }));
      expect(e.code, e.message).toBe(code);
      expect(e.message).toMatch(message);
      expect(e.message).toMatch(/^playGame: the bot in seat 0 returned an illegal action /);
    }
  });

  it('an error the bot itself throws passes through unchanged', () => {
    const broken: Bot = () => {
      throw new TypeError('my bug');
    };
    expect(() => playGame({ players: 2, seed: 1, bots: [broken, broken] })).toThrow(new TypeError('my bug'));
  });
});

describe('INVALID_OPTIONS for bad settings', () => {
  it('playGame: options, bots, botSeed, onAction and the game options', () => {
    const bad: unknown[] = [
      null,
      4,
      { players: 2, bots: [randomBot] },
      { players: 2, bots: 'random' },
      { players: 2, bots: [randomBot, 'random'] },
      { players: 2, bots: [randomBot, randomBot], botSeed: Number.NaN },
      { players: 2, bots: [randomBot, randomBot], onAction: 3 },
      { players: 7, bots: [randomBot, randomBot] },
      { players: 2, bots: [randomBot, randomBot], variants: { payment: 'cash' } },
    ];
    for (const options of bad) expect(rejection(() => playGame(options as PlayGameOptions)).code).toBe('INVALID_OPTIONS');
  });

  it('simulate: options, players, games, seed, workers, bots', async () => {
    const bad: unknown[] = [
      null,
      { players: 2, bots: ['random', 'random'], games: 0, seed: 1 },
      { players: 2, bots: ['random', 'random'], games: 1, seed: Number.NaN },
      { players: 2, bots: ['random', 'random'], games: 1, seed: 1, workers: 0 },
      { players: 2, bots: 'random', games: 1, seed: 1 },
      { players: 2, bots: ['random', 7], games: 1, seed: 1 },
      { players: 2, bots: ['random', 'alphago'], games: 1, seed: 1 },
      { players: 2, bots: [randomBot, 'random'], games: 2, seed: 1, workers: 2 },
      { players: 1, bots: ['random'], games: 1, seed: 1 },
    ];
    for (const options of bad) {
      const e = await simulate(options as Parameters<typeof simulate>[0]).catch((x: unknown) => x);
      expect(isRulesError(e, 'INVALID_OPTIONS'), String(e)).toBe(true);
    }
  });

  it('botFromId and ismctsBot', () => {
    expect(rejection(() => botFromId('alphago')).code).toBe('INVALID_OPTIONS');
    expect(rejection(() => ismctsBot({ iterations: -1 })).code).toBe('INVALID_OPTIONS');
    expect(rejection(() => ismctsBot({ timeMs: Number.NaN })).code).toBe('INVALID_OPTIONS');
  });
});

describe('a bot asked to move when it cannot', () => {
  it('NOT_YOUR_TURN for another player, GAME_OVER at the end; INVALID_VIEW for a spectator', () => {
    const s = createGame({ players: 3, seed: 1, firstPlayer: 0 });
    for (const bot of [randomBot, heuristicBot, ismctsBot({ iterations: 5 })]) {
      expect(rejection(() => bot(view(s, 1), botRandom(1))).code).toBe('NOT_YOUR_TURN');
    }
    const { state } = playGame({ players: 2, seed: 2, bots: [randomBot, randomBot] });
    for (const bot of [randomBot, heuristicBot, ismctsBot({ iterations: 5 })]) {
      expect(rejection(() => bot(view(state, 0), botRandom(1))).code).toBe('GAME_OVER');
    }
    expect(rejection(() => heuristicBot(view(s, 'spectator') as PlayerView, botRandom(1))).code).toMatch(/INVALID_VIEW|NOT_YOUR_TURN/);
  });
});

/**
 * The bots, `playGame` and `simulate` throw `RulesError`s with codes, like the engine: bad
 * options are `INVALID_OPTIONS`, a bot asked to move out of turn says why, and an illegal action
 * returned by a bot is reported with the code and reason `apply` gives.
 */
import { describe, expect, it } from 'vitest';
import type { Bot, PlayGameOptions } from '../../src/bots/index.js';
import {
  botFromId,
  botRandom,
  heuristicBot,
  ismctsBot,
  ismctsNetBot,
  netBot,
  playGame,
  randomBot,
  simulate,
  simulateShard,
} from '../../src/bots/index.js';
import type { Action, PlayerView } from '../../src/index.js';
import { apply, createGame, currentPlayer, isRulesError, legalActions, view } from '../../src/index.js';
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

  it('the bots read their options as createGame does: an object, known keys, a seed that is a finite number or a string', () => {
    const bad: unknown[] = [
      null,
      [],
      { seed: Number.NaN },
      { seed: {} },
      { timeMs: '5' },
      { timeMs: true },
      { iteration: 1 },
      { iterations: 10_000_001 },
      { iterations: 1e15 },
    ];
    for (const make of [ismctsBot, ismctsNetBot] as ((o: never) => Bot)[]) {
      for (const options of bad) expect(rejection(() => make(options as never)).code, JSON.stringify(options)).toBe('INVALID_OPTIONS');
    }
    for (const options of [null, [], { seed: Number.NaN }, { temperature: 1, seed: {} }, { temperatur: 1 }]) {
      expect(rejection(() => netBot(options as never)).code, JSON.stringify(options)).toBe('INVALID_OPTIONS');
    }
    expect(rejection(() => ismctsBot({ iteration: 1 } as never)).message).toBe(
      'ismctsBot: unknown option "iteration": expected iterations, timeMs, seed',
    );
    expect(rejection(() => ismctsNetBot({ prior: 1 } as never)).message).toMatch(/expected iterations, timeMs, seed, priorWeight$/);
    expect(ismctsBot({ iterations: 10_000_000, timeMs: 1, seed: -0 })).toBeTypeOf('function');
  });

  it('options that cannot be read (a getter or a proxy trap that throws) are INVALID_OPTIONS, not the thrown error', () => {
    const getter = {
      get iterations(): number {
        throw new Error('boom');
      },
    };
    const trap = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    for (const make of [ismctsBot, ismctsNetBot, netBot] as ((o: never) => Bot)[]) {
      expect(rejection(() => make(trap as never)).message).toMatch(/the options cannot be read/);
    }
    expect(rejection(() => ismctsBot(getter as never)).message).toBe(
      'ismctsBot: option "iterations" cannot be read (a getter that throws)',
    );
  });

  it('botFromId: an id that is not a string is INVALID_OPTIONS', () => {
    for (const id of [['ismcts:5'], 5, null, { id: 'random' }]) {
      const e = rejection(() => botFromId(id as never));
      expect(e.code).toBe('INVALID_OPTIONS');
      expect(e.message).toMatch(/^a bot id must be a string/);
    }
  });

  it('a seeded search bot given a view that is not JSON data (a BigInt, a cycle) refuses it as INVALID_VIEW, as unseeded', () => {
    const v = view(createGame({ players: 3, seed: 1, firstPlayer: 0 }), 0);
    const cyclic: Record<string, unknown> = { ...v };
    cyclic.self = cyclic;
    for (const bad of [{ ...v, moveCount: 1n }, cyclic]) {
      expect(rejection(() => ismctsBot({ seed: 1, iterations: 5 })(bad as never, botRandom(1))).code).toBe('INVALID_VIEW');
      expect(rejection(() => netBot({ seed: 1, temperature: 1 })(bad as never, botRandom(1))).code).toBe('INVALID_VIEW');
    }
  });
});

describe('a bot asked to move when it cannot', () => {
  it('heuristicBot and netBot refuse an impossible view with INVALID_VIEW, as ismctsBot does', () => {
    // A real 4-player decision with several choices, then one field of it made impossible.
    let s = createGame({ players: 4, seed: 3 });
    for (let i = 0; i < 6; i++) s = apply(s, legalActions(s)[0] as Action);
    const base = view(s, currentPlayer(s) as number);
    expect(base.legal.length).toBeGreaterThan(1);
    const forged: Record<string, unknown>[] = [
      { ...base, players: 6 },
      { ...base, players: 7 },
      { ...base, players: 3 },
      { ...base, players: '4' },
      { ...base, variants: { ...base.variants, middle: 'bogus' } },
      { ...base, variants: undefined },
      { ...base, viewer: 9 },
      { ...base, step: 'bogus' },
    ];
    const bots: [string, Bot][] = [
      ['heuristicBot', heuristicBot],
      ['netBot', netBot()],
      ['ismctsBot', ismctsBot({ iterations: 5 })],
    ];
    for (const [name, bot] of bots) {
      expect(base.legal).toContainEqual(bot(base, botRandom(1)));
      for (const v of forged) {
        const e = rejection(() => bot(v as never, botRandom(1)));
        expect(e.code, `${name} ${JSON.stringify({ ...v, legal: undefined }).slice(0, 80)}`).toBe('INVALID_VIEW');
      }
    }
  });

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

describe('simulate and playGame refuse keys they do not know, naming the key', () => {
  const base = { players: 2, bots: ['heuristic', 'random'], games: 2, seed: 1 } as const;

  it('simulate: a misspelt option (worker, onprogress, iterations) is INVALID_OPTIONS listing its own keys', async () => {
    for (const key of ['worker', 'onprogress', 'iterations']) {
      const e = await simulate({ ...base, [key]: 2 } as never).catch((x: unknown) => x);
      expect(isRulesError(e, 'INVALID_OPTIONS'), String(e)).toBe(true);
      expect((e as Error).message).toBe(
        `simulate: unknown option "${key}": expected players, bots, games, seed, variants, workers, onProgress`,
      );
    }
    const e = await simulateShard({ ...base, shard: 0, shards: 1, shrads: 2 } as never).catch((x: unknown) => x);
    expect((e as Error).message).toBe(
      'simulateShard: unknown option "shrads": expected players, bots, games, seed, variants, workers, onProgress, shard, shards',
    );
  });

  it('simulate: a bot module with a key other than module, export and label is INVALID_OPTIONS', async () => {
    const bot = { module: 'file:///nowhere/bot.js', export: 'x', foo: 1 };
    const e = await simulate({ ...base, bots: [bot, 'random'] } as never).catch((x: unknown) => x);
    expect(isRulesError(e, 'INVALID_OPTIONS'), String(e)).toBe(true);
    expect((e as Error).message).toBe('simulate: bot module "file:///nowhere/bot.js": unknown key "foo": expected module, export, label');
  });

  it("playGame: an unknown key is named with playGame's own keys", () => {
    const e = rejection(() => playGame({ players: 2, seed: 1, bots: [randomBot, randomBot], games: 4 } as never));
    expect(e.code).toBe('INVALID_OPTIONS');
    expect(e.message).toBe('playGame: unknown option "games": expected players, seed, firstPlayer, variants, bots, botSeed, onAction');
  });
});

describe('only undefined means "the default"', () => {
  it('null (and other falsy values) for iterations, timeMs, temperature, priorWeight are INVALID_OPTIONS', () => {
    for (const make of [
      () => ismctsBot({ iterations: null } as never),
      () => ismctsBot({ timeMs: null } as never),
      () => ismctsNetBot({ iterations: null } as never),
      () => ismctsNetBot({ timeMs: null } as never),
      () => ismctsNetBot({ priorWeight: null } as never),
      () => netBot({ temperature: null } as never),
    ])
      expect(rejection(make).code).toBe('INVALID_OPTIONS');
  });

  it('simulate: workers null, variants null, 0 or a number are INVALID_OPTIONS', async () => {
    for (const patch of [{ workers: null }, { variants: null }, { variants: 0 }, { variants: 5 }, { variants: '' }]) {
      const e = await simulate({ players: 2, bots: ['heuristic', 'random'], games: 2, seed: 1, ...patch } as never).catch(
        (x: unknown) => x,
      );
      expect(isRulesError(e, 'INVALID_OPTIONS'), `${JSON.stringify(patch)}: ${String(e)}`).toBe(true);
    }
  });
});

describe('ismctsNetBot names itself in its errors', () => {
  it('bad options and a view not to move say ismctsNetBot, not ismctsBot', () => {
    const s = createGame({ players: 3, seed: 1, firstPlayer: 0 });
    const failures = [
      () => ismctsNetBot({ iterations: 0 }),
      () => ismctsNetBot({ seed: Number.NaN }),
      () => ismctsNetBot({ timeMs: -1 }),
      () => ismctsNetBot({ iteration: 5 } as never),
      () => ismctsNetBot({ iterations: 5 })(view(s, 1), botRandom(1)),
      () => ismctsNetBot({ iterations: 5, seed: 1 })({ ...view(s, 0), extra: 1n } as never, botRandom(1)),
    ];
    for (const f of failures) expect(rejection(f).message).toMatch(/^ismctsNetBot: /);
    expect(rejection(() => ismctsBot({ iterations: 5 })(view(s, 1), botRandom(1))).message).toMatch(/^ismctsBot: /);
  });
});

describe('simulate starts no more worker threads than it may', () => {
  it('workers above 256 are INVALID_OPTIONS', async () => {
    const e = await simulate({ players: 2, bots: ['random', 'random'], games: 2, seed: 1, workers: 1e6 }).catch((x: unknown) => x);
    expect(isRulesError(e, 'INVALID_OPTIONS'), String(e)).toBe(true);
    expect((e as Error).message).toBe('simulate: workers must be a positive integer, at most 256, got 1000000');
  });
});

describe('simulateShard refuses bad options as simulate does', () => {
  it('a bot function, a bad shard or shard count: RulesError INVALID_OPTIONS', async () => {
    const base = { players: 2, bots: ['heuristic', 'random'], games: 4, seed: 1 } as const;
    for (const patch of [
      { shard: 5, shards: 2 },
      { shard: 0, shards: 0 },
      { shard: 0, shards: 1.5 },
      { shard: 0, shards: 5 },
      { shard: -1, shards: 2 },
      {},
      { bots: [heuristicBot, 'random'], shard: 0, shards: 1 },
    ]) {
      const e = await simulateShard({ ...base, ...patch } as never).catch((x: unknown) => x);
      expect(isRulesError(e, 'INVALID_OPTIONS'), `${JSON.stringify(patch)}: ${String(e)}`).toBe(true);
      expect((e as Error).message).toMatch(/^simulateShard: /);
    }
  });
});

describe('botRandom takes a seed createGame would take, and int a positive integer', () => {
  it('a seed that is not a finite number or a string is INVALID_OPTIONS', () => {
    for (const seed of [Number.NaN, Number.POSITIVE_INFINITY, null, undefined, {}, [], true, 1n])
      expect(rejection(() => botRandom(seed as never)).code, String(seed)).toBe('INVALID_OPTIONS');
    for (const seed of [0, -0, 1.5, 2 ** 60, '', 'x']) expect(botRandom(seed).next()).toBeTypeOf('number');
  });

  it('int(n) for n that is not an integer from 1 to 2^32 is INVALID_OPTIONS', () => {
    const r = botRandom(1);
    for (const n of [0, -1, 1.5, Number.NaN, '3', 2 ** 32 + 1, 2 ** 53, Number.POSITIVE_INFINITY])
      expect(rejection(() => r.int(n as never)).code, String(n)).toBe('INVALID_OPTIONS');
    expect(r.int(1)).toBe(0);
    expect(r.int(2 ** 32)).toBeLessThan(2 ** 32);
  });
});

describe('every built-in bot refuses a value that is not a view', () => {
  const bots: [string, Bot][] = [
    ['randomBot', randomBot],
    ['heuristicBot', heuristicBot],
    ['netBot', netBot()],
    ['netBot', netBot({ temperature: 1, seed: 1 })],
    ['ismctsBot', ismctsBot({ iterations: 5 })],
    ['ismctsBot', ismctsBot({ iterations: 5, seed: 1 })],
    ['ismctsNetBot', ismctsNetBot({ iterations: 5 })],
  ];

  it('null, a string, {}, a number, an object with legal only: INVALID_VIEW naming the bot, never a TypeError', () => {
    const s = createGame({ players: 3, seed: 5, firstPlayer: 0 });
    for (const bad of [null, undefined, 'x', {}, 5, { legal: view(s, 0).legal }, { legal: 'abc' }]) {
      for (const [name, bot] of bots) {
        const e = rejection(() => bot(bad as never, botRandom(1)));
        expect(e.code, `${name} ${JSON.stringify(bad)}`).toBe('INVALID_VIEW');
        expect(e.message).toMatch(new RegExp(`^${name}: `));
      }
    }
  });

  it("a view whose currentPlayer is not its viewer is NOT_YOUR_TURN, even when it carries another seat's legal actions", () => {
    let s = createGame({ players: 3, seed: 6 });
    while (s.step !== 'bid') s = apply(s, heuristicBot(view(s, currentPlayer(s) as number), botRandom(0)));
    const bidder = currentPlayer(s) as number;
    const mine = view(s, bidder);
    const theirs = view(s, (bidder + 1) % 3);
    const forged = [
      { ...theirs, legal: mine.legal },
      { ...mine, viewer: (bidder + 1) % 3 },
    ];
    for (const v of forged)
      for (const [name, bot] of bots) expect(rejection(() => bot(v as never, botRandom(3))).code, name).toBe('NOT_YOUR_TURN');
    // The genuine view of a seat not to move is NOT_YOUR_TURN too, as before.
    for (const [name, bot] of bots) expect(rejection(() => bot(theirs, botRandom(3))).code, name).toBe('NOT_YOUR_TURN');
    for (const [name, bot] of bots) expect(mine.legal, name).toContainEqual(bot(mine, botRandom(3)));
  });
});

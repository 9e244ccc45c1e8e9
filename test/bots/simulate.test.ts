import { describe, expect, it } from 'vitest';
import type { Bot, BotResult } from '../../src/bots/index.js';
import { randomBot, simulate, simulateShard } from '../../src/bots/index.js';

describe('simulate', () => {
  it('summarizes wins, seats, scores, length, forfeits and discarded lots', async () => {
    const progress: number[] = [];
    const r = await simulate({ players: 2, bots: ['heuristic', 'random'], games: 6, seed: 3, onProgress: (done) => progress.push(done) });
    expect(r.games).toBe(6);
    expect(r.bots.map((b) => b.id)).toEqual(['heuristic', 'random']);
    const decided = r.bots.reduce((a, b) => a + b.wins, 0) + r.bots.reduce((a, b) => a + b.sharedWins, 0) / 2;
    expect(decided).toBeGreaterThan(0);
    expect(r.seats.reduce((a, s) => a + s.wins, 0)).toBe(r.bots.reduce((a, b) => a + b.wins, 0));
    const [heuristic, random] = r.bots as [BotResult, BotResult];
    expect(heuristic.winRate).toBe(heuristic.wins / 6);
    expect(heuristic.score.mean).toBeGreaterThan(random.score.mean);
    expect(r.length.min).toBeGreaterThan(0);
    expect(r.length.max).toBeGreaterThanOrEqual(r.length.mean);
    expect(r.forfeits.mean).toBeGreaterThan(0); // the random bot overbids
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('rotates seats: each bot plays each seat equally often', async () => {
    const seen: number[][] = [[], []];
    const spy =
      (k: number): Bot =>
      (v, rng) => {
        const mine = seen[k] as number[];
        if (!mine.includes(v.viewer as number)) mine.push(v.viewer as number);
        return randomBot(v, rng);
      };
    await simulate({ players: 2, bots: [spy(0), spy(1)], games: 2, seed: 1 });
    expect(seen.map((s) => s.sort())).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });

  it('gives the identical result on 1 and 2 worker threads', async () => {
    const options = { players: 3, bots: ['heuristic', 'random', 'ismcts:8'], games: 5, seed: 'same' } as const;
    const one = await simulate(options);
    const two = await simulate({ ...options, workers: 2 });
    expect(two).toEqual(one);
  }, 60_000);

  it('reads each option once: a getter cannot pass the checks with one value and be played with another', async () => {
    const reads: Record<string, number> = {};
    /** Options whose `games` and `bots` answer a good value first, then a bad one. */
    const fickle = (games: number, shard = {}) => {
      const answers: Record<string, unknown[]> = {
        games: [games, 'many'],
        bots: [
          ['random', 'random'],
          ['random', 'random', 'heuristic'],
        ],
      };
      const options = { players: 2, seed: 1, ...shard };
      for (const key of Object.keys(answers))
        Object.defineProperty(options, key, {
          enumerable: true,
          get: () => {
            reads[key] = (reads[key] ?? 0) + 1;
            const list = answers[key] as unknown[];
            return list.length > 1 ? list.shift() : list[0];
          },
        });
      return options as never;
    };
    const plain = await simulate({ players: 2, bots: ['random', 'random'], games: 4, seed: 1 });
    expect(await simulate(fickle(4))).toEqual(plain);
    expect(reads).toEqual({ games: 1, bots: 1 });
    const part = await simulateShard(fickle(4, { shard: 1, shards: 2 }));
    expect(part).toEqual(await simulateShard({ players: 2, bots: ['random', 'random'], games: 4, seed: 1, shard: 1, shards: 2 }));
    expect(reads).toEqual({ games: 2, bots: 2 });
  });

  it('rejects bad options with a clear message', async () => {
    await expect(simulate({ players: 2, bots: ['heuristic', 'alphago'], games: 1, seed: 1 })).rejects.toThrow(/unknown bot "alphago"/);
    await expect(simulate({ players: 2, bots: ['heuristic'], games: 1, seed: 1 })).rejects.toThrow(/2 players need 2 bots/);
    await expect(simulate({ players: 6 as 2, bots: [], games: 1, seed: 1 })).rejects.toThrow(/players must be 2, 3, 4 or 5/);
    await expect(simulate({ players: 2, bots: ['random', 'random'], games: 0, seed: 1 })).rejects.toThrow(
      /games must be a positive integer/,
    );
    await expect(simulate({ players: 2, bots: [randomBot, 'random'], games: 2, seed: 1, workers: 2 })).rejects.toThrow(
      /name every bot by its id/,
    );
  });

  it('in this thread, lets timers run between games (a page or a SIGINT handler is not frozen), with the same result', async () => {
    const options = { players: 4, bots: ['heuristic', 'heuristic', 'heuristic', 'random'], games: 60, seed: 1 } as const;
    let done = 0;
    let doneWhenTimerRan = -1;
    const started = performance.now();
    const timer = setTimeout(() => {
      doneWhenTimerRan = done;
    }, 1);
    const result = await simulate({ ...options, onProgress: (d) => (done = d) });
    clearTimeout(timer);
    // Only meaningful when the run took long enough for a timer to be due before its end.
    expect(performance.now() - started).toBeGreaterThan(100);
    expect(doneWhenTimerRan).toBeGreaterThanOrEqual(0);
    expect(doneWhenTimerRan).toBeLessThan(60);
    expect(result).toEqual(await simulate(options));
  });

  it('names the built-in bots given as functions by their ids', async () => {
    const { heuristicBot, ismctsBot, ismctsNetBot, netBot } = await import('../../src/bots/index.js');
    const names = [
      randomBot,
      heuristicBot,
      ismctsBot(),
      ismctsBot({ iterations: 5, seed: 1 }),
      netBot(),
      ismctsNetBot(),
      ismctsNetBot({ iterations: 7 }),
    ];
    expect(names.map((b) => b.name)).toEqual(['random', 'heuristic', 'ismcts', 'ismcts:5', 'net', 'ismcts-net', 'ismcts-net:7']);
    const r = await simulate({ players: 4, bots: [randomBot, heuristicBot, ismctsBot({ iterations: 5 }), netBot()], games: 1, seed: 1 });
    expect(r.bots.map((b) => b.id)).toEqual(['random', 'heuristic', 'ismcts:5', 'net']);
  }, 60_000);
});

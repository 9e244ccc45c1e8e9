import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeShards, shardRange, simulate, simulateShard } from '../../src/bots/index.js';
import { run } from '../../src/cli/run.js';
import { fakeIo } from './io.js';

const root = mkdtempSync(join(tmpdir(), 'ftk-shard-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PLAN = ['--players', '3', '--bots', 'heuristic,random,random', '--games', '11', '--seed', 'shards'];

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = fakeIo();
  const code = await run(argv, io);
  return { code, out: io.out(), err: io.err() };
}

async function shardAll(dir: string, shards: number, plan = PLAN): Promise<void> {
  for (let i = 0; i < shards; i++) {
    const r = await cli(['simulate', ...plan, '--shard', `${i}/${shards}`, '--out', dir]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(new RegExp(`^shard ${i}/${shards}: games \\d+–\\d+ \\(\\d+\\) in .* s, written to `));
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a manifest edited by hand, field by field, to forge it
type Manifest = Record<string, any>;

describe('sharded simulations', () => {
  it('every game is in exactly one shard', () => {
    for (const [games, count] of [
      [11, 3],
      [10, 10],
      [1_000_000, 7],
    ] as const) {
      let next = 0;
      for (let i = 0; i < count; i++) {
        const { from, to } = shardRange(games, i, count);
        expect(from).toBe(next);
        expect(to).toBeGreaterThan(from);
        next = to;
      }
      expect(next).toBe(games);
    }
  });

  it('merge prints exactly what the unsharded simulate prints (JSON and table), whatever the shard count', async () => {
    const whole = await cli(['simulate', ...PLAN, '--json']);
    expect(whole.code).toBe(0);
    for (const shards of [1, 3, 11]) {
      const dir = join(root, `n${shards}`);
      await shardAll(dir, shards);
      expect(readdirSync(dir).sort()).toEqual(
        Array.from({ length: shards }, (_, i) => `shard-${String(i).padStart(String(shards - 1).length, '0')}-of-${shards}.json`),
      );
      const merged = await cli(['merge', dir, '--json']);
      expect(merged.code, merged.err).toBe(0);
      expect(merged.out).toBe(whole.out);
      const table = await cli(['merge', dir]);
      expect(table.out).toMatch(new RegExp(`^3 players · 11 games · seed shards · merged from ${shards} shards?\\n`));
    }
    const table = await cli(['simulate', ...PLAN]);
    const merged = await cli(['merge', join(root, 'n3')]);
    // The same table below the first line (which says how the games were run).
    expect(merged.out.split('\n').slice(1)).toEqual(table.out.split('\n').slice(1));
  }, 60_000);

  it('the library functions: shards on worker threads merge into the single-thread result', async () => {
    const options = { players: 2, bots: ['heuristic', 'random'], games: 9, seed: 4 } as const;
    const whole = await simulate(options);
    const parts = await Promise.all([0, 1].map((shard) => simulateShard({ ...options, shard, shards: 2, workers: shard + 1 })));
    expect(mergeShards(parts.reverse())).toEqual(whole);
  }, 60_000);

  it('a shard run again is harmless: the same file, byte for byte, and no temporary file left', async () => {
    const dir = join(root, 'again');
    await shardAll(dir, 2);
    const before = readFileSync(join(dir, 'shard-1-of-2.json'), 'utf8');
    const r = await cli(['simulate', ...PLAN, '--shard', '1/2', '--out', dir]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'shard-1-of-2.json'), 'utf8')).toBe(before);
    expect(readdirSync(dir).sort()).toEqual(['shard-0-of-2.json', 'shard-1-of-2.json']);
    const manifest = JSON.parse(before) as Record<string, unknown>;
    expect(Object.keys(manifest)).toEqual([
      'format',
      'version',
      'planHash',
      'plan',
      'shard',
      'shards',
      'from',
      'to',
      'count',
      'totals',
      'checksum',
    ]);
    expect(manifest).toMatchObject({ format: 'for-the-king-shard', version: 1, shard: 1, shards: 2, from: 5, to: 11, count: 6 });
  }, 60_000);

  it('merge refuses a missing shard, a shard of another plan, and a damaged file', async () => {
    const dir = join(root, 'bad');
    await shardAll(dir, 3);
    rmSync(join(dir, 'shard-1-of-3.json'));
    let r = await cli(['merge', dir]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/missing shard 1 of 3/);

    const other = PLAN.map((x) => (x === 'shards' ? 'other-seed' : x));
    await shardAll(join(root, 'other'), 3, other);
    writeFileSync(join(dir, 'shard-1-of-3.json'), readFileSync(join(root, 'other', 'shard-1-of-3.json')));
    r = await cli(['merge', dir]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/shards of 2 different plans/);

    await cli(['simulate', ...PLAN, '--shard', '1/3', '--out', dir]);
    expect((await cli(['merge', dir])).code).toBe(0);
    const path = join(dir, 'shard-2-of-3.json');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(/"sum": (\d+)/, (_m, n: string) => `"sum": ${Number(n) + 1}`),
    );
    r = await cli(['merge', dir]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/shard-2-of-3\.json: the checksum does not match/);
    expect(r.err.trim().split('\n')).toHaveLength(1);

    r = await cli(['merge', join(root, 'nothing-here')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cannot read .*nothing-here: there is no such folder/);
  }, 60_000);

  it('merge refuses a shard of the wrong shape even when its checksum was forged to match', async () => {
    const dir = join(root, 'forged');
    await shardAll(dir, 2);
    const path = join(dir, 'shard-1-of-2.json');
    const good = readFileSync(path, 'utf8');
    const forge = (edit: (m: Manifest) => void): void => {
      const m = JSON.parse(good) as Manifest;
      edit(m);
      const { checksum: _, ...body } = m;
      m.checksum = createHash('sha256').update(JSON.stringify(body)).digest('hex');
      writeFileSync(path, JSON.stringify(m));
    };
    const cases: [(m: Manifest) => void, RegExp][] = [
      [
        (m) => {
          m.totals.wins = 'many';
        },
        /shard 1: totals\.wins is not a list of 3 numbers/,
      ],
      [
        (m) => {
          m.totals.points = [{ n: 6 }];
        },
        /shard 1: totals\.points is not a list of 3 spreads/,
      ],
      [
        (m) => {
          m.totals.points[0].sum = 1e300;
        },
        /shard 1: totals\.points\[0\]\.sum is not a whole number/,
      ],
      [
        (m) => {
          m.totals.length = null;
        },
        /shard 1: totals\.length is not an object/,
      ],
      [
        (m) => {
          m.totals.wins[0] += 100;
          m.totals.seatWins[0] += 100;
        },
        /shard 1: totals\.wins and totals\.seatWins do not fit/,
      ],
      [
        (m) => {
          m.totals.forfeits.n = 5;
        },
        /shard 1: totals\.forfeits\.n is not its game count 6/,
      ],
    ];
    for (const [edit, message] of cases) {
      forge(edit);
      const r = await cli(['merge', dir]);
      expect(r.code, String(message)).toBe(1);
      expect(r.err).toMatch(message);
      expect(r.err).not.toMatch(/TypeError|at /);
    }
    writeFileSync(path, good);
    expect((await cli(['merge', dir])).code).toBe(0);
  }, 60_000);

  it('mergeShards reads a shard once and refuses what is not one, naming the shard', async () => {
    const options = { players: 2, bots: ['heuristic', 'random'], games: 4, seed: 5 } as const;
    const part = await simulateShard({ ...options, shard: 0, shards: 1 });
    expect(() => mergeShards([null as never])).toThrow(/mergeShards: shard #1 given: the shard is not an object/);
    expect(() => mergeShards('x' as never)).toThrow(/the shards are not a list/);
    expect(() => mergeShards([{ ...part, plan: { ...part.plan, players: 7 } } as never])).toThrow(/shard 0: plan\.players/);
    expect(() => mergeShards([{ ...part, totals: { ...part.totals, seatWins: [1] } }])).toThrow(/shard 0: totals\.seatWins/);
    expect(() => mergeShards([{ ...part, shards: 2 ** 40 }])).toThrow(/shard 0: shards is not a number from 1 to plan\.games \(4\)/);
    let reads = 0;
    const counted = new Proxy(part, {
      get(target, key, receiver) {
        if (key === 'totals') reads += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(mergeShards([counted])).toEqual(await simulate(options));
    expect(reads).toBe(1);
  }, 60_000);

  it('bad shard options are usage errors', async () => {
    const cases: [string[], RegExp][] = [
      [['simulate', '--shard', '3/3', '--out', root], /--shard must be i\/N with 0 ≤ i < N/],
      [['simulate', '--shard', 'a/b', '--out', root], /--shard must be i\/N/],
      [['simulate', '--shard', '0/2'], /--shard i\/N and --out DIR go together/],
      [['simulate', '--out', root], /go together/],
      [['simulate', '--games', '2', '--shard', '0/3', '--out', root], /2 games cannot make 3 shards/],
      [['merge'], /merge needs the folder/],
    ];
    for (const [argv, message] of cases) {
      const r = await cli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
  });
});

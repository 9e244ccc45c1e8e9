// `npm run train:net` (train.ts, selfplay.ts, publish.ts): every flag checked before anything runs
// (one line, exit 2; --help), a chunk of games kept only when it was played with the same flags, no
// self-play process left running when train:net stops (its output closed, SIGTERM) or is killed
// (SIGKILL: its processes end on their own), and the fixture, the weights and the curve written
// together or not at all.
import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NetFiles } from './publish.js';
import { publishNets } from './publish.js';
import type { NetsFile } from './selfplay.js';
import { chunkKey } from './selfplay.js';
import { parseTrainFlags, TRAIN_HELP, TrainFlagError } from './train-flags.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const TSX = ['--import', 'tsx'];
const folders: string[] = [];
function folder(): string {
  const d = mkdtempSync(join(tmpdir(), 'train-net-test-'));
  folders.push(d);
  return d;
}
afterEach(() => {
  for (const d of folders.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The pids of live processes whose command line holds `marker` (zombies left out). */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker)) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function gone(marker: string, ms = 10_000): Promise<number[]> {
  for (let i = 0; i < ms / 100; i++) {
    const left = processesWith(marker);
    if (left.length === 0) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
  return processesWith(marker);
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.on('exit', () => done());
  });
}

describe('train:net flags', () => {
  it('takes the defaults and whole numbers', () => {
    expect(parseTrainFlags([])).toMatchObject({
      seed: '1',
      jobs: 1,
      heuristicGames: 10000,
      valueEpochs: 6,
      policyEpochs: 12,
      curveGames: 200,
    });
    expect(parseTrainFlags(['--jobs', '2', '--value-epochs', '3', '--no-write'])).toMatchObject({ jobs: 2, valueEpochs: 3, noWrite: true });
  });

  it('refuses every malformed number, an unknown flag and a stray argument', () => {
    for (const bad of [
      ['--jobs', 'abc'],
      ['--jobs', '0'],
      ['--heuristic-games', '0'],
      ['--heuristic-games', 'abc'],
      ['--search-games', '-3'],
      ['--value-epochs', 'abc'],
      ['--policy-epochs', '1.5'],
      ['--curve-games', 'abc'],
      ['--rounds', '10'],
      ['--seed', 'x'],
      ['--bogus'],
      ['stray'],
    ])
      expect(() => parseTrainFlags(bad), bad.join(' ')).toThrow(TrainFlagError);
  });

  it('stops at once with one line and exit 2, and --help lists the flags with their defaults', () => {
    const dir = folder();
    for (const bad of [['--jobs', 'abc'], ['--policy-epochs', '1.5'], ['--bogus']]) {
      const r = spawnSync(process.execPath, [...TSX, 'test/bench/net/train.ts', '--dir', dir, ...bad], { cwd: ROOT, encoding: 'utf8' });
      expect(r.status, bad.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(/^train:net: /);
      expect(r.stdout).toBe('');
    }
    expect(readdirSync(dir)).toEqual([]);
    const help = spawnSync(process.execPath, [...TSX, 'test/bench/net/train.ts', '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout.trim()).toBe(TRAIN_HELP);
    for (const flag of [
      '--seed',
      '--jobs',
      '--dir',
      '--heuristic-games',
      '--value-epochs',
      '--policy-epochs',
      '--curve-games',
      '--no-write',
    ])
      expect(TRAIN_HELP).toContain(flag);
    expect(TRAIN_HELP).toContain('(default 10000)');
  });
});

describe('self-play chunks', () => {
  it('plays a chunk again when it was played with other games', () => {
    const dir = folder();
    const play = (to: string) =>
      spawnSync(
        process.execPath,
        [
          ...TSX,
          'test/bench/net/selfplay.ts',
          '--stage',
          'heuristic',
          '--seed',
          '3',
          '--from',
          '0',
          '--to',
          to,
          '--chunk',
          '50',
          '--dir',
          dir,
        ],
        { cwd: ROOT, encoding: 'utf8' },
      );
    expect(play('2').status).toBe(0);
    expect(play('2').stdout).toBe(''); // the same chunk: kept
    const again = play('3');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('heuristic-000000: played with other flags or networks before, playing it again');
    expect(JSON.parse(readFileSync(join(dir, 'heuristic-000000.done'), 'utf8')).key).toMatchObject({ from: 0, to: 3, seed: '3' });
  });

  it('keys a search chunk by the networks it was played with', () => {
    const a: NetsFile = { value: { shapes: [[1, 1]], weights: 'AAAAAA==' } };
    const b: NetsFile = { value: { shapes: [[1, 1]], weights: 'AACAPw==' } };
    expect(chunkKey('search', '1', 0, 50, a)).toEqual(chunkKey('search', '1', 0, 50, a));
    expect(chunkKey('search', '1', 0, 50, a).nets).not.toEqual(chunkKey('search', '1', 0, 50, b).nets);
    expect(chunkKey('search', '1', 0, 50, a)).not.toEqual(chunkKey('search', '2', 0, 50, a));
    expect(chunkKey('heuristic', '1', 0, 50, null).nets).toBeNull();
  });
});

describe('train:net stopping', () => {
  for (const how of ['its output closed', 'SIGTERM'] as const)
    it(`leaves no self-play process running when stopped by ${how}`, async () => {
      const dir = folder();
      const child = spawn(
        process.execPath,
        [...TSX, 'test/bench/net/train.ts', '--dir', dir, '--jobs', '2', '--heuristic-games', '2000', '--no-write'],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      // Once a self-play process runs, stop the command.
      for (let i = 0; i < 300 && processesWith(join(dir, 'records')).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(processesWith(join(dir, 'records')).length).toBeGreaterThan(0);
      if (how === 'SIGTERM') child.kill('SIGTERM');
      else child.stdout.destroy();
      await exited(child);
      const left = await gone(join(dir, 'records'));
      for (const pid of left) process.kill(pid, 'SIGKILL'); // this test's own, left by a failure
      expect(left).toEqual([]);
    });
});

const HAVE_TORCH = spawnSync('/usr/bin/python3', ['-c', 'import torch'], { stdio: 'ignore' }).status === 0;

/** Waits until a process whose command line holds `marker` runs. */
async function running(marker: string): Promise<void> {
  for (let i = 0; i < 600 && processesWith(marker).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  expect(processesWith(marker).length, marker).toBeGreaterThan(0);
}

describe('train:net killed (SIGKILL: nothing can stop its processes)', () => {
  // The processes notice that the one that started them is gone and end within a move or half a
  // second: self-play and the search hold the event loop for a whole chunk of games, and a
  // chunk of search games takes minutes.
  it('ends every process of `npm run train:net` when the tsx command it runs is killed', async () => {
    const dir = folder();
    const tsx = spawn(
      process.execPath,
      [
        join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
        'test/bench/net/train.ts',
        '--dir',
        dir,
        '--jobs',
        '2',
        '--heuristic-games',
        '20000',
        '--no-write',
      ],
      { cwd: ROOT, stdio: 'ignore' },
    );
    await running(join(dir, 'records'));
    tsx.kill('SIGKILL');
    await exited(tsx);
    const left = await gone(dir, 5000);
    for (const pid of left) process.kill(pid, 'SIGKILL'); // this test's own, left by a failure
    expect(left).toEqual([]);
  });

  it.skipIf(!HAVE_TORCH)('ends the search self-play when train.ts is killed', async () => {
    const dir = folder();
    const child = spawn(
      process.execPath,
      [...TSX, 'test/bench/net/train.ts', '--dir', dir, '--heuristic-games', '1', '--value-epochs', '1', '--no-write'],
      { cwd: ROOT, stdio: 'ignore' },
    );
    await running(`--nets\0${join(dir, 'nets.json')}`); // the search self-play (the command line's arguments are split by NULs)
    child.kill('SIGKILL');
    await exited(child);
    const left = await gone(dir, 5000);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    expect(left).toEqual([]);
  });
});

/** Runs a command to its end; rejects when it fails. */
function runToEnd(command: string, args: readonly string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'ignore' });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} exited with ${String(code)}`))));
  });
}

/** Layers of zeros with these shapes, as `net_train.py` writes them. */
function zeros(shapes: number[][]): { shapes: number[][]; weights: string } {
  const count = shapes.reduce((sum, [r, c]) => sum + (r ?? 0) * (c ?? 0) + (r ?? 0), 0);
  return { shapes, weights: Buffer.alloc(4 * count).toString('base64') };
}

/** A tiny networks file, as a run with too few search games to hold one out writes it (no policy figures). */
function tinyNets(): Record<string, unknown> {
  const held = { loss: null, agree: null };
  return {
    value: zeros([
      [2, 3],
      [2, 2],
      [2, 2],
      [1, 2],
    ]),
    policy: zeros([
      [2, 2],
      [2, 2],
      [2, 2],
      [1, 2],
    ]),
    layout: { seat: 3, context: 2, decision: 2, choice: 2 },
    curves: {
      value: [{ epoch: 1, train: 1, held: { '4': 1.1 }, cpu: 0.1 }],
      policy: [{ epoch: 1, train: 0.9, held, cpu: 0.1 }],
    },
  };
}

describe.skipIf(!HAVE_TORCH)('train:net writing the networks into the repository', () => {
  function setUp(nets: Record<string, unknown>): { dir: string; nets: string; targets: NetFiles } {
    const dir = folder();
    writeFileSync(join(dir, 'nets.json'), JSON.stringify(nets));
    const targets = { fixture: join(dir, 'net-reference.json'), module: join(dir, 'weights.ts'), svg: join(dir, 'net-training.svg') };
    for (const path of Object.values(targets)) writeFileSync(path, 'old\n');
    return { dir, nets: join(dir, 'nets.json'), targets };
  }

  it('leaves the fixture, the weights and the curve as they were when a step fails', async () => {
    const { curves: _, ...noCurves } = tinyNets(); // the reference outputs are made, the exporter fails
    const { dir, nets, targets } = setUp(noCurves);
    await expect(publishNets(runToEnd, { nets, seed: '1', staging: join(dir, 'staged'), targets })).rejects.toThrow();
    for (const path of Object.values(targets)) expect(readFileSync(path, 'utf8'), path).toBe('old\n');
  });

  it('writes all three, formatted, with null for the figures of a run that held no game out', async () => {
    const { dir, nets, targets } = setUp(tinyNets());
    await publishNets(runToEnd, { nets, seed: '1', staging: join(dir, 'staged'), targets });
    expect(JSON.parse(readFileSync(targets.fixture, 'utf8')).value).toHaveLength(4);
    expect(readFileSync(targets.fixture, 'utf8')).toContain('\n    {'); // biome's layout, not one line
    expect(readFileSync(targets.module, 'utf8')).toContain('policy: { loss: null, agree: null }');
    expect(readFileSync(targets.svg, 'utf8')).toContain('no held-out games');
    expect(readdirSync(dir).filter((f) => f.endsWith('.new'))).toEqual([]);
  });
});

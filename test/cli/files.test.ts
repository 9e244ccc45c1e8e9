import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileTooLargeError, readBounded, writeWhole } from '../../src/cli/files.js';
import { run } from '../../src/cli/run.js';
import { MAX_GAME_FILE_BYTES } from '../../src/cli/savefile.js';
import { MAX_SHARD_BYTES } from '../../src/cli/shard.js';
import { checkRecord } from '../../src/index.js';
import { fakeIo } from './io.js';

const root = mkdtempSync(join(tmpdir(), 'ftk-cli-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = fakeIo();
  const code = await run(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('saves and shard files are written whole or not at all', () => {
  it('watch --save replaces the file (a new one renamed over it), never writes into the old one', async () => {
    const dir = join(root, 'replace');
    mkdirSync(dir);
    const file = join(dir, 'game.json');
    expect((await cli(['watch', '--players', '2', '--bots', 'random', '--seed', '1', '--save', file])).code).toBe(0);
    const before = readFileSync(file, 'utf8');
    // A second name for the old file: written in place, it would change too.
    linkSync(file, join(dir, 'kept.json'));
    const r = await cli(['watch', '--players', '3', '--bots', 'random', '--seed', '2', '--save', file]);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(join(dir, 'kept.json'), 'utf8')).toBe(before);
    expect(checkRecord(readFileSync(file, 'utf8')).options.players).toBe(3);
    expect(readdirSync(dir).sort()).toEqual(['game.json', 'kept.json']);
  });

  it("watch --save through a symbolic link writes its target (the link stays a link) and keeps the file's permissions", async () => {
    const dir = join(root, 'linked');
    mkdirSync(join(dir, 'saves'), { recursive: true });
    const real = join(dir, 'saves', 'game.json');
    const link = join(dir, 'game.json');
    expect((await cli(['watch', '--players', '2', '--bots', 'random', '--seed', '1', '--save', real])).code).toBe(0);
    chmodSync(real, 0o664); // shared with a group: its write bit is wider than the usual umask lets a new file have
    symlinkSync(join('saves', 'game.json'), link);
    const r = await cli(['watch', '--players', '3', '--bots', 'random', '--seed', '2', '--save', link]);
    expect(r.code, r.err).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(checkRecord(readFileSync(real, 'utf8')).options.players).toBe(3);
    expect(statSync(real).mode & 0o777).toBe(0o664);
    expect(readdirSync(join(dir, 'saves'))).toEqual(['game.json']);
  });

  it('watch --save through a symbolic link whose target is not there yet creates the target (as `>` does), and the link stays', async () => {
    const dir = join(root, 'linked-new');
    mkdirSync(join(dir, 'real'), { recursive: true });
    const link = join(dir, 'game.json');
    symlinkSync(join('real', 'game.json'), link);
    // A link to that link: the end of the chain is written.
    symlinkSync('game.json', join(dir, 'again.json'));
    const r = await cli(['watch', '--players', '2', '--bots', 'random,random', '--seed', '1', '--save', join(dir, 'again.json')]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/Saved to /);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(dir, 'again.json')).isSymbolicLink()).toBe(true);
    expect(checkRecord(readFileSync(join(dir, 'real', 'game.json'), 'utf8')).options.players).toBe(2);
    expect(readdirSync(join(dir, 'real'))).toEqual(['game.json']);
  });

  it("play's save through a symbolic link whose target is not there yet creates the target, and the link stays", async () => {
    const dir = join(root, 'linked-play');
    mkdirSync(join(dir, 'real'), { recursive: true });
    const link = join(dir, 'game.json');
    symlinkSync(join(dir, 'real', 'game.json'), link);
    const io = fakeIo(`save ${link}\nquit\n`);
    const code = await run(['play', '--players', '2', '--bots', 'random', '--seed', '1'], io);
    expect(code, io.err()).toBe(0);
    expect(io.out()).toMatch(/Saved to /);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(checkRecord(readFileSync(join(dir, 'real', 'game.json'), 'utf8')).options.players).toBe(2);
  });

  it('a file read with a limit is refused when it grows past the limit after it was opened (read, not stat, decides)', () => {
    const file = join(root, 'growing.json');
    writeFileSync(file, 'x'.repeat(10));
    expect(readBounded(file, 100, 'a test file')).toBe('x'.repeat(10));
    writeFileSync(file, 'y'.repeat(101));
    expect(() => readBounded(file, 100, 'a test file')).toThrow(FileTooLargeError);
    // A file that grows between the size check and the read: /dev/zero says 0 bytes and never ends.
    expect(() => readBounded('/dev/zero', 1000, 'a test file')).toThrow(/more than the .* a test file may hold/);
  });

  it('a file that cannot be renamed into place leaves no temporary file behind', () => {
    // (simulate refuses such an --out before its games: this is the write itself.)
    const dir = join(root, 'blocked');
    mkdirSync(join(dir, 'shard-0-of-1.json'), { recursive: true }); // a folder where the file goes
    expect(() => writeWhole(join(dir, 'shard-0-of-1.json'), '{}\n')).toThrow(/shard-0-of-1\.json/);
    expect(readdirSync(dir)).toEqual(['shard-0-of-1.json']);
  });
});

describe('a device or a named pipe is written into, never replaced by a file', () => {
  it('watch --save into a named pipe: its reader gets the record, and the pipe stays a pipe', async () => {
    const dir = join(root, 'fifo');
    mkdirSync(dir);
    const fifo = join(dir, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const got = join(dir, 'got.json');
    const fd = openSync(got, 'w');
    // The reader: a process of its own, as opening a pipe to write waits for one.
    const reader = spawn('cat', [fifo], { stdio: ['ignore', fd, 'ignore'] });
    closeSync(fd);
    const exited = new Promise((done) => reader.on('exit', done));
    try {
      const r = await cli(['watch', '--players', '2', '--bots', 'random', '--seed', '1', '--save', fifo]);
      expect(r.code, r.err).toBe(0);
      expect(lstatSync(fifo).isFIFO()).toBe(true);
      await exited;
      expect(checkRecord(readFileSync(got, 'utf8')).options.players).toBe(2);
      expect(readdirSync(dir).sort()).toEqual(['got.json', 'pipe']);
    } finally {
      if (reader.exitCode === null && reader.signalCode === null) reader.kill();
    }
  });

  // A character device of our own (the null device's numbers) in a test folder: only root may make one.
  it.skipIf(process.getuid?.() !== 0)('watch --save through a link to a character device (as /dev/stdout is one)', async () => {
    const dir = join(root, 'device');
    mkdirSync(dir);
    const device = join(dir, 'null');
    expect(spawnSync('mknod', ['-m', '666', device, 'c', '1', '3']).status).toBe(0);
    const link = join(dir, 'link');
    symlinkSync('null', link);
    const r = await cli(['watch', '--players', '2', '--bots', 'random', '--seed', '1', '--save', link]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/Saved to /);
    expect(lstatSync(device).isCharacterDevice()).toBe(true);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['link', 'null']);
  });
});

describe('--save through a symbolic link is checked where the file is written', () => {
  const main = new URL('../../src/cli/main.ts', import.meta.url).pathname;

  // Root writes anywhere, so as root the program runs as nobody, which needs to read this
  // checkout (not so in a clone under a private temporary folder: the test is skipped there).
  const asRoot = process.getuid?.() === 0;
  const nobodyCanRun =
    !asRoot || spawnSync(process.execPath, ['--import', 'tsx', '-e', '0'], { timeout: 60_000, uid: 65534, gid: 65534 }).status === 0;
  it.skipIf(!nobodyCanRun)(
    "a link in a writable folder to a file in a read-only one is refused before the game (the target's folder takes the temporary file)",
    () => {
      const dir = join(root, 'link-ro');
      const ro = join(dir, 'ro');
      const rw = join(dir, 'rw');
      mkdirSync(ro, { recursive: true });
      mkdirSync(rw);
      const target = join(ro, 'target.json');
      writeFileSync(target, '{}\n');
      chmodSync(target, 0o666);
      symlinkSync(join('..', 'ro', 'target.json'), join(rw, 'link.json'));
      for (const d of [root, dir]) chmodSync(d, 0o755);
      chmodSync(rw, 0o777);
      chmodSync(ro, 0o555);
      const r = spawnSync(
        process.execPath,
        ['--import', 'tsx', main, 'watch', '--players', '2', '--bots', 'random', '--seed', '1', '--save', join(rw, 'link.json')],
        { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HOME: root }, ...(asRoot ? { uid: 65534, gid: 65534 } : {}) },
      );
      chmodSync(ro, 0o755);
      expect(r.stderr).toMatch(/^for-the-king: cannot write .*link\.json: .*permission denied.*[/\\]ro'?\n$/);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe(''); // not a game was played
      expect(readFileSync(target, 'utf8')).toBe('{}\n');
    },
    60_000,
  );
});

describe('destinations are checked before the games are played', () => {
  const file = join(root, 'a-file');
  writeFileSync(file, 'not a folder');
  const blocked = join(root, 'blocked-shard');
  mkdirSync(join(blocked, 'shard-0-of-2.json'), { recursive: true }); // a folder where the shard's file goes
  const cases: [string, string[], RegExp][] = [
    [
      'simulate --out a regular file',
      ['simulate', '--players', '2', '--bots', 'random', '--games', '3000', '--shard', '0/2', '--out', file],
      /^for-the-king: cannot write to .*a-file: .*a-file is not a folder\n$/,
    ],
    [
      'simulate --out a folder under a regular file',
      ['simulate', '--players', '2', '--bots', 'random', '--games', '3000', '--shard', '0/2', '--out', join(file, 'sub')],
      /cannot write to .*a-file[/\\]sub: .*a-file is not a folder/,
    ],
    [
      "simulate --out a folder that holds a folder in the place of the shard's file",
      ['simulate', '--players', '2', '--bots', 'random', '--games', '200', '--shard', '0/2', '--out', blocked],
      /^for-the-king: cannot write .*shard-0-of-2\.json: it is a folder\n$/,
    ],
    [
      'watch --save into a missing folder',
      ['watch', '--players', '2', '--bots', 'random', '--seed', '1', '--save', join(root, 'missing', 'dir', 'g.json')],
      /cannot write .*g\.json: there is no folder .*missing[/\\]dir/,
    ],
    [
      'watch --save onto a folder',
      ['watch', '--players', '2', '--bots', 'random', '--seed', '1', '--save', root],
      /cannot write .*: it is a folder/,
    ],
  ];
  for (const [name, argv, message] of cases) {
    it(name, async () => {
      const r = await cli(argv);
      expect(r.err).toMatch(message);
      expect(r.code).toBe(2);
      expect(r.out).toBe(''); // not a game was played
    });
  }

  it('simulate --out through a dangling symbolic link: refused at once, before any game', async () => {
    const dir = join(root, 'dangling');
    mkdirSync(dir);
    symlinkSync(join(dir, 'nowhere', 'x'), join(dir, 'link'));
    symlinkSync('link', join(dir, 'link-to-link'));
    for (const out of [join(dir, 'link'), join(dir, 'link', 'shards'), join(dir, 'link-to-link', 'a', 'b')]) {
      const r = await cli(['simulate', '--players', '2', '--bots', 'random', '--games', '3000', '--shard', '0/2', '--out', out]);
      expect(r.err).toMatch(/^for-the-king: cannot write to .*: .*link is a symbolic link to .*, which is not there\n$/);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
    }
    expect(readdirSync(dir).sort()).toEqual(['link', 'link-to-link']);
  });

  it("watch --save through a symbolic link whose target's folder is not there: refused at once, the link kept", async () => {
    const dir = join(root, 'dangling-save');
    mkdirSync(dir);
    const link = join(dir, 'game.json');
    symlinkSync(join('real', 'game.json'), link);
    const r = await cli(['watch', '--players', '2', '--bots', 'random,random', '--seed', '1', '--save', link]);
    expect(r.err).toMatch(/^for-the-king: cannot write .*game\.json: there is no folder .*dangling-save[/\\]real\n$/);
    expect(r.code).toBe(2);
    expect(r.out).toBe(''); // not a game was played
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir)).toEqual(['game.json']);
  });

  it('watch --save through a loop of symbolic links: refused at once, the links kept', async () => {
    const dir = join(root, 'loop-save');
    mkdirSync(dir);
    symlinkSync('b.json', join(dir, 'a.json'));
    symlinkSync('a.json', join(dir, 'b.json'));
    const r = await cli(['watch', '--players', '2', '--bots', 'random,random', '--seed', '1', '--save', join(dir, 'a.json')]);
    expect(r.err).toMatch(/^for-the-king: cannot write .*a\.json: .*symbolic links.*\n$/i);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(lstatSync(join(dir, 'a.json')).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'b.json']);
  });

  it("simulate --shard through a dangling link in --out for the shard's file: its target is created, the link stays", async () => {
    const dir = join(root, 'dangling-shard');
    mkdirSync(join(dir, 'out'), { recursive: true });
    mkdirSync(join(dir, 'real'));
    symlinkSync(join('..', 'real', 'shard-0-of-1.json'), join(dir, 'out', 'shard-0-of-1.json'));
    const r = await cli(['simulate', '--players', '2', '--bots', 'random', '--games', '2', '--shard', '0/1', '--out', join(dir, 'out')]);
    expect(r.code, r.err).toBe(0);
    expect(lstatSync(join(dir, 'out', 'shard-0-of-1.json')).isSymbolicLink()).toBe(true);
    expect(readdirSync(join(dir, 'real'))).toEqual(['shard-0-of-1.json']);
  });

  it('a missing --out folder is fine (created when the shard is written)', async () => {
    const out = join(root, 'new', 'deeper');
    const r = await cli(['simulate', '--players', '2', '--bots', 'random', '--games', '2', '--shard', '0/1', '--out', out]);
    expect(r.code, r.err).toBe(0);
    expect(readdirSync(out)).toEqual(['shard-0-of-1.json']);
  });
});

describe('files too large for their kind are refused before they are read', () => {
  it(`replay and play --load: a file over ${MAX_GAME_FILE_BYTES / 2 ** 20} MiB`, async () => {
    const big = join(root, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, MAX_GAME_FILE_BYTES + 1); // sparse: no disk used
    for (const argv of [
      ['replay', big, '--all'],
      ['play', '--load', big],
    ]) {
      const r = await cli(argv);
      expect(r.err).toBe(`for-the-king: cannot load ${big}: it holds 67,108,865 bytes, more than the 64 MiB a game file may hold\n`);
      expect(r.code).toBe(2);
    }
  });

  it(`merge: a shard file over ${MAX_SHARD_BYTES / 2 ** 20} MiB`, async () => {
    const dir = join(root, 'big-shard');
    mkdirSync(dir);
    const big = join(dir, 'shard-0-of-1.json');
    writeFileSync(big, '');
    truncateSync(big, MAX_SHARD_BYTES + 1);
    const r = await cli(['merge', dir]);
    expect(r.err).toBe('for-the-king: shard-0-of-1.json: it holds 1,048,577 bytes, more than the 1 MiB a shard file may hold\n');
    expect(r.code).toBe(2);
  });
});

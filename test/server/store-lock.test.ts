/**
 * The file store's lock: one process per folder; a lock whose owner is gone is taken over, even
 * when its pid now belongs to another process (PID reuse, told apart by the start time); a lock
 * whose owner cannot be proven gone refuses with a typed error naming the owner, and is taken
 * over only when the opener names that pid. A lock file that names no owner yet is not taken
 * while it is young (its writer may be filling it); one folder is one lock in a process, however
 * its path is spelled.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../src/server/store/file.js';
import { mayBeAlive, parseLock, processStart, StoreLockedError } from '../../src/server/store/lock.js';
import { entry, sampleMatch } from './store-contract.js';

const root = mkdtempSync(join(tmpdir(), 'ftk-store-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const folder = (): string => {
  const dir = join(root, `d${n++}`);
  mkdirSync(dir);
  return dir;
};
const writeLock = (dir: string, owner: object | string): void =>
  writeFileSync(join(dir, 'lock'), typeof owner === 'string' ? owner : JSON.stringify(owner));
const linux = processStart('self') !== null;

/** Opens the store in `dir` (taking its lock over), checks the lock names this process, closes it, and checks no lock file is left. */
async function takenOverAndReleased(dir: string): Promise<void> {
  const s = await FileStore.open(dir);
  expect(parseLock(readFileSync(join(dir, 'lock'), 'utf8'))?.pid).toBe(process.pid);
  await s.close();
  expect(readdirSync(dir).filter((f) => f.startsWith('lock'))).toEqual([]);
}

describe('the file store lock', () => {
  it('names its owner by pid, start time and host, and is gone after close', async () => {
    const dir = folder();
    const s = await FileStore.open(dir);
    const owner = parseLock(readFileSync(join(dir, 'lock'), 'utf8'));
    expect(owner).toMatchObject({ pid: process.pid, host: hostname(), start: processStart('self') });
    expect(owner !== null && mayBeAlive(owner)).toBe(true);
    await s.close();
    expect(existsSync(join(dir, 'lock'))).toBe(false);
  });

  it.runIf(linux)('a lock whose pid now belongs to a process started at another time (PID reuse) is taken over', async () => {
    const dir = folder();
    // The parent process is alive, but it is not the process that wrote this lock.
    writeLock(dir, { pid: process.ppid, start: '1', host: hostname(), since: 0 });
    await takenOverAndReleased(dir);
  });

  it('a lock of a live process refuses with StoreLockedError naming it, even with takeOver naming its pid (it provably still runs)', async () => {
    const dir = folder();
    const owner = { pid: process.ppid, start: processStart(process.ppid), host: hostname(), since: 1_700_000_000_000 };
    writeLock(dir, owner);
    const e = await FileStore.open(dir).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(StoreLockedError);
    expect((e as StoreLockedError).owner).toMatchObject({ pid: process.ppid, host: hostname() });
    expect((e as StoreLockedError).message).toMatch(/takeOver: \{ pid: \d+ \}/);
    await expect(FileStore.open(dir, { takeOver: { pid: process.ppid + 1 } })).rejects.toBeInstanceOf(StoreLockedError);
    if (linux) {
      await expect(FileStore.open(dir, { takeOver: { pid: process.ppid } })).rejects.toThrow(/still running on this host/);
      expect(parseLock(readFileSync(join(dir, 'lock'), 'utf8'))?.pid).toBe(process.ppid);
    }
  });

  it('a lock from another host, or an old bare-pid lock of a live pid, is refused (its owner cannot be proven gone)', async () => {
    const dir = folder();
    writeLock(dir, { pid: 12345, start: '99', host: `not-${hostname()}`, since: 0 });
    await expect(FileStore.open(dir)).rejects.toThrow(/held by process 12345 on not-/);
    await (await FileStore.open(dir, { takeOver: { pid: 12345 } })).close();
    const old = folder();
    writeLock(old, String(process.ppid));
    await expect(FileStore.open(old)).rejects.toBeInstanceOf(StoreLockedError);
    writeLock(old, '999999999');
    await (await FileStore.open(old)).close();
  });

  it('a lock file still empty (its writer between creating and filling it) is not taken: the opener waits and judges the owner it then names', async () => {
    const dir = folder();
    writeLock(dir, '');
    const opening = FileStore.open(dir);
    // The opener has read the empty lock (the check runs before open's first wait); now its writer fills it.
    const owner = { pid: process.ppid, start: processStart(process.ppid), host: hostname(), since: 1_700_000_000_000 };
    writeLock(dir, owner);
    await expect(opening).rejects.toBeInstanceOf(StoreLockedError);
    expect(JSON.parse(readFileSync(join(dir, 'lock'), 'utf8'))).toEqual(owner);
    // An empty lock whose writer died long ago (by its modification time) is taken over at once.
    writeLock(dir, '');
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(join(dir, 'lock'), old, old);
    await takenOverAndReleased(dir);
  });

  it('one folder opened twice in one process under two spellings of its path (relative, through a link) is refused, and the first keeps its lock', async () => {
    const dir = folder();
    const link = join(root, `link${n++}`);
    symlinkSync(dir, link);
    const s = await FileStore.open(dir);
    await expect(FileStore.open(relative(process.cwd(), dir))).rejects.toThrow(/already open in this process/);
    await expect(FileStore.open(link)).rejects.toThrow(/already open in this process/);
    const m = sampleMatch();
    await s.createMatch(m);
    expect(await s.append(m.id, entry(1))).toBe(true);
    await s.close();
    const again = await FileStore.open(link);
    expect((await again.readLog(m.id, 0)).map((e) => e.seq)).toEqual([1]);
    await again.close();
  });

  it('a store held by a process killed with SIGKILL opens in the next process, with every record it acknowledged', async () => {
    const dir = folder();
    const script = `
      const { FileStore } = await import(${JSON.stringify(new URL('../../src/server/store/file.ts', import.meta.url).href)});
      const s = await FileStore.open(${JSON.stringify(dir)});
      await s.createMatch({ id: 'm', createdAt: 1, options: { players: 3, seed: 's' }, seats: [], version: 0, turnTimeMs: null, creatorTokenHash: 'x' });
      process.stdout.write('open\\n');
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('open') && resolve());
      child.on('exit', (code) => reject(new Error(`the child exited with ${code}`)));
    });
    await expect(FileStore.open(dir)).rejects.toBeInstanceOf(StoreLockedError);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const s = await FileStore.open(dir);
    expect((await s.getMatch('m'))?.createdAt).toBe(1);
    await s.close();
  });

  it("a named pipe in place of the journal or the lock is refused at once, not read for ever (the host's start would hang without a word)", async () => {
    for (const name of ['journal.ftk', 'lock']) {
      const dir = join(root, `fifo-${name}`);
      mkdirSync(dir);
      execFileSync('mkfifo', [join(dir, name)]);
      await expect(FileStore.open(dir)).rejects.toThrow(/is a named pipe, not a regular file/);
      // Refused before anything was taken: once the pipe is gone, the folder opens.
      rmSync(join(dir, name));
      const s = await FileStore.open(dir);
      await s.close();
    }
  });
});

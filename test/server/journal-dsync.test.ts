/**
 * The embedded store's journal is opened with `O_DSYNC` where the platform has it (issue #31): each
 * batch of appends is one write that returns once its data is on disk, instead of a write and
 * then an `fdatasync`, one trip to the thread pool instead of two. Checked on Linux from the
 * open file's flags in `/proc/self/fdinfo`, before and after a compaction (which opens the
 * journal again); the kill -9 tests (`kill.test.ts`) check that no acknowledged action is lost.
 */
import { constants, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../src/server/store/file.js';
import { entry, sampleMatch } from './store-contract.js';

const root = mkdtempSync(join(tmpdir(), 'ftk-dsync-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The access-mode bits of open flags on Linux (not in Node's `fs.constants`). */
const O_ACCMODE = 0o3;

/** The flags (octal in `fdinfo`) of every descriptor this process has open for writing on `path`. */
function writeFlags(path: string): number[] {
  const flags: number[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // closed meanwhile
    }
    if (target !== path) continue;
    const info = /flags:\s+([0-7]+)/.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'));
    const f = Number.parseInt(info?.[1] ?? '0', 8);
    if ((f & O_ACCMODE) !== constants.O_RDONLY) flags.push(f);
  }
  return flags;
}

describe.skipIf(!existsSync('/proc/self/fdinfo'))('#31: the journal appends with O_DSYNC', () => {
  it('the journal is open for appending with O_DSYNC, and again after a compaction; appends read back', async () => {
    const dir = join(root, 'a');
    const store = await FileStore.open(dir);
    try {
      const path = join(dir, 'journal.ftk');
      const m = sampleMatch();
      await store.createMatch(m);
      expect(await store.append(m.id, entry(1))).toBe(true);
      const before = writeFlags(path);
      expect(before).toHaveLength(1);
      expect((before[0] as number) & constants.O_DSYNC).toBe(constants.O_DSYNC);
      expect((before[0] as number) & constants.O_APPEND).toBe(constants.O_APPEND);
      await store.compact();
      expect(await store.append(m.id, entry(2))).toBe(true);
      const after = writeFlags(path);
      expect(after).toHaveLength(1);
      expect((after[0] as number) & constants.O_DSYNC).toBe(constants.O_DSYNC);
      expect((await store.readLog(m.id, 0)).map((e) => e.seq)).toEqual([1, 2]);
    } finally {
      await store.close();
    }
  });
});

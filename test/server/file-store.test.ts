/**
 * The embedded store: the Store contract on a folder, then what a crash can leave behind: a
 * torn last record (no newline) is cut off at open, a whole record that fails its check is
 * refused (cut only on request, copied aside first), the lock keeps a second opener out.
 */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crc32 } from '../../src/server/store/crc32.js';
import { FileStore } from '../../src/server/store/file.js';
import { encodeRecord, JournalCorruptError, scanJournal } from '../../src/server/store/journal.js';
import { keptPath } from '../../src/server/store/kept.js';
import type { MatchRecord } from '../../src/server/store/store.js';
import { entry, kept, sampleMatch, storeContract } from './store-contract.js';

const root = mkdtempSync(join(tmpdir(), 'ftk-file-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const flip = (b: Buffer, i: number): void => {
  b.writeUInt8(b.readUInt8(i) ^ 1, i);
};
let last = '';
storeContract(
  'FileStore',
  async () => {
    last = join(root, `s${n++}`);
    return FileStore.open(last);
  },
  { reopen: () => FileStore.open(last) },
);

/** A closed store in `root/name` holding one match with three actions, and its journal's path. */
async function threeActions(name: string): Promise<{ dir: string; m: MatchRecord; file: string }> {
  const dir = join(root, name);
  const s = await FileStore.open(dir);
  const m = sampleMatch();
  await s.createMatch(m);
  for (let q = 1; q <= 3; q++) expect(await s.append(m.id, entry(q))).toBe(true);
  await s.close();
  return { dir, m, file: join(dir, 'journal.ftk') };
}

describe('FileStore after a crash', () => {
  it('crc32 is the standard one', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('every prefix of a journal opens: whole records kept, a torn tail cut off', () => {
    const bytes = Buffer.concat([encodeRecord({ a: 1 }), encodeRecord({ b: 'é\n"' }), encodeRecord({ c: [1, 2] })]);
    const ends = [0];
    for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) ends.push(i + 1);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const scan = scanJournal(bytes.subarray(0, cut));
      const whole = ends.filter((e) => e <= cut).length - 1;
      expect(scan.records).toHaveLength(whole);
      expect(scan.goodBytes).toBe(ends[whole]);
      expect(scan.tornBytes).toBe(cut - (ends[whole] as number));
    }
  });

  it('a flipped byte in the last whole record is corruption (not a torn tail), refused with its offset unless cutting is asked for; in an earlier one, corruption', () => {
    const a = encodeRecord({ a: 1 });
    const b = encodeRecord({ b: 2 });
    const flipLast = Buffer.concat([a, b]);
    flip(flipLast, a.length + 12);
    const e = (() => {
      try {
        return scanJournal(flipLast);
      } catch (x) {
        return x;
      }
    })();
    expect(e).toBeInstanceOf(JournalCorruptError);
    expect(e).toMatchObject({ offset: a.length, tail: true });
    expect((e as Error).message).toMatch(new RegExp(`corrupt at byte ${a.length}.*cutCorruptTail`));
    // And with a torn (unacknowledged) line after it, or the newline before it flipped.
    expect(() => scanJournal(Buffer.concat([flipLast, b.subarray(0, 5)]))).toThrow(JournalCorruptError);
    const flipNewline = Buffer.concat([a, b, a]);
    flip(flipNewline, a.length + b.length - 1);
    expect(() => scanJournal(flipNewline)).toThrow(new RegExp(`corrupt at byte ${a.length}`));
    const cut = scanJournal(flipLast, { cutCorruptTail: true });
    expect(cut).toMatchObject({ records: [{ a: 1 }], goodBytes: a.length, tornBytes: b.length, corruptTail: true });
    const flipFirst = Buffer.concat([a, b]);
    flip(flipFirst, 12);
    expect(() => scanJournal(flipFirst, { cutCorruptTail: true })).toThrow(/corrupt at byte 0/);
    expect(() => scanJournal(flipFirst)).toThrow(expect.objectContaining({ offset: 0, tail: false }));
  });

  it('a tail with zero bytes in it (blocks of an unacknowledged write that a power loss left unwritten) is torn, not corrupt', () => {
    const a = encodeRecord({ a: 1 });
    const b = encodeRecord({ b: 'a longer record, written in two blocks' });
    const holed = Buffer.concat([a, b]);
    holed.fill(0, a.length + 4, a.length + 20); // the first block of the last write never reached the disk
    expect(scanJournal(holed)).toMatchObject({ records: [{ a: 1 }], goodBytes: a.length, tornBytes: b.length, corruptTail: false });
    // Zero bytes followed by a good record are corruption still: nothing says the good one was not acknowledged.
    expect(() => scanJournal(Buffer.concat([holed, a]))).toThrow(JournalCorruptError);
  });

  it('a bit flipped in the last acknowledged records refuses the open, changing nothing; cutCorruptTail cuts them, copied aside first', async () => {
    const { dir, m, file } = await threeActions('flipped-tail');
    const bytes = readFileSync(file);
    const last = bytes.lastIndexOf(0x0a, bytes.length - 2) + 1;
    flip(bytes, last + 20);
    writeFileSync(file, bytes);
    await expect(FileStore.open(dir)).rejects.toThrow(new RegExp(`corrupt at byte ${last}`));
    await expect(FileStore.open(dir)).rejects.toBeInstanceOf(JournalCorruptError);
    expect(readFileSync(file)).toEqual(bytes);
    const cut = await FileStore.open(dir, { cutCorruptTail: true });
    expect((await cut.readLog(m.id, 0)).map((e) => e.seq)).toEqual([1, 2]);
    expect(cut.tornBytes).toBe(bytes.length - last);
    expect(cut.cutFile).toMatch(/journal\.ftk\.cut-/);
    expect(readdirSync(dir).filter((f) => f.startsWith('journal.ftk.cut-'))).toHaveLength(1);
    expect(readFileSync(cut.cutFile as string)).toEqual(bytes.subarray(last));
    expect(readFileSync(file)).toEqual(bytes.subarray(0, last));
    await cut.close();
    const again = await FileStore.open(dir);
    expect(again.cutFile).toBeNull();
    await again.close();
  });

  it('a half-written action at the end is ignored at restart and the log goes on from the last whole one', async () => {
    const { dir, m, file } = await threeActions('torn');
    const whole = readFileSync(file).length;
    const torn = encodeRecord({ t: 'action', id: m.id, e: entry(4) });
    appendFileSync(file, torn.subarray(0, torn.length - 7));
    const again = await FileStore.open(dir);
    expect(again.tornBytes).toBe(torn.length - 7);
    expect((await again.readLog(m.id, 0)).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(readFileSync(file).length).toBe(whole);
    expect(await again.append(m.id, entry(4))).toBe(true);
    await again.close();
    const third = await FileStore.open(dir);
    expect((await third.readLog(m.id, 0)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    await third.close();
    // A journal cut in the middle of its first record is an empty store.
    truncateSync(file, 5);
    const fourth = await FileStore.open(dir);
    expect(await fourth.getMatch(m.id)).toBeNull();
    await fourth.close();
  });

  it('a corrupt journal is refused, not half read', async () => {
    const dir = join(root, 'corrupt');
    const s = await FileStore.open(dir);
    const m = sampleMatch();
    await s.createMatch(m);
    await s.append(m.id, entry(1));
    await s.close();
    const file = join(dir, 'journal.ftk');
    const bytes = readFileSync(file);
    flip(bytes, 15);
    writeFileSync(file, bytes);
    await expect(FileStore.open(dir)).rejects.toThrow(/corrupt/);
  });

  it('one process at a time: a second open is refused while the first holds the folder, and works after close', async () => {
    const dir = join(root, 'lock');
    const s = await FileStore.open(dir);
    await expect(FileStore.open(dir)).rejects.toThrow(/already open/);
    await s.close();
    const t = await FileStore.open(dir);
    await t.close();
    // A lock left by a process that is gone is taken over.
    writeFileSync(join(dir, 'lock'), '999999999');
    const u = await FileStore.open(dir);
    await u.close();
  });
});

describe('FileStore: the journal is private', () => {
  // The journal holds every live match's seed and fair-deal secret, which tell every hidden card.
  it.skipIf(process.platform === 'win32')(
    'H2: a folder it creates is 0700 and its journal 0600, also after a compaction, for a tail copied aside and for a kept record',
    async () => {
      const dir = join(root, `private-${n++}`, 'data');
      const mode = (p: string): number => statSync(p).mode & 0o777;
      const store = await FileStore.open(dir);
      const m = sampleMatch();
      await store.createMatch(m);
      expect(await store.append(m.id, entry(1))).toBe(true);
      expect(mode(dir)).toBe(0o700);
      expect(mode(dirname(dir))).toBe(0o700);
      expect(mode(join(dir, 'journal.ftk'))).toBe(0o600);
      await store.compact();
      expect(mode(join(dir, 'journal.ftk'))).toBe(0o600);
      // A kept record (a finished match's seed and the seats' token hashes), and its folders.
      const gone = sampleMatch();
      await store.createMatch(gone);
      expect(await store.expireMatch(gone.id, { version: 0, seq: 0 }, kept(gone))).toBe(true);
      const file = keptPath(dir, gone.id);
      expect(mode(file)).toBe(0o600);
      expect(mode(dirname(file))).toBe(0o700);
      expect(mode(join(dir, 'records'))).toBe(0o700);
      await store.close();
      // A flipped byte in the last record, cut on request: the copy aside is private too.
      const path = join(dir, 'journal.ftk');
      const bytes = readFileSync(path);
      flip(bytes, bytes.length - 5);
      writeFileSync(path, bytes);
      const again = await FileStore.open(dir, { cutCorruptTail: true });
      await again.close();
      const aside = readdirSync(dir).filter((f) => f.startsWith('journal.ftk.cut-'));
      expect(aside).toHaveLength(1);
      expect(mode(join(dir, aside[0] as string))).toBe(0o600);
    },
  );
});

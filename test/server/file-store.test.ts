/**
 * The embedded store: the Store contract on a folder, then what a crash can leave behind: a
 * torn last record is cut off at open, a bad record followed by good ones is refused, the lock
 * keeps a second opener out.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crc32 } from '../../src/server/store/crc32.js';
import { FileStore } from '../../src/server/store/file.js';
import { encodeRecord, scanJournal } from '../../src/server/store/journal.js';
import { entry, sampleMatch, storeContract } from './store-contract.js';

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

  it('a flipped byte in the last record is a torn tail; in an earlier one, corruption', () => {
    const a = encodeRecord({ a: 1 });
    const b = encodeRecord({ b: 2 });
    const flipLast = Buffer.concat([a, b]);
    flip(flipLast, a.length + 12);
    expect(scanJournal(flipLast).records).toEqual([{ a: 1 }]);
    const flipFirst = Buffer.concat([a, b]);
    flip(flipFirst, 12);
    expect(() => scanJournal(flipFirst)).toThrow(/corrupt/);
  });

  it('a half-written action at the end is ignored at restart and the log goes on from the last whole one', async () => {
    const dir = join(root, 'torn');
    const s = await FileStore.open(dir);
    const m = sampleMatch();
    await s.createMatch(m);
    for (let q = 1; q <= 3; q++) expect(await s.append(m.id, entry(q))).toBe(true);
    await s.close();
    const file = join(dir, 'journal.ftk');
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

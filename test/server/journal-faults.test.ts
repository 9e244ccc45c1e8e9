/**
 * The embedded store's journal when the system fails it: a compaction whose new file cannot be
 * opened for appends (EMFILE) keeps the old journal in use and loses nothing; a step that fails
 * once the new file has replaced the old one leaves the journal refusing every write; a batch
 * cut short by a full disk (ENOSPC after a short write) is cut back out of the file, so a
 * restart does not bring back records that were refused. The failures are injected into
 * `node:fs/promises`' `open` and the handles it gives; the files are real.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { FileStore } from '../../src/server/store/file.js';
import { Journal, scanJournal } from '../../src/server/store/journal.js';
import { entry, sampleMatch } from './store-contract.js';

/** What to fail next: the next open for appending, or the next write (after writing `shortBy` fewer bytes). */
const faults = vi.hoisted(() => ({ appendOpen: false, write: null as null | { shortBy: number } }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const open = async (...args: Parameters<typeof real.open>): Promise<FsPromises.FileHandle> => {
    const flags = args[1];
    if (faults.appendOpen && flags !== 'r' && flags !== 'w') {
      faults.appendOpen = false;
      throw Object.assign(new Error('EMFILE: too many open files, open (injected)'), { code: 'EMFILE' });
    }
    const handle = await real.open(...args);
    const write = handle.write.bind(handle) as (b: Buffer, o: number, l: number) => Promise<{ bytesWritten: number; buffer: Buffer }>;
    let short = false;
    // A full disk as the system shows it: a short write, then ENOSPC on the next one.
    (handle as { write: unknown }).write = async (b: Buffer, o: number, l: number) => {
      if (short) {
        short = false;
        throw Object.assign(new Error('ENOSPC: no space left on device, write (injected)'), { code: 'ENOSPC' });
      }
      if (faults.write !== null) {
        const n = l - faults.write.shortBy;
        faults.write = null;
        short = true;
        return write(b, o, n);
      }
      return write(b, o, l);
    };
    return handle;
  };
  return { ...real, open, default: { ...real, open } };
});

const root = mkdtempSync(join(tmpdir(), 'ftk-journal-faults-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  faults.appendOpen = false;
  faults.write = null;
});
let n = 0;
const folder = (): string => join(root, `d${n++}`);
const seqs = async (s: FileStore, id: string): Promise<number[]> => (await s.readLog(id, 0)).map((e) => e.seq);

describe('the journal when the system fails it', () => {
  it('a compaction that cannot open its new file for appends (EMFILE) leaves the old journal in use: appends after it survive a restart', async () => {
    const dir = folder();
    const s = await FileStore.open(dir);
    const m = sampleMatch();
    await s.createMatch(m);
    expect(await s.append(m.id, entry(1))).toBe(true);
    faults.appendOpen = true;
    await expect(s.compact()).rejects.toThrow(/EMFILE/);
    expect(faults.appendOpen).toBe(false);
    expect(await s.append(m.id, entry(2))).toBe(true);
    expect(await s.append(m.id, entry(3))).toBe(true);
    await s.close();
    const again = await FileStore.open(dir);
    expect(await seqs(again, m.id)).toEqual([1, 2, 3]);
    await again.close();
  });

  it('a step that fails after the new file replaced the old one leaves the journal refusing every write', async () => {
    const dir = folder();
    const j = await Journal.open(dir);
    await j.write({ a: 1 });
    await expect(
      j.rewrite(() => [{ a: 1 }], {
        swapped: () => {
          throw new Error('the tables could not move (injected)');
        },
      }),
    ).rejects.toThrow(/injected/);
    expect(j.failed).toBeInstanceOf(Error);
    await expect(j.write({ b: 2 })).rejects.toThrow(/injected/);
    await j.close();
    expect(scanJournal(readFileSync(join(dir, 'journal.ftk'))).records).toEqual([{ a: 1 }]);
  });

  it('a batch cut short by a full disk is cut back out of the file: the refused records do not come back after a restart', async () => {
    const dir = folder();
    const s = await FileStore.open(dir);
    const a = sampleMatch();
    const b = sampleMatch();
    await s.createMatch(a);
    await s.createMatch(b);
    expect(await s.append(a.id, entry(1))).toBe(true);
    expect(await s.append(b.id, entry(1))).toBe(true);
    const size = readFileSync(join(dir, 'journal.ftk')).length;
    // Both appends go out in one write (group commit); all but the last 10 bytes of it land.
    faults.write = { shortBy: 10 };
    const r = await Promise.allSettled([s.append(a.id, entry(2)), s.append(b.id, entry(2))]);
    expect(r.map((x) => x.status)).toEqual(['rejected', 'rejected']);
    await expect(s.append(a.id, entry(2))).rejects.toThrow(/failed a write/);
    expect(readFileSync(join(dir, 'journal.ftk')).length).toBe(size);
    await s.close();
    const again = await FileStore.open(dir);
    expect(again.tornBytes).toBe(0);
    expect(await seqs(again, a.id)).toEqual([1]);
    expect(await seqs(again, b.id)).toEqual([1]);
    expect(await again.append(a.id, entry(2))).toBe(true);
    await again.close();
  });
});

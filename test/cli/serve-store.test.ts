/**
 * `serve --memory --kept-records N`: the flag becomes the memory store's `keptRecords`, so the
 * store holds the records of the latest N expired matches only (the refusals of a bad value are
 * in cli.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { memoryStoreOptions, SERVE_OPTIONS } from '../../src/cli/serve.js';
import { MemoryStore } from '../../src/server/store/memory.js';
import { kept, sampleMatch } from '../server/store-contract.js';

const flags = (...argv: string[]) => memoryStoreOptions(parseArgs(argv, SERVE_OPTIONS, 'serve'));

describe('serve --kept-records', () => {
  it("is the memory store's keptRecords; without it, the store's default", () => {
    expect(flags('--memory', '--expire-finished', '7d', '--kept-records', '2')).toEqual({ keptRecords: 2 });
    expect(flags('--memory', '--expire-abandoned', '1d', '--kept-records', '0')).toEqual({ keptRecords: 0 });
    expect(flags('--memory', '--expire-finished', '7d')).toEqual({});
  });

  it('the store it makes keeps the records of the latest N expired matches', async () => {
    const store = new MemoryStore(flags('--memory', '--expire-finished', '7d', '--kept-records', '2'));
    const ms = [sampleMatch(), sampleMatch(), sampleMatch()];
    for (const m of ms) {
      await store.createMatch(m);
      expect(await store.expireMatch(m.id, { version: 0, seq: 0 }, kept(m))).toBe(true);
    }
    expect(await Promise.all(ms.map(async (m) => (await store.keptRecord(m.id)) !== null))).toEqual([false, true, true]);
    await store.close();
  });
});

import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/server/store/memory.js';
import { kept, sampleMatch, storeContract } from './store-contract.js';

storeContract('MemoryStore', async () => new MemoryStore());

/** Creates `n` matches in `store` and expires each with a kept record; returns their ids, in the order they expired. */
async function expireMany(store: MemoryStore, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const m = sampleMatch();
    await store.createMatch(m);
    expect(await store.expireMatch(m.id, { version: 0, seq: 0 }, kept(m, 'finished', i))).toBe(true);
    ids.push(m.id);
  }
  return ids;
}

describe('MemoryStore: kept records are bounded', () => {
  it('keeps the latest keptRecords records (default 1,000), the oldest dropped first', async () => {
    const store = new MemoryStore({ keptRecords: 3 });
    const ids = await expireMany(store, 5);
    for (const id of ids.slice(0, 2)) expect(await store.keptRecord(id)).toBeNull();
    for (const [i, id] of ids.slice(2).entries()) expect((await store.keptRecord(id))?.expiredAt).toBe(i + 2);

    const byDefault = new MemoryStore();
    const many = await expireMany(byDefault, 1001);
    expect(await byDefault.keptRecord(many[0] as string)).toBeNull();
    expect(await byDefault.keptRecord(many[1] as string)).not.toBeNull();
    expect(await byDefault.keptRecord(many[1000] as string)).not.toBeNull();
  });

  it('a record kept again for the same match counts as the latest; keptRecords: 0 keeps none', async () => {
    const store = new MemoryStore({ keptRecords: 2 });
    const [a, b] = await expireMany(store, 2);
    const again = sampleMatch({ id: a as string });
    await store.createMatch(again); // the id is free again once the match expired
    expect(await store.expireMatch(again.id, { version: 0, seq: 0 }, kept(again, 'finished', 9))).toBe(true);
    await expireMany(store, 1);
    expect(await store.keptRecord(b as string)).toBeNull();
    expect((await store.keptRecord(a as string))?.expiredAt).toBe(9);

    const none = new MemoryStore({ keptRecords: 0 });
    const [c] = await expireMany(none, 1);
    expect(await none.keptRecord(c as string)).toBeNull();
  });

  it('keptRecords must be a whole number from 0', () => {
    for (const keptRecords of [-1, 1.5, Number.NaN, '10' as unknown as number]) {
      expect(() => new MemoryStore({ keptRecords })).toThrow(RangeError);
    }
  });
});

/**
 * The keys `<ftk-app>` keeps for each match (`src/ui/app/keys.ts`), without a browser, in a
 * storage like `localStorage`: only the most recent matches' keys are kept, a match the host does
 * not know is forgotten (its keys and its place in the list), and a missing, hand-edited or
 * failing storage is no error.
 */
import { describe, expect, it } from 'vitest';
import { forget, KEPT_MATCHES, type KeyStore, remember, store, stored } from '../../src/ui/app/keys.js';

/** A storage like the browser's, over a map. */
class FakeStorage implements KeyStore {
  readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
}

/** A storage that throws at every call (storage turned off, a full quota). */
const failing: KeyStore = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

const id = (n: number): string => `match-${String(n).padStart(16, '0')}`;
const index = (s: FakeStorage): unknown => JSON.parse(s.getItem('ftk-matches') ?? 'null');

describe("the site's keys", () => {
  it('keeps the token, creator token and invite code under their old names, and lists the match', () => {
    const s = new FakeStorage();
    store('token', 'abc', 'T', s);
    store('creator', 'abc', 'C', s);
    store('invite', 'abc', 'I', s);
    expect(Object.fromEntries(s.map)).toEqual({
      'ftk-token:abc': 'T',
      'ftk-creator:abc': 'C',
      'ftk-invite:abc': 'I',
      'ftk-matches': '["abc"]',
    });
    expect(stored('creator', 'abc', s)).toBe('C');
    expect(stored('invite', 'nope', s)).toBeNull();
  });

  it(`keeps the keys of the ${KEPT_MATCHES} most recent matches only`, () => {
    expect(KEPT_MATCHES).toBe(50);
    const s = new FakeStorage();
    for (let n = 0; n < KEPT_MATCHES + 2; n++) {
      store('token', id(n), `t${n}`, s);
      store('invite', id(n), `i${n}`, s);
    }
    // Match 2's key kept again (a rematch, a new seat link): it is the most recent now, and match 3 the oldest.
    remember(id(2), s);
    store('token', id(99), 't99', s);
    const list = index(s) as string[];
    expect(list).toHaveLength(KEPT_MATCHES);
    expect(list.at(-1)).toBe(id(99));
    expect(list.at(-2)).toBe(id(2));
    expect(list[0]).toBe(id(4));
    for (const gone of [0, 1, 3]) {
      expect(stored('token', id(gone), s)).toBeNull();
      expect(stored('invite', id(gone), s)).toBeNull();
    }
    expect(stored('token', id(2), s)).toBe('t2');
    expect(stored('invite', id(4), s)).toBe('i4');
    expect(s.map.size).toBe(1 + 2 * KEPT_MATCHES - 1);
  });

  it('leaves a match kept before the index alone until one of its keys is kept again', () => {
    const s = new FakeStorage();
    s.setItem('ftk-token:old', 'T');
    for (let n = 0; n < KEPT_MATCHES + 5; n++) store('token', id(n), 't', s);
    expect(stored('token', 'old', s)).toBe('T');
    store('invite', 'old', 'I', s);
    expect((index(s) as string[]).at(-1)).toBe('old');
    expect(stored('token', 'old', s)).toBe('T');
  });

  it('starts a new index over a missing or hand-edited one, and never loses the current match', () => {
    for (const bad of ['{not json', '"abc"', '{"0":"x"}', 'null', '[1, null, {"a":1}, "kept"]']) {
      const s = new FakeStorage();
      s.setItem('ftk-matches', bad);
      s.setItem('ftk-token:kept', 'K');
      store('token', 'now', 'T', s);
      expect(stored('token', 'now', s)).toBe('T');
      expect(stored('token', 'kept', s)).toBe('K');
      expect((index(s) as string[]).at(-1)).toBe('now');
    }
  });

  it("forgets a match: its three keys and its place in the list, no other's", () => {
    const s = new FakeStorage();
    for (const kind of ['token', 'creator', 'invite'] as const) store(kind, 'gone', 'x', s);
    store('token', 'other', 'y', s);
    forget('gone', s);
    expect(Object.fromEntries(s.map)).toEqual({ 'ftk-token:other': 'y', 'ftk-matches': '["other"]' });
    // Never listed (kept before the index): its keys go all the same.
    s.setItem('ftk-invite:older', 'z');
    forget('older', s);
    expect(s.getItem('ftk-invite:older')).toBeNull();
    expect(index(s)).toEqual(['other']);
    // A list edited by hand: the keys go, and the list starts again.
    s.setItem('ftk-matches', '{not a list');
    forget('other', s);
    expect(Object.fromEntries(s.map)).toEqual({ 'ftk-matches': '[]' });
  });

  it('is no error when storage fails or is missing', () => {
    for (const s of [failing, {} as KeyStore]) {
      expect(() => store('token', 'abc', 'T', s)).not.toThrow();
      expect(stored('token', 'abc', s)).toBeNull();
      expect(() => remember('abc', s)).not.toThrow();
      expect(() => forget('abc', s)).not.toThrow();
    }
  });
});

/**
 * A set of keys held sorted, for the in-process tables' reads that page through matches in an
 * order (expiry's idle walk, the lobby's newest first): a read finds its place by binary search
 * and walks on from there, instead of sorting every match on every call.
 *
 * Keys nearly always come in order (a match is created at the host's time, after the ones before
 * it): such a key is appended. One out of order (a clock set back) leaves the keys to be sorted
 * once, at the next read. A key taken out stays in place, skipped by reads, until they make up
 * half of what is held: then the live keys are copied out, so each removal costs O(1) on average.
 * Whether a key is still in is the owner's to say (one map of its own can answer for several
 * orders): the order holds the keys, nothing per id.
 * @module
 */

/** Keys sorted by `compare` (which must tell apart any two live keys). */
export class Order<K> {
  private keys: K[] = [];
  private sorted = true;
  private dead = 0;

  /**
   * @param compare - the order.
   * @param isLive - whether a key added is still in: `false` from the moment it is taken out
   * (and the owner then calls {@link Order.taken}).
   */
  constructor(
    private readonly compare: (a: K, b: K) => number,
    private readonly isLive: (key: K) => boolean,
  ) {}

  /** Puts in `key` (live from now on). */
  add(key: K): void {
    const last = this.keys[this.keys.length - 1];
    if (last !== undefined && this.compare(last, key) > 0) this.sorted = false;
    this.keys.push(key);
  }

  /** Says that one key added was taken out (it is no longer live). */
  taken(): void {
    this.dead++;
    // Keys taken out at the end go at once (the newest, which the lobby reads); the others wait.
    for (let last = this.keys[this.keys.length - 1]; last !== undefined && !this.isLive(last); last = this.keys[this.keys.length - 1]) {
      this.keys.pop();
      this.dead--;
    }
    if (this.dead > 16 && this.dead * 2 > this.keys.length) this.prune();
  }

  /** The live keys greater than `after` (all of them for `null`), in order. */
  *after(after: K | null): Generator<K> {
    const keys = this.ready();
    let lo = 0;
    if (after !== null) {
      let hi = keys.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.compare(keys[mid] as K, after) <= 0) lo = mid + 1;
        else hi = mid;
      }
    }
    for (let i = lo; i < keys.length; i++) {
      const k = keys[i] as K;
      if (this.isLive(k)) yield k;
    }
  }

  /** The live keys, greatest first. */
  *descending(): Generator<K> {
    const keys = this.ready();
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i] as K;
      if (this.isLive(k)) yield k;
    }
  }

  /** The keys, sorted (a read that walks them must finish before the next change). */
  private ready(): readonly K[] {
    if (!this.sorted) {
      this.prune();
      this.keys.sort(this.compare);
      this.sorted = true;
    }
    return this.keys;
  }

  private prune(): void {
    this.keys = this.keys.filter((k) => this.isLive(k));
    this.dead = 0;
  }
}

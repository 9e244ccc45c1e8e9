/**
 * The queue behind the PostgreSQL store's group writes (the appender, the lease writer): items
 * pushed while a batch is on its way, or within the same tick, go together into the next batch;
 * one batch is sent at a time, and at most one item per key goes in each (a later item of a key
 * waits for the next batch, unless `drop` settles it at once).
 * @module
 */

/** Batches items for `send` (see the module's description). */
export class Batches<T> {
  private queue: T[] = [];
  /** The loop sending batches, while there is one. */
  private loop: Promise<void> | null = null;

  /**
   * @param key - the item's key: one item per key per batch.
   * @param send - sends one batch and settles each of its items; it must not reject.
   * @param drop - for a second item of a key (given the batch's first one): settles it and returns
   *   `true` to leave it out, or returns `false` to keep it for a later batch.
   */
  constructor(
    private readonly key: (item: T) => string,
    private readonly send: (batch: T[]) => Promise<void>,
    private readonly drop: (item: T, first: T) => boolean = () => false,
  ) {}

  /** Queues `item`; the next batch starts on the next turn of the event loop, or after the one on its way. */
  push(item: T): void {
    this.queue.push(item);
    if (this.loop === null) {
      this.loop = new Promise<void>((next) => setImmediate(next)).then(() => this.run());
    }
  }

  /** Resolves once every item queued so far has been sent and settled (for a store closing). */
  async drained(): Promise<void> {
    while (this.loop !== null) await this.loop;
  }

  private async run(): Promise<void> {
    while (this.queue.length > 0) {
      const batch: T[] = [];
      const rest: T[] = [];
      const firsts = new Map<string, T>();
      for (const item of this.queue) {
        const k = this.key(item);
        const first = firsts.get(k);
        if (first === undefined) {
          firsts.set(k, item);
          batch.push(item);
        } else if (!this.drop(item, first)) rest.push(item);
      }
      this.queue = rest;
      await this.send(batch);
    }
    this.loop = null;
  }
}

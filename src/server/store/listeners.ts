/**
 * The listeners of `Store.watch`, shared by every store: each hears of every append, and one
 * listener's failure is its own.
 * @module
 */

/** A `Store.watch` listener. */
export type Listener = (matchId: string, seq: number) => void;

/** The set of a store's watch listeners. */
export class Listeners {
  private readonly listeners = new Set<Listener>();

  /** Adds a listener; returns the function that removes it. */
  add(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Tells every listener of `seq` in `matchId`; a listener that throws is reported to `onError` (default: ignored). */
  notify(matchId: string, seq: number, onError?: (e: unknown) => void): void {
    for (const l of [...this.listeners]) {
      try {
        l(matchId, seq);
      } catch (e) {
        onError?.(e);
      }
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.listeners.clear();
  }
}

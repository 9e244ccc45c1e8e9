/**
 * The listeners of `Store.watchMatches`, shared by every store: each hears of every change to a
 * match's record, chat or presence, and one listener's failure is its own.
 * @module
 */
import type { MatchChange } from './store.js';

/** A `Store.watchMatches` listener. */
export type MatchListener = (matchId: string, change: MatchChange) => void;

/** The set of a store's `watchMatches` listeners. */
export class MatchListeners {
  private readonly listeners = new Set<MatchListener>();

  /** Adds a listener; returns the function that removes it. */
  add(listener: MatchListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Tells every listener; a listener that throws is reported to `onError` (default: ignored). */
  notify(matchId: string, change: MatchChange, onError?: (e: unknown) => void): void {
    for (const l of [...this.listeners]) {
      try {
        l(matchId, change);
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

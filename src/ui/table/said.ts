/**
 * What each seat last said in the auction ("Bid 3", "Pass"), which the table shows beside the
 * seat until the lot is won or discarded unsold, its bidding starts again, or a new lot comes up.
 * @module
 */
import type { GameEvent } from '../../index.js';
import type { Words } from '../words.js';

/** What a seat last said in the auction. */
export type Said = { readonly kind: 'bid'; readonly amount: number } | { readonly kind: 'pass' };

/** Hears `events` into `said` (by seat): a bid or a pass is kept for its seat; a new lot, a restart, a lot won or discarded clears them all. */
export function hearBids(said: Map<number, Said>, events: readonly GameEvent[]): void {
  for (const e of events) {
    if (e.type === 'bid') said.set(e.player, { kind: 'bid', amount: e.amount });
    else if (e.type === 'pass') said.set(e.player, { kind: 'pass' });
    else if (e.type === 'lot' || e.type === 'bidding-restarted' || e.type === 'won' || e.type === 'lot-discarded') said.clear();
  }
}

/** What each seat said, by seat, in words `w`. */
export function saidWords(said: ReadonlyMap<number, Said>, w: Words): Map<number, string> {
  return new Map([...said].map(([p, s]) => [p, s.kind === 'bid' ? w.saidBid(s.amount) : w.saidPass]));
}

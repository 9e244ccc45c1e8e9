/**
 * A game's opening, for `<ftk-match>` to say as a local game's table does (`opening()`). A host
 * sends the deal's events with the first view, but the client passes on only the view, and a page
 * that opens the match later gets the updates after the deal only: the element says the deal from
 * the view instead (the phase, the first Advisor, the card they drew).
 * @module
 */
import type { GameEvent, PlayerView } from '../../index.js';

/** The deal's events as the viewer of `v` saw them; the card drawn is named only while `v` is still at the deal. */
export function openingOf(v: PlayerView): GameEvent[] {
  const player = v.firstPlayer;
  return [
    { type: 'phase', phase: 'influence' },
    { type: 'advisor', player },
    { type: 'drawn', player, card: v.moveCount === 0 ? (v.drawn?.id ?? null) : null },
  ];
}

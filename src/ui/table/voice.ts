/**
 * When `<ftk-table>` says the reader's turn: "Your turn: …" once a turn (the reader to move after
 * someone else, or a new kind of decision, such as a King to set after a card placed), never again
 * on a redraw (another language or names, the wait after a choice, the next card of the same
 * turn); "10 seconds left" once a turn. Headless: tested without a browser.
 * @module
 */
import type { PlayerView } from '../../index.js';
import { turnOf } from './model.js';

/** Remembers the reader's turn as last said, to say each turn once. */
export class TurnVoice {
  /** The reader's turn as last drawn: its move count and its decision's kind (`null`: not the reader's turn). */
  #turn: { readonly move: number; readonly kind: string } | null = null;
  /** The move count of the reader's turn last warned that time runs short. */
  #warned = -1;

  /**
   * Whether "Your turn: …" is due now that `v` is drawn, its decision of `kind`; `busy`: the table
   * shows no choices (the reader chose and waits, or it is disabled), and says nothing yet. The
   * same turn goes on while the reader's own moves follow each other (one move apart).
   */
  starts(v: PlayerView | null, kind: string, busy: boolean): boolean {
    if (turnOf(v) !== 'mine' || v === null) {
      this.#turn = null;
      return false;
    }
    if (busy) return false;
    const last = this.#turn;
    this.#turn = { move: v.moveCount, kind };
    return last === null || last.kind !== kind || (v.moveCount !== last.move && v.moveCount !== last.move + 1);
  }

  /** Forgets the turn last said (no view, or one that could not be drawn): the next turn of the reader's is said. */
  forget(): void {
    this.#turn = null;
  }

  /** Whether "10 seconds left" is due for `v` (the reader's turn, not warned yet). */
  warns(v: PlayerView | null): boolean {
    if (v === null || turnOf(v) !== 'mine' || this.#warned === v.moveCount) return false;
    this.#warned = v.moveCount;
    return true;
  }
}

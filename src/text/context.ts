/**
 * What a sentence may name besides the action or event itself (shared by `describe.ts` and the
 * phrase tables, so neither imports the other).
 * @module
 */
import type { Card } from '../data/cards.js';
import type { Viewer } from '../seat/view.js';

/**
 * What a sentence may name besides the action or event itself. A `PlayerView` has every
 * field, so `describeAction(action, lang, view(state, me))` just works.
 * @category Text
 */
export interface DescribeContext {
  /**
   * The seat reading the sentence. Its own actions read as commands ("Bid 4 for Diplomacy 3",
   * for buttons) and its own events in the second person ("You bid 4").
   */
  readonly viewer?: Viewer;
  /** The lot on the table, named in a bid ("… for Diplomacy 3"). */
  readonly lot?: Card | null;
  /** The card the Advisor holds drawn, named in a place action when known. */
  readonly drawn?: Card | null;
  /** The Advisor: their take is the last middle card's (RULES V3), and reads so ("Take the last middle card, …"). */
  readonly advisor?: number | null;
  /** The payment in progress: tells paying with gold from discarding (otherwise: a gold card is paid, any other discarded). */
  readonly payment?: { readonly mode: 'gold' | 'discard' } | null;
  /**
   * Display names by seat ("Ann" instead of "Player 2"), for example a `GameRecord`'s `names`.
   * A seat without a name (missing, empty or not a string) is named by its index; the reader is
   * still "you". In Ukrainian a name reads as "гравець «Ann»", so that verbs and cases agree.
   */
  readonly names?: readonly string[];
}

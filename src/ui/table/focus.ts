/**
 * Where focus goes after `<ftk-table>` draws a view: on the same control (found again by its
 * `data-key`), else on the first choice when the reader's turn comes (unless focus is elsewhere
 * in the page than on what holds the table), else on the tray; at the end, on the winner's line.
 * Keyboard and screen-reader users never lose their place.
 * @module
 */
import { deepActive } from '../dom.js';

/** What the table knew before it drew: the key of the focused control, and how the turn changed. */
export interface FocusBefore {
  /** The `data-key` of the control that had focus, or `null`. */
  readonly key: string | null;
  /** Whether something in the table had focus. */
  readonly hadFocus: boolean;
  /** Whether the reader's turn starts with this view. */
  readonly turnStarts: boolean;
  /** The turn now (`mine`, `others`, `over`, `none`). */
  readonly turn: string;
}

/** Keeps focus where it makes sense in the table's shadow `root` after a draw (see the module's TSDoc). */
export function keepFocus(root: ShadowRoot, tray: HTMLElement, score: HTMLElement, before: FocusBefore): void {
  const { key, hadFocus, turnStarts, turn } = before;
  const focusable = (el: Element | null): el is HTMLElement =>
    el instanceof HTMLElement && !(el as HTMLButtonElement).disabled && !el.closest('[hidden]');
  let target: HTMLElement | null = null;
  if (key !== null) {
    const same = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (focusable(same) && !(turnStarts && key === 'prompt')) target = same;
  }
  const outside = deepActive();
  // Focus on nothing, or on what holds the table (the page's main area after a change of screen), is nobody's place.
  const free = outside === null || outside === document.body || outside === document.documentElement || holds(outside, root);
  if (target === null && (hadFocus || (turnStarts && free))) {
    const first =
      turn === 'over'
        ? score.querySelector('.winner-line')
        : turnStarts || hadFocus
          ? (root.querySelector('.tray [data-act]:not([disabled]), .playable') ?? tray.querySelector('.prompt'))
          : null;
    target = focusable(first) ? first : tray;
  }
  if (target !== null && root.activeElement !== target) target.focus();
}

/** Whether `el` holds the table of `root`, through shadow roots. */
function holds(el: Element, root: ShadowRoot): boolean {
  for (let n: Node | null = root.host; n !== null; n = n instanceof ShadowRoot ? n.host : n.parentNode) if (n === el) return true;
  return false;
}

/**
 * The table's log and announcer: the events of the game as lines (the last {@link LOG_SIZE},
 * written again in another language when it changes), and the live region a screen reader
 * speaks from (the last {@link SPOKEN} lines; of a longer burst, its first two and its last, so a
 * late reader hears how the game began and where it is). "Game over" is not said apart from the
 * line that names the winners.
 * @module
 */
import type { GameEvent } from '../../index.js';
import type { DescribeContext, Lang } from '../../text/index.js';
import { h, text } from '../dom.js';
import { sayEvent } from './say.js';

/** How many events the log keeps. */
const LOG_SIZE = 300;
/** How many announcements the live region keeps. */
const SPOKEN = 6;

/** The log panel and the live region of `<ftk-table>`. */
export class TableLog {
  #events: GameEvent[] = [];
  /** The language the list is written in (`null`: to be written again in full). */
  #lang: Lang | null = null;
  // Keys so that focus stays in the log while the game goes on (see `keepFocus`).
  readonly list: HTMLOListElement = h('ol', { part: 'log-list', tabindex: '0', 'data-key': 'log' });
  readonly el: HTMLDetailsElement = h(
    'details',
    { class: 'log panel', part: 'log', open: true },
    h('summary', { 'data-key': 'log-summary' }, ''),
    this.list,
  );
  readonly live: HTMLElement = h('div', { class: 'sr', 'aria-live': 'polite', 'aria-atomic': 'false', part: 'announcer' });

  /** Names the panel and the list. */
  label(name: string): void {
    text(this.el.querySelector('summary') as HTMLElement, name);
    this.list.setAttribute('aria-label', name);
  }

  /** Keeps `history` alone (written with the next view) and empties the live region. */
  reset(history: readonly GameEvent[]): void {
    this.#events = history.slice(-LOG_SIZE);
    this.#lang = null;
    this.live.replaceChildren();
  }

  /** Empties the list (nothing of the last view stays in the DOM); what it held is written again with the next view. */
  clear(): void {
    this.list.replaceChildren();
    this.#lang = null;
  }

  /** Logs `events` in `lang` and returns them as lines to announce. */
  write(events: readonly GameEvent[], lang: Lang, context: DescribeContext): string[] {
    const line = (e: GameEvent): HTMLElement => h('li', { class: `ev ev-${e.type}` }, sayEvent(e, lang, context));
    this.#events.push(...events);
    if (this.#events.length > LOG_SIZE) this.#events.splice(0, this.#events.length - LOG_SIZE);
    if (this.#lang !== lang) {
      this.#lang = lang;
      this.list.replaceChildren(...this.#events.map(line));
      // Nothing said in another language stays for a screen reader to come upon.
      this.live.replaceChildren();
    } else {
      this.list.append(...events.map(line));
      while (this.list.childElementCount > LOG_SIZE) this.list.firstElementChild?.remove();
    }
    this.list.scrollTop = this.list.scrollHeight;
    return events.filter((e) => e.type !== 'phase' || e.phase !== 'over').map((e) => sayEvent(e, lang, context));
  }

  /** Says `lines` in the live region. */
  announce(lines: readonly string[]): void {
    if (lines.length === 0) return;
    const said = lines.length > SPOKEN ? [...lines.slice(0, 2), ...lines.slice(2 - SPOKEN)] : lines;
    for (const line of said) this.live.append(h('p', null, line));
    while (this.live.childElementCount > SPOKEN) this.live.firstElementChild?.remove();
  }
}

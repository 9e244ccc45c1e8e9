/**
 * The table's turn clock: the countdown in the status bar, ticking once a second while there is
 * a deadline and the game goes on, hidden (and still) without one or once the game is over.
 * @module
 */
import type { Lang } from '../../text/index.js';
import { h, text } from '../dom.js';
import { WORDS } from '../words.js';
import { clock } from './model.js';

/** The countdown element and its timer. */
export class TurnClock {
  /** The countdown (in the status bar). */
  readonly el: HTMLElement = h('span', { class: 'clock', part: 'clock', hidden: true, role: 'timer' });
  #deadline: number | null = null;
  #ticker: ReturnType<typeof setInterval> | null = null;

  /** When the player to move runs out of time (`Date.now()` milliseconds), or `null`. */
  get deadline(): number | null {
    return this.#deadline;
  }
  /** Sets `deadline` (see the getter); call {@link TurnClock.sync} after. */
  set deadline(value: number | null) {
    this.#deadline = typeof value === 'number' && Number.isFinite(value) ? value : null;
  }

  /**
   * Shows the time left now and keeps it ticking while there is a deadline, the game goes on and
   * the table is on a page (`live`); `over` hides and stops it. `low` is called at each tick with
   * less than 10 seconds left.
   */
  sync(lang: () => Lang, over: () => boolean, live: boolean, low?: () => void): void {
    const tick = (): void => {
      const d = over() ? null : this.#deadline;
      this.el.hidden = d === null;
      if (d === null) {
        this.stop();
        return;
      }
      const left = d - Date.now();
      text(this.el, WORDS[lang()].timeLeft(clock(left)));
      this.el.classList.toggle('low', left < 10_000);
      if (left > 0 && left < 10_000) low?.();
    };
    tick();
    if (!this.el.hidden && this.#ticker === null && live) this.#ticker = setInterval(tick, 1000);
  }

  /** Stops the timer. */
  stop(): void {
    if (this.#ticker !== null) clearInterval(this.#ticker);
    this.#ticker = null;
  }
}

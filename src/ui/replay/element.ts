/**
 * `<ftk-replay>`: a whole game from its `GameRecord`, stepped forward and back, seen by any seat
 * or by a spectator: for settling a rules question or teaching. The record is checked first;
 * every state is rebuilt with the engine, and the table shows only the chosen viewer's view.
 * @module
 */
import type { GameEvent, GameRecord, GameState, Viewer } from '../../index.js';
import { checkRecord, createGameWithEvents, eventsFor, RulesError, replay, view } from '../../index.js';
import { labels } from '../../text/index.js';
import { CHROME_CSS } from '../chrome.js';
import { css } from '../css.js';
import { ElementBase, fill, h, shadow, text, upgradeProperties, watchLang } from '../dom.js';
import { icon } from '../table/cards.js';
import type { TableElement } from '../table/element.js';
import { TABLE_PARTS } from '../table/parts.js';
import { langOf, WORDS } from '../words.js';

/** The controls' icons (drawn, not characters: ⏮ and ⏭ are empty boxes without an emoji font). */
const ICONS = {
  start: '<path d="M6 5v14" /><path d="M19 6l-10 6 10 6z" fill="currentColor" />',
  back: '<path d="M17 6L7 12l10 6z" fill="currentColor" />',
  forward: '<path d="M7 6l10 6-10 6z" fill="currentColor" />',
  end: '<path d="M18 5v14" /><path d="M5 6l10 6-10 6z" fill="currentColor" />',
} as const;

/**
 * @internal The seats' names as the replay shows them: a bot seat (named in `meta.bots`, the
 * host's and local games' records) in `lang`; a person's seat left unnamed in a record that names
 * its bots so, the reader's own in a local game, as "You" in `lang`; any other unnamed seat by its
 * number; and a name that two seats share with its seat number, so that no two are alike.
 */
export function seatNames(record: GameRecord, lang: 'en' | 'uk'): string[] {
  const players = record.options.players;
  const given = record.names ?? [];
  const bots = typeof record.meta?.bots === 'string' ? record.meta.bots.split(',') : [];
  const fits = bots.length === players;
  const names = Array.from({ length: players }, (_, p) => {
    const bot = fits ? bots[p] : '';
    const name = given[p];
    if (bot) return WORDS[lang].botName(bot, p);
    if (name?.trim()) return name;
    return fits ? labels[lang].ui.you : `${labels[lang].ui.player} ${p}`;
  });
  return names.map((n, p) => (names.indexOf(n) !== names.lastIndexOf(n) ? `${n} · ${p}` : n));
}

/** The replay's own parts (besides the table's, which it passes on). */
export const REPLAY_PARTS: readonly string[] = ['controls'];

/** The replay's own look: its controls' strip and step buttons, on top of the shared chrome. */
export const REPLAY_CSS = css`${CHROME_CSS} .replay { display: grid; gap: 10px; } .strip input[type=range] { flex: 1 1 10rem; min-width: 0; }
  .step { display: block; width: 1.1em; height: 1.1em; } .step svg { display: block; width: 100%; height: 100%; }`;

/**
 * The replay element, `<ftk-replay>`.
 *
 * - Properties: `record` (a `GameRecord`, checked with `checkRecord`), `position` (how many
 *   actions are applied, 0 … `length`), `length`.
 * - Attributes: `seat` (a seat number, or `spectator`, the default), `lang`.
 * - Keys: ← and → step, Home and End jump, anywhere in the element.
 * - Events: `ftk-position` (`{ position, length }`).
 */
export class ReplayElement extends ElementBase {
  /** Attributes the element watches. */
  static readonly observedAttributes = ['seat', 'lang'];

  #record: GameRecord | null = null;
  #states: GameState[] = [];
  #events: (readonly GameEvent[])[] = [];
  #at = 0;
  /** The position and viewer the table shows (its log holds their history), or null. */
  #shown: { readonly at: number; readonly seat: Viewer } | null = null;
  #stopLang: (() => void) | null = null;

  readonly #root: ShadowRoot;
  readonly #table: TableElement;
  readonly #bar: HTMLElement = h('div', { class: 'strip bar', part: 'controls', role: 'toolbar' });
  readonly #range: HTMLInputElement = h('input', { type: 'range', min: 0, max: 0, value: 0, 'data-key': 'position' });
  readonly #where: HTMLElement = h('span', { class: 'pill', 'aria-live': 'polite' });
  readonly #seat: HTMLSelectElement = h('select', { 'data-key': 'seat' });
  readonly #buttons: Record<'start' | 'back' | 'forward' | 'end', HTMLButtonElement>;

  constructor() {
    super();
    this.#root = shadow(this, REPLAY_CSS);
    this.#table = document.createElement('ftk-table') as TableElement;
    this.#table.setAttribute('exportparts', TABLE_PARTS.join(', '));
    this.#table.disabled = true;
    const make = (paths: string, go: () => void): HTMLButtonElement => {
      const b = h('button', { type: 'button', class: 'btn quiet' }, icon(paths, 'step'));
      b.addEventListener('click', go);
      return b;
    };
    this.#buttons = {
      start: make(ICONS.start, () => this.#go(0)),
      back: make(ICONS.back, () => this.#go(this.#at - 1)),
      forward: make(ICONS.forward, () => this.#go(this.#at + 1)),
      end: make(ICONS.end, () => this.#go(this.length)),
    };
    this.#range.addEventListener('input', () => this.#go(Number(this.#range.value)));
    this.#seat.addEventListener('change', () => this.setAttribute('seat', this.#seat.value));
    this.#root.append(h('div', { class: 'replay' }, this.#bar, this.#table));
    this.addEventListener('keydown', (e) => this.#onKey(e));
    upgradeProperties(this, ['record', 'position']);
  }

  /** @internal */
  connectedCallback(): void {
    this.#stopLang?.();
    this.#stopLang = watchLang(this, () => this.#draw(false));
    this.#draw(false);
  }

  /** @internal */
  disconnectedCallback(): void {
    this.#stopLang?.();
    this.#stopLang = null;
  }

  /** @internal */
  attributeChangedCallback(): void {
    if (this.isConnected) this.#draw(false);
  }

  /**
   * The game shown (`null`: none, and the table is emptied). Setting it checks it and rebuilds
   * every state: a malformed record, or one with an action the rules refuse, throws `RulesError`
   * `INVALID_RECORD` (`action N: …` for the action) and the game shown stays. Seats are named
   * from `names`; a host's record's bots (`meta.bots`) in the element's language, and a name two
   * seats share with the seat's number.
   */
  get record(): GameRecord | null {
    return this.#record;
  }
  /** Sets `record` (see the getter). */
  set record(value: GameRecord | null) {
    if (value === null) {
      this.#record = null;
      this.#states = [];
      this.#events = [];
      this.#at = 0;
      this.#shown = null;
      this.#draw(false);
      return;
    }
    const record = checkRecord(value);
    const opening = createGameWithEvents(record.options);
    const states: GameState[] = [opening.state];
    const events: (readonly GameEvent[])[] = [opening.events];
    try {
      replay(record.options, record.actions, (_i, _action, state, stepEvents) => {
        states.push(state);
        events.push(stepEvents);
      });
    } catch (e) {
      // `replay` words the action's position (`action N: …`); here the record is what is wrong.
      throw e instanceof RulesError ? new RulesError('INVALID_RECORD', e.message) : e;
    }
    this.#record = record;
    this.#states = states;
    this.#events = events;
    this.#at = 0;
    this.#shown = null;
    this.#draw(true);
  }

  /** How many actions the game has. */
  get length(): number {
    return Math.max(0, this.#states.length - 1);
  }

  /** How many actions are applied in the state shown. */
  get position(): number {
    return this.#at;
  }
  /** Sets `position` (see the getter). */
  set position(value: number) {
    this.#go(value);
  }

  /** Who the game is seen by: a seat, or `'spectator'`. */
  get seat(): Viewer {
    const s = this.getAttribute('seat');
    const n = Number(s);
    return s !== null && Number.isInteger(n) && n >= 0 && n < (this.#record?.options.players ?? 0) ? n : 'spectator';
  }

  /** The language (`en` or `uk`). */
  override get lang(): 'en' | 'uk' {
    return langOf(this.getAttribute('lang') ?? this.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang);
  }
  /** Sets `lang` (see the getter). */
  override set lang(value: string) {
    this.setAttribute('lang', langOf(value));
  }

  #onKey(e: KeyboardEvent): void {
    const target = e.composedPath()[0] as Element | undefined;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
    const to = { ArrowLeft: this.#at - 1, ArrowRight: this.#at + 1, Home: 0, End: this.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.#go(to);
  }

  #go(to: number): void {
    if (!Number.isFinite(to)) return;
    const next = Math.max(0, Math.min(this.length, Math.round(to)));
    const forward = next === this.#at + 1;
    this.#at = next;
    this.#draw(forward);
    this.dispatchEvent(new CustomEvent('ftk-position', { detail: { position: next, length: this.length }, bubbles: true, composed: true }));
  }

  #draw(animate: boolean): void {
    const lang = this.lang;
    const w = WORDS[lang].replay;
    this.#table.setAttribute('lang', lang);
    const record = this.#record;
    const names = record === null ? [] : seatNames(record, lang);
    this.#table.names = names;
    const b = this.#buttons;
    b.start.setAttribute('aria-label', w.start);
    b.back.setAttribute('aria-label', w.back);
    b.forward.setAttribute('aria-label', w.forward);
    b.end.setAttribute('aria-label', w.end);
    this.#range.setAttribute('aria-label', w.title);
    this.#range.max = String(this.length);
    this.#range.value = String(this.#at);
    // A disabled button loses focus to the page, and the keys with it: hand it to the way back (or
    // on). Which one had it is read before any is disabled, as a browser may blur it at once.
    const focused = this.#root.activeElement;
    b.start.disabled = b.back.disabled = this.#at === 0;
    b.forward.disabled = b.end.disabled = this.#at >= this.length;
    if (focused instanceof HTMLButtonElement && focused.disabled) {
      const other = focused === b.start || focused === b.back ? b.forward : b.back;
      (other.disabled ? this.#range : other).focus();
    }
    text(this.#where, w.move(this.#at, this.length));
    const seat = this.seat;
    const players = record?.options.players ?? 0;
    const options = [
      h('option', { value: 'spectator', selected: seat === 'spectator' }, w.spectator),
      ...Array.from({ length: players }, (_, p) =>
        h('option', { value: p, selected: seat === p }, names[p] ? `${names[p]}` : `${labels[lang].ui.player} ${p}`),
      ),
    ];
    fill(this.#seat, options);
    if (this.#bar.childElementCount === 0) {
      this.#bar.append(
        b.start,
        b.back,
        this.#range,
        b.forward,
        b.end,
        this.#where,
        h('label', { class: 'link' }, h('span', null, w.seenBy), this.#seat),
      );
    }
    const state = this.#states[this.#at];
    if (state === undefined) {
      // No record (`record = null`): nothing of the last game stays on the table.
      this.#table.view = null;
      this.#table.resetLog();
      this.#shown = null;
      return;
    }
    const shown = this.#shown;
    if (animate && shown !== null && shown.seat === seat && shown.at === this.#at - 1) {
      this.#table.update(view(state, seat), eventsFor(this.#events[this.#at] ?? [], seat));
    } else {
      // A jump, a step back or another viewer: the log holds exactly what this viewer saw until now.
      this.#table.resetLog(this.#events.slice(0, this.#at + 1).flatMap((e) => eventsFor(e, seat)));
      this.#table.update(view(state, seat), []);
    }
    this.#shown = { at: this.#at, seat };
  }
}

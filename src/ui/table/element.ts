/**
 * `<ftk-table>`: one seat's table, drawn from a `PlayerView`, speaking by events. It never
 * decides anything about the game: it shows `view`, animates `events`, and when the reader
 * chooses one of `view.legal` it dispatches `ftk-action` with that action. Local play, online
 * play and replays all use it.
 * @module
 */
import type { Action, Card, GameEvent, PlayerView } from '../../index.js';
import { type Lang, labels } from '../../text/index.js';
import { ElementBase, fill, h, reducedMotion, shadow, upgradeProperties, watchLang } from '../dom.js';
import { langOf, WORDS } from '../words.js';
import { effects, glide, measure, origins } from './anim.js';
import { cardFace, cardLabel } from './cards.js';
import { TurnClock } from './clock.js';
import { keepFocus } from './focus.js';
import { TableLog } from './log.js';
import { checkView, decisionOf, nameList, seatName, seatOf, turnOf } from './model.js';
import { renderBar, renderFelt, renderMine, renderSeats, renderTitles, type Scene, type Size } from './render.js';
import { hearBids, type Said, saidWords } from './said.js';
import { sayAction } from './say.js';
import { renderScore } from './score.js';
import { TABLE_CSS } from './style.js';
import { renderTray, type TrayState } from './tray.js';
import { TurnVoice } from './voice.js';

/** The detail of `ftk-action`: the chosen action (one of `view.legal`), its index, and the view's `moveCount`. */
export interface ActionDetail {
  readonly action: Action;
  readonly index: number;
  readonly moveCount: number;
}

/** The properties a page may set (also before the element is defined: see `upgradeProperties`). */
const PROPERTIES = ['events', 'view', 'names', 'connected', 'deadline', 'disabled'];

/** Events as the table reads them: objects (anything else in a list is left out). */
const eventsIn = (list: unknown): GameEvent[] =>
  Array.isArray(list) ? list.filter((e): e is GameEvent => typeof e === 'object' && e !== null) : [];

/**
 * The table element, `<ftk-table>`.
 *
 * - Properties: `view` (a `PlayerView`), `events` (set before or with the view they led to, to
 *   animate and announce them), `names` (display names by seat), `connected` (presence by
 *   seat), `deadline` (when the player to move runs out of time, in `Date.now()` milliseconds).
 * - Attributes: `lang` (`en` or `uk`; else the nearest `lang` around it, followed when it
 *   changes), `disabled` (show no choices).
 * - Events: `ftk-action` (`CustomEvent<ActionDetail>`, bubbles and crosses shadow roots). After
 *   it the table shows no choices until its `view` is set again. `ftk-error` (`{ code:
 *   'INVALID_VIEW', message }`) when a view passed the check of `view` but could not be drawn:
 *   the table then shows no choices (none of the last view either) until another view is set.
 * - Reflected state: `data-turn` (`mine`, `others`, `over`, `none`) and `data-moves`.
 * - Slot `after-score`: shown under the final score (`<ftk-match>` puts its rematch there).
 *
 * @example
 * ```html
 * <ftk-table lang="uk"></ftk-table>
 * <script type="module">
 *   import 'for-the-king-and-me/ui';
 *   const table = document.querySelector('ftk-table');
 *   table.view = view; // view(state, 0), or what the host sends
 *   table.addEventListener('ftk-action', (e) => play(e.detail.action));
 * </script>
 * ```
 */
export class TableElement extends ElementBase {
  /** Attributes the element watches. */
  static readonly observedAttributes = ['lang', 'disabled'];

  #view: PlayerView | null = null;
  #pending: GameEvent[] = [];
  #names: readonly (string | null | undefined)[] = [];
  #connected: readonly (boolean | null | undefined)[] = [];
  #busy = false;
  readonly #said = new Map<number, Said>();
  #tray: TrayState = { amount: null };
  #cards = new Map<string, HTMLElement>();
  #cardLang: Lang | null = null;
  #scheduled = false;
  #wasMine = false;
  readonly #voice = new TurnVoice();
  #stopLang: (() => void) | null = null;

  readonly #root: ShadowRoot;
  readonly #table: HTMLElement;
  // Not a `<header>`: inside the page's own landmarks a banner would be one too many.
  readonly #bar: HTMLElement = h('div', { class: 'bar', part: 'status' });
  readonly #clock = new TurnClock();
  readonly #score: HTMLElement = h('section', { class: 'score panel', part: 'score', hidden: true });
  readonly #seats: HTMLElement = h('div', { class: 'seats', part: 'seats' });
  readonly #titles: HTMLElement = h('section', { class: 'titles panel', part: 'titles' });
  readonly #felt: HTMLElement = h('section', { class: 'felt', part: 'felt' });
  readonly #trayEl: HTMLElement = h('section', { class: 'tray panel', part: 'actions', tabindex: '-1', 'data-key': 'tray' });
  readonly #mine: HTMLElement = h('section', { class: 'mine-seat panel', part: 'mine' });
  readonly #log = new TableLog();

  constructor() {
    super();
    this.#root = shadow(this, TABLE_CSS);
    this.#table = h(
      'div',
      { class: 'table', part: 'table', role: 'region' },
      this.#bar,
      this.#score,
      this.#seats,
      this.#titles,
      this.#felt,
      this.#trayEl,
      this.#mine,
      this.#log.el,
      this.#log.live,
    );
    this.#root.append(this.#table);
    this.#root.addEventListener('click', (e) => this.#onClick(e));
    this.#root.addEventListener('keydown', (e) => this.#onKey(e as KeyboardEvent));
    upgradeProperties(this, PROPERTIES);
  }

  /** @internal */
  connectedCallback(): void {
    this.#stopLang?.();
    this.#stopLang = watchLang(this, () => this.#schedule());
    this.#schedule();
    this.#syncClock();
  }

  /** @internal */
  disconnectedCallback(): void {
    this.#stopLang?.();
    this.#stopLang = null;
    this.#clock.stop();
  }

  /** @internal */
  attributeChangedCallback(): void {
    this.#schedule();
  }

  /**
   * The view drawn (`null`: none, and nothing of the last one is shown). Setting it also ends the
   * wait after an `ftk-action`. Setting something that is not a view throws `RulesError`
   * `INVALID_VIEW` and keeps the view drawn.
   */
  get view(): PlayerView | null {
    return this.#view;
  }
  /** Sets `view` (see the getter). */
  set view(value: PlayerView | null) {
    if (value !== null) checkView(value);
    this.#take(value);
  }

  /** Takes a view already checked (or `null`) as the one to draw. */
  #take(value: PlayerView | null): void {
    this.#view = value;
    this.#busy = false;
    this.#schedule();
  }

  /** Events to animate and announce with the next view (they are consumed by the next drawing). */
  get events(): readonly GameEvent[] {
    return this.#pending;
  }
  /** Sets `events` (see the getter). */
  set events(value: readonly GameEvent[]) {
    this.#pending.push(...eventsIn(value));
    this.#schedule();
  }

  /** Draws `view` after `events` (a short form of setting both). A view that `view` refuses is refused before its events are taken: nothing of the update is logged. */
  update(view: PlayerView, events: readonly GameEvent[] = []): void {
    checkView(view);
    this.events = events;
    this.#take(view);
  }

  /**
   * Starts the log over: forgets the events logged, the bids heard and what was announced, then
   * logs `history` quietly (no animation, no announcement). For a table that jumps to another
   * moment or another viewer, as `<ftk-replay>` does when it steps back or changes seat and
   * `<ftk-match>` when its reader changes.
   */
  resetLog(history: readonly GameEvent[] = []): void {
    const events = eventsIn(history);
    this.#log.reset(events);
    this.#said.clear();
    hearBids(this.#said, events);
    this.#pending = [];
    this.#schedule();
  }

  /** Display names by seat ("Ada"); a missing one reads "Player 2". The reader is always "You". */
  get names(): readonly (string | null | undefined)[] {
    return this.#names;
  }
  /** Sets `names` (see the getter). */
  set names(value: readonly (string | null | undefined)[]) {
    this.#names = Array.isArray(value) ? [...value] : [];
    this.#schedule();
  }

  /** Presence by seat: `true` connected, `false` away, anything else not shown. */
  get connected(): readonly (boolean | null | undefined)[] {
    return this.#connected;
  }
  /** Sets `connected` (see the getter). */
  set connected(value: readonly (boolean | null | undefined)[]) {
    this.#connected = Array.isArray(value) ? [...value] : [];
    this.#schedule();
  }

  /** When the player to move runs out of time (`Date.now()` milliseconds), or `null` for no clock. */
  get deadline(): number | null {
    return this.#clock.deadline;
  }
  /** Sets `deadline` (see the getter). */
  set deadline(value: number | null) {
    this.#clock.deadline = value;
    this.#syncClock();
  }

  /** The language of the table: the `lang` attribute, else the nearest one around it (`en` or `uk`). */
  override get lang(): Lang {
    const own = this.getAttribute('lang');
    if (own !== null) return langOf(own);
    const around = typeof document === 'undefined' ? null : (this.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang);
    return langOf(around);
  }
  /** Sets `lang` (see the getter). */
  override set lang(value: string) {
    this.setAttribute('lang', langOf(value));
  }

  /** Whether the table shows no choices (the `disabled` attribute). */
  get disabled(): boolean {
    return this.hasAttribute('disabled');
  }
  /** Sets `disabled` (see the getter). */
  set disabled(value: boolean) {
    this.toggleAttribute('disabled', Boolean(value));
  }

  /** Whether an action was chosen and the table waits for the view after it. */
  get waiting(): boolean {
    return this.#busy;
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => this.#render());
  }

  #choose(index: number): void {
    const v = this.#view;
    if (v === null || this.#busy || this.disabled) return;
    const action = v.legal[index];
    if (action === undefined) return;
    this.#busy = true;
    this.#schedule();
    this.dispatchEvent(
      new CustomEvent<ActionDetail>('ftk-action', { detail: { action, index, moveCount: v.moveCount }, bubbles: true, composed: true }),
    );
  }

  #onClick(e: Event): void {
    const target = (e.target as Element | null)?.closest('[data-act]');
    if (!target || (target as HTMLButtonElement).disabled) return;
    this.#choose(Number(target.getAttribute('data-act')));
  }

  #onKey(e: KeyboardEvent): void {
    const target = e.target as Element | null;
    if (target === null || target.tagName === 'BUTTON' || target.getAttribute('role') !== 'button') return;
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    const index = target.getAttribute('data-act');
    if (index !== null) this.#choose(Number(index));
  }

  #syncClock(): void {
    this.#clock.sync(
      () => this.lang,
      () => this.#view?.currentPlayer === null,
      this.isConnected,
      () => {
        if (this.#voice.warns(this.#view)) this.announce(WORDS[this.lang].tenSecondsLeft);
      },
    );
  }

  /** Says `line` through the table's announcer (a polite live region), as it says the game's events. */
  announce(line: string): void {
    this.#log.announce([line]);
  }

  #render(): void {
    this.#scheduled = false;
    const v = this.#view;
    const events = this.#pending;
    this.#pending = [];
    const lang = this.lang;
    const l = labels[lang];
    const w = WORDS[lang];
    this.#table.setAttribute('aria-label', w.table);
    this.#log.label(l.ui.log);
    if (v === null) {
      this.dataset.turn = 'none';
      // No view, or a new reader's yet to come: nothing of the last one stays in the DOM.
      for (const el of [this.#bar, this.#score, this.#seats, this.#titles, this.#felt, this.#trayEl, this.#mine]) el.replaceChildren();
      // The log (what `resetLog` left of it) is written again with the next view.
      this.#log.clear();
      this.#cards.clear();
      this.#tray.amount = null;
      this.#wasMine = false;
      this.#voice.forget();
      return;
    }
    try {
      this.#draw(v, events, lang);
    } catch {
      this.#unreadable(lang);
    }
  }

  /**
   * A view that passed `checkView` but could not be drawn: nothing of it, nor of the view before,
   * stays choosable; the table says so, and tells the page with `ftk-error`.
   */
  #unreadable(lang: Lang): void {
    const message = WORDS[lang].unreadable;
    this.dataset.turn = 'none';
    for (const el of [this.#score, this.#seats, this.#titles, this.#felt, this.#trayEl, this.#mine]) el.replaceChildren();
    fill(this.#bar, h('span', { class: 'turn', part: 'turn', role: 'alert' }, message));
    this.#cards.clear();
    this.#tray.amount = null;
    this.#wasMine = false;
    this.#voice.forget();
    this.dispatchEvent(new CustomEvent('ftk-error', { detail: { code: 'INVALID_VIEW', message }, bubbles: true, composed: true }));
  }

  #draw(v: PlayerView, events: readonly GameEvent[], lang: Lang): void {
    const l = labels[lang];
    const w = WORDS[lang];
    if (this.#cardLang !== lang) {
      this.#cards.clear();
      this.#cardLang = lang;
    }
    const me = seatOf(v);
    const names = nameList(v, this.#names);
    const name = (p: number): string => seatName(v, p, lang, names);
    hearBids(this.#said, events);
    const spoken = this.#log.write(events, lang, { viewer: v.viewer, names });

    const active = this.#root.activeElement as HTMLElement | null;
    const focusKey = active?.getAttribute('data-key') ?? null;
    const motion = !reducedMotion() && this.isConnected;
    const before = motion ? measure(this.#cards.values()) : null;

    const used = new Set<string>();
    const card = (c: Card, size: Size = ''): HTMLElement => {
      let el = used.has(c.id) ? undefined : this.#cards.get(c.id);
      if (el === undefined) {
        el = cardFace(c, lang);
        if (!used.has(c.id)) this.#cards.set(c.id, el);
      }
      used.add(c.id);
      el.className = size === '' ? 'card' : `card ${size}`;
      el.setAttribute('role', 'img');
      el.setAttribute('aria-label', cardLabel(c, lang));
      el.removeAttribute('tabindex');
      el.removeAttribute('data-act');
      el.removeAttribute('data-key');
      return el;
    };
    const describe = (a: Action): string => sayAction(a, v.legal.indexOf(a), lang, { ...v, names });
    const busy = this.#busy || this.disabled;
    const scene: Scene = {
      v,
      lang,
      l,
      w,
      me,
      decision: decisionOf(v),
      busy,
      name,
      connected: this.#connected,
      said: saidWords(this.#said, w),
      card,
      playable: (el, index) => {
        const action = v.legal[index];
        el.classList.add('playable');
        el.setAttribute('role', 'button');
        el.setAttribute('tabindex', '0');
        el.setAttribute('data-act', String(index));
        el.setAttribute('data-key', `card:${el.dataset.card ?? index}`);
        if (action !== undefined) el.setAttribute('aria-label', describe(action));
      },
      describe,
    };
    renderBar(this.#bar, this.#clock.el, scene);
    renderScore(this.#score, scene, names);
    renderSeats(this.#seats, scene);
    renderTitles(this.#titles, scene);
    renderFelt(this.#felt, scene);
    const asks = renderTray(this.#trayEl, scene, this.#tray);
    renderMine(this.#mine, scene);
    for (const [id, el] of this.#cards) {
      if (!used.has(id)) {
        this.#cards.delete(id);
        el.remove();
      }
    }
    if (!asks) this.#tray.amount = null;
    this.#syncClock();

    const turn = turnOf(v);
    this.#table.classList.toggle('over', turn === 'over');
    this.dataset.turn = turn;
    this.dataset.moves = String(v.moveCount);
    const mineNow = turn === 'mine' && !busy;
    if (this.#voice.starts(v, scene.decision.kind, busy)) {
      const prompt = this.#trayEl.querySelector('.prompt')?.textContent ?? '';
      spoken.push(`${l.ui.yourTurn}: ${prompt}`);
    }
    if (turn === 'over' && events.length === 0 && this.#score.querySelector('.winner-line') !== null && this.#wasMine) {
      spoken.push(this.#score.querySelector('.winner-line')?.textContent ?? '');
    }
    this.#log.announce(spoken);
    keepFocus(this.#root, this.#trayEl, this.#score, {
      key: focusKey,
      hadFocus: active !== null,
      turnStarts: mineNow && !this.#wasMine,
      turn,
    });
    this.#wasMine = mineNow;
    if (before !== null) {
      const found = (name: string): Element | null => this.#root.querySelector(`[data-anchor="${name}"]`);
      glide(this.#cards.values(), before, origins(events, me), found);
      effects(events, (selector) => this.#root.querySelector(selector));
    }
  }
}

/**
 * `<ftk-lobby>`: the host's lobby for people. Create a match (players, who plays each seat,
 * rule variants, a turn timer, spectators) and sit down; join a match from its invite link;
 * see the open matches and join or watch one; or start a game against bots on this page. It
 * talks to the host with the client's lobby calls and reports what happened by events; the page
 * keeps the tokens.
 * @module
 */
import { createMatch, getMatch, joinMatch, listOpenMatches, type MatchSummary } from '../../client/index.js';
import { labels } from '../../text/index.js';
import { CHROME_CSS } from '../chrome.js';
import { css } from '../css.js';
import { ElementBase, fill, h, shadow, text, watchLang } from '../dom.js';
import { hostBase } from '../match/address.js';
import { CARD_CSS } from '../table/style.js';
import { langOf, WORDS } from '../words.js';
import { createForm } from './create-form.js';

/** The detail of `ftk-created` and `ftk-joined`: the match, the seat taken and its token (keep it: it is the only way back). */
export interface SeatedDetail {
  readonly match: string;
  readonly seat: number;
  readonly token: string;
  /** Only for `ftk-created`: the creator's token (reopens seats, reads the record at any time). */
  readonly creatorToken?: string;
  /** Only for `ftk-created`: the match's invite code (an unlisted match's seats are taken with it). */
  readonly invite?: string;
}

/** How many open matches are shown at first, and how many more **Show more** adds. */
const PAGE = 30;
/** The most open matches the host lists at once. */
const MOST = 200;
/** How often the open matches are listed again while they are shown (and the page is). */
export const REFRESH_MS = 20_000;

/** The open matches' list shown: how to load it, its timer, and whether it is being loaded (never twice at once). */
interface OpenList {
  readonly load: () => Promise<void>;
  timer: ReturnType<typeof setInterval> | null;
  busy: boolean;
  /** Another load was asked for while one was under way. */
  again: boolean;
}

/** The lobby's own parts, which `<ftk-app>` passes on. */
export const LOBBY_PARTS: readonly string[] = ['create', 'join', 'open-matches', 'matches', 'shown', 'error'];

/** The lobby's own look: the crest and its fanned cards, on top of the shared chrome and the cards' look. */
export const LOBBY_CSS = css`${CHROME_CSS}${CARD_CSS} .lobby { display: grid; gap: 14px; }
  .crest { display: flex; flex-wrap: wrap; gap: 10px 24px; align-items: center; justify-content: space-between; }
  .deco { display: flex; padding: 6px 18px 10px 14px; --cw: 54px; }
  .deco .card { margin-left: -14px; box-shadow: 0 4px 10px rgba(0, 0, 0, 0.4); }
  .deco .card:nth-child(1) { transform: rotate(-10deg) translateY(4px); }
  .deco .card:nth-child(3) { transform: rotate(10deg) translateY(4px); }`;

/**
 * The lobby element, `<ftk-lobby>`.
 *
 * - Attributes: `server` (the host's base URL; default this page's origin), `match` (show the
 *   join form of that match, as an invite link does), `seat` (the seat an invite offers),
 *   `invite` (the invite code the seat is taken with: an unlisted match needs it), `local`
 *   (offer a game against bots on this page), `lang`.
 * - Events: `ftk-created` and `ftk-joined` (`SeatedDetail`), `ftk-watch` (`{ match }`),
 *   `ftk-local` (`{ players }`), `ftk-error` (`{ code, message }`: what failed, the message as the
 *   element shows it; `NOT_FOUND` for the join form of a match the host does not know);
 *   cancelable: `ftk-join` (`{ match }`, a row's **Join the match**: unless cancelled, the
 *   element shows that match's join form) and `ftk-back` (the join form's **Back to the lobby**:
 *   unless cancelled, the element shows the lobby). `<ftk-app>` cancels both and goes through the
 *   page's address, so that the browser's Back works.
 * - The open matches: the newest 30, with **Show more** while the host has more; listed again
 *   every 20 s while they are shown and the page is visible.
 */
export class LobbyElement extends ElementBase {
  /** Attributes the element watches. */
  static readonly observedAttributes = ['server', 'match', 'seat', 'invite', 'local', 'lang'];

  readonly #root: ShadowRoot;
  readonly #main: HTMLElement = h('div', { class: 'lobby' });
  readonly #error: HTMLElement = h('p', { class: 'error', part: 'error', role: 'alert' });
  #drawn = '';
  #stopLang: (() => void) | null = null;
  /** How many open matches to ask for. */
  #limit = PAGE;
  /** The open matches' list being shown, its timer, and whether it is being loaded. */
  #list: OpenList | null = null;

  constructor() {
    super();
    this.#root = shadow(this, LOBBY_CSS);
    this.#root.append(this.#main);
  }

  /** @internal */
  connectedCallback(): void {
    this.#stopLang?.();
    this.#stopLang = watchLang(this, () => this.#draw());
    this.#draw();
    this.#tick();
  }

  /** @internal */
  disconnectedCallback(): void {
    this.#stopLang?.();
    this.#stopLang = null;
    this.#stopTicking();
  }

  /** Lists the open matches again every {@link REFRESH_MS} while they are shown and the page is visible. */
  #tick(): void {
    const list = this.#list;
    if (list === null || list.timer !== null || !this.isConnected) return;
    list.timer = setInterval(() => {
      if (document.visibilityState === 'visible') void list.load();
    }, REFRESH_MS);
  }

  #stopTicking(): void {
    if (this.#list?.timer != null) clearInterval(this.#list.timer);
    if (this.#list !== null) this.#list.timer = null;
  }

  /** @internal */
  attributeChangedCallback(): void {
    if (this.isConnected) this.#draw();
  }

  /** The language (`en` or `uk`). */
  override get lang(): 'en' | 'uk' {
    return langOf(this.getAttribute('lang') ?? this.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang);
  }
  /** Sets `lang` (see the getter). */
  override set lang(value: string) {
    this.setAttribute('lang', langOf(value));
  }

  #base(): string {
    return hostBase(this.getAttribute('server'));
  }

  /** Dispatches the event; `false` when it is cancelable and was cancelled. */
  #emit<T>(type: string, detail: T, cancelable = false): boolean {
    return this.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true, cancelable }));
  }

  /** The join form's way back to the lobby (unless a page cancels `ftk-back` and goes there itself). */
  #backButton(): HTMLElement {
    const b = h('button', { type: 'button', class: 'btn quiet', 'data-field': 'back' }, WORDS[this.lang].lobby.back);
    b.addEventListener('click', () => {
      if (this.#emit('ftk-back', { match: this.getAttribute('match') }, true)) this.removeAttribute('match');
    });
    return b;
  }

  /**
   * Says why something failed, and tells the page (`ftk-error`); `joining`: a seat was asked for,
   * where FORBIDDEN means the invite code (the errors' own words are about watching).
   */
  #fail(e: unknown, joining = false): void {
    const w = WORDS[this.lang];
    const code =
      typeof (e as { code?: unknown })?.code === 'string' ? (e as { code: string }).code : e instanceof TypeError ? 'OFFLINE' : '';
    const message = (joining && code === 'FORBIDDEN' ? w.lobby.badInvite : w.errors[code]) ?? (e instanceof Error ? e.message : String(e));
    text(this.#error, message);
    this.#emit('ftk-error', { code, message });
  }

  #draw(): void {
    const key = `${this.lang}|${this.getAttribute('match')}|${this.getAttribute('seat')}|${this.hasAttribute('local')}|${this.#base()}`;
    if (key === this.#drawn) return;
    this.#drawn = key;
    this.#error.textContent = '';
    // What was typed in the create form stays when it is drawn anew (in another language).
    const kept = this.#formValues();
    this.#stopTicking();
    this.#list = null;
    const match = this.getAttribute('match');
    if (match !== null && match !== '') void this.#drawJoin(match);
    else this.#drawHome(kept);
  }

  /** The create form's values by field name, if it is shown. */
  #formValues(): Map<string, string> {
    const values = new Map<string, string>();
    const form = this.#main.querySelector('form[part="create"]');
    if (form !== null)
      for (const el of Array.from(form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input[name], select[name]')))
        values.set(el.name, el.value);
    return values;
  }

  #drawHome(kept: ReadonlyMap<string, string>): void {
    const w = WORDS[this.lang].lobby;
    const list = h('ul', { class: 'list', part: 'matches' });
    const shown = h('p', { class: 'muted', part: 'shown', style: 'margin: 8px 0 0' });
    const more = h('button', { type: 'button', class: 'btn quiet', 'data-field': 'more' }, w.more);
    const foot = h('div', { class: 'strip', style: 'margin-top: 8px' });
    const refresh = h('button', { type: 'button', class: 'btn quiet', 'data-field': 'refresh' }, w.refresh);
    const state: OpenList = {
      timer: null,
      busy: false,
      again: false,
      load: async () => {
        // A load asked for while one is under way (Show more during a refresh) runs after it,
        // with what was asked (the in-flight request was made with the old limit).
        if (state.busy) {
          state.again = true;
          return;
        }
        state.busy = true;
        try {
          do {
            state.again = false;
            await this.#loadOpen(list, shown, foot, more);
          } while (state.again && this.#list === state);
        } finally {
          state.busy = false;
        }
      },
    };
    this.#list = state;
    refresh.addEventListener('click', () => void state.load());
    more.addEventListener('click', () => {
      this.#limit = Math.min(MOST, this.#limit + PAGE);
      void state.load();
    });
    fill(
      this.#main,
      this.#error,
      createForm(this.lang, kept, {
        create: (settings, name) => this.#create(settings, name),
        local: this.hasAttribute('local') ? (players) => this.#emit('ftk-local', { players }) : null,
      }),
      h(
        'section',
        { class: 'panel', part: 'open-matches' },
        h('div', { class: 'strip' }, h('h2', { style: 'margin: 0' }, w.openMatches), refresh),
        list,
        shown,
        foot,
      ),
    );
    void state.load();
    this.#tick();
  }

  async #create(settings: Parameters<typeof createMatch>[1], name: string): Promise<void> {
    try {
      const base = this.#base();
      const { match, creatorToken, invite } = await createMatch(base, settings);
      const { seat, token } = await joinMatch(base, match.id, { name, seat: 0, invite });
      this.#emit<SeatedDetail>('ftk-created', { match: match.id, seat, token, creatorToken, invite });
    } catch (e) {
      this.#fail(e);
    }
  }

  /** A seat's name in a row: a person's as given, a bot's by its kind, an open seat's as a dash, isolated from its neighbours' direction. */
  #seatName(s: MatchSummary['seats'][number], i: number): HTMLElement {
    return h('bdi', null, s.name ?? (s.bot ? WORDS[this.lang].botName(s.bot, i) : '—'));
  }

  async #loadOpen(list: HTMLElement, shown: HTMLElement, foot: HTMLElement, more: HTMLElement): Promise<void> {
    const w = WORDS[this.lang].lobby;
    let page: { matches: MatchSummary[]; more: boolean };
    try {
      page = await listOpenMatches(this.#base(), { limit: this.#limit });
    } catch (e) {
      if (list.isConnected) this.#fail(e);
      return;
    }
    if (!list.isConnected) return;
    // The host answers again: its error goes.
    text(this.#error, '');
    // Focus on a row's button (or on Show more) stays where it was when the rows are drawn anew.
    const focused = this.#root.activeElement;
    const focusedRow = focused?.closest('li')?.getAttribute('data-match') ?? null;
    const focusedField = focused?.getAttribute('data-field') ?? null;
    const before = list.querySelectorAll('li[data-match]').length;
    const matches = page.matches.slice(0, this.#limit);
    const hasMore = page.more || page.matches.length > this.#limit;
    if (matches.length === 0) {
      fill(list, h('li', { class: 'muted' }, w.none));
      fill(shown);
      fill(foot);
      return;
    }
    fill(
      list,
      matches.map((m, n) => {
        const open = m.seats.filter((s) => s.open).length;
        const id = `open-match-${n}`;
        const join = h('button', { type: 'button', class: 'btn', 'data-field': 'join', 'aria-describedby': id }, w.join);
        join.addEventListener('click', () => {
          if (this.#emit('ftk-join', { match: m.id }, true)) this.setAttribute('match', m.id);
        });
        const watch = h('button', { type: 'button', class: 'btn quiet', 'data-field': 'watch', 'aria-describedby': id }, w.watch);
        watch.addEventListener('click', () => this.#emit('ftk-watch', { match: m.id }));
        const names = m.seats.flatMap((s, i) => (i === 0 ? [this.#seatName(s, i)] : [', ', this.#seatName(s, i)]));
        return h(
          'li',
          { 'data-match': m.id },
          h('span', { class: 'grow', id }, `${w.summary(m.players, open)} · `, names),
          join,
          m.spectators === 'public' ? watch : null,
        );
      }),
    );
    text(shown, w.shown(matches.length, hasMore && this.#limit < MOST));
    fill(foot, hasMore && this.#limit < MOST ? more : null);
    if (focused !== null && !this.#root.contains(focused)) {
      const again =
        focusedField === 'more'
          ? (foot.querySelector<HTMLElement>('[data-field="more"]') ??
            list.querySelectorAll('li[data-match]')[before]?.querySelector('button'))
          : focusedRow === null
            ? null
            : Array.from(list.querySelectorAll('li[data-match]'))
                .find((li) => li.getAttribute('data-match') === focusedRow)
                ?.querySelector<HTMLElement>(`[data-field="${focusedField}"]`);
      (again ?? null)?.focus();
    }
  }

  async #drawJoin(match: string): Promise<void> {
    const w = WORDS[this.lang].lobby;
    let summary: MatchSummary;
    try {
      summary = await getMatch(this.#base(), match);
    } catch (e) {
      fill(this.#main, this.#error, h('div', { class: 'strip bar' }, this.#backButton()));
      this.#fail(e);
      return;
    }
    const wanted = Number(this.getAttribute('seat'));
    const open = summary.seats.map((s, i) => ({ s, i })).filter((x) => x.s.open);
    const preferred = open.find((x) => x.i === wanted)?.i ?? open[0]?.i ?? null;
    const name = h('input', { name: 'name', required: true, maxlength: 40, autocomplete: 'nickname', 'data-field': 'name' });
    const seatChoice = h(
      'fieldset',
      { 'data-field': 'seat' },
      h('legend', null, labels[this.lang].ui.players),
      summary.seats.map((s, i) =>
        h(
          'label',
          { class: 'link' },
          h('input', { type: 'radio', name: 'seat', value: i, disabled: !s.open, checked: i === preferred }),
          `${w.seat(i)}: `,
          s.open ? w.open : this.#seatName(s, i),
        ),
      ),
    );
    const sit = h('button', { type: 'submit', class: 'btn', 'data-field': 'sit' }, w.sit);
    const watch = h('button', { type: 'button', class: 'btn quiet' }, w.watch);
    watch.addEventListener('click', () => this.#emit('ftk-watch', { match }));
    const form = h(
      'form',
      { class: 'form', part: 'join' },
      seatChoice,
      open.length === 0 ? h('p', null, w.full) : h('label', { class: 'field' }, h('span', null, w.name), name),
      h('div', { class: 'strip' }, open.length === 0 ? null : sit, summary.spectators === 'public' ? watch : null, this.#backButton()),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const chosen = seatChoice.querySelector<HTMLInputElement>('input[name="seat"]:checked');
      sit.disabled = true;
      void (async () => {
        try {
          const seat = chosen === null ? undefined : Number(chosen.value);
          const invite = this.getAttribute('invite');
          const joined = await joinMatch(this.#base(), match, {
            name: name.value,
            ...(seat === undefined ? {} : { seat }),
            ...(invite === null ? {} : { invite }),
          });
          this.#emit<SeatedDetail>('ftk-joined', { match, seat: joined.seat, token: joined.token });
        } catch (err) {
          this.#fail(err, true);
        } finally {
          sit.disabled = false;
        }
      })();
    });
    fill(this.#main, this.#error, h('section', { class: 'panel' }, h('h2', null, w.join), form));
  }
}
